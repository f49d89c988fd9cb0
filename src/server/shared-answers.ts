/**
 * Which answers of the public API may be shared between readers, said the standard way, by the
 * answer itself: `Cache-Control: public, s-maxage=…` for what an anonymous reader gets from a
 * public read route. The host's in-memory cache keeps only such answers (src/server/host/
 * api-cache.ts), and nginx or a CDN in front can keep the same ones without any code of ours.
 *
 * What a signed-in reader gets may be theirs alone (an author sees their own pending comments;
 * editors see drafts), so it stays `private, no-cache`. `Vary: Cookie` tells a shared cache that
 * the answer belongs to readers without cookies. How long a cache in front may keep it is
 * src/server/shared-cache-policy.ts's to say (a second, and a second more while revalidating).
 */
import type { APIContext } from 'astro';
import { json } from './http';
import { PRIVATE_CACHE_CONTROL, SHARED_CACHE_CONTROL } from './shared-cache-policy';

export function sharedAnswerHeaders(locals: APIContext['locals']): Record<string, string> {
	if (locals.user) return { 'Cache-Control': PRIVATE_CACHE_CONTROL };
	return { 'Cache-Control': SHARED_CACHE_CONTROL, Vary: 'Cookie' };
}

/** A JSON answer of a public read route: shareable when the reader is anonymous. */
export function publicJson<T>(
	data: T extends PromiseLike<unknown> ? never : T,
	locals: APIContext['locals'],
): Response {
	return json(data, 200, sharedAnswerHeaders(locals));
}
