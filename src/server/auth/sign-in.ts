/** Starting and ending a browser session: the cookie side of accounts. */
import type { APIContext } from 'astro';
import { clearSessionCookie, createSession, invalidateSession, setSessionCookie } from './session';

export async function startSession(ctx: APIContext, userId: number): Promise<void> {
	const { token, session } = await createSession(userId);
	setSessionCookie(ctx.cookies, token, session.expiresAt);
}

export async function endSession(ctx: APIContext): Promise<void> {
	if (ctx.locals.session) await invalidateSession(ctx.locals.session.id);
	clearSessionCookie(ctx.cookies);
}
