import { recordSignup } from '@/server/analytics/signups';
import { setNewsletter } from '@/server/auth/accounts';
import { clientKey } from '@/server/http/request-origin';
import { endpoint, json, readJson } from '@/server/http/endpoint';
import { SUBSCRIBE_ACCEPTED, subscribeByEmail } from '@/server/newsletter/members';
import { UNVERIFIED_SUBSCRIBER_NOTE, waitsForVerification } from '@/lib/newsletter-eligibility';
import { newsletterSubscribeSchema } from '@/lib/validation/newsletter';
import { attributionBodySchema } from '@/lib/validation/analytics';

export const prerender = false;

/**
 * Signed in: subscribes the account, with no body (the SPEC's call; any typed address is not
 * used: only the account's own address receives mail). Signed out: `{ email }` starts a double
 * opt-in and answers 202 with the same sentence whatever the address (see members.ts).
 */
export const POST = endpoint('personal', async (ctx) => {
	const { locals, request } = ctx;
	if (locals.user) {
		const { attribution } = await readJson(request, attributionBodySchema);
		const user = await setNewsletter(locals.user.id, true);
		await recordSignup('newsletter', attribution, request);
		const message = waitsForVerification(user)
			? `You are subscribed to our newsletter. ${UNVERIFIED_SUBSCRIBER_NOTE}`
			: 'You are subscribed to our newsletter.';
		return json({ message, user });
	}
	const { email, attribution } = await readJson(request, newsletterSubscribeSchema);
	await subscribeByEmail(email, clientKey(ctx));
	await recordSignup('newsletter', attribution, request);
	return json({ message: SUBSCRIBE_ACCEPTED }, 202);
});
