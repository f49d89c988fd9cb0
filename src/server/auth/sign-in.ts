/** Starting and ending a browser session: the cookie side of accounts. */
import type { APIContext } from 'astro';
import {
	clearSessionCookie,
	createSession,
	invalidateSession,
	invalidateUserSessions,
	setSessionCookie,
	type SessionUser,
} from './session';

export async function startSession(ctx: APIContext, userId: number): Promise<void> {
	const { token, session } = await createSession(userId);
	setSessionCookie(ctx.cookies, token, session.expiresAt);
}

export async function endSession(ctx: APIContext): Promise<void> {
	if (ctx.locals.session) await invalidateSession(ctx.locals.session.id);
	clearSessionCookie(ctx.cookies);
}

/**
 * "Sign out everywhere": every session of the user ends, this one too (a lost phone or a shared
 * computer loses access at once), and this browser's cookie is cleared.
 */
export async function endAllSessions(ctx: APIContext, user: SessionUser): Promise<void> {
	await invalidateUserSessions(user.id);
	clearSessionCookie(ctx.cookies);
}
