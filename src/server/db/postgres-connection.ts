/**
 * PostgreSQL connection: a node-postgres pool wrapped by drizzle, with the PostgreSQL schema
 * (db/schema/postgres.ts) and its drizzle-kit migrations (db/migrations-postgres). Several app
 * nodes share one database, so migrating (and seeding a fresh database) runs under an advisory
 * lock: the first node does the work, the others wait for it and then find nothing to do.
 */
import { migrationsFolders } from '@/server/runtime/config';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle, type NodePgDatabase, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '@db/schema/postgres';

export type PostgresDatabase = NodePgDatabase<typeof schema> & {
	$client: pg.Pool;
};

/** Where a PostgreSQL query may run: the pool, or an open transaction. */
export type PostgresHandle = PgDatabase<NodePgQueryResultHKT, typeof schema>;

/** What one node needs of a pool; the whole cluster's total must stay under max_connections. */
export type PostgresOptions = {
	/** Most connections this pool opens (node-postgres' default is 10). */
	max?: number;
	/** Name shown in pg_stat_activity, to tell the nodes' connections apart. */
	applicationName?: string;
};

/**
 * Opens a pool for a postgres:// or postgresql:// URL. No connection is made until the first
 * query; migratePostgres is what a starting node runs first.
 */
export function openPostgres(url: string, options: PostgresOptions = {}): PostgresDatabase {
	const pool = new pg.Pool({
		connectionString: url,
		max: options.max ?? 10,
		application_name: options.applicationName ?? 'retail-media-hub',
	});
	// An idle client whose server went away (restart, failover) emits 'error' on the pool;
	// unhandled, that would end the process. The pool drops the client and opens a new one.
	pool.on('error', () => {});
	return drizzle(pool, { schema }) as PostgresDatabase;
}

export async function closePostgres(database: PostgresDatabase): Promise<void> {
	await database.$client.end();
}

/** Folder of the committed PostgreSQL migrations. */
export function postgresMigrationsFolder(): string {
	return migrationsFolders().postgres;
}

/**
 * The advisory lock key of migrate-and-seed: a fixed number, the same on every node of every
 * version, so two nodes of different versions rolling out together also take turns.
 */
const MIGRATE_LOCK_KEY = 5_170_213_001;

/**
 * Search folds text with lower() and a [[:alnum:]] class, which follow the database's
 * character type: under the C locale neither knows letters beyond ASCII, and the index would
 * disagree with SQLite's. Refusing to start says so once, instead of searches that miss.
 */
async function checkCharacterType(database: NodePgDatabase<typeof schema>): Promise<void> {
	const { rows } = await database.execute<{
		encoding: string;
		ctype: string;
		folds: boolean;
	}>(
		sql`select pg_encoding_to_char(encoding) as encoding, datctype as ctype,
			(lower('ÉÜ') = 'éü' and 'é' ~ '^[[:alnum:]]$') as folds
			from pg_database where datname = current_database()`,
	);
	const row = rows[0];
	if (row?.encoding !== 'UTF8' || !row.folds) {
		throw new Error(
			`The PostgreSQL database must use UTF-8 with a UTF-8 character type (it has encoding ${row?.encoding}, ctype ${row?.ctype}): ` +
				`create it with CREATE DATABASE … ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8' TEMPLATE template0`,
		);
	}
}

export type MigrateOptions = {
	/**
	 * Runs after the migrations, still under the lock, so of several nodes starting together
	 * exactly one seeds. It decides itself whether the database is empty enough to seed.
	 */
	seedIfEmpty?: (database: NodePgDatabase<typeof schema>) => Promise<unknown>;
	migrationsFolder?: string;
};

/**
 * Applies the pending migrations (and the seed) once, however many nodes call it at the same
 * time against one database. The lock is a session lock on one dedicated connection, released
 * in `finally` and by PostgreSQL itself if this process dies holding it.
 */
export async function migratePostgres(
	database: PostgresDatabase,
	options: MigrateOptions = {},
): Promise<void> {
	const client = await database.$client.connect();
	try {
		const locked = drizzle(client, { schema });
		await locked.execute(sql`select pg_advisory_lock(${MIGRATE_LOCK_KEY})`);
		try {
			await checkCharacterType(locked);
			await migrate(locked, {
				migrationsFolder: options.migrationsFolder ?? postgresMigrationsFolder(),
			});
			await options.seedIfEmpty?.(locked);
		} finally {
			await locked.execute(sql`select pg_advisory_unlock(${MIGRATE_LOCK_KEY})`);
		}
	} finally {
		client.release();
	}
}

/**
 * Runs `fn` while holding the advisory lock `key` on a connection of its own, unless another
 * connection (another node) holds it; answers whether it ran. `fn` uses the pool as usual: the
 * lock only says who does the work.
 */
export async function tryAdvisoryLock(
	database: PostgresDatabase,
	key: number,
	fn: () => Promise<void>,
): Promise<boolean> {
	const client = await database.$client.connect();
	try {
		const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
			key,
		]);
		if (!rows[0]?.locked) return false;
		try {
			await fn();
		} finally {
			await client.query('select pg_advisory_unlock($1)', [key]);
		}
		return true;
	} finally {
		client.release();
	}
}

/**
 * True when the database answers and has every committed migration, what a readiness probe
 * asks before a load balancer sends traffic to this node.
 */
export async function postgresReady(
	database: PostgresDatabase,
	migrationsFolder = postgresMigrationsFolder(),
): Promise<boolean> {
	const migrations = readMigrationFiles({ migrationsFolder });
	const last = migrations.at(-1)?.folderMillis ?? 0;
	try {
		const { rows } = await database.execute<{ applied: string | null }>(
			sql`select max(created_at) as applied from drizzle.__drizzle_migrations`,
		);
		return Number(rows[0]?.applied ?? 0) >= last;
	} catch {
		// No migrations table yet, or no database at all: not ready either way.
		return false;
	}
}

export { schema };
