/**
 * The one database of this process: the SQLite file (WAL mode, foreign keys on, a busy timeout,
 * migrated on first use so the server, scripts and tests all see the same schema), or with
 * DATABASE_URL a PostgreSQL pool (migrated at start by prepareDatabase, under a lock several
 * nodes share). Services are written once against the SQLite handle's types; the PostgreSQL
 * handle is cast to them here, and schemaOf() gives the tables of a handle's engine.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { getTableName, is, sql, type Column, type SQL } from 'drizzle-orm';
import { PgDatabase } from 'drizzle-orm/pg-core';
import pLimit from 'p-limit';
import * as sqliteSchema from '@db/schema';
import * as postgresSchema from '@db/schema/postgres';
import { config } from './config';
import { closePostgres, openPostgres, type PostgresDatabase } from './db/postgres';
import { unwatchPool, watchPool } from './metrics';

type Schema = typeof sqliteSchema;

export type AppDatabase = BetterSQLite3Database<Schema> & { $client: Database.Database };

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
	const db = drizzle(sqlite, { schema: sqliteSchema });
	migrate(db, { migrationsFolder: migrationsFolder() });
	return db as AppDatabase;
}

/** The PostgreSQL pool behind db(), when DATABASE_URL chose that engine. */
let postgresInstance: PostgresDatabase | undefined;

export function db(): AppDatabase {
	if (instance) return instance;
	const { databaseUrl, databasePath } = config();
	if (databaseUrl) {
		postgresInstance = openPostgres(databaseUrl);
		instance = postgresInstance as unknown as AppDatabase;
		watchPool(postgresInstance.$client);
	} else {
		instance = openDatabase(databasePath);
	}
	return instance;
}

/** This process's PostgreSQL pool, or undefined on SQLite (for what only PostgreSQL has). */
export function postgresDatabase(): PostgresDatabase | undefined {
	db();
	return postgresInstance;
}

/** Closes the connection or the pool (scripts and tests). */
export async function closeDatabase(): Promise<void> {
	if (postgresInstance) {
		unwatchPool(postgresInstance.$client);
		await closePostgres(postgresInstance);
	} else instance?.$client.close();
	instance = undefined;
	postgresInstance = undefined;
}

/**
 * The SQLite tables. Modules pick their tables from it when they are imported, before the
 * environment may be read, so it cannot follow DATABASE_URL; code that runs on either engine
 * takes the tables of its handle with schemaOf().
 */
export const schema: Schema = sqliteSchema;

/**
 * True for a PostgreSQL handle (connection or transaction). drizzle's `is` checks its own entity
 * kind rather than the class, so it holds across the host's and the app's copies of drizzle.
 */
export function isPostgres(handle: unknown): boolean {
	return is(handle, PgDatabase);
}

/**
 * The tables of the engine behind `handle`. Both schemas have the same table and column names
 * and read as the same row types; only the storage types differ, so code written against the
 * SQLite schema's types runs against either engine's tables.
 */
export function schemaOf(handle: Reader): Schema {
	return isPostgres(handle) ? (postgresSchema as unknown as Schema) : sqliteSchema;
}

/** The tables of this process's engine (the one db() opened). */
export function tables(): Schema {
	return schemaOf(db());
}

/**
 * A column named with its table ("platforms"."id"), for a correlated subquery: drizzle names a
 * column bare when the outer select reads one table, and a bare name inside the subquery means
 * the subquery's own column of that name.
 */
export function qualified(column: Column): SQL {
	return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/** The first row a query answers, or undefined: the engine-neutral `.get()`. */
export async function firstRow<Row>(query: PromiseLike<Row[]>): Promise<Row | undefined> {
	const rows = await query;
	return rows[0];
}

/**
 * False for a text that no stored key can equal: PostgreSQL's text type cannot hold NUL
 * (U+0000), and a query that binds one fails outright. Lookups by a visitor's text (an address,
 * a slug) answer "none" for it without asking, which is what SQLite answers, as no stored key
 * holds a NUL either.
 */
export function canMatchStoredText(text: string): boolean {
	return !text.includes('\u0000');
}

/**
 * True when a statement broke a unique constraint: SQLite's SQLITE_CONSTRAINT_UNIQUE or
 * PostgreSQL's 23505, whether drizzle passed the driver's error on or wrapped it as the cause.
 */
export function isUniqueViolation(error: unknown): boolean {
	for (let current = error; current instanceof Error; current = current.cause) {
		const code = (current as { code?: unknown }).code;
		if (
			code === 'SQLITE_CONSTRAINT_UNIQUE' ||
			code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
			code === '23505'
		) {
			return true;
		}
	}
	return false;
}

/**
 * Rows of a hand-written statement, on either engine (drizzle's `all` on SQLite, `execute` on
 * PostgreSQL). Values come back as the driver gives them: counts are strings on PostgreSQL, so
 * callers pass numbers through Number().
 */
export async function rawRows<Row>(query: SQL, handle: Reader = db()): Promise<Row[]> {
	if (isPostgres(handle)) {
		const result = await (handle as unknown as PostgresDatabase).execute(query);
		return result.rows as Row[];
	}
	return (handle as AppDatabase).all<Row>(query);
}

/** Runs a hand-written statement that answers no rows, on either engine. */
export async function runStatement(query: SQL, handle: Reader = db()): Promise<void> {
	if (isPostgres(handle)) await (handle as unknown as PostgresDatabase).execute(query);
	else (handle as AppDatabase).run(query);
}

/** Transactions of this process take turns on its one SQLite connection. */
const sqliteTransactionTurns = pLimit(1);
/** Set while a transaction's callback runs, so a nested call joins it instead of waiting on itself. */
const openTransaction = new AsyncLocalStorage<Reader>();

/**
 * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws (and the
 * error passed on). A call made inside another transaction's callback joins that transaction.
 *
 * PostgreSQL: drizzle's transaction on a connection of the pool. SQLite: better-sqlite3 only runs
 * synchronous transaction callbacks, so the transaction is opened by hand (BEGIN IMMEDIATE takes
 * the write lock at once, so it never fails half-way on a busy database), and this process's
 * transactions queue for the one connection. Keep network, hashing and timers out of `fn`:
 * other requests wait while it is open, and on SQLite a statement another request makes
 * meanwhile shares the connection and so this transaction.
 */
export async function transaction<T>(
	fn: (tx: Reader) => Promise<T>,
	database: AppDatabase = db(),
): Promise<T> {
	const joined = openTransaction.getStore();
	if (joined) return fn(joined);
	if (isPostgres(database)) {
		const postgres = database as unknown as PostgresDatabase;
		return postgres.transaction((tx) => {
			const handle = tx as unknown as Reader;
			return openTransaction.run(handle, () => fn(handle));
		});
	}
	return sqliteTransactionTurns(async () => {
		database.run(sql`begin immediate`);
		try {
			const result = await openTransaction.run(database, () => fn(database));
			database.run(sql`commit`);
			return result;
		} catch (error) {
			database.run(sql`rollback`);
			throw error;
		}
	});
}
