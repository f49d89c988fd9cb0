import { setNewsletter } from '@/server/auth/accounts';
import { endpoint, errorResponse, json } from '@/server/http';
import { UNVERIFIED_SUBSCRIBER_NOTE, waitsForVerification } from '@/lib/newsletter-eligibility';

export const prerender = false;

/** Subscribes the signed-in account; the email typed on the home page is not sent:
 * the subscription belongs to the account, and only the account's own address receives mail. */
export const POST = endpoint(async ({ locals }) => {
	if (!locals.user) return errorResponse(401, 'Please sign in to subscribe to our newsletter');
	const user = await setNewsletter(locals.user.id, true);
	const message = waitsForVerification(user)
		? `You are subscribed to our newsletter. ${UNVERIFIED_SUBSCRIBER_NOTE}`
		: 'You are subscribed to our newsletter.';
	return json({ message, user });
});
