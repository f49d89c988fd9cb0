/**
 * Which answers may be shared between readers, and for how long, said the standard way: by the
 * answer's own `Cache-Control`. Generated pages and what an anonymous reader gets from a public
 * read route are the same for every anonymous reader (`public, s-maxage=…`); the host's
 * in-memory cache keeps only such answers (src/server/host/api-cache.ts), and nginx or a CDN in
 * front can keep the same ones without any code of ours.
 *
 * Browsers revalidate every time (max-age=0); a shared cache keeps an answer for a second and
 * may serve it a second longer while it fetches the next one in the background, so a
 * publication is visible behind a cache within about two seconds (plus the node's own
 * regeneration) while the cache still answers nearly every read. The nodes' own memory is
 * emptied by change events instead, so it does not need this bound (src/server/host/
 * api-cache.ts, generated-pages.ts).
 *
 * What a signed-in reader gets may be theirs alone (an author sees their own pending comments;
 * editors see drafts), so it stays `private, no-cache`. `Vary: Cookie` tells a shared cache that
 * the answer belongs to readers without cookies.
 *
 * No runtime imports: the host reads these values without loading the app's endpoint helpers.
 */
import type { APIContext } from 'astro';

export const SHARED_MAX_AGE_SECONDS = 1;
export const SHARED_STALE_SECONDS = 1;

export const SHARED_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_MAX_AGE_SECONDS}, stale-while-revalidate=${SHARED_STALE_SECONDS}`;

/** Files that never change under their name (hashed build files, library images, placeholders). */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** What a signed-in reader gets may be theirs alone: browsers only, and revalidated. */
export const PRIVATE_CACHE_CONTROL = 'private, no-cache';

/**
 * A page whose URL carries a secret (a reset, verification or unsubscribe token; the list is in
 * src/server/http/security-headers.ts, which sets this on them) is kept by no cache: a shared one
 * (nginx, a CDN) would store a copy per token under its URL, a browser's would keep it after
 * use. Nothing on such a page is worth keeping.
 */
export const SECRET_URL_CACHE_CONTROL = 'private, no-store';

/** The headers of a public read route's answer: shareable when the reader is anonymous. */
export function sharedAnswerHeaders(locals: APIContext['locals']): Record<string, string> {
	if (locals.user) return { 'Cache-Control': PRIVATE_CACHE_CONTROL };
	return { 'Cache-Control': SHARED_CACHE_CONTROL, Vary: 'Cookie' };
}
