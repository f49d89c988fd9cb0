import { requireEditor } from '@/server/auth/permissions';
import { endpoint, json, readJson } from '@/server/http/endpoint';
import { createWebhook, listWebhooks } from '@/server/webhooks/webhooks';
import { webhookInputSchema } from '@/lib/validation/webhooks';

export const prerender = false;

/** The webhooks, each with its events, whether it is on, and its last try; never the secrets. */
export const GET = endpoint('personal', async ({ locals }) => {
	requireEditor(locals);
	return json(await listWebhooks());
});

/** Subscribes a URL to events; the answer is the only one that shows the signing secret. */
export const POST = endpoint('personal', async ({ request, locals }) => {
	requireEditor(locals);
	return json(await createWebhook(await readJson(request, webhookInputSchema)), 201);
});
