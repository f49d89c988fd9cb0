import { requireEditor } from '@/server/auth/permissions';
import { endpoint, json, readId } from '@/server/http/endpoint';
import { listWebhookTries } from '@/server/webhooks/webhooks';

export const prerender = false;

/** A webhook's latest tries (newest first): each message's id, try number and answer. */
export const GET = endpoint('personal', async ({ params, locals }) => {
	requireEditor(locals);
	return json(await listWebhookTries(readId(params.id, 'webhook id')));
});
