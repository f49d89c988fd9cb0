/**
 * The one rule for user-supplied URLs (links in markdown, website and image links shown by
 * islands): http, https, irc, ircs, mailto and xmpp, or a relative URL. Everything else —
 * javascript:, data:, vbscript:, unknown schemes — is refused. Runs anywhere (no DOM).
 */

/**
 * DOMPurify's URI test, narrowed to our schemes. The second and third alternatives accept
 * relative URLs: ones not starting with a letter ('/x', '#x', '?x', '../x') and ones whose first
 * segment contains no colon ('page.html', 'a/b:c').
 */
export const ALLOWED_URI_REGEXP = /^(?:(?:https?|ircs?|mailto|xmpp):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/**
 * Characters browsers drop or ignore inside a URL's scheme ("java\tscript:" runs), removed before
 * testing, as DOMPurify does.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the controls browsers ignore in a scheme are the ones removed
const IGNORED_CHARACTERS = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000\uFEFF]/g;

/** An empty URL is not a link, so it counts as unsafe: callers then render plain text. */
export function isSafeUrl(url: string): boolean {
	return ALLOWED_URI_REGEXP.test(url.replace(IGNORED_CHARACTERS, ''));
}

/**
 * True for absolute http(s) URLs and protocol-relative ones ('//host', and '/\host', which
 * browsers read the same way): links that leave the site.
 */
export function isExternalUrl(url: string): boolean {
	return /^(?:https?:|[\\/]{2})/i.test(url.replace(IGNORED_CHARACTERS, ''));
}
