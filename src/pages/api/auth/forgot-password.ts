import { FORGOT_PASSWORD_MESSAGE, requestPasswordReset } from '@/server/auth/accounts';
import { clientKey } from '@/server/http/request-origin';
import { endpoint, json, readJson } from '@/server/http/endpoint';
import { forgotPasswordSchema } from '@/lib/validation/auth';

export const prerender = false;

/** Always the same neutral answer, whether or not the account exists. */
export const POST = endpoint('personal', async (ctx) => {
	const { email } = await readJson(ctx.request, forgotPasswordSchema);
	await requestPasswordReset(email, clientKey(ctx));
	return json({ message: FORGOT_PASSWORD_MESSAGE });
});
