import { IMMUTABLE_CACHE_CONTROL } from '@/server/http/cache-headers';
import { endpoint } from '@/server/http/endpoint';
import { byteRange } from '@/server/http/byte-range';
import { mediaFile } from '@/server/media/library';

export const prerender = false;

/**
 * A media library file. Its name is a hash of its bytes, so it is cached for good by browsers
 * and by nginx; Range requests (one range) get 206, so a large GIF can be read in parts.
 */
export const GET = endpoint('public', async ({ params, request }) => {
	const name = params.file ?? '';
	const file = await mediaFile(name);
	if (!file) {
		return new Response('Not found', {
			status: 404,
			headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
		});
	}
	const etag = `"${name}"`;
	const headers: Record<string, string> = {
		'Content-Type': file.contentType,
		'Cache-Control': IMMUTABLE_CACHE_CONTROL,
		'Accept-Ranges': 'bytes',
		ETag: etag,
		'X-Content-Type-Options': 'nosniff',
	};
	if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
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
