import { migrationsFolders } from '@/server/runtime/config';

/** Folder of the committed SQLite migrations (drizzle-kit). */
export function migrationsFolder(): string {
	return migrationsFolders().sqlite;
}
