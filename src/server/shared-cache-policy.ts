/**
 * How long caches in front of the nodes (nginx, a CDN) may keep what is the same for every
 * anonymous reader: generated pages and public API answers. Browsers revalidate every time
 * (max-age=0); a shared cache keeps an answer for a second and may serve it a second longer
 * while it fetches the next one in the background, so a publication is visible behind a cache
 * within about two seconds (plus the node's own regeneration) while the cache still answers
 * nearly every read. The nodes' own memory is emptied by change events instead, so it does not
 * need this bound (src/server/host/api-cache.ts, generated-pages.ts).
 */
export const SHARED_MAX_AGE_SECONDS = 1;
export const SHARED_STALE_SECONDS = 1;

export const SHARED_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_MAX_AGE_SECONDS}, stale-while-revalidate=${SHARED_STALE_SECONDS}`;

/** What a signed-in reader gets may be theirs alone: browsers only, and revalidated. */
export const PRIVATE_CACHE_CONTROL = 'private, no-cache';
