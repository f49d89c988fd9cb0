/**
 * The session cookie's name, alone in its file so that the host can tell from an upload's
 * headers that it carries no session (host/body-limit.ts) without loading the session code and
 * the database with it.
 */
import { parseCookie } from 'cookie';

export const SESSION_COOKIE = 'session';

/** True when a Cookie header holds a non-empty session cookie. */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
	return !!cookieHeader && !!parseCookie(cookieHeader)[SESSION_COOKIE];
}
