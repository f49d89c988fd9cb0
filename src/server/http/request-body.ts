/**
 * The one cap on request bodies, for every route: the API's JSON reader (src/server/http/endpoint.ts) and
 * the production host, which reads each body before Astro sees it, so page routes that read
 * forms (Astro.request.formData()) are held to the same limit as /api.
 */
import { MAX_AUDIO_UPLOAD_BYTES } from '@/lib/validation/media';

/** Largest body any route accepts; articles with long markdown fit well inside. */
export const MAX_BODY_BYTES = 256 * 1024;

/**
 * The one route that takes more: the media library's upload, a 10 MB image
 * (MAX_MEDIA_BYTES) with its alt text and the multipart framing around them.
 */
export const MEDIA_UPLOAD_PATH = '/api/admin/media';
export const MAX_UPLOAD_BODY_BYTES = 10 * 1024 * 1024 + 64 * 1024;

/**
 * Episode audio, sent as the file's bytes alone (no multipart framing): MAX_AUDIO_UPLOAD_BYTES.
 * Uploads are streamed to a temporary file (upload-file.ts), never held in memory.
 */
export const AUDIO_UPLOAD_PATH = '/api/admin/media/audio';
export const MAX_AUDIO_UPLOAD_BODY_BYTES = MAX_AUDIO_UPLOAD_BYTES;

/** The cap on the body of a request to `pathname`. */
export function bodyCapFor(method: string | undefined, pathname: string): number {
	if (method !== 'POST') return MAX_BODY_BYTES;
	if (pathname === MEDIA_UPLOAD_PATH) return MAX_UPLOAD_BODY_BYTES;
	if (pathname === AUDIO_UPLOAD_PATH) return MAX_AUDIO_UPLOAD_BODY_BYTES;
	return MAX_BODY_BYTES;
}

/**
 * How much of an oversized body is read and thrown away so its sender can read the 413: a
 * client that is still writing when the connection closes gets a reset instead of the answer
 * (Node's fetch reports EPIPE). A few megabytes covers what a mistaken upload sends.
 */
export const MAX_DISCARDED_BYTES = 8 * 1024 * 1024;

/**
 * How many bytes of a refused body are read in all before the connection is cut: a route with a
 * larger cap (the upload) has its mistaken bodies run past the cap, so they are let run a quarter
 * of MAX_DISCARDED_BYTES beyond it. The same limit holds whether the body announced its length
 * or grew past the cap as it came.
 */
export function discardLimitFor(cap: number): number {
	return Math.max(MAX_DISCARDED_BYTES, cap + MAX_DISCARDED_BYTES / 4);
}

/** Methods whose bodies Astro reads (it ignores those of GET and HEAD). */
export const METHODS_WITH_BODIES = new Set(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export const BODY_TOO_LARGE = 'Request body is too large.';

/** The body was longer than MAX_BODY_BYTES; what was read is gone. */
export class BodyTooLarge extends Error {
	constructor() {
		super(BODY_TOO_LARGE);
	}
}

/** The client went away before the body was complete. */
export class BodyAborted extends Error {
	constructor() {
		super('The request body was not received completely.');
	}
}

/** True when a Content-Length header announces more than the cap. */
export function declaresTooLargeBody(
	contentLength: string | null | undefined,
	cap = MAX_BODY_BYTES,
): boolean {
	const declared = Number(contentLength);
	return contentLength != null && contentLength !== '' && Number.isFinite(declared) && declared > cap;
}

/**
 * Reads a body (a web ReadableStream or a Node request, both async iterables of bytes) of at most
 * `cap` bytes (MAX_BODY_BYTES unless the route takes more). Past the cap it reads on to its end
 * keeping nothing, as nginx's lingering close does: closing the connection while the client is
 * still sending resets it, and most clients then report a broken pipe instead of the 413. A body
 * that goes on past discardLimitFor(cap) is cut off (the iteration stops, which cancels the stream). Throws BodyTooLarge or BodyAborted.
 */
export async function readCappedBody(body: AsyncIterable<Uint8Array>, cap = MAX_BODY_BYTES): Promise<Buffer> {
	const chunks: Uint8Array[] = [];
	const discardUpTo = discardLimitFor(cap);
	let total = 0;
	let tooLarge = false;
	try {
		for await (const chunk of body) {
			total += chunk.byteLength;
			if (total > discardUpTo) break;
			if (total > cap) tooLarge = true;
			else chunks.push(chunk);
		}
	} catch {
		if (tooLarge) throw new BodyTooLarge();
		throw new BodyAborted();
	}
	if (tooLarge || total > cap) throw new BodyTooLarge();
	return Buffer.concat(chunks);
}
