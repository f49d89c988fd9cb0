/**
 * Events partners subscribe to with webhooks (WEBHOOK_EVENT_TYPES), kept in an outbox: a service
 * records the event with the transaction handle of the change it announces
 * (recordPartnerEvent), so the event commits with the change or not at all, whatever happens to
 * the process after. The webhooks worker (src/server/webhooks/worker.ts) fans each recorded event
 * out once, from one node, into a message per subscribed webhook; the services need no import of
 * it.
 */
import type { WebhookEventType } from '@/lib/column-values';
import { afterCommit, partnerEvents, type Reader } from '@/server/db';
import { config } from '@/server/runtime/config';
import { signal } from './signal';

/** `path`: the item's public page, which the message carries as an absolute `url`. */
export type PartnerEvent = {
	type: WebhookEventType;
	data: { id: number; path?: string } & Record<string, unknown>;
};

/**
 * Events were recorded and committed on this node: its webhooks worker looks at the outbox now
 * rather than at its next poll. Only a wake-up: the rows are the events.
 */
export const partnerEventsRecorded = signal('partner events recorded');

/**
 * The message's body, fixed when the change happened: every webhook gets the same `timestamp`
 * (`at`) and data, however late the worker fans it out.
 */
export function partnerEventBody({ type, data }: PartnerEvent, at: Date): string {
	const { path, ...fields } = data;
	return JSON.stringify({
		type,
		timestamp: at.toISOString(),
		data: path === undefined ? fields : { ...fields, url: new URL(path, config().siteUrl).href },
	});
}

/**
 * Records the event in the outbox inside the change's transaction (`tx`): committed with the
 * change, rolled back with it. `at`: when the change happened.
 */
export async function recordPartnerEvent(tx: Reader, event: PartnerEvent, at = new Date()): Promise<void> {
	await tx.insert(partnerEvents).values({
		type: event.type,
		payload: partnerEventBody(event, at),
		nextAttemptAt: at,
		createdAt: at,
	});
	afterCommit(() => partnerEventsRecorded.emit());
}
