import { endpoint, json, readJson } from '@/server/http/endpoint';
import { confirmSubscription } from '@/server/newsletter/members';
import { newsletterConfirmSchema } from '@/lib/validation/newsletter';

export const prerender = false;

/**
 * Confirms an email-only subscription. Only the /newsletter/confirm page's button POSTs here: a
 * mail scanner that opens the link confirms nothing. The token is the proof; no session needed.
 */
export const POST = endpoint('personal', async ({ request }) => {
	const { token } = await readJson(request, newsletterConfirmSchema);
	return json(await confirmSubscription(token));
});
