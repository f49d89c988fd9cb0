import { cancelEmailChange, changeEmail, pendingEmail, resendEmailChange } from '@/server/auth/accounts';
import { requireUser } from '@/server/auth/permissions';
import { clientKey } from '@/server/http/request-origin';
import { endpoint, json, readJson } from '@/server/http/endpoint';
import { changeEmailSchema } from '@/lib/validation/auth';

export const prerender = false;

/**
 * Asks to change the sign-in email: a confirmation link goes to the new address, which becomes
 * the account's only when that link is confirmed (POST /api/auth/verify-email).
 */
export const PUT = endpoint('personal', async (ctx) => {
	const { request, locals } = ctx;
	const user = requireUser(locals);
	const { email, currentPassword } = await readJson(request, changeEmailSchema);
	return json(await changeEmail(user, email, currentPassword, clientKey(ctx)));
});

/** The email change waiting for its link to be opened: `{ pendingEmail }`, null when none. */
export const GET = endpoint('personal', async ({ locals }) => json(await pendingEmail(requireUser(locals))));

/** Mails the waiting change's link again (404 when nothing waits). */
export const POST = endpoint('personal', async ({ locals }) =>
	json(await resendEmailChange(requireUser(locals))),
);

/** Cancels the waiting change: its link stops working (404 when nothing waits). */
export const DELETE = endpoint('personal', async ({ locals }) =>
	json(await cancelEmailChange(requireUser(locals))),
);
