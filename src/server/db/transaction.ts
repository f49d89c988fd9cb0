import { AsyncLocalStorage } from 'node:async_hooks';
import { is } from 'drizzle-orm';
import { PgDatabase } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { engine } from './engine';
import { openTransaction } from './joined-transaction';
import { postgresDialect } from './postgres-engine';
import { sqliteDialect } from './sqlite-engine';
import type { AppDatabase, EngineDialect, Reader, Schema } from './types';

/**
 * The dialect of a handle given explicitly (a test or a benchmark holding both engines'); the
 * running engine's otherwise. drizzle's `is` checks its own entity kind rather than the class,
 * so it holds across the host's and the app's copies of drizzle.
 */
function dialectOf(handle: Reader | undefined): EngineDialect {
	if (!handle) return engine();
	return is(handle, PgDatabase) ? postgresDialect : sqliteDialect;
}

/**
 * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws (and the
 * error passed on). A call made inside another transaction's callback joins that transaction.
 * Keep network, hashing and timers out of `fn`: other requests wait while it is open, and on
 * SQLite a statement another request makes meanwhile shares the connection and so this
 * transaction.
 */
export async function transaction<T>(fn: (tx: Reader) => Promise<T>, database?: AppDatabase): Promise<T> {
	const joined = openTransaction.getStore();
	if (joined) return fn(joined);
	const dialect = dialectOf(database);
	const committed: (() => void)[] = [];
	const result = await commitHooks.run(committed, () =>
		dialect.transaction(fn, database ?? engine().database()),
	);
	for (const hook of committed.splice(0)) hook();
	return result;
}

/** The hooks of the outermost transaction() open in this async context. */
const commitHooks = new AsyncLocalStorage<(() => void)[]>();

/**
 * Runs `hook` once the transaction open here has committed (never when it rolls back); at once
 * when none is open. For in-process wake-ups of what reads the rows just written (say a queue's
 * worker): the rows themselves are the durable part. A hook must not throw.
 */
export function afterCommit(hook: () => void): void {
	const hooks = openTransaction.getStore() ? commitHooks.getStore() : undefined;
	if (hooks) hooks.push(hook);
	else hook();
}

/**
 * Rows of a hand-written statement, on either engine. Values come back as the driver gives
 * them: counts are strings on PostgreSQL, so callers pass numbers through Number().
 */
export function rawRows<Row>(query: SQL, handle?: Reader): Promise<Row[]> {
	return dialectOf(handle).rawRows<Row>(query, handle ?? engine().database());
}

/** Runs a hand-written statement that answers no rows, on either engine. */
export function runStatement(query: SQL, handle?: Reader): Promise<void> {
	return dialectOf(handle).runStatement(query, handle ?? engine().database());
}

/**
 * The tables of the engine behind an explicit handle. Only for code handed a database of either
 * engine, whatever this process runs (the seed, which tests and scripts point at a database of
 * their own); services use the running engine's tables (tables.ts).
 */
export function schemaOf(handle: Reader): Schema {
	return dialectOf(handle).tables;
}
