/**
 * What an operator sees of the host's requests:
 *
 * - A request id for every request, sent back in `X-Request-Id`. From a trusted proxy (its
 *   address in TRUSTED_PROXIES; nginx passes its `$request_id`) a sane incoming id is kept, so
 *   nginx's log and this one name the same request; from anyone else, or when it is not sane,
 *   one is made here: a client cannot choose what names its request in the log.
 * - One access-log line per request when its answer is finished (or the client went away):
 *   id, method, route pattern, path (never the query string: tokens travel there), status,
 *   duration in ms and bytes written to the connection for it (headers included). The
 *   page-view beacon writes none: `http_requests_unlogged_total` counts it by status instead.
 * - `http_request_duration_seconds` by method, route pattern and status class.
 * - The metrics server: `/metrics` on METRICS_PORT only, never on the public port.
 *
 * The route is what the app's router matched (src/middleware.ts notes it); answers the host
 * serves itself are named by the route the app matched for that path before (cached API
 * answers, generated pages), else `static` (build files, or pages generated before a restart).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { accessLog, baseLog, maskEmail } from '@/server/runtime/log';
import { metrics } from '@/server/runtime/metrics';
import { knownRoute, runInRequest, type RequestContext } from '@/server/runtime/request-context';
import type { TrustedProxies } from '@/server/trusted-proxies';
import { requestHeader } from './request-headers';

/** What nginx's $request_id and common tracing ids look like; anything else is replaced. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;
const LOGGED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Paths are logged up to this length (a path is the client's to choose). */
const MAX_LOGGED_PATH = 512;

export type ObservedRequest = {
	/** The id its answer carries in X-Request-Id and every log line written for it carries. */
	readonly id: string;
	/** Whether its connection comes from a trusted proxy, whose forwarding headers are believed. */
	readonly fromTrustedProxy: boolean;
	/**
	 * Runs the rest of the handling as this request: what the app logs meanwhile carries its id,
	 * and the route the app matches names it in the access log. Answers the host serves from
	 * memory skip this: entering costs the async context's bookkeeping, which they do not need.
	 */
	enter(work: () => void): void;
	/**
	 * Writes no access-log line for this request: it is counted by route and status in
	 * `http_requests_unlogged_total` instead (the page-view beacon, too frequent to log; see
	 * beacon.ts). The request histogram still measures it.
	 */
	countWithoutLog(route: string): void;
};

export type RequestObserver = {
	/** Hands the request to `handle` under its id, logging and measuring it when it is done. */
	observe(req: IncomingMessage, res: ServerResponse, handle: (request: ObservedRequest) => void): void;
	/** The answers of requests in flight: not finished yet. */
	answersInFlight(): ReadonlySet<ServerResponse>;
	/** Resolves when no request is in flight. */
	drained(): Promise<void>;
};

function requestIdOf(req: IncomingMessage, fromTrustedProxy: boolean): string {
	if (!fromTrustedProxy) return randomUUID();
	const incoming = requestHeader(req, 'x-request-id');
	return incoming !== undefined && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

class Observed implements ObservedRequest {
	context: RequestContext | undefined;
	unloggedRoute: string | undefined;
	constructor(
		private readonly req: IncomingMessage,
		readonly id: string,
		readonly fromTrustedProxy: boolean,
	) {}
	enter(work: () => void): void {
		// The app reads the id from the request (it runs in Astro's own request objects).
		this.req.headers['x-request-id'] = this.id;
		this.context = runInRequest(this.id, work);
	}
	countWithoutLog(route: string): void {
		this.unloggedRoute = route;
	}
}

/**
 * `measure`: observe the request histogram (off when no metrics server would serve it, so
 * turning metrics off removes their cost).
 */
export function createRequestObserver({
	trustedProxies,
	measure,
	answered,
}: {
	trustedProxies: TrustedProxies;
	measure: boolean;
	/** Told of each answer's connection once the answer is done (or the client went away). */
	answered?: (socket: Socket) => void;
}): RequestObserver {
	const writeAccessLine = accessLog();
	const { httpDuration, unloggedRequests } = metrics();
	const open = new Set<ServerResponse>();
	const waiters: Array<() => void> = [];
	// A connection's peer never changes: whether it is a trusted proxy is asked once per
	// connection, not on each of its kept-alive requests.
	const trustedSockets = new WeakMap<Socket, boolean>();
	const trusted = (socket: Socket): boolean => {
		let trusts = trustedSockets.get(socket);
		if (trusts === undefined) {
			trusts = trustedProxies.trusts(socket.remoteAddress);
			trustedSockets.set(socket, trusts);
		}
		return trusts;
	};

	return {
		observe(req, res, handle) {
			const started = performance.now();
			const socket = req.socket;
			const bytesBefore = socket.bytesWritten;
			const fromTrustedProxy = trusted(socket);
			const request = new Observed(req, requestIdOf(req, fromTrustedProxy), fromTrustedProxy);
			// Read now: the API cache makes a HEAD as its GET (api-cache.ts), the log says HEAD.
			const method = LOGGED_METHODS.has(req.method ?? '') ? req.method! : 'other';
			const record = (finished: boolean) => {
				const ms = performance.now() - started;
				const unlogged = request.unloggedRoute;
				if (unlogged !== undefined) {
					answered?.(socket);
					const status = res.statusCode;
					unloggedRequests.inc({ route: unlogged, status: finished ? String(status) : 'aborted' });
					if (measure && finished) {
						httpDuration.observe(
							{ method, route: unlogged, status_class: `${Math.floor(status / 100)}xx` },
							ms / 1000,
						);
					}
					return;
				}
				const url = req.url ?? '/';
				const query = url.indexOf('?');
				const raw = (query === -1 ? url : url.slice(0, query)).slice(0, MAX_LOGGED_PATH);
				const path = raw.includes('@') ? maskEmail(raw) : raw;
				const status = res.statusCode;
				const route =
					request.context?.route ?? knownRoute(path) ?? (status === 501 ? 'unsupported' : 'static');
				const aborted = !finished;
				answered?.(socket);
				writeAccessLine({
					reqId: request.id,
					method,
					route,
					path,
					status,
					ms,
					bytes: socket.bytesWritten - bytesBefore,
					aborted,
				});
				if (measure && !aborted) {
					httpDuration.observe({ method, route, status_class: `${Math.floor(status / 100)}xx` }, ms / 1000);
				}
			};
			try {
				handle(request);
			} finally {
				// An answer handed whole to the socket before the handler returned (what the host
				// keeps in memory, written at once) is done: it is recorded now, never in flight,
				// and costs no listener. Node 24 emits its 'finish' only on the next tick, so
				// "handed whole" is: ended, with nothing left queued (a response's writableLength
				// counts what its socket still holds too). Others are recorded on 'close', which
				// follows 'finish' on every answer and comes alone when the client went away.
				if (res.writableEnded && res.writableLength === 0) record(true);
				else {
					open.add(res);
					res.on('close', () => {
						open.delete(res);
						if (open.size === 0) for (const wake of waiters.splice(0)) wake();
						record(res.writableFinished);
					});
				}
			}
		},
		answersInFlight: () => open,
		drained: () =>
			open.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve)),
	};
}

/**
 * The metrics server: GET /metrics on its own port (METRICS_PORT, bound to HOST or 127.0.0.1),
 * so that the public port never answers it and a firewall rule can keep it private.
 */
export function startMetricsServer({ port, host }: { port: number; host: string }): Server {
	const { registry } = metrics();
	const server = createServer((req, res) => {
		const pathname = (req.url ?? '/').split('?')[0];
		if (pathname !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
			res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
			return;
		}
		registry.metrics().then(
			(text) => {
				res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
				res.end(req.method === 'HEAD' ? undefined : text);
			},
			(error: unknown) => {
				baseLog().error({ err: error }, 'metrics: could not collect');
				res
					.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' })
					.end('Metrics are not available\n');
			},
		);
	});
	server.listen(port, host, () => {
		const address = server.address();
		const bound = typeof address === 'object' && address ? address.port : port;
		baseLog().info(
			{ subject: 'metrics', host, port: bound },
			`metrics served at http://${host.includes(':') ? `[${host}]` : host}:${bound}/metrics`,
		);
	});
	return server;
}
