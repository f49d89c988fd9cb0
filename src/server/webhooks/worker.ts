/**
 * Delivers webhook messages from the lease queue (db/lease-queue.ts, the newsletter's queue
 * generalised): claims a few due messages, POSTs each signed per Standard Webhooks with a 10 s
 * timeout, and settles it: delivered on 2xx; another try after a network error or a 5xx, with
 * exponential back-off from WEBHOOK_RETRY_BASE_MS, up to 8 tries with the same webhook-id; a 410
 * turns the webhook off; any other answer ends the message. The rows are the state, so any node
 * takes over a message whose worker died (its lease runs out), and each try is recorded.
 *
 * Beside it, a second lease-queue worker reads the outbox of partner events (partner_events,
 * written in each change's transaction): it claims recorded events and fans each out into its
 * messages (fanOutEvent), once, from whichever node claimed it; an event left by a process that
 * died is claimed again when its lease runs out.
 */
import { request } from 'undici';
import { Webhook } from 'standardwebhooks';
import { partnerEventsRecorded } from '@/server/changes/partner-events';
import { db, partnerEvents, webhookAttempts, webhookDeliveries } from '@/server/db';
import {
	claimDue,
	leaseHeld,
	releaseClaims,
	startLeaseQueueWorker,
	type Claimed,
	type LeaseQueueWorker,
} from '@/server/db/lease-queue';
import { transaction } from '@/server/db/transaction';
import { config } from '@/server/runtime/config';
import { receiverAddressAllowed, receiverAgent, INTERNAL_ADDRESS } from './receivers';
import {
	deactivateWebhooks,
	fanOutEvent,
	webhookForDelivery,
	webhookLog,
	webhookMessagesQueued,
} from './webhooks';

export const WEBHOOK_MAX_TRIES = 8;
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Messages in flight at once, per process. */
const CONCURRENCY = 4;
/** Past every try's timeout: a claim older than this belonged to a process that died. */
const LEASE_MS = 6 * WEBHOOK_TIMEOUT_MS;
/** Outbox events fanned out per claim. */
const FAN_OUT_BATCH = 20;
/** A fan-out is a few quick statements: a claim older than this belonged to a process that died. */
const FAN_OUT_LEASE_MS = 30_000;

type ClaimedMessage = Claimed & { webhookId: number; messageId: string; payload: string };

type TryOutcome = { statusCode: number | null; error: string | null };

/** POSTs the message once; answers the receiver's status, or why there was none. */
async function attempt(row: ClaimedMessage, url: URL, secret: string): Promise<TryOutcome> {
	if (!receiverAddressAllowed(url)) return { statusCode: null, error: INTERNAL_ADDRESS };
	const sentAt = new Date();
	const signature = new Webhook(secret).sign(row.messageId, sentAt, row.payload);
	try {
		const answer = await request(url, {
			method: 'POST',
			dispatcher: receiverAgent(),
			signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
			headers: {
				'content-type': 'application/json',
				'user-agent': 'RetailMediaHub-Webhooks/1',
				'webhook-id': row.messageId,
				'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
				'webhook-signature': signature,
			},
			body: row.payload,
		});
		await answer.body.dump();
		return { statusCode: answer.statusCode, error: null };
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		return { statusCode: null, error: reason.slice(0, 500) };
	}
}

/** Tries a claimed message and records the try and what follows from it. */
async function deliver(row: ClaimedMessage, now = () => new Date()): Promise<void> {
	const webhook = await webhookForDelivery(row.webhookId);
	const held = leaseHeld(webhookDeliveries, row);
	if (!webhook?.active) {
		// Deleted (the row went with it) or turned off since the message was queued.
		await db().update(webhookDeliveries).set({ status: 'failed' }).where(held);
		return;
	}
	const outcome = await attempt(row, new URL(webhook.url), webhook.secret);
	const code = outcome.statusCode;
	const retry = code === null ? outcome.error !== INTERNAL_ADDRESS : code >= 500;
	const last = row.attempts >= WEBHOOK_MAX_TRIES;
	const status =
		code !== null && code >= 200 && code < 300 ? 'delivered' : retry && !last ? 'queued' : 'failed';
	await transaction(async (tx) => {
		const settled = await tx
			.update(webhookDeliveries)
			.set(
				status === 'queued'
					? {
							status,
							claimedAt: null,
							nextAttemptAt: new Date(
								now().getTime() + config().webhooks.retryBaseMs * 2 ** (row.attempts - 1),
							),
						}
					: { status },
			)
			.where(held)
			.returning({ id: webhookDeliveries.id });
		// A worker whose lease ran out records nothing: the new holder's try counts.
		if (settled.length === 0) return;
		await tx.insert(webhookAttempts).values({
			deliveryId: row.id,
			webhookId: row.webhookId,
			attempt: row.attempts,
			statusCode: code,
			error: outcome.error,
		});
	});
	if (code === 410) {
		await deactivateWebhooks([row.webhookId]);
		webhookLog().info({ webhookId: row.webhookId }, 'webhook turned off: its receiver answered 410 Gone');
	}
	webhookLog().debug(
		{ webhookId: row.webhookId, deliveryId: row.id, attempt: row.attempts, statusCode: code, status },
		'webhook try',
	);
}

/** The message sender, and beside it the outbox's fan-out (wakeFanOut). */
export type WebhookWorker = LeaseQueueWorker & { wakeFanOut(): void };

/** Claims up to CONCURRENCY due messages and tries them side by side. */
async function deliverDue(isStopped: () => boolean): Promise<'more' | 'done'> {
	const rows = await claimDue<ClaimedMessage>(
		webhookDeliveries,
		{
			webhookId: webhookDeliveries.webhookId,
			messageId: webhookDeliveries.messageId,
			payload: webhookDeliveries.payload,
		},
		{ limit: CONCURRENCY, leaseMs: LEASE_MS },
	);
	if (isStopped()) {
		await releaseClaims(webhookDeliveries, rows);
		return 'done';
	}
	await Promise.all(
		rows.map((row) =>
			deliver(row).catch((error) =>
				webhookLog().error({ err: error, deliveryId: row.id }, 'webhook delivery failed'),
			),
		),
	);
	return rows.length === CONCURRENCY ? 'more' : 'done';
}

type ClaimedEvent = Claimed & { type: string; payload: string };

/** Claims a batch of recorded partner events and fans each out into its webhook messages. */
async function fanOutDue(isStopped: () => boolean): Promise<'more' | 'done'> {
	const rows = await claimDue<ClaimedEvent>(
		partnerEvents,
		{ type: partnerEvents.type, payload: partnerEvents.payload },
		{ limit: FAN_OUT_BATCH, leaseMs: FAN_OUT_LEASE_MS },
	);
	if (isStopped()) {
		await releaseClaims(partnerEvents, rows);
		return 'done';
	}
	for (const row of rows) {
		// One that fails stays claimed, and is taken again when its lease runs out.
		await fanOutEvent(row).catch((error) =>
			webhookLog().error({ err: error, eventId: row.id }, 'could not queue a partner event'),
		);
	}
	return rows.length === FAN_OUT_BATCH ? 'more' : 'done';
}

function createWorker(): WebhookWorker {
	const pollMs = config().newsletter.pollMs;
	const sender = startLeaseQueueWorker({
		queue: webhookDeliveries,
		pollMs,
		workDue: deliverDue,
		onError: (error) => webhookLog().error({ err: error }, 'webhook worker could not look at the queue'),
	});
	const fanOut = startLeaseQueueWorker({
		queue: partnerEvents,
		pollMs,
		workDue: fanOutDue,
		onError: (error) => webhookLog().error({ err: error }, 'webhook worker could not look at the outbox'),
	});
	return {
		wake: () => sender.wake(),
		wakeFanOut: () => fanOut.wake(),
		async stop() {
			await Promise.all([fanOut.stop(), sender.stop()]);
		},
	};
}

let running: WebhookWorker | undefined;

/** Starts this process's webhook sender (with the newsletter's: NEWSLETTER_WORKER=0 leaves a process out). */
export function startWebhookWorker(): WebhookWorker | undefined {
	if (!config().newsletter.workerEnabled) return undefined;
	if (!running) {
		running = createWorker();
		webhookMessagesQueued.subscribe(wakeWebhookWorker);
		partnerEventsRecorded.subscribe(wakeFanOut);
	}
	return running;
}

function wakeWebhookWorker(): void {
	running?.wake();
}

function wakeFanOut(): void {
	running?.wakeFanOut();
}

/** Stops claiming and waits for the tries in flight (each ends within its timeout). */
export async function stopWebhookWorker(): Promise<void> {
	const worker = running;
	running = undefined;
	await worker?.stop();
}
