import { changePassword } from '@/server/auth/accounts';
import { requireUser } from '@/server/auth/permissions';
import { clientKey } from '@/server/http/request-origin';
import { endpoint, json, readJson } from '@/server/http/endpoint';
import { changePasswordSchema } from '@/lib/validation/auth';

export const prerender = false;

/** Changes the password and ends every other session of the user. */
export const PUT = endpoint('personal', async (ctx) => {
	const { request, locals } = ctx;
	const user = requireUser(locals);
	const { currentPassword, newPassword } = await readJson(request, changePasswordSchema);
	await changePassword(user, currentPassword, newPassword, locals.session!.id, clientKey(ctx));
	return json({ message: 'Password updated' });
});
