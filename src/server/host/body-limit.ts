/**
 * Every request body, whatever the route, is read here before Astro sees it and held to the
 * API's cap (src/server/http/request-body.ts): a page that reads a form (the unsubscribe page) would
 * otherwise take a body of any size into memory. The body Astro then reads is the one read here.
 * Uploads (the routes with a larger cap) are the exception: they reach Astro unread, and the
 * route decides on the session from the headers before streaming the body to a file.
 *
 * A body over the cap reaches Astro empty, marked on the request's context, and the app's
 * middleware answers 413 under the route it matched. The connection then closes as nginx's
 * lingering close does: the answer goes out with `Connection: close`, and what the client is
 * still sending is read and thrown away, for at most LINGER_MS and discardLimitFor(cap), before
 * the socket is destroyed. Closing at once resets a client that is still writing, and most
 * (Node's fetch, browsers) then report a network error instead of the 413.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { log } from '@/server/runtime/log';
import { currentRequest } from '@/server/runtime/request-context';
import { hasSessionCookie } from '@/server/auth/session-cookie';
import { isCrossSite } from '@/server/http/request-origin';
import {
	BodyAborted,
	MAX_BODY_BYTES,
	BodyTooLarge,
	METHODS_WITH_BODIES,
	MAX_DISCARDED_BYTES,
	bodyCapFor,
	declaresTooLargeBody,
	discardLimitFor,
	readCappedBody,
} from '@/server/http/request-body';

/** How long a refused body's sender may go on writing after its answer (nginx's lingering_timeout). */
export const LINGER_MS = 5_000;

/** Hands Astro `bytes` as the request's body (the Node adapter takes `req.body` when set). */
function handOver(req: IncomingMessage, bytes: Uint8Array, next: () => void): void {
	// An async iterable, not a Buffer: the adapter would JSON-encode an object with keys.
	(req as IncomingMessage & { body?: AsyncIterable<Uint8Array> }).body = {
		async *[Symbol.asyncIterator]() {
			if (bytes.byteLength > 0) yield bytes;
		},
	};
	next();
}

/**
 * Throws away what the client still sends of a refused body, up to `budget` more bytes (beyond
 * that the request is paused, the client held back), and takes over closing the connection.
 * Node closes a `Connection: close` answer's socket with destroySoon() once the answer is
 * written, which would destroy it at once; here it ends the sending side and destroys the
 * socket when the body is over, the budget is spent or LINGER_MS have passed.
 */
function discardRest(req: IncomingMessage, budget: number): void {
	const socket = req.socket;
	let discarded = 0;
	let spent = false;
	let answered = false;
	let timer: NodeJS.Timeout | undefined;
	let closed = false;
	const close = () => {
		if (closed) return;
		closed = true;
		clearTimeout(timer);
		if (socket.writableFinished) socket.destroy();
		else socket.once('finish', () => socket.destroy());
	};
	// Reading here also keeps Node from dumping the body unread when the answer is done.
	req.on('data', (chunk: Uint8Array) => {
		discarded += chunk.byteLength;
		if (discarded <= budget) return;
		spent = true;
		req.pause();
		if (answered) close();
	});
	req.once('end', () => answered && close());
	socket.destroySoon = () => {
		answered = true;
		socket.end();
		if (spent || req.complete) return close();
		timer = setTimeout(close, LINGER_MS);
		timer.unref();
	};
}

function refuseTooLarge(req: IncomingMessage, res: ServerResponse, budget: number, next: () => void) {
	const request = currentRequest();
	if (request) request.bodyTooLarge = true;
	// Whatever the app answers, the connection is not reused with a body half read.
	res.shouldKeepAlive = false;
	discardRest(req, budget);
	handOver(req, new Uint8Array(0), next);
}

/** The path of a request target, without its query. */
function pathOf(target: string | undefined): string {
	const path = target ?? '/';
	const queryAt = path.indexOf('?');
	return queryAt < 0 ? path : path.slice(0, queryAt);
}

/**
 * An upload (a route whose cap is above MAX_BODY_BYTES) the app will refuse whatever its body:
 * one without a session cookie (401) or from another site (403). Its body is not read: four
 * anonymous 190 MB posts took a node from 690 to 1,590 MB for four 401s (issue 42, F-2).
 */
function refusedFromHeaders(req: IncomingMessage, cap: number): boolean {
	if (cap <= MAX_BODY_BYTES) return false;
	const header = (name: string) => {
		const value = req.headers[name];
		return Array.isArray(value) ? value[0] : value;
	};
	return !hasSessionCookie(req.headers.cookie) || isCrossSite(header);
}

/**
 * The app answers a refused upload from its headers, with an empty body; what the client still
 * sends is thrown away as for a body over the cap (up to MAX_DISCARDED_BYTES and LINGER_MS), so
 * it reads the answer, and the connection is closed after it.
 */
function refuseUnread(req: IncomingMessage, res: ServerResponse, next: () => void): void {
	res.shouldKeepAlive = false;
	discardRest(req, MAX_DISCARDED_BYTES);
	handOver(req, new Uint8Array(0), next);
}

/**
 * An upload the headers do not refuse reaches the app unread, as a stream it pulls from: the
 * route checks the session and the role (the app's middleware validates the cookie) and takes
 * an upload slot before it reads a byte, then writes the body to a temporary file
 * (src/server/http/upload-file.ts). An anonymous or expired session's 401 thus costs no more
 * than its headers (issue 42, F-2). The connection is not reused after an upload; when the app
 * answers without reading the body whole (a refusal), the rest is thrown away as above.
 */
function handOverUnread(req: IncomingMessage, res: ServerResponse, next: () => void): void {
	// Stopping early must not destroy the request (and with it the socket) before the answer.
	const body = req.iterator({ destroyOnReturn: false });
	// Behind a symbol, as in handOver: the adapter would JSON-encode an object with keys.
	(req as IncomingMessage & { body?: AsyncIterable<Uint8Array> }).body = {
		[Symbol.asyncIterator]: () => body,
	};
	res.shouldKeepAlive = false;
	const socket = req.socket;
	const destroySoon = socket.destroySoon.bind(socket);
	socket.destroySoon = () => {
		if (req.complete) return destroySoon();
		// The app's reader lets go of the request (a no-op when it never started), so the rest
		// can be read and thrown away.
		void body.return?.();
		discardRest(req, MAX_DISCARDED_BYTES);
		socket.destroySoon();
	};
	next();
}

/**
 * Reads the request's body within the cap, then calls next() with the body handed to Astro.
 * A body over the cap is handed over empty and marked (see above); a client that went away
 * gets nothing at all.
 */
export function limitRequestBody(req: IncomingMessage, res: ServerResponse, next: () => void): void {
	// biome-ignore lint/correctness/noVoidTypeReturn: hands over and stops in one statement; the value is void
	if (!METHODS_WITH_BODIES.has(req.method ?? '')) return next();
	const cap = bodyCapFor(req.method, pathOf(req.url));
	if (declaresTooLargeBody(req.headers['content-length'], cap)) {
		refuseTooLarge(req, res, discardLimitFor(cap), next);
		return;
	}
	// After the declared size: a body over the cap gets its 413 whoever sends it.
	// biome-ignore lint/correctness/noVoidTypeReturn: hands over and stops in one statement; the value is void
	if (refusedFromHeaders(req, cap)) return refuseUnread(req, res, next);
	// biome-ignore lint/correctness/noVoidTypeReturn: hands over and stops in one statement; the value is void
	if (cap > MAX_BODY_BYTES) return handOverUnread(req, res, next);
	// Stopping early must not destroy the request (and with it the socket) before the answer.
	readCappedBody(req.iterator({ destroyOnReturn: false }), cap).then(
		(bytes) => handOver(req, bytes, next),
		(error: unknown) => {
			if (error instanceof BodyTooLarge && !res.headersSent) {
				// readCappedBody read on to the body's end or discardLimitFor(cap) already.
				refuseTooLarge(req, res, 0, next);
				return;
			}
			// The client went away mid-body: worth one line in the log, not a stack trace.
			if (error instanceof BodyAborted) log().warn('the client aborted the request body');
			res.destroy();
		},
	);
}
