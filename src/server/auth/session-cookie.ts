/**
 * The session cookie's name, alone in its file so that the host can tell from an upload's
 * headers that it carries no session (host/body-limit.ts) without loading the session code and
 * the database with it.
 */
export const SESSION_COOKIE = 'session';

/** True when a Cookie header holds a non-empty session cookie. */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
	if (!cookieHeader) return false;
	for (const pair of cookieHeader.split(';')) {
		const at = pair.indexOf('=');
		if (at > 0 && pair.slice(0, at).trim() === SESSION_COOKIE && pair.slice(at + 1).trim() !== '')
			return true;
	}
	return false;
}
