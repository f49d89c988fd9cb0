import { requireEditor } from '@/server/auth/permissions';
import { endpoint, json, readId } from '@/server/http/endpoint';
import { deleteWebhook } from '@/server/webhooks/webhooks';

export const prerender = false;

/** Removes a webhook with its queued messages and their tries. */
export const DELETE = endpoint('personal', async ({ params, locals }) => {
	requireEditor(locals);
	await deleteWebhook(readId(params.id, 'webhook id'));
	return json({ message: 'Webhook deleted' });
});
