/**
 * Sessions after lucia-auth.com's guide: a random token in an HttpOnly cookie, its SHA-256 as
 * the stored id, 30-day lifetime extended when less than half remains (sliding expiry), and an
 * absolute end 90 days after the start, so a stolen token used daily still dies.
 */
import type { AstroCookies } from 'astro';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import { config } from '@/server/runtime/config';
import {
	db,
	preparedSelect,
	qualified,
	textPlaceholder,
	platformRepresentatives as representatives,
	sessions,
	users,
} from '@/server/db';
import { generateToken, hashToken } from './tokens';
import type { SessionUser } from '@/lib/session-user';
import type { SessionRow } from '@db/schema';
import { DAY_MS } from '@/lib/durations';

import { SESSION_COOKIE } from './session-cookie';

export { SESSION_COOKIE };
/**
 * A readable companion of the session cookie, holding no secret: it tells page scripts that a
 * session may exist, so visitors' pages never ask GET /api/user just to hear 401 (a console
 * error in every anonymous page view).
 */
export const SIGNED_IN_HINT_COOKIE = 'signed_in';
export const SESSION_LIFETIME_MS = 30 * DAY_MS;
/** However often a session is extended, it ends this long after it started. */
export const SESSION_ABSOLUTE_LIFETIME_MS = 90 * DAY_MS;

export type { SessionUser };
export type Session = Pick<SessionRow, 'id' | 'userId' | 'expiresAt' | 'createdAt'>;

/** The columns of a user that sessions and the API show (never the password hash). */
export function publicUserColumns() {
	return {
		id: users.id,
		username: users.username,
		displayName: users.displayName,
		email: users.email,
		role: users.role,
		isBanned: users.isBanned,
		isNewsletterSubscribed: users.isNewsletterSubscribed,
		emailVerified: users.emailVerified,
		createdAt: users.createdAt,
		vendorPlatformId: representedPlatformId(),
	};
}

/** The platform a user represents (platform_representatives holds at most one per user). */
function representedPlatformId() {
	return sql<
		number | null
	>`(select ${representatives.platformId} from ${representatives} where ${representatives.userId} = ${qualified(users.id)})`;
}

/** Starts a session and returns the token for the cookie (the only place it exists). */
export async function createSession(
	userId: number,
	now = Date.now(),
): Promise<{ token: string; session: Session }> {
	const token = generateToken();
	const session = {
		id: hashToken(token),
		userId,
		expiresAt: new Date(now + SESSION_LIFETIME_MS),
		createdAt: new Date(now),
	};
	await db().insert(sessions).values(session);
	return { token, session };
}

/** The session and its user by the session's id: one statement, prepared once. */
const sessionById = preparedSelect('session_by_id', (database) =>
	database
		.select({ session: sessions, user: publicUserColumns() })
		.from(sessions)
		.innerJoin(users, eq(sessions.userId, users.id))
		.where(eq(sessions.id, textPlaceholder('id'))),
);

/**
 * Looks up the session of a token. Expired sessions, those past their absolute end and those
 * of banned users count as none (bans also delete sessions; this is the belt to those braces).
 */
export async function validateSessionToken(
	token: string,
	now = Date.now(),
): Promise<{ session: Session; user: SessionUser; extended: boolean } | null> {
	const id = hashToken(token);
	const [row] = await sessionById({ id });
	if (!row) return null;
	const { session, user } = row;
	const end = session.createdAt.getTime() + SESSION_ABSOLUTE_LIFETIME_MS;
	if (now >= session.expiresAt.getTime() || now >= end || user.isBanned) {
		await db().delete(sessions).where(eq(sessions.id, id));
		return null;
	}
	const extended =
		now >= session.expiresAt.getTime() - SESSION_LIFETIME_MS / 2 && session.expiresAt.getTime() < end;
	if (extended) {
		session.expiresAt = new Date(Math.min(now + SESSION_LIFETIME_MS, end));
		await db().update(sessions).set({ expiresAt: session.expiresAt }).where(eq(sessions.id, id));
	}
	return { session, user, extended };
}

export async function invalidateSession(sessionId: string): Promise<void> {
	await db().delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, or every one but `keepSessionId`. */
export async function invalidateUserSessions(userId: number, keepSessionId?: string): Promise<void> {
	const byUser = eq(sessions.userId, userId);
	await db()
		.delete(sessions)
		.where(keepSessionId ? and(byUser, ne(sessions.id, keepSessionId)) : byUser);
}

export async function deleteExpiredSessions(now = Date.now()): Promise<void> {
	await db()
		.delete(sessions)
		.where(lt(sessions.expiresAt, new Date(now)));
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
