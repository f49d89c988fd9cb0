import { recordSignup } from '@/server/analytics/signups';
import { register } from '@/server/auth/accounts';
import { endSession, startSession } from '@/server/auth/sign-in';
import { clientKey } from '@/server/http/request-origin';
import { endpoint, json, readJson } from '@/server/http/endpoint';
import { registerSchema } from '@/lib/validation/auth';

export const prerender = false;

/** Creates the account and signs it in (a new account starts signed in). */
export const POST = endpoint('personal', async (ctx) => {
	const input = await readJson(ctx.request, registerSchema);
	const user = await register(input, clientKey(ctx));
	await recordSignup('account', input.attribution, ctx.request);
	// Like signing in as someone else: the session this browser had ends.
	await endSession(ctx);
	await startSession(ctx, user.id);
	return json(user, 201);
});
