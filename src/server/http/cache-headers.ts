/**
 * Which answers may be shared between readers, and for how long, said the standard way: by the
 * answer's own `Cache-Control`. Generated pages and what a public route answers are the same for
 * every reader (`public, s-maxage=…`); the host's
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
 * Every endpoint declares, in its route file, whether its answer depends on who asks
 * (endpoint() in src/server/http/endpoint.ts), as Ghost and CDNs do:
 * - a public answer is the same for everyone, so it is shared whatever cookies came (an
 *   analytics or consent cookie, or the session itself, changes nothing in it);
 * - a personal answer is `private, no-store` for everyone, an anonymous caller included, so no
 *   cache, shared or the browser's, ever keeps one.
 * Nothing here reads cookies: which answers are shareable is said by the answer, never guessed
 * from the request.
 *
 * No runtime imports: the host reads these values without loading the app's endpoint helpers.
 */
export const SHARED_MAX_AGE_SECONDS = 1;
export const SHARED_STALE_SECONDS = 1;

export const SHARED_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_MAX_AGE_SECONDS}, stale-while-revalidate=${SHARED_STALE_SECONDS}`;

/** Files that never change under their name (hashed build files, library images, placeholders). */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * A public route's answer under a URL no shared cache should key (an undeclared query parameter):
 * the browser's alone, revalidated. Also the host's default for anything that says nothing.
 */
export const PRIVATE_CACHE_CONTROL = 'private, no-cache';

/** Whether an endpoint's answer depends on who asks (see above). */
export type CacheRule = 'public' | 'personal';

/** Every answer of a personal endpoint, refusals included: kept by no cache at all. */
export const PERSONAL_CACHE_CONTROL = 'private, no-store';

/**
 * A page whose URL carries a secret (a reset, verification or unsubscribe token; the list is in
 * src/server/http/security-headers.ts, which sets this on them) is kept by no cache: a shared one
 * (nginx, a CDN) would store a copy per token under its URL, a browser's would keep it after
 * use. Nothing on such a page is worth keeping.
 */
export const SECRET_URL_CACHE_CONTROL = 'private, no-store';
