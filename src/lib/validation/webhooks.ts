/**
 * POST /api/admin/webhooks: `{ url, events }`. Where the URL may point (http/https, public
 * addresses) is the service's check (src/server/webhooks/receivers.ts), since it asks the DNS.
 */
import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from '@/lib/column-values';

export const WEBHOOK_URL_MAX = 2000;

export const webhookInputSchema = z.strictObject({
	url: z
		.string({ error: 'Give the URL the webhook posts to.' })
		.trim()
		.min(1, 'Give the URL the webhook posts to.')
		.max(WEBHOOK_URL_MAX, `The webhook URL can be at most ${WEBHOOK_URL_MAX} characters.`),
	events: z
		.array(z.enum(WEBHOOK_EVENT_TYPES, { error: `Events are among: ${WEBHOOK_EVENT_TYPES.join(', ')}.` }), {
			error: 'Choose the events the webhook receives.',
		})
		.min(1, 'Choose at least one event.')
		.max(WEBHOOK_EVENT_TYPES.length * 2, 'Name each event once.'),
});
export type WebhookInput = z.output<typeof webhookInputSchema>;
