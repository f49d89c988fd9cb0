/**
 * Where the sign-in screen sends a visitor afterwards: back to the page they came from, which
 * links pass to /auth as `?next=/path`. The value comes from the address bar, so anyone can
 * craft it: only a path on this site is accepted, never another origin (an open redirect would
 * let a phishing link borrow our name). Runs anywhere (no DOM).
 */

/** The query parameter /auth reads the return path from. */
export const RETURN_PARAM = 'next';

// Any origin works: a value that resolves against it to another origin leaves the site.
const PROBE_ORIGIN = 'https://return-path.invalid';
// Browsers drop tabs and newlines inside URLs and read "\" as "/": "/\evil" and "/\t/evil" are
// protocol-relative. Refuse those characters anywhere rather than guess how each browser reads them.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are among those refused
const REFUSED_CHARACTERS = /[\u0000-\u001F\u007F\\]/;
// A second slash after the first, possibly behind spaces, starts another host.
const SECOND_SLASH = /^\/[\s\u00A0\uFEFF]*\//;
const MAX_LENGTH = 2048;
const MAX_DECODES = 3;

/** Percent-decodes until stable (a few rounds), so "%2F%2Fevil" is judged as "//evil". */
function fullyDecoded(value: string): string | null {
	let current = value;
	for (let round = 0; round < MAX_DECODES; round += 1) {
		let next: string;
		try {
			next = decodeURIComponent(current);
		} catch {
			return null;
		}
		if (next === current) return current;
		current = next;
	}
	return null;
}

/** True when a value, as written and fully decoded, is a plain path on this site. */
function isSitePath(value: string): boolean {
	const decoded = fullyDecoded(value);
	if (decoded === null) return false;
	return [value, decoded].every(
		(form) => form.startsWith('/') && !SECOND_SLASH.test(form) && !REFUSED_CHARACTERS.test(form),
	);
}

/**
 * The path to return to after signing in, or null when the value is missing or could lead off
 * the site (absolute or protocol-relative URLs, backslashes, control characters, encoded
 * variants of these) or back to the sign-in screen itself. The answer is the parser's own
 * reading of the path (pathname, query and fragment), so what is checked is what is followed:
 * the parser removes dot segments ("/.//x" and "/a/..//x" become "//x"), so its answer is
 * checked again, as the Location header will carry it.
 */
export function safeReturnPath(value: unknown): string | null {
	if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return null;
	if (!isSitePath(value)) return null;
	let url: URL;
	try {
		url = new URL(value, PROBE_ORIGIN);
	} catch {
		return null;
	}
	if (url.origin !== PROBE_ORIGIN) return null;
	if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return null;
	const path = `${url.pathname}${url.search}${url.hash}`;
	if (!isSitePath(path) || new URL(path, PROBE_ORIGIN).origin !== PROBE_ORIGIN) return null;
	return path;
}

/**
 * The /auth link for a page: the tab to open (Sign Up for "Get Started") and the page to come
 * back to. A path that is not a safe return path is left out rather than passed on.
 */
export function authHref(options: { tab?: 'signin' | 'signup'; returnTo?: string | null } = {}): string {
	const params = new URLSearchParams();
	if (options.tab === 'signup') params.set('tab', 'signup');
	const returnTo = safeReturnPath(options.returnTo);
	if (returnTo && returnTo !== '/') params.set(RETURN_PARAM, returnTo);
	const query = params.toString();
	return query ? `/auth?${query}` : '/auth';
}
