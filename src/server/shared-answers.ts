/**
 * Which answers of the public API may be shared between readers, said the standard way, by the
 * answer itself: `Cache-Control: public, s-maxage=…` for what an anonymous reader gets from a
 * public read route. The host's in-memory cache keeps only such answers (src/server/host/
 * api-cache.ts), and nginx or a CDN in front can keep the same ones without any code of ours.
 *
 * What a signed-in reader gets may be theirs alone (an author sees their own pending comments;
 * editors see drafts), so it stays `private, no-cache`. `Vary: Cookie` tells a shared cache that
 * the answer belongs to readers without cookies. Browsers revalidate every time (max-age=0);
 * shared caches keep an answer for at most API_CACHE_TTL_MS, the bound on how long a change
 * made outside this process may go unseen.
 */
import type { APIContext } from 'astro';
import { config } from './config';
import { json } from './http';

const PRIVATE = 'private, no-cache';

export function sharedAnswerHeaders(locals: APIContext['locals']): Record<string, string> {
	if (locals.user) return { 'Cache-Control': PRIVATE };
	const seconds = Math.floor(config().apiCacheTtlMs / 1000);
	return {
		'Cache-Control': `public, max-age=0, must-revalidate, s-maxage=${seconds}`,
		Vary: 'Cookie',
	};
}

/** A JSON answer of a public read route: shareable when the reader is anonymous. */
export function publicJson<T>(
	data: T extends PromiseLike<unknown> ? never : T,
	locals: APIContext['locals'],
): Response {
	return json(data, 200, sharedAnswerHeaders(locals));
}
