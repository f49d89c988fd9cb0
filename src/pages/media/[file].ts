import type { APIContext } from 'astro';
import { MEDIA_BROWSER_CACHE_HOURS } from '@/lib/validation/media';
import { SHARED_MAX_AGE_SECONDS } from '@/server/http/cache-headers';
import { endpoint } from '@/server/http/endpoint';
import { byteRange } from '@/server/http/byte-range';
import { pacedBody } from '@/server/http/paced-body';
import { mediaFile } from '@/server/media/library';

export const prerender = false;

/**
 * A library file's name is a hash of its bytes, so its bytes never change, but the file can be
 * deleted. Browsers keep it for MEDIA_BROWSER_CACHE_HOURS (the delete confirmation says so); a
 * shared cache (nginx) for a second only, then it revalidates with the ETag: a node answers 304
 * after a lookup while the file is there, 404 once it is deleted, so a delete is gone behind
 * nginx within two seconds (nginx counts whole seconds) without a purge. The nodes' own memory
 * drops the file on the delete's change (media-deleted), so it needs no such bound. No
 * stale-while-revalidate: a deleted file must not be served once more while the cache asks.
 */
const MEDIA_CACHE_CONTROL = `public, max-age=${MEDIA_BROWSER_CACHE_HOURS * 3600}, s-maxage=${SHARED_MAX_AGE_SECONDS}`;

const notFound = () =>
	new Response('Not found', {
		status: 404,
		headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
	});

/**
 * A media library file; Range requests (one range) get 206, so a large GIF or an episode can be
 * read in parts. The bytes are streamed from the store as the client takes them, a range's only
 * (an episode of 100 MB is never in memory whole); HEAD reads none.
 */
async function serveFile({ params, request }: APIContext): Promise<Response> {
	const name = params.file ?? '';
	const etag = `"${name}"`;
	const headers: Record<string, string> = {
		'Cache-Control': MEDIA_CACHE_CONTROL,
		'Accept-Ranges': 'bytes',
		ETag: etag,
		'X-Content-Type-Options': 'nosniff',
	};
	// The lookup reads no bytes (the store's get answers type and size), so a revalidation (nginx's,
	// each second for a file it keeps) costs one lookup: 304 while the file is there, 404 after.
	const file = await mediaFile(name);
	if (!file) return notFound();
	if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
	headers['Content-Type'] = file.contentType;
	const { size } = file;
	const range = byteRange(request.headers.get('range'), size);
	if (range === 'unsatisfiable') {
		return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}` } });
	}
	const part = range ?? { start: 0, end: size - 1 };
	const length = part.end - part.start + 1;
	const body = request.method === 'HEAD' || length === 0 ? null : pacedBody(file.read(part));
	if (range) {
		headers['Content-Range'] = `bytes ${range.start}-${range.end}/${size}`;
	}
	return new Response(body, {
		status: range ? 206 : 200,
		headers: { ...headers, 'Content-Length': String(length) },
	});
}

export const GET = endpoint('public', serveFile);
export const HEAD = endpoint('public', serveFile);
