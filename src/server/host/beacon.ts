/**
 * The page-view beacon (`POST /api/events`), answered here before Astro's pipeline: a beacon
 * comes with every page a reader opens, and through Astro (a fetch Request, the middleware, the
 * endpoint) and with an access-log line each it cost about 600 µs of CPU (docs/performance.md).
 * The app hands over the answer (src/server/app/beacon.ts: the route's own schema, limit, bot
 * check, visitor hash and in-memory count); this file reads the request and writes the answer.
 *
 * Only a plain beacon takes this path: exactly `/api/events` (no query), a body whose length
 * is declared and under the cap, from this site (what the app's middleware would refuse with
 * 403 goes on to it). Everything else reaches the route as before, so every refusal keeps its
 * one place. Beacons write no access-log line: they are counted by status in
 * `http_requests_unlogged_total` instead (and in the request histogram, as every request).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PERSONAL_CACHE_CONTROL } from '@/server/http/cache-headers';
import { clientKeyOf, isCrossSite } from '@/server/http/request-origin';
import { declaresTooLargeBody } from '@/server/http/request-body';
import type { Beacon, BeaconAnswer } from '@/server/app/beacon';
import { log } from '@/server/runtime/log';
import type { ObservedRequest } from './request-observer';
import { requestHeader } from './request-headers';

/** The beacon's address (src/pages/api/events.ts, src/components/analytics/pageview-beacon.ts). */
export const BEACON_PATH = '/api/events';

export function createBeaconPath({
	answerBeacon,
	commonHeaders,
	isHttps,
}: {
	answerBeacon: (beacon: Beacon) => Promise<BeaconAnswer>;
	commonHeaders: (pathname: string, https: boolean) => Record<string, string>;
	/** HTTPS as the browser sees it (TLS here, or a trusted proxy saying so). */
	isHttps: (req: IncomingMessage, fromTrustedProxy: boolean) => boolean;
}) {
	// The headers of every answer, made once per scheme (they depend on nothing else), as the
	// flat list writeHead takes: name, value, name, value, …
	const fixed = new Map<boolean, { object: Record<string, string>; list: string[] }>();
	const headersFor = (https: boolean) => {
		let headers = fixed.get(https);
		if (!headers) {
			const object = { ...commonHeaders(BEACON_PATH, https), 'Cache-Control': PERSONAL_CACHE_CONTROL };
			headers = { object, list: Object.entries(object).flat() };
			fixed.set(https, headers);
		}
		return headers;
	};

	return {
		/** Answers a plain beacon and says so; false leaves the request untouched for the app. */
		serve(req: IncomingMessage, res: ServerResponse, request: ObservedRequest): boolean {
			if (req.method !== 'POST' || req.url !== BEACON_PATH) return false;
			const length = requestHeader(req, 'content-length');
			if (length === undefined || declaresTooLargeBody(length)) return false;
			if (isCrossSite((name) => requestHeader(req, name))) return false;
			request.countWithoutLog(BEACON_PATH);
			const chunks: Buffer[] = [];
			req.on('data', (chunk: Buffer) => chunks.push(chunk));
			req.once('end', () => {
				const peer = req.socket.remoteAddress ?? 'unknown';
				// A forwarding header from anyone but a trusted proxy is not believed (forwarding.ts).
				const forwardedFor = request.fromTrustedProxy ? requestHeader(req, 'x-forwarded-for') : undefined;
				answerBeacon({
					text: chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8'),
					contentType: () => requestHeader(req, 'content-type'),
					address: clientKeyOf(peer, forwardedFor, request.fromTrustedProxy),
					userAgent: requestHeader(req, 'user-agent'),
				}).then(
					(answer) => {
						const https = isHttps(req, request.fromTrustedProxy);
						if (!('body' in answer)) {
							const head = [...headersFor(https).list, 'X-Request-Id', request.id];
							if (answer.status !== 204) head.push('Content-Length', '0');
							res.writeHead(answer.status, head);
							res.end();
							return;
						}
						res.writeHead(answer.status, {
							...headersFor(https).object,
							'X-Request-Id': request.id,
							...answer.headers,
						});
						res.end(answer.body);
					},
					(error: unknown) => {
						log().error({ err: error, reqId: request.id }, 'the beacon could not be answered');
						if (res.headersSent) return void res.destroy();
						const body = JSON.stringify({ message: 'Something went wrong on our side. Please try again.' });
						res.writeHead(500, {
							...headersFor(isHttps(req, request.fromTrustedProxy)).object,
							'X-Request-Id': request.id,
							'Content-Type': 'application/json',
							'Content-Length': String(Buffer.byteLength(body)),
						});
						res.end(body);
					},
				);
			});
			// The client went away mid-body: nothing to answer.
			req.once('error', () => res.destroy());
			return true;
		},
	};
}
