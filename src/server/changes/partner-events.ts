/**
 * Events partners subscribe to with webhooks (WEBHOOK_EVENT_TYPES): the services emit one after
 * the change has committed, on the node that committed it (so once per change whatever the
 * number of nodes); the webhooks service (src/server/webhooks) queues a message per subscriber,
 * so the services need no import of it.
 */
import type { WebhookEventType } from '@/lib/column-values';
import { signal } from './signal';

/** `path`: the item's public page, which the message carries as an absolute `url`. */
export type PartnerEvent = {
	type: WebhookEventType;
	data: { id: number; path?: string } & Record<string, unknown>;
};

export const partnerEvents = signal<PartnerEvent>('partner events');
