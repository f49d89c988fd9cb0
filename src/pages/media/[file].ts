import { MEDIA_BROWSER_CACHE_HOURS } from '@/lib/validation/media';
import { SHARED_MAX_AGE_SECONDS } from '@/server/http/cache-headers';
import { endpoint } from '@/server/http/endpoint';
import { byteRange } from '@/server/http/byte-range';
import { mediaFile, mediaFileExists } from '@/server/media/library';

export const prerender = false;

/**
 * A library file's name is a hash of its bytes, so its bytes never change, but the file can be
 * deleted. Browsers keep it for MEDIA_BROWSER_CACHE_HOURS (the delete confirmation says so); a
 * shared cache (nginx) for a second only, then it revalidates with the ETag: a node answers 304
 * after a lookup while the file is there, 404 once it is deleted, so a delete is gone behind
 * nginx within two seconds (nginx counts whole seconds) without a purge. The nodes' own memory drops the file on the delete's
 * change (media-deleted), so it needs no such bound. No stale-while-revalidate: a deleted file
 * must not be served once more while the cache asks.
 */
const MEDIA_CACHE_CONTROL = `public, max-age=${MEDIA_BROWSER_CACHE_HOURS * 3600}, s-maxage=${SHARED_MAX_AGE_SECONDS}`;

const notFound = () =>
	new Response('Not found', {
		status: 404,
		headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
	});

/** A media library file; Range requests (one range) get 206, so a large GIF can be read in parts. */
export const GET = endpoint('public', async ({ params, request }) => {
	const name = params.file ?? '';
	const etag = `"${name}"`;
	const headers: Record<string, string> = {
		'Cache-Control': MEDIA_CACHE_CONTROL,
		'Accept-Ranges': 'bytes',
		ETag: etag,
		'X-Content-Type-Options': 'nosniff',
	};
	// A revalidation (nginx's, each second for a file it keeps) reads no bytes.
	if (request.headers.get('if-none-match') === etag) {
		return (await mediaFileExists(name)) ? new Response(null, { status: 304, headers }) : notFound();
	}
	const file = await mediaFile(name);
	if (!file) return notFound();
	headers['Content-Type'] = file.contentType;
	const size = file.data.byteLength;
	const range = byteRange(request.headers.get('range'), size);
	if (range === 'unsatisfiable') {
		return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}` } });
	}
	if (range) {
		const part = file.data.subarray(range.start, range.end + 1);
		return new Response(new Uint8Array(part.buffer as ArrayBuffer, part.byteOffset, part.byteLength), {
			status: 206,
			headers: {
				...headers,
				'Content-Range': `bytes ${range.start}-${range.end}/${size}`,
				'Content-Length': String(part.byteLength),
			},
		});
	}
	return new Response(new Uint8Array(file.data.buffer as ArrayBuffer, file.data.byteOffset, size), {
		headers: { ...headers, 'Content-Length': String(size) },
	});
});
