import type { APIContext } from 'astro';
import { IMMUTABLE_CACHE_CONTROL } from '@/server/http/cache-headers';
import { endpoint } from '@/server/http/endpoint';
import { byteRange } from '@/server/http/byte-range';
import { pacedBody } from '@/server/http/paced-body';
import { mediaFile } from '@/server/media/library';

export const prerender = false;

/**
 * A media library file. Its name is a hash of its bytes, so it is cached for good by browsers
 * and by nginx; Range requests (one range) get 206, so a large GIF or an episode can be read in
 * parts. The bytes are streamed from the store as the client takes them, a range's only (an
 * episode of 100 MB is never in memory whole); HEAD reads none.
 */
async function serveFile({ params, request }: APIContext): Promise<Response> {
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
