/**
 * Partners' webhooks: editors subscribe a URL to event types; each event a service records in the
 * outbox (changes/partner-events.ts, in its change's transaction) becomes, once, one queued
 * message per subscribed webhook (fanOutEvent, run by worker.ts from one node), delivered by the
 * lease queue's worker (worker.ts).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, lt, max } from 'drizzle-orm';
import type { WebhookEventType } from '@/lib/column-values';
import { DAY_MS } from '@/lib/durations';
import { signal } from '@/server/changes/signal';
import {
	db,
	firstRow,
	partnerEvents,
	transaction,
	webhookAttempts,
	webhookDeliveries,
	webhooks,
} from '@/server/db';
import { leaseHeld, type Claimed } from '@/server/db/lease-queue';
import { NotFound } from '@/server/errors';
import { baseLog } from '@/server/runtime/log';
import { checkReceiverUrl } from './receivers';

export const WEBHOOK_NOT_FOUND = 'No webhook has this id.';

/** New messages were queued: this process's worker looks at the queue now. */
export const webhookMessagesQueued = signal('webhook messages queued');

export type CreatedWebhook = {
	id: number;
	url: string;
	events: WebhookEventType[];
	active: boolean;
	/** Standard Webhooks' `whsec_<base64>`: shown only in this answer. */
	secret: string;
};

export type WebhookSummary = Omit<CreatedWebhook, 'secret'> & {
	createdAt: Date;
	/** The last try's HTTP status (null: no answer, see lastError), or null before any try. */
	lastDelivery: { status: string; statusCode: number | null; error: string | null; at: Date } | null;
};

export type WebhookTry = {
	deliveryId: number;
	/** The webhook-id header, the same on every try of a message. */
	messageId: string;
	type: string;
	attempt: number;
	statusCode: number | null;
	error: string | null;
	/** The message's state now: queued (another try to come), sending, delivered or failed. */
	deliveryStatus: string;
	at: Date;
};

/** A fresh signing secret: 32 random bytes, in Standard Webhooks' form. */
function newSecret(): string {
	return `whsec_${randomBytes(32).toString('base64')}`;
}

export async function createWebhook(input: {
	url: string;
	events: WebhookEventType[];
}): Promise<CreatedWebhook> {
	const url = (await checkReceiverUrl(input.url)).href;
	const events = [...new Set(input.events)];
	const [row] = await db()
		.insert(webhooks)
		.values({ url, events, secret: newSecret() })
		.returning({ id: webhooks.id, url: webhooks.url, active: webhooks.active, secret: webhooks.secret });
	return { ...row!, events };
}

export async function listWebhooks(): Promise<WebhookSummary[]> {
	const rows = await db()
		.select({
			id: webhooks.id,
			url: webhooks.url,
			events: webhooks.events,
			active: webhooks.active,
			createdAt: webhooks.createdAt,
		})
		.from(webhooks)
		.orderBy(desc(webhooks.id));
	// Each webhook's latest try, all in one query: its highest attempt id.
	const latestTries = db()
		.select({ id: max(webhookAttempts.id) })
		.from(webhookAttempts)
		.groupBy(webhookAttempts.webhookId);
	const latest = await db()
		.select({
			webhookId: webhookAttempts.webhookId,
			status: webhookDeliveries.status,
			statusCode: webhookAttempts.statusCode,
			error: webhookAttempts.error,
			at: webhookAttempts.createdAt,
		})
		.from(webhookAttempts)
		.innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
		.where(inArray(webhookAttempts.id, latestTries));
	const last = new Map<number, WebhookSummary['lastDelivery']>(
		latest.map(({ webhookId, ...lastDelivery }) => [webhookId, lastDelivery]),
	);
	return rows.map((row) => ({
		...row,
		events: (row.events ?? []) as WebhookEventType[],
		lastDelivery: last.get(row.id) ?? null,
	}));
}

export async function deleteWebhook(id: number): Promise<void> {
	const deleted = await db().delete(webhooks).where(eq(webhooks.id, id)).returning({ id: webhooks.id });
	if (deleted.length === 0) throw new NotFound(WEBHOOK_NOT_FOUND);
}

/** The latest tries of a webhook's messages, newest first. */
export async function listWebhookTries(id: number, limit = 100): Promise<WebhookTry[]> {
	const found = await firstRow(db().select({ id: webhooks.id }).from(webhooks).where(eq(webhooks.id, id)));
	if (!found) throw new NotFound(WEBHOOK_NOT_FOUND);
	return triesOf(id, limit);
}

/** A webhook's tries, newest first. */
function triesOf(id: number, limit: number): Promise<WebhookTry[]> {
	return db()
		.select({
			deliveryId: webhookAttempts.deliveryId,
			messageId: webhookDeliveries.messageId,
			type: webhookDeliveries.eventType,
			attempt: webhookAttempts.attempt,
			statusCode: webhookAttempts.statusCode,
			error: webhookAttempts.error,
			deliveryStatus: webhookDeliveries.status,
			at: webhookAttempts.createdAt,
		})
		.from(webhookAttempts)
		.innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
		.where(eq(webhookAttempts.webhookId, id))
		.orderBy(desc(webhookAttempts.id))
		.limit(limit);
}

/**
 * Queues a recorded partner event (the outbox's row, claimed by the worker) for every active
 * webhook subscribed to its type, one message each with the body fixed when the change happened
 * (every try sends the same bytes and webhook-id), and marks the event done, in one transaction:
 * if this worker's lease ran out meanwhile, nothing is queued (the new holder queues it), so each
 * event is queued once. Answers the number of messages queued; an event nobody subscribes to is
 * simply done.
 */
export async function fanOutEvent(event: Claimed & { type: string; payload: string }, now = new Date()) {
	const queued = await transaction(async (tx) => {
		const subscribed = (
			await tx
				.select({ id: webhooks.id, events: webhooks.events })
				.from(webhooks)
				.where(eq(webhooks.active, true))
		).filter((webhook) => (webhook.events ?? []).includes(event.type));
		const [done] = await tx
			.update(partnerEvents)
			.set({ status: 'done', fannedOutAt: now })
			.where(leaseHeld(partnerEvents, event))
			.returning({ id: partnerEvents.id });
		if (!done) return 0;
		if (subscribed.length > 0) {
			await tx.insert(webhookDeliveries).values(
				subscribed.map((webhook) => ({
					webhookId: webhook.id,
					messageId: `msg_${randomUUID()}`,
					eventType: event.type,
					payload: event.payload,
					nextAttemptAt: now,
				})),
			);
		}
		return subscribed.length;
	});
	if (queued > 0) webhookMessagesQueued.emit();
	return queued;
}

/** How long a fanned-out event stays in the outbox (for looking into a delivery), then it goes. */
export const PARTNER_EVENT_KEEP_DAYS = 7;

/** Deletes the outbox's events fanned out more than PARTNER_EVENT_KEEP_DAYS ago (housekeeping). */
export async function deleteOldPartnerEvents(now: number): Promise<void> {
	const before = new Date(now - PARTNER_EVENT_KEEP_DAYS * DAY_MS);
	await db()
		.delete(partnerEvents)
		.where(and(eq(partnerEvents.status, 'done'), lt(partnerEvents.fannedOutAt, before)));
}

/** Turns webhooks off (their receiver answered 410 Gone); their queued messages are dropped as they come. */
export async function deactivateWebhooks(ids: number[]): Promise<void> {
	if (ids.length > 0) await db().update(webhooks).set({ active: false }).where(inArray(webhooks.id, ids));
}

/** A webhook's URL, secret and state at delivery time. */
export async function webhookForDelivery(id: number) {
	return firstRow(
		db()
			.select({ url: webhooks.url, secret: webhooks.secret, active: webhooks.active })
			.from(webhooks)
			.where(eq(webhooks.id, id)),
	);
}

/** The webhooks' log lines, here and in the worker. */
export const webhookLog = () => baseLog().child({ subject: 'webhooks' });
