import { resolve } from 'node:path';

/** Folder of the committed SQLite migrations (drizzle-kit), found from the working directory. */
export function migrationsFolder(): string {
	return resolve(process.env.MIGRATIONS_DIR ?? 'db/migrations');
}
