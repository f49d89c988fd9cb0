/**
 * The background sender. It claims due rows from the queue in batches, holding at most two
 * batches (one in flight, bounded concurrency, and one waiting), starts them no faster than the
 * rate limit (p-queue), starts scheduled issues and queues platform digests whose time has
 * come, and sleeps until the next row, scheduled issue or digest falls due, an editor presses
 * Send or Schedule in this process, or the poll interval passes (for work queued by another
 * node). All state is in the database, so a restart resumes.
 */
import PQueue from 'p-queue';
import { config } from '@/server/runtime/config';
import { baseLog } from '@/server/runtime/log';
import { metrics } from '@/server/runtime/metrics';
import { deliver, type Delivered } from './delivery';
import { getIssue, nextScheduledAt, startDueIssues } from './issues';
import { claimDeliveries, nextDueAt, releaseDeliveries, type ClaimedDelivery } from './queue';
import { deliveriesQueued } from './deliveries-queued';
import { nextDigestAt, queueDueDigests } from './digests';
import { within } from '@/lib/within';

export type NewsletterWorker = {
	/** Look at the queue now instead of at the next poll. */
	wake(): void;
	/**
	 * Stops claiming, hands back the rows claimed but not started, and waits for the mails in
	 * flight (at most `waitMs`; a mail still unsettled then keeps its lease).
	 */
	stop(waitMs?: number): Promise<void>;
};

let running: NewsletterWorker | undefined;

/** Newsletter logs name issues, deliveries and counts, never addresses. */
const newsletterLog = () => baseLog().child({ subject: 'newsletter' });

/** Counts and logs what became of a row. */
async function report(row: ClaimedDelivery, outcome: Delivered): Promise<void> {
	const { newsletterSent, newsletterFailed } = metrics();
	if (outcome.status === 'sent') newsletterSent.inc();
	if (outcome.status === 'failed') newsletterFailed.inc();
	const about = { issueId: row.issueId, digestId: row.digestId, deliveryId: row.id, attempts: row.attempts };
	if (outcome.status === 'failed') newsletterLog().warn(about, 'mail failed for good');
	else if (outcome.status === 'queued') newsletterLog().info(about, 'mail deferred for another try');
	else newsletterLog().debug(about, `mail ${outcome.status}`);
	if (outcome.completed && row.issueId !== null) {
		const { counts } = await getIssue(row.issueId);
		newsletterLog().info({ issueId: row.issueId, ...counts }, 'issue sent to every subscriber');
	}
}

function earliest(...dates: (Date | undefined)[]): Date | undefined {
	const times = dates.filter((date): date is Date => date !== undefined).map((date) => date.getTime());
	return times.length > 0 ? new Date(Math.min(...times)) : undefined;
}

function createWorker(): NewsletterWorker {
	const { concurrency, ratePerSecond, leaseMs, pollMs } = config().newsletter;
	const queue = new PQueue({ concurrency, intervalCap: ratePerSecond, interval: 1000 });
	let stopped = false;
	let wakeUp: (() => void) | undefined;
	/** Rows claimed whose mail has not started (waiting for the rate limit). */
	const waiting = new Set<ClaimedDelivery>();

	const pause = (ms: number) =>
		new Promise<void>((resolve) => {
			const timer = setTimeout(done, Math.max(0, ms));
			function done() {
				clearTimeout(timer);
				queue.removeEventListener('next', done);
				wakeUp = undefined;
				resolve();
			}
			wakeUp = done;
			// A finished mail frees a slot for the next claim.
			queue.addEventListener('next', done);
		});

	async function loop(): Promise<void> {
		while (!stopped) {
			try {
				// Claims come a batch at a time: one claim (and one look for scheduled issues) per
				// `concurrency` mails rather than per mail. The waiting batch keeps every slot busy
				// while the next claim runs; on a graceful stop it is handed back unstarted.
				const held = queue.pending + queue.size;
				if (held > concurrency) {
					await pause(pollMs); // no batch of room yet: continue when a mail finishes
					continue;
				}
				// Scheduled issues whose time has come are queued first (exactly one node does each).
				const started = await startDueIssues();
				if (started.length > 0) newsletterLog().info({ issueIds: started }, 'scheduled issues started');
				// So are platform digests whose window closed (exactly one node queues each).
				const digests = await queueDueDigests();
				if (digests.length > 0) newsletterLog().info({ digestIds: digests }, 'platform digests queued');
				const free = 2 * concurrency - held;
				const rows = await claimDeliveries(free, leaseMs);
				if (rows.length > 0) newsletterLog().debug({ claimed: rows.length }, 'mails claimed');
				for (const row of rows) waiting.add(row);
				if (stopped) break; // claimed while stopping: stop() hands them back
				for (const row of rows) {
					queue
						.add(async () => {
							waiting.delete(row);
							// A row that waited past its lease may have been claimed again, here or on
							// another node: not this claim's to send any more (whoever claims it next sends it).
							if (Date.now() - row.claimedAt.getTime() >= leaseMs) return;
							await report(row, await deliver(row));
						})
						.catch((error) =>
							newsletterLog().error(
								{ err: error, issueId: row.issueId, deliveryId: row.id },
								'delivery failed',
							),
						);
				}
				if (rows.length > 0 && rows.length === free) {
					await pause(pollMs); // full: continue when a mail finishes
					continue;
				}
				const due = earliest(await nextDueAt(), await nextScheduledAt(), await nextDigestAt());
				const wait = due ? Math.min(pollMs, due.getTime() - Date.now()) : pollMs;
				if (wait > 0 || queue.pending + queue.size > 0) await pause(Math.max(wait, 0) || pollMs);
			} catch (error) {
				newsletterLog().error({ err: error }, 'worker could not look at the queue');
				await pause(pollMs);
			}
		}
	}

	const done = loop();
	return {
		wake: () => wakeUp?.(),
		async stop(waitMs = Infinity) {
			stopped = true;
			wakeUp?.();
			await done;
			// Mails not started yet go back to the queue, claimable at once by any node.
			queue.clear();
			const unstarted = [...waiting];
			waiting.clear();
			const released = await releaseDeliveries(unstarted);
			const inFlight = queue.pending;
			const finished = await within(
				queue.onIdle().then(() => true),
				waitMs,
				false,
			);
			newsletterLog().info(
				{ released, inFlight, finished },
				finished
					? 'worker stopped: mails in flight settled'
					: 'worker stopped: mails still in flight keep their lease',
			);
		},
	};
}

/**
 * Starts this process's newsletter sender (once; later calls return the same one). Called by
 * startApp() (src/server/app/app.ts); NEWSLETTER_WORKER=0 leaves a process out.
 */
export function startNewsletterWorker(): NewsletterWorker | undefined {
	if (!config().newsletter.workerEnabled) return undefined;
	if (!running) {
		running = createWorker();
		// Starting again after a stop adds no second listener: a signal adds a listener once.
		deliveriesQueued.subscribe(wakeNewsletterWorker);
	}
	return running;
}

/** Tells this process's sender that new work was queued. */
export function wakeNewsletterWorker(): void {
	running?.wake();
}

/**
 * Stops the sender, waiting at most `waitMs` for the mails in flight (stopApp() gives it the
 * time the graceful stop has left).
 */
export async function stopNewsletterWorker(waitMs?: number): Promise<void> {
	const worker = running;
	running = undefined;
	await worker?.stop(waitMs);
}
