import { endSession } from '@/server/auth/sign-in';
import { endpoint, json } from '@/server/http/endpoint';

export const prerender = false;

export const POST = endpoint('personal', async (ctx) => {
	await endSession(ctx);
	return json({ message: 'Successfully logged out!' });
});
