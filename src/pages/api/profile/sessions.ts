import { requireUser } from '@/server/auth/permissions';
import { endAllSessions } from '@/server/auth/sign-in';
import { endpoint, json } from '@/server/http/endpoint';

export const prerender = false;

/** "Sign out everywhere" in the profile: ends every session of the user, this one included. */
export const DELETE = endpoint('personal', async (ctx) => {
	const user = requireUser(ctx.locals);
	await endAllSessions(ctx, user);
	return json({ message: 'You are signed out everywhere.' });
});
