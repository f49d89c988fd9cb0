/**
 * The one database connection of this process. SQLite in WAL mode with foreign keys on and a
 * busy timeout, migrated on first use so the server, scripts and tests all see the same schema.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from '@db/schema';
import { config } from './config';

export type AppDatabase = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** The handle inside `db().transaction(...)`. */
export type AppTransaction = Parameters<Parameters<AppDatabase['transaction']>[0]>[0];
/** Where a read may run: the connection, or an open transaction. */
export type Reader = AppDatabase | AppTransaction;

let instance: AppDatabase | undefined;

/** Folder of the committed drizzle-kit migrations, found from the working directory. */
export function migrationsFolder(): string {
	return resolve(process.env.MIGRATIONS_DIR ?? 'db/migrations');
}

export function openDatabase(path: string): AppDatabase {
	if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
	const sqlite = new Database(path);
	sqlite.pragma('journal_mode = WAL');
	sqlite.pragma('foreign_keys = ON');
	sqlite.pragma('busy_timeout = 5000');
	sqlite.pragma('synchronous = NORMAL');
	const db = drizzle(sqlite, { schema });
	migrate(db, { migrationsFolder: migrationsFolder() });
	return db as AppDatabase;
}

export function db(): AppDatabase {
	instance ??= openDatabase(config().databasePath);
	return instance;
}

/** Closes the connection (scripts and tests). */
export function closeDatabase(): void {
	instance?.$client.close();
	instance = undefined;
}

export { schema };
