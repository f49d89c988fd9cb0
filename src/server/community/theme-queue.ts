/**
 * Asks for a platform's themes (community/themes.ts) to be recomputed in the background: one row
 * per platform in theme_jobs, written in the transaction that changed its reviews, so the request
 * survives a restart and any node's worker takes it. A row already queued or under way only
 * counts one more change (the worker then knows to run again).
 */
import { sql, type SQL } from 'drizzle-orm';
import { themeJobs, type Reader } from '@/server/db';

export async function queueThemes(tx: Reader, platformId: number, now = new Date()): Promise<void> {
	await tx
		.insert(themeJobs)
		.values({ platformId, nextAttemptAt: now, changes: 1 })
		.onConflictDoUpdate({ target: themeJobs.platformId, set: { changes: sql`${themeJobs.changes} + 1` } });
}

/**
 * Whether the platform (an id, or a column of an outer query) has a recompute queued or under
 * way: a condition for SQL, so a query can wait on it (the followers' digest does).
 */
export function themesPending(platformId: number | SQL | SQL.Aliased | { getSQL(): SQL }): SQL {
	return sql`exists (select 1 from ${themeJobs} where ${themeJobs.platformId} = ${platformId})`;
}
