/**
 * The durable queue's claim and release, shared by every queue table (the newsletter's mails,
 * the webhooks' messages). A worker claims a few rows at a time by moving them from 'queued' to
 * 'sending' and stamping claimed_at; that stamp is a lease: a row left in 'sending' past the
 * lease belonged to a process that died, and is claimed again. Settling a row checks the stamp
 * (leaseHeld), so a worker whose lease ran out cannot overwrite the new holder.
 *
 * SQLite: the claim is one UPDATE ... RETURNING inside an IMMEDIATE transaction, which takes the
 * write lock first, so two processes never claim the same row. PostgreSQL: the same statement
 * with `for update skip locked` on the inner select lets several nodes claim side by side
 * without waiting on each other's rows.
 */
import { and, asc, eq, inArray, lte, min, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { db, firstRow } from './index';
import { claimingSkipLocked } from './sql';
import { transaction } from './transaction';

/** A table the lease queue can hold rows in: these columns, with these meanings. */
export type LeaseQueueTable = SQLiteTable & {
	id: SQLiteColumn;
	status: SQLiteColumn;
	attempts: SQLiteColumn;
	nextAttemptAt: SQLiteColumn;
	claimedAt: SQLiteColumn;
};

/** What every claimed row carries: its id, this try's number and the lease's stamp. */
export type Claimed = { id: number; attempts: number; claimedAt: Date };

/**
 * Claims up to `limit` rows of `queue` that are due, or whose lease ran out, answering `fields`
 * of each (their id, attempts and claimedAt included).
 */
export async function claimDue<Row extends Claimed>(
	queue: LeaseQueueTable,
	fields: Record<string, SQLiteColumn>,
	{ limit, leaseMs, now = new Date() }: { limit: number; leaseMs: number; now?: Date },
): Promise<Row[]> {
	const due = or(
		and(eq(queue.status, 'queued'), lte(queue.nextAttemptAt, now)),
		and(eq(queue.status, 'sending'), lte(queue.claimedAt, new Date(now.getTime() - leaseMs))),
	);
	return transaction(async (tx) => {
		const candidates = claimingSkipLocked(
			tx.select({ id: queue.id }).from(queue).where(due).orderBy(asc(queue.id)).limit(limit),
		);
		const claimed = await tx
			.update(queue)
			.set({ status: 'sending', claimedAt: now, attempts: sql`${queue.attempts} + 1` } as never)
			.where(inArray(queue.id, candidates))
			.returning({ ...fields, id: queue.id, attempts: queue.attempts, claimedAt: queue.claimedAt });
		return claimed as unknown as Row[];
	});
}

/** The condition that `row` is still held by the claim that answered it. */
export function leaseHeld(queue: LeaseQueueTable, row: Claimed): SQL {
	return and(eq(queue.id, row.id), eq(queue.status, 'sending'), eq(queue.claimedAt, row.claimedAt))!;
}

/** When the next queued row of `queue` falls due (after a back-off), if any. */
export async function nextDueIn(queue: LeaseQueueTable): Promise<Date | undefined> {
	const row = await firstRow(
		db()
			.select({ at: min(queue.nextAttemptAt) })
			.from(queue)
			.where(eq(queue.status, 'queued')),
	);
	return (row?.at as Date | null | undefined) ?? undefined;
}

/**
 * Hands claimed rows back before their work was started (a stopping worker): due at once for
 * any node, and the claim's try not counted. Rows whose lease this worker no longer holds are
 * left alone.
 */
export async function releaseClaims(
	queue: LeaseQueueTable,
	rows: readonly Claimed[],
	now = new Date(),
): Promise<number> {
	if (rows.length === 0) return 0;
	return transaction(async (tx) => {
		let released = 0;
		for (const row of rows) {
			const done = await tx
				.update(queue)
				.set({
					status: 'queued',
					claimedAt: null,
					nextAttemptAt: now,
					attempts: sql`${queue.attempts} - 1`,
				} as never)
				.where(leaseHeld(queue, row))
				.returning({ id: queue.id });
			released += done.length;
		}
		return released;
	});
}

/** A node's worker over a lease queue: wake() when rows were queued here; stop() ends it. */
export type LeaseQueueWorker = { wake(): void; stop(): Promise<void> };

/**
 * Runs `workDue` in a loop until stopped. It answers 'more' when rows may be waiting at once
 * (a full batch); otherwise the worker sleeps until the queue's next row falls due, or pollMs at
 * most (other nodes' rows are found by polling), woken early by wake() or stop(). A round that
 * throws is logged with `onError` and tried again after pollMs.
 */
export function startLeaseQueueWorker({
	queue,
	pollMs,
	workDue,
	onError,
}: {
	queue: LeaseQueueTable;
	pollMs: number;
	workDue: (isStopped: () => boolean) => Promise<'more' | 'done'>;
	onError: (error: unknown) => void;
}): LeaseQueueWorker {
	let stopped = false;
	let wakeUp: (() => void) | undefined;
	const isStopped = () => stopped;
	const pause = (ms: number) =>
		new Promise<void>((resolve) => {
			const timer = setTimeout(done, Math.max(0, ms));
			function done() {
				clearTimeout(timer);
				wakeUp = undefined;
				resolve();
			}
			wakeUp = done;
		});
	async function loop(): Promise<void> {
		while (!stopped) {
			try {
				if ((await workDue(isStopped)) === 'more') continue;
				const due = await nextDueIn(queue);
				const wait = due ? Math.min(pollMs, due.getTime() - Date.now()) : pollMs;
				if (!stopped && wait > 0) await pause(wait);
			} catch (error) {
				onError(error);
				if (!stopped) await pause(pollMs);
			}
		}
	}
	const done = loop();
	return {
		wake: () => wakeUp?.(),
		async stop() {
			stopped = true;
			wakeUp?.();
			await done;
		},
	};
}
