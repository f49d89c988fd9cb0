/**
 * Mailed links that a person opens (verify an address, reset a password, confirm a newsletter
 * subscription) carry their token in the fragment: `/verify-email#token=…`. Browsers never send
 * a fragment, so no node, proxy or log (nginx's error log included, which writes the request
 * line when a node is down) ever sees the token (issue 42, F-9). The page's island reads it and
 * posts it. Links mailed before carried it in the query (`?token=…`); the pages still read that.
 */

/** The path of a mailed link with `token` in its fragment. */
export function pathWithToken(path: string, token: string): string {
	return `${path}#token=${encodeURIComponent(token)}`;
}

/** The token of the link the page was opened from: the fragment's, else the query's (older links). */
export function tokenOfLink(location: Pick<Location, 'hash' | 'search'>): string | null {
	const fromFragment = new URLSearchParams(location.hash.replace(/^#/, '')).get('token');
	return fromFragment || new URLSearchParams(location.search).get('token') || null;
}
