/**
 * The background sender. It claims due rows from the queue only as fast as it has free slots
 * (bounded concurrency), starts them no faster than the rate limit (p-queue), and sleeps until
 * the next row falls due, an editor presses Send in this process, or the poll interval passes
 * (for work queued by another node). All state is in the database, so a restart resumes.
 */
import PQueue from 'p-queue';
import { config } from '@/server/config';
import { deliver } from './delivery';
import { claimDeliveries, nextDueAt } from './queue';

export type NewsletterWorker = {
	/** Look at the queue now instead of at the next poll. */
	wake(): void;
	/** Stops claiming and waits for the mails in flight. */
	stop(): Promise<void>;
};

let running: NewsletterWorker | undefined;

function createWorker(): NewsletterWorker {
	const { concurrency, ratePerSecond, leaseMs, pollMs } = config().newsletter;
	const queue = new PQueue({ concurrency, intervalCap: ratePerSecond, interval: 1000 });
	let stopped = false;
	let wakeUp: (() => void) | undefined;

	const pause = (ms: number) =>
		new Promise<void>((resolve) => {
			const timer = setTimeout(done, Math.max(0, ms));
			function done() {
				clearTimeout(timer);
				queue.off('next', done);
				wakeUp = undefined;
				resolve();
			}
			wakeUp = done;
			// A finished mail frees a slot for the next claim.
			queue.on('next', done);
		});

	async function loop(): Promise<void> {
		while (!stopped) {
			try {
				const free = concurrency - queue.pending - queue.size;
				const rows = free > 0 ? await claimDeliveries(free, leaseMs) : [];
				for (const row of rows) {
					queue.add(() => deliver(row)).catch((error) => console.error('[newsletter] delivery:', error));
				}
				if (rows.length > 0 && rows.length === free) {
					await pause(pollMs); // full: continue when a slot frees
					continue;
				}
				const due = await nextDueAt();
				const wait = due ? Math.min(pollMs, due.getTime() - Date.now()) : pollMs;
				if (wait > 0 || queue.pending + queue.size > 0) await pause(Math.max(wait, 0) || pollMs);
			} catch (error) {
				console.error('[newsletter] worker:', error);
				await pause(pollMs);
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
			await queue.onIdle();
		},
	};
}

/**
 * Starts this process's newsletter sender (once; later calls return the same one). Called where
 * the server starts its background work; NEWSLETTER_WORKER=0 leaves a process out.
 */
export function startNewsletterWorker(): NewsletterWorker | undefined {
	if (!config().newsletter.workerEnabled) return undefined;
	running ??= createWorker();
	return running;
}

/** Tells this process's sender that new work was queued. */
export function wakeNewsletterWorker(): void {
	running?.wake();
}

/** Stops the sender (tests and scripts). */
export async function stopNewsletterWorker(): Promise<void> {
	const worker = running;
	running = undefined;
	await worker?.stop();
}
