/**
 * The PostgreSQL engine (DATABASE_URL): a pool several app nodes share one database through,
 * migrated at start under an advisory lock (postgres-connection.ts).
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import * as postgresSchema from '@db/schema/postgres';
import { collectedGauge } from '@/server/runtime/metrics';
import { backupPostgres } from './backup-postgres';
import { openTransaction } from './joined-transaction';
import {
	closePostgres,
	migratePostgres,
	openPostgres,
	tryAdvisoryLock,
	type PostgresDatabase,
} from './postgres-connection';
import { postgresReadiness } from './readiness';
import { hasCode } from './sqlite-engine';
import type { AppDatabase, Engine, EngineDialect, Reader, Schema } from './types';

type Lockable<Query> = {
	for?: (strength: 'update', config?: { skipLocked: true }) => Query;
};

export const postgresDialect: EngineDialect = {
	name: 'postgres',
	// Same table and column names and row types as SQLite's; only the storage types differ.
	tables: postgresSchema as unknown as Schema,
	// Lower case under the C collation folds exactly SQLite's NOCASE, whatever the locale.
	nocase: (column: SQLWrapper): SQL => sql`lower(${column} collate "C") collate "C"`,
	likeIgnoringCase: (column: SQLWrapper, pattern: string): SQL => sql`${column} ilike ${pattern} escape '\\'`,
	someItemLike: (column: SQLWrapper, pattern: string): SQL =>
		sql`exists (select 1 from jsonb_array_elements_text(${column}) as item(value) where ${postgresDialect.likeIgnoringCase(sql`item.value`, pattern)})`,
	jsonArrayItems: (json: string): SQL => sql`jsonb_array_elements(cast(${json} as jsonb)) as items(value)`,
	// Writers run side by side: FOR UPDATE holds the rows until the transaction ends.
	lockedForUpdate: (query) => {
		const lockable = query as unknown as Lockable<typeof query>;
		return lockable.for ? lockable.for('update') : query;
	},
	// Several nodes claim side by side and never the same row.
	claimingSkipLocked: (query) => {
		const lockable = query as unknown as Lockable<typeof query>;
		return lockable.for ? lockable.for('update', { skipLocked: true }) : query;
	},
	timestamp: (at: Date): SQL => sql`cast(${at.toISOString()} as timestamptz)`,
	month: (column: SQLWrapper) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM')`,
	halfLifeDecay: (column: SQLWrapper, at: Date, halfLifeDays: number) =>
		sql<number>`power(0.5::float8, extract(epoch from (cast(${at.toISOString()} as timestamptz) - ${column}))::float8 / ${halfLifeDays * 86_400})`,
	// drizzle's transaction, on a connection of the pool.
	transaction: (fn, database) =>
		(database as unknown as PostgresDatabase).transaction((tx) => {
			const handle = tx as unknown as Reader;
			return openTransaction.run(handle, () => fn(handle));
		}),
	// Values come back as the driver gives them: counts are strings, so callers use Number().
	rawRows: async <Row>(query: SQL, handle: Reader) =>
		(await (handle as unknown as PostgresDatabase).execute(query)).rows as Row[],
	runStatement: async (query: SQL, handle: Reader) => {
		await (handle as unknown as PostgresDatabase).execute(query);
	},
	isUniqueViolation: (error) => hasCode(error, ['23505']),
};

type Pool = PostgresDatabase['$client'];

/** The open pools of this process (one per engine chosen; a test may hold several). */
const pools = new Set<Pool>();

collectedGauge({
	name: 'database_pool_connections',
	help: "PostgreSQL connections of this process's pools by state (total, idle; waiting: queries queued for one).",
	labelNames: ['state'] as const,
	collect() {
		if (pools.size === 0) return;
		const sum = (read: (pool: Pool) => number) => [...pools].reduce((total, pool) => total + read(pool), 0);
		this.set(
			{ state: 'total' },
			sum((pool) => pool.totalCount),
		);
		this.set(
			{ state: 'idle' },
			sum((pool) => pool.idleCount),
		);
		this.set(
			{ state: 'waiting' },
			sum((pool) => pool.waitingCount),
		);
	},
});

export function postgresEngine(url: string): Engine {
	let pool: PostgresDatabase | undefined;
	const open = () => {
		if (!pool) {
			pool = openPostgres(url);
			pools.add(pool.$client);
		}
		return pool;
	};
	const close = async () => {
		const closing = pool;
		pool = undefined;
		if (!closing) return;
		pools.delete(closing.$client);
		await closePostgres(closing);
	};
	return {
		...postgresDialect,
		database: () => open() as unknown as AppDatabase,
		postgres: open,
		close,
		prepare: async (seedIfEmpty) => {
			let seeded = false;
			await migratePostgres(open(), {
				seedIfEmpty: seedIfEmpty
					? async (locked) => (seeded = await seedIfEmpty(locked as unknown as AppDatabase))
					: undefined,
			});
			return { seeded };
		},
		readiness: () => postgresReadiness(open()),
		backup: (target) => backupPostgres(url, target),
		unlessRunningElsewhere: (lockKey, fn) => tryAdvisoryLock(open(), lockKey, fn),
	};
}
