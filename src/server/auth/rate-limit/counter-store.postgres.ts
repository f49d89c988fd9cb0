/**
 * Rate-limit counters on PostgreSQL, shared by every app node: one atomic upsert per attempt,
 * so attempts spread over nodes, arriving together, each get their own number and a limit holds
 * exactly. The table is unlogged (see db/schema/postgres.ts). Finished windows no longer count
 * and are deleted by housekeeping (src/server/housekeeping/rounds.ts), on one node at a time.
 */
import { and, eq, gt, lt, lte, sql } from 'drizzle-orm';
import type { CounterStore } from './counter-store';
import { schema, type PostgresDatabase } from '@/server/db/postgres-connection';

const counters = schema.rateLimitCounters;

/**
 * A key as stored: keys carry what visitors typed (an address), and PostgreSQL's text cannot
 * hold NUL, so NUL is written `\0` and a backslash `\\` (one key to one stored text, and a
 * prefix stays a prefix).
 */
function stored(key: string): string {
	// biome-ignore lint/suspicious/noControlCharactersInRegex: PostgreSQL text cannot hold NUL, so NUL is escaped
	return key.replace(/\\/g, '\\\\').replace(/\u0000/g, '\\0');
}

export class PostgresCounterStore implements CounterStore {
	constructor(private readonly database: PostgresDatabase) {}

	async count(key: string, now: number) {
		const [row] = await this.database
			.select({ count: counters.count, resetAt: counters.resetAt })
			.from(counters)
			.where(and(eq(counters.key, stored(key)), gt(counters.resetAt, new Date(now))));
		return row ? { count: row.count, resetAt: row.resetAt.getTime() } : { count: 0, resetAt: now };
	}

	async increment(key: string, windowMs: number, now: number, by = 1) {
		const at = new Date(now);
		// A finished window starts again at `by`; otherwise `by` more, in the same statement, so
		// concurrent attempts on any node are serialized by the row and never read a stale count.
		const [row] = await this.database
			.insert(counters)
			.values({ key: stored(key), count: by, resetAt: new Date(now + windowMs) })
			.onConflictDoUpdate({
				target: counters.key,
				set: {
					count: sql`case when ${counters.resetAt} <= ${at} then ${by}::integer else ${counters.count} + ${by}::integer end`,
					resetAt: sql`case when ${counters.resetAt} <= ${at} then excluded.reset_at else ${counters.resetAt} end`,
				},
			})
			.returning({ count: counters.count, resetAt: counters.resetAt });
		return { count: row!.count, resetAt: row!.resetAt.getTime() };
	}

	async decrement(key: string, now: number) {
		const [row] = await this.database
			.update(counters)
			.set({ count: sql`${counters.count} - 1` })
			.where(and(eq(counters.key, stored(key)), gt(counters.resetAt, new Date(now)), gt(counters.count, 0)))
			.returning({ count: counters.count });
		// Back at zero, the row goes, unless another attempt counted on it in between.
		if (row?.count === 0)
			await this.database.delete(counters).where(and(eq(counters.key, stored(key)), lte(counters.count, 0)));
	}

	async delete(key: string) {
		await this.database.delete(counters).where(eq(counters.key, stored(key)));
	}

	async deletePrefix(prefix: string) {
		// starts_with, not LIKE: a key may hold % or _, which LIKE would read as patterns.
		await this.database.delete(counters).where(sql`starts_with(${counters.key}, ${stored(prefix)})`);
	}

	async deleteFinishedWindows(now: number): Promise<void> {
		await this.database.delete(counters).where(lt(counters.resetAt, new Date(now)));
	}
}
