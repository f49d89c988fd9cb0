import { changeEmail } from '@/server/auth/accounts';
import { requireUser } from '@/server/auth/permissions';
import { clientKey } from '@/server/http/request-origin';
import { endpoint, json, readJson } from '@/server/http/endpoint';
import { changeEmailSchema } from '@/lib/validation/auth';

export const prerender = false;

/**
 * Asks to change the sign-in email: a confirmation link goes to the new address, which becomes
 * the account's only when that link is confirmed (POST /api/auth/verify-email).
 */
export const PUT = endpoint(async (ctx) => {
	const { request, locals } = ctx;
	const user = requireUser(locals);
	const { email, currentPassword } = await readJson(request, changeEmailSchema);
	return json(await changeEmail(user, email, currentPassword, clientKey(ctx)));
});
