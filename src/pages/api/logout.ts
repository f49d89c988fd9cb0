import { endSession } from '@/server/auth/sign-in';
import { endpoint, json } from '@/server/http';

export const prerender = false;

export const POST = endpoint(async (ctx) => {
	await endSession(ctx);
	return json({ message: 'Successfully logged out!' });
});
