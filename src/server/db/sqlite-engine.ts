/**
 * The SQLite engine: one file (WAL mode, foreign keys on, a busy timeout), migrated when it is
 * opened so the server, scripts and tests all see the same schema; one node.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import pLimit from 'p-limit';
import * as sqliteSchema from '@db/schema';
import { DAY_MS } from '@/lib/durations';
import { backupSqlite } from './backup-sqlite';
import { openTransaction } from './joined-transaction';
import { migrationsFolder } from './migrations';
import { sqliteReadiness } from './readiness';
import type { AppDatabase, Engine, EngineDialect, Reader } from './types';

/** Opens (creating and migrating) a SQLite file, or ':memory:', with the given migrations. */
export function openDatabase(path: string, migrations = migrationsFolder()): AppDatabase {
	if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
	const sqlite = new Database(path);
	sqlite.pragma('journal_mode = WAL');
	sqlite.pragma('foreign_keys = ON');
	sqlite.pragma('busy_timeout = 5000');
	sqlite.pragma('synchronous = NORMAL');
	// SQLite's own pow() exists only when compiled with its math functions; this one always does.
	sqlite.function('pow', { deterministic: true }, (base, exponent) =>
		Math.pow(Number(base), Number(exponent)),
	);
	const db = drizzle(sqlite, { schema: sqliteSchema });
	migrate(db, { migrationsFolder: migrations });
	// The planner's statistics, refreshed where missing or stale (a bounded sample per index, a
	// few ms): without them SQLite may pick a platform's reviewer index for its newest reviews
	// and sort 100,000 rows for a page of 20.
	sqlite.pragma('analysis_limit = 400');
	sqlite.pragma('optimize = 0x10002');
	return db as AppDatabase;
}

/** Transactions of this process take turns on its one SQLite connection. */
const transactionTurns = pLimit(1);

export const sqliteDialect: EngineDialect = {
	name: 'sqlite',
	tables: sqliteSchema,
	nocase: (column: SQLWrapper): SQL => sql`${column} collate nocase`,
	// SQLite's LIKE already ignores ASCII case.
	likeIgnoringCase: (column: SQLWrapper, pattern: string): SQL => sql`${column} like ${pattern} escape '\\'`,
	someItemLike: (column: SQLWrapper, pattern: string): SQL =>
		sql`exists (select 1 from json_each(${column}) where ${sqliteDialect.likeIgnoringCase(sql`json_each.value`, pattern)})`,
	jsonArrayItems: (json: string): SQL => sql`json_each(${json})`,
	// No row locks: a write transaction (BEGIN IMMEDIATE) already holds the whole database.
	lockedForUpdate: (query) => query,
	claimingSkipLocked: (query) => query,
	// Timestamps are stored as milliseconds in an integer.
	timestamp: (at: Date): SQL => sql`${at.getTime()}`,
	month: (column: SQLWrapper) => sql<string>`strftime('%Y-%m', ${column} / 1000, 'unixepoch')`,
	// pow() is registered on each connection (openDatabase): SQLite's math functions are optional.
	halfLifeDecay: (column: SQLWrapper, at: Date, halfLifeDays: number) =>
		sql<number>`pow(0.5, (${at.getTime()} - ${column}) * 1.0 / ${halfLifeDays * DAY_MS})`,
	/**
	 * better-sqlite3 only runs synchronous transaction callbacks, so the transaction is opened by
	 * hand (BEGIN IMMEDIATE takes the write lock at once, so it never fails half-way on a busy
	 * database), and this process's transactions queue for the one connection.
	 */
	transaction: (fn, database) =>
		transactionTurns(async () => {
			database.run(sql`begin immediate`);
			try {
				const result = await openTransaction.run(database, () => fn(database));
				database.run(sql`commit`);
				return result;
			} catch (error) {
				database.run(sql`rollback`);
				throw error;
			}
		}),
	rawRows: async <Row>(query: SQL, handle: Reader) => (handle as AppDatabase).all<Row>(query),
	runStatement: async (query: SQL, handle: Reader) => {
		(handle as AppDatabase).run(query);
	},
	isUniqueViolation: (error) => hasCode(error, ['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']),
};

/** True when the error, or one of its causes (drizzle wraps the driver's), has one of the codes. */
export function hasCode(error: unknown, codes: string[]): boolean {
	for (let current = error; current instanceof Error; current = current.cause) {
		const code = (current as { code?: unknown }).code;
		if (typeof code === 'string' && codes.includes(code)) return true;
	}
	return false;
}

export function sqliteEngine(path: string): Engine {
	let database: AppDatabase | undefined;
	const open = () => (database ??= openDatabase(path));
	return {
		...sqliteDialect,
		database: open,
		postgres: () => undefined,
		close: async () => {
			database?.$client.close();
			database = undefined;
		},
		// Opening applies pending migrations.
		prepare: async (seedIfEmpty) => ({ seeded: seedIfEmpty ? await seedIfEmpty(open()) : false }),
		readiness: () => sqliteReadiness(path),
		backup: (target) => backupSqlite(path, target),
		unlessRunningElsewhere: async (_lockKey, fn) => {
			await fn();
			return true;
		},
	};
}
