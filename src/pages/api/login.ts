import { authenticate } from '@/server/auth/accounts';
import { endSession, startSession } from '@/server/auth/sign-in';
import { clientKey } from '@/server/http/request-origin';
import { endpoint, json, readJson } from '@/server/http/endpoint';
import { loginSchema } from '@/lib/validation/auth';

export const prerender = false;

export const POST = endpoint('personal', async (ctx) => {
	const { email, password } = await readJson(ctx.request, loginSchema);
	const user = await authenticate(email, password, clientKey(ctx));
	// Signing in as someone else in the same browser ends the session it had.
	await endSession(ctx);
	await startSession(ctx, user.id);
	return json(user);
});
