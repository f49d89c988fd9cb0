/**
 * Every request body, whatever the route, is read here before Astro sees it and held to the
 * API's cap (src/server/http/request-body.ts): a page that reads a form (the unsubscribe page) would
 * otherwise take a body of any size into memory. The body Astro then reads is the one read here.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { log } from '@/server/runtime/log';
import {
	BODY_TOO_LARGE,
	BodyAborted,
	BodyTooLarge,
	declaresTooLargeBody,
	readCappedBody,
} from '@/server/http/request-body';

/** Methods whose bodies Astro reads (it ignores those of GET and HEAD). */
const METHODS_WITH_BODIES = new Set(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

function refuseTooLarge(res: ServerResponse): void {
	const body = JSON.stringify({ message: BODY_TOO_LARGE });
	res.writeHead(413, {
		'Content-Type': 'application/json',
		'Cache-Control': 'no-store',
		// The refused body may still be arriving: the connection is not reused half-read.
		Connection: 'close',
	});
	res.end(body);
}

/**
 * Reads the request's body within the cap, then calls next() with the body handed to Astro (the
 * Node adapter takes `req.body` when set). Answers 413 itself for a body over the cap, and
 * nothing at all when the client went away.
 */
export function limitRequestBody(req: IncomingMessage, res: ServerResponse, next: () => void): void {
	// biome-ignore lint/correctness/noVoidTypeReturn: hands over and stops in one statement; the value is void
	if (!METHODS_WITH_BODIES.has(req.method ?? '')) return next();
	// biome-ignore lint/correctness/noVoidTypeReturn: hands over and stops in one statement; the value is void
	if (declaresTooLargeBody(req.headers['content-length'])) return refuseTooLarge(res);
	readCappedBody(req).then(
		(bytes) => {
			// An async iterable, not a Buffer: the adapter would JSON-encode an object with keys.
			(req as IncomingMessage & { body?: AsyncIterable<Uint8Array> }).body = {
				async *[Symbol.asyncIterator]() {
					if (bytes.byteLength > 0) yield bytes;
				},
			};
			next();
		},
		(error: unknown) => {
			if (error instanceof BodyTooLarge && !res.headersSent) return refuseTooLarge(res);
			// The client went away mid-body: worth one line in the log, not a stack trace.
			if (error instanceof BodyAborted) log().warn('the client aborted the request body');
			res.destroy();
		},
	);
}
