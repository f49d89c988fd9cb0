/**
 * The newsletter's send queue in the database: the lease queue (db/lease-queue.ts) over
 * newsletter_deliveries, plus what only mail has (an issue completes when its last mail settles).
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import {
	db,
	firstRow,
	transaction,
	newsletterDeliveries as deliveries,
	newsletterIssues as issues,
} from '@/server/db';
import { lockedForUpdate } from '@/server/db/sql';
import { claimDue, leaseHeld, nextDueIn, releaseClaims } from '@/server/db/lease-queue';
import { baseLog } from '@/server/runtime/log';
import { collectedGauge } from '@/server/runtime/metrics';

export type ClaimedDelivery = {
	id: number;
	/** The issue, or null for a platform digest's mail (digestId). */
	issueId: number | null;
	digestId: number | null;
	userId: number | null;
	memberId: number | null;
	attempts: number;
	claimedAt: Date;
};

/** Claims up to `limit` rows that are due, or whose lease ran out. */
export async function claimDeliveries(
	limit: number,
	leaseMs: number,
	now = new Date(),
): Promise<ClaimedDelivery[]> {
	return claimDue<ClaimedDelivery>(
		deliveries,
		{
			issueId: deliveries.issueId,
			digestId: deliveries.digestId,
			userId: deliveries.userId,
			memberId: deliveries.memberId,
		},
		{ limit, leaseMs, now },
	);
}

/** The mails queued or being sent: the whole queue, whichever node queued or claimed them. */
export async function queueDepth(): Promise<number> {
	const row = await firstRow(
		db()
			.select({ n: count() })
			.from(deliveries)
			.where(inArray(deliveries.status, ['queued', 'sending'])),
	);
	return row?.n ?? 0;
}

// Counted from the database when Prometheus scrapes, so every node reports the one queue they
// share (the alert takes the max over nodes) and no node's count drifts from the rows.
collectedGauge({
	name: 'newsletter_queue_depth',
	help: 'Newsletter mails queued or being sent (the whole queue, shared by every node).',
	async collect() {
		try {
			this.set(await queueDepth());
		} catch (error) {
			// A failed count keeps the last value: the scrape still serves the process's other metrics.
			baseLog().child({ subject: 'newsletter' }).warn({ err: error }, 'could not count the queue');
		}
	},
});

/** When the next queued row falls due (after a back-off), if any. */
export async function nextDueAt(): Promise<Date | undefined> {
	return nextDueIn(deliveries);
}

type Outcome =
	| { status: 'sent'; sentTo: string }
	| { status: 'skipped'; reason: string }
	| { status: 'failed'; error: string }
	| { status: 'queued'; error: string; retryAt: Date };

/**
 * Records what happened to a claimed row, if this worker still holds it; then closes the issue
 * when nothing is left. Returns true when this settle completed the issue.
 */
export async function settleDelivery(
	row: ClaimedDelivery,
	outcome: Outcome,
	now = new Date(),
): Promise<boolean> {
	const held = leaseHeld(deliveries, row);
	const values =
		outcome.status === 'sent'
			? { status: 'sent' as const, sentTo: outcome.sentTo, sentAt: now, lastError: null }
			: outcome.status === 'skipped'
				? { status: 'skipped' as const, lastError: outcome.reason }
				: outcome.status === 'failed'
					? { status: 'failed' as const, lastError: outcome.error }
					: { status: 'queued' as const, lastError: outcome.error, nextAttemptAt: outcome.retryAt };
	const { issueId } = row;
	// A digest's mail has no issue to complete.
	if (issueId === null) {
		await db().update(deliveries).set(values).where(held);
		return false;
	}
	return transaction(async (tx) => {
		// Settles of one issue take turns on its row: the last two settling at once (other
		// connections, other nodes) would each see the other's delivery still sending, and
		// neither would mark the issue sent. SQLite's writers already take turns.
		await lockedForUpdate(tx.select({ id: issues.id }).from(issues).where(eq(issues.id, issueId)));
		await tx.update(deliveries).set(values).where(held);
		const completed = await tx
			.update(issues)
			.set({ status: 'sent', sentAt: now })
			.where(
				and(
					eq(issues.id, issueId),
					eq(issues.status, 'sending'),
					sql`not exists (select 1 from ${deliveries} where ${deliveries.issueId} = ${issueId}
						and ${deliveries.status} in ('queued', 'sending'))`,
				),
			)
			.returning({ id: issues.id });
		return completed.length > 0;
	});
}

/**
 * Hands claimed rows back to the queue before their mail was started (a stopping worker): due
 * at once for any node, and the claim's try not counted. Rows whose lease this worker no longer
 * holds are left alone.
 */
export async function releaseDeliveries(rows: readonly ClaimedDelivery[], now = new Date()): Promise<number> {
	return releaseClaims(deliveries, rows, now);
}
