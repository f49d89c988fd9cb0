/**
 * What an engine is: the types the engines implement and the rest of db/ uses.
 */
import type Database from 'better-sqlite3';
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { PostgresDatabase } from './postgres-connection';
import type { Schema } from './tables';

export type { Schema };

/** The connection as services see it: typed as SQLite's; PostgreSQL's pool is cast to it. */
export type AppDatabase = BetterSQLite3Database<Schema> & { $client: Database.Database };
/** The handle inside `transaction(...)`. */
export type AppTransaction = Parameters<Parameters<AppDatabase['transaction']>[0]>[0];
/** Where a read may run: the connection, or an open transaction. */
export type Reader = AppDatabase | AppTransaction;

export type Readiness = { ready: true } | { ready: false; message: string };
export type ReadinessCheck = () => Promise<Readiness>;

export type EngineName = 'sqlite' | 'postgres';

/** What an engine's handles do, without holding a connection of their own. */
export interface EngineDialect {
	readonly name: EngineName;
	/** This engine's tables (what tables.ts binds when the engine is chosen). */
	readonly tables: Schema;
	/** SQLite's `collate nocase` order: ASCII letters fold, text compares by code point. */
	nocase(column: SQLWrapper): SQL;
	/** `column LIKE pattern` ignoring case, `\` escaping the wildcards. */
	likeIgnoringCase(column: SQLWrapper, pattern: string): SQL;
	/** True when one item of a JSON array of strings matches the pattern. */
	someItemLike(column: SQLWrapper, pattern: string): SQL;
	/**
	 * The items of a JSON array passed as one text value, as a table of one column `value`
	 * (`value ->> 0` reads an item's first element as text): many rows written by one short
	 * statement with one parameter, rather than SQL built with a placeholder per value.
	 */
	jsonArrayItems(json: string): SQL;
	/** The same SELECT, its rows locked until the transaction ends where writers run side by side. */
	lockedForUpdate<Query extends PromiseLike<unknown>>(query: Query): Query;
	/** The same SELECT as a queue's claim: rows another transaction holds are skipped. */
	claimingSkipLocked<Query>(query: Query): Query;
	/** A point in time as a value of this engine's timestamp columns, for hand-written SQL. */
	timestamp(at: Date): SQL;
	/** The month of a timestamp column as 'YYYY-MM' text, in UTC. */
	month(column: SQLWrapper): SQL<string>;
	/** 0.5^((at - column) / halfLife): a timestamp's decay at `at`, halving every `halfLifeDays`. */
	halfLifeDecay(column: SQLWrapper, at: Date, halfLifeDays: number): SQL<number>;
	/** Runs `fn` in one transaction on `database` (see transaction.ts). */
	transaction<T>(fn: (tx: Reader) => Promise<T>, database: AppDatabase): Promise<T>;
	/** Rows of a hand-written statement. */
	rawRows<Row>(query: SQL, handle: Reader): Promise<Row[]>;
	/** Runs a hand-written statement that answers no rows. */
	runStatement(query: SQL, handle: Reader): Promise<void>;
	/** True when a statement broke a unique constraint. */
	isUniqueViolation(error: unknown): boolean;
}

/** Seeds demo content when the database is empty enough; answers whether it did. */
export type Seeder = (database: AppDatabase) => Promise<boolean>;

/** One engine of this process: its dialect and its connection. */
export interface Engine extends EngineDialect {
	/** The connection, opened on first use. */
	database(): AppDatabase;
	/** The connection as PostgreSQL's own pool, for what only PostgreSQL has (adapters). */
	postgres(): PostgresDatabase | undefined;
	/** Closes the connection, if it was opened. */
	close(): Promise<void>;
	/**
	 * Applies pending migrations and then `seedIfEmpty`, if given; on PostgreSQL under a lock the
	 * nodes share, so of several nodes starting together exactly one migrates and seeds.
	 */
	prepare(seedIfEmpty?: Seeder): Promise<{ seeded: boolean }>;
	/** The readiness check of `GET /readyz`: the database answers and has every migration. */
	readiness(): ReadinessCheck;
	/** Writes a checked, consistent backup to `target`; answers the lines to print. */
	backup(target: string): Promise<string[]>;
	/**
	 * Runs `fn` unless another node runs work under the same `lockKey` now; answers whether it
	 * ran. On PostgreSQL an advisory lock the nodes share; SQLite has one node, so it just runs.
	 */
	unlessRunningElsewhere(lockKey: number, fn: () => Promise<void>): Promise<boolean>;
}

/** Settings that choose and open the database: DATABASE_URL (PostgreSQL) or DATABASE_PATH. */
export type DatabaseSettings = { databaseUrl?: string; databasePath: string };
