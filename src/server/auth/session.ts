/**
 * Sessions after lucia-auth.com's guide: a random token in an HttpOnly cookie, its SHA-256 as
 * the stored id, 30-day lifetime extended when less than half remains (sliding expiry), and an
 * absolute end 90 days after the start, so a stolen token used daily still dies.
 */
import type { AstroCookies } from 'astro';
import { and, eq, lt, ne } from 'drizzle-orm';
import { config } from '@/server/config';
import { db, schema } from '@/server/db';
import { generateToken, hashToken } from './tokens';

export const SESSION_COOKIE = 'session';
/**
 * A readable companion of the session cookie, holding no secret: it tells page scripts that a
 * session may exist, so visitors' pages never ask GET /api/user just to hear 401 (a console
 * error in every anonymous page view).
 */
export const SIGNED_IN_HINT_COOKIE = 'signed_in';
const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_LIFETIME_MS = 30 * DAY_MS;
/** However often a session is extended, it ends this long after it started. */
export const SESSION_ABSOLUTE_LIFETIME_MS = 90 * DAY_MS;

export type SessionUser = {
	id: number;
	username: string;
	email: string;
	role: 'user' | 'editor';
	isBanned: boolean;
	isNewsletterSubscribed: boolean;
	createdAt: Date;
};
export type Session = { id: string; userId: number; expiresAt: Date; createdAt: Date };

export const publicUserColumns = {
	id: schema.users.id,
	username: schema.users.username,
	email: schema.users.email,
	role: schema.users.role,
	isBanned: schema.users.isBanned,
	isNewsletterSubscribed: schema.users.isNewsletterSubscribed,
	createdAt: schema.users.createdAt,
};

/** Starts a session and returns the token for the cookie (the only place it exists). */
export function createSession(userId: number, now = Date.now()): { token: string; session: Session } {
	const token = generateToken();
	const session = {
		id: hashToken(token),
		userId,
		expiresAt: new Date(now + SESSION_LIFETIME_MS),
		createdAt: new Date(now),
	};
	db().insert(schema.sessions).values(session).run();
	return { token, session };
}

/**
 * Looks up the session of a token. Expired sessions, those past their absolute end and those
 * of banned users count as none (bans also delete sessions; this is the belt to those braces).
 */
export function validateSessionToken(
	token: string,
	now = Date.now(),
): { session: Session; user: SessionUser; extended: boolean } | null {
	const id = hashToken(token);
	const row = db()
		.select({ session: schema.sessions, user: publicUserColumns })
		.from(schema.sessions)
		.innerJoin(schema.users, eq(schema.sessions.userId, schema.users.id))
		.where(eq(schema.sessions.id, id))
		.get();
	if (!row) return null;
	const { session, user } = row;
	const end = session.createdAt.getTime() + SESSION_ABSOLUTE_LIFETIME_MS;
	if (now >= session.expiresAt.getTime() || now >= end || user.isBanned) {
		db().delete(schema.sessions).where(eq(schema.sessions.id, id)).run();
		return null;
	}
	const extended =
		now >= session.expiresAt.getTime() - SESSION_LIFETIME_MS / 2 && session.expiresAt.getTime() < end;
	if (extended) {
		session.expiresAt = new Date(Math.min(now + SESSION_LIFETIME_MS, end));
		db()
			.update(schema.sessions)
			.set({ expiresAt: session.expiresAt })
			.where(eq(schema.sessions.id, id))
			.run();
	}
	return { session, user, extended };
}

export function invalidateSession(sessionId: string): void {
	db().delete(schema.sessions).where(eq(schema.sessions.id, sessionId)).run();
}

/** Ends every session of a user, or every one but `keepSessionId`. */
export function invalidateUserSessions(userId: number, keepSessionId?: string): void {
	const byUser = eq(schema.sessions.userId, userId);
	db()
		.delete(schema.sessions)
		.where(keepSessionId ? and(byUser, ne(schema.sessions.id, keepSessionId)) : byUser)
		.run();
}

export function deleteExpiredSessions(now = Date.now()): void {
	db().delete(schema.sessions).where(lt(schema.sessions.expiresAt, new Date(now))).run();
}

export function setSessionCookie(cookies: AstroCookies, token: string, expiresAt: Date): void {
	const options = { sameSite: 'lax', secure: config().secureCookies, path: '/', expires: expiresAt } as const;
	cookies.set(SESSION_COOKIE, token, { ...options, httpOnly: true });
	cookies.set(SIGNED_IN_HINT_COOKIE, '1', options);
}

export function clearSessionCookie(cookies: AstroCookies): void {
	const options = { sameSite: 'lax', secure: config().secureCookies, path: '/', maxAge: 0 } as const;
	cookies.set(SESSION_COOKIE, '', { ...options, httpOnly: true });
	cookies.set(SIGNED_IN_HINT_COOKIE, '', options);
}
