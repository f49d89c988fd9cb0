import { verifyEmail } from '@/server/auth/accounts';
import { mergeMemberIntoAccount } from '@/server/newsletter/members';
import { clientKey } from '@/server/http/request-origin';
import { endpoint, json, readJson } from '@/server/http/endpoint';
import { verifyEmailSchema } from '@/lib/validation/auth';

export const prerender = false;

/**
 * Confirms a verification link. Only the /verify-email page's button POSTs here: a mail
 * scanner that opens the link (a GET of the page) confirms nothing. No session is needed (the
 * token is the proof); one of the same account is kept when the address changes.
 */
export const POST = endpoint('personal', async (ctx) => {
	const { token } = await readJson(ctx.request, verifyEmailSchema);
	const { user, session } = ctx.locals;
	const { message, verifiedEmail } = await verifyEmail(token, {
		userId: user?.id,
		sessionId: session?.id,
		clientKey: clientKey(ctx),
	});
	// Accounts know nothing of the newsletter: an email-only subscription of the address just
	// proven becomes the account's here, where both subjects meet.
	await mergeMemberIntoAccount(verifiedEmail);
	return json({ message });
});
