/** Starting and ending a browser session: the cookie side of accounts. */
import type { APIContext } from 'astro';
import { clearSessionCookie, createSession, invalidateSession, setSessionCookie } from './session';

export function startSession(ctx: APIContext, userId: number): void {
	const { token, session } = createSession(userId);
	setSessionCookie(ctx.cookies, token, session.expiresAt);
}

export function endSession(ctx: APIContext): void {
	if (ctx.locals.session) invalidateSession(ctx.locals.session.id);
	clearSessionCookie(ctx.cookies);
}
