import { defineConfig } from 'drizzle-kit';

/** PostgreSQL's schema and migrations; drizzle.config.ts is SQLite's. */
export default defineConfig({
	dialect: 'postgresql',
	schema: './db/schema/postgres.ts',
	out: './db/migrations-postgres',
});
