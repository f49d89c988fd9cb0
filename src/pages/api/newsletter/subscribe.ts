import { setNewsletter } from '@/server/auth/accounts';
import { endpoint, errorResponse, json } from '@/server/http';

export const prerender = false;

/** Subscribes the signed-in account; the email typed on the home page is not sent:
 * the subscription belongs to the account, and only the account's own address receives mail. */
export const POST = endpoint(async ({ locals }) => {
	if (!locals.user) return errorResponse(401, 'Please sign in to subscribe to our newsletter');
	const user = await setNewsletter(locals.user.id, true);
	return json({ message: 'You are subscribed to our newsletter.', user });
});
