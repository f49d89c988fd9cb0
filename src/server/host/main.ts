/**
 * The production server (`npm run serve`, `npm start`): `npm run build` bundles this file to
 * dist/host/main.mjs. It wraps the Astro node handler (build files from dist/client, then
 * on-demand routes) with what every answer needs, serves the pages the site generator wrote
 * under SITE_DIR before asking Astro, and keeps shared API answers in memory.
 *
 * Settings come from src/server/runtime/config.ts; what the session cookie is, which routes exist and
 * which answers may be shared are the app's to say (its routes and middleware), not this file's.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { config, type AppConfig } from '@/server/runtime/config';
import type * as App from '@/server/app/app';
import { contentSecurityPolicy, securityHeaders } from '@/server/http/security-headers';
import { createApiCache } from './api-cache';
import { createBeaconPath } from './beacon';
import { limitRequestBody } from './body-limit';
import { refuseBackslashPath, refuseUnroutablePath } from './api-paths';
import { compressDynamic } from './compress';
import { limitConnections } from './connection-limits';
import { isCompressedTwinPath } from './encoding';
import { stripUntrustedForwarding } from './forwarding';
import { createGeneratedPages } from './generated-pages';
import { createHealthProbes } from './health';
import { createRenderer, type AstroHandler } from './in-process-renderer';
import { createStaticFiles } from './static-files';
import { createRequestObserver, startMetricsServer, type ObservedRequest } from './request-observer';
import { requestHeader } from './request-headers';
import { sendRoom } from './send-room';
import { createGracefulStop } from './shutdown';
import { baseLog } from '@/server/runtime/log';
import { currentRequest } from '@/server/runtime/request-context';
import { metrics } from '@/server/runtime/metrics';
import { shareRuntime } from '@/server/runtime/shared-runtime';

function readSettings(): AppConfig {
	try {
		return config();
	} catch (error) {
		// A bad setting stops the start with what is wrong, not a stack trace (and before the
		// log, whose level is a setting too).
		console.error(error instanceof Error ? error.message : String(error));
		process.exit(1);
	}
}

const settings = readSettings();
// The adapter would otherwise start its own server when its entry is imported.
// biome-ignore lint/style/noProcessEnv: a setting written for the adapter, not one read here.
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const serverBuild = (file: string) => pathToFileURL(join(settings.distDir, 'server', file)).href;
const { handler } = (await import(serverBuild('entry.mjs'))) as { handler: AstroHandler };
// The app's start, stop and readiness, from the same server build (it shares entry.mjs's
// chunks, so one database, worker and relay serve the routes and this file; see
// src/integrations/app-lifecycle.mjs). Importing it starts nothing.
const app = (await import(serverBuild('app.mjs'))) as typeof App;

// Build files (hashed assets, prerendered shells) with their pre-compressed twins; see
// scripts/precompress.mjs, which `npm run build` runs after `astro build`.
const serveStaticFile = createStaticFiles(join(settings.distDir, 'client'));
const csp = contentSecurityPolicy({ https: settings.siteUrl.protocol === 'https:' });
const commonHeaders = (pathname: string, https: boolean) => securityHeaders({ pathname, https, csp });
const generatedPages = createGeneratedPages(settings.siteDir, { commonHeaders });
const serveProbe = createHealthProbes(app.appReady, { stopping: () => graceful.stopping() });
const { apiCacheHits, apiCacheMisses } = metrics();
const apiCache = createApiCache({
	ttlMs: settings.apiCacheTtlMs,
	commonHeaders,
	onLookup: (hit) => (hit ? apiCacheHits : apiCacheMisses).inc(),
	// The Content API's reads are kept per key and served after the app's check (answerKeptRead).
	callerKeyOf: (req, pathname) => (pathname.startsWith(CONTENT_API) ? contentKeyOf(req) : undefined),
});
// The page-view beacon, answered here with the app's own checks and count (beacon.ts).
const beacons = createBeaconPath({ answerBeacon: app.answerBeacon, commonHeaders, isHttps });
const requests = createRequestObserver({
	trustedProxies: settings.trustedProxies,
	measure: Boolean(settings.metrics),
	answered: (socket) => connectionLimits.answered(socket),
});
// What the app shares with this file, handed over before the first request: the log, request
// storage and metrics; the in-process renderer the site generator renders through; the API
// answers each committed change made stale; every page the site writer stores or removes.
app.joinHost(
	shareRuntime({
		renderPage: createRenderer(handler, settings.siteUrl),
		dropApiAnswers: (pathnames) => (pathnames === 'all' ? apiCache.clear() : apiCache.invalidate(pathnames)),
		pageStored: (page) => generatedPages.stored(page),
	}),
);

/** The Content API's paths (its admin routes answer `private, no-store`, so none is kept). */
const CONTENT_API = '/api/v1/';

/** The key a Content API read carries, as the app reads it (a Bearer header, else `?key=`), or null. */
function contentKeyOf(req: IncomingMessage): string | null {
	const url = req.url ?? '/';
	const query = url.indexOf('?');
	const parameter = query === -1 ? null : new URLSearchParams(url.slice(query + 1)).get('key');
	return app.apiKeyOf(requestHeader(req, 'authorization'), parameter, 'content') ?? null;
}

/** HTTPS as seen by the browser: TLS here, or a trusted proxy saying so. */
function isHttps(req: IncomingMessage, fromTrustedProxy: boolean): boolean {
	if ((req.socket as { encrypted?: boolean }).encrypted) return true;
	return (
		fromTrustedProxy && (requestHeader(req, 'x-forwarded-proto') ?? '').split(',')[0]!.trim() === 'https'
	);
}

/**
 * The methods the site answers. Others (TRACE, CONNECT, WebDAV's PROPFIND, ...) are refused
 * here: Astro cannot even build a request for some (fetch forbids TRACE and CONNECT) and would
 * answer others with a page.
 */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const KNOWN_METHODS = new Set(METHODS);

function refuseMethod(res: ServerResponse): void {
	const body = JSON.stringify({ message: 'This method is not supported.' });
	res.writeHead(501, {
		'Content-Type': 'application/json',
		'Content-Length': Buffer.byteLength(body),
		'Cache-Control': 'no-store',
		Allow: METHODS.join(', '),
	});
	res.end(body);
}

/** A route that answers with the site's 404 page (src/pages/404.astro). */
const NOT_FOUND_PATH = '/404';

// A node reachable without a proxy bounds what clients can hold open: a whole request (body
// included, at most 256 KB) must arrive within the request timeout, checked every second
// rather than Node's 30 s; connections past the caps are closed at once, idle ones first (see
// connection-limits.ts).
const server = createServer(
	{
		requestTimeout: settings.connections.requestTimeoutMs,
		connectionsCheckingInterval: 1000,
	},
	(req, res) => requests.observe(req, res, (request) => answer(req, res, request)),
);
const connectionLimits = limitConnections(server, {
	max: settings.connections.max,
	perAddress: settings.connections.perAddress,
	exempt: (address) => settings.trustedProxies.trusts(address),
	answersInFlight: requests.answersInFlight,
});
// The send timeout (nginx's send_timeout): a connection with a request open whose client stops
// reading, or on which nothing else moves, is destroyed once SEND_TIMEOUT_MS pass without a
// byte going either way, so a file streamed to it holds nothing longer. Between requests the
// keep-alive timeout below applies instead.
server.timeout = settings.connections.sendTimeoutMs;

function answer(req: IncomingMessage, res: ServerResponse, request: ObservedRequest): void {
	// The page-view beacon first: it comes with every page view, its exact path holds no
	// backslash, and it needs nothing made below (beacon.ts).
	if (beacons.serve(req, res, request)) return;
	// Before anything reads the path, kept answers included (see refuseBackslashPath).
	if (refuseBackslashPath(req, res, request.id)) return;
	// Kept answers (shared API answers, generated pages) carry every header ready-made; the
	// request's id is the one header of their own, given with the rest in one writeHead(). They
	// read the few request headers they need from the raw list: req.headers is built whole on
	// first read.
	const https = isHttps(req, request.fromTrustedProxy);
	const own = ['X-Request-Id', request.id];
	if (apiCache.serve(req, res, https, own)) return;
	// No generated page lives under the Content API's paths: its kept reads are looked up first.
	const kept = req.url?.startsWith(CONTENT_API) ? apiCache.keptForCaller(req) : undefined;
	// biome-ignore lint/correctness/noVoidTypeReturn: hands over and stops in one statement; the value is void
	if (kept) return answerKeptRead(req, res, request, https, kept);
	if (generatedPages.serve(req, res, https, own)) return;
	handOverToApp(req, res, request, https);
}

/**
 * A Content API read kept for its key: served once the app found the key valid and within its
 * budget for this request (RateLimit headers of its own), else made by the route, which checks
 * again and answers the refusal (a refused spend counts nothing).
 */
function answerKeptRead(
	req: IncomingMessage,
	res: ServerResponse,
	request: ObservedRequest,
	https: boolean,
	kept: NonNullable<ReturnType<typeof apiCache.keptForCaller>>,
): void {
	const passed = (headers: string[] | undefined) => {
		if (!headers) return handOverToApp(req, res, request, https);
		apiCache.write(req, res, kept.entry, https, ['X-Request-Id', request.id, ...headers]);
	};
	const failed = (error: unknown) => {
		baseLog().error({ err: error, reqId: request.id }, 'the API key could not be checked');
		handOverToApp(req, res, request, https);
	};
	let guarded: ReturnType<typeof app.guardContentRead>;
	try {
		guarded = app.guardContentRead(kept.caller);
	} catch (error) {
		// biome-ignore lint/correctness/noVoidTypeReturn: hands over and stops in one statement; the value is void
		return failed(error);
	}
	// Answered in this turn when the check needed no database or shared store (kept key, budget
	// counted in memory): the request observer then has no answer left open to follow.
	if (guarded instanceof Promise) guarded.then(passed, failed);
	else passed(guarded);
}

function handOverToApp(req: IncomingMessage, res: ServerResponse, request: ObservedRequest, https: boolean) {
	// The app reads req.headers: forwarding headers it must not believe go first.
	stripUntrustedForwarding(req, request.fromTrustedProxy);
	res.setHeader('X-Request-Id', request.id);
	request.enter(() => answerWithApp(req, res, https));
}

function answerWithApp(req: IncomingMessage, res: ServerResponse, https: boolean): void {
	const pathname = (req.url ?? '/').split('?')[0]!;
	const context = currentRequest();
	if (context) context.sendRoom = () => sendRoom(res);
	for (const [name, value] of Object.entries(commonHeaders(pathname, https))) {
		res.setHeader(name, value);
	}
	if (serveProbe(req, res, pathname)) return;
	// biome-ignore lint/correctness/noVoidTypeReturn: hands over and stops in one statement; the value is void
	if (!KNOWN_METHODS.has(req.method ?? '')) return refuseMethod(res);
	if (refuseUnroutablePath(req, res)) return;
	// A twin's own address gets the site's not-found page: the build files and Astro's own file
	// server below would otherwise hand out the file itself.
	if (isCompressedTwinPath(pathname)) req.url = NOT_FOUND_PATH;
	serveStaticFile(req, res, () => {
		// Answers rendered per request (pages and JSON) may depend on the session: browsers keep
		// them only with revalidation. A route that sets its own Cache-Control overrides this.
		res.setHeader('Cache-Control', 'private, no-cache');
		limitRequestBody(req, res, () => {
			compressDynamic(req as never, res as never, () => {
				apiCache.track(req, res);
				handler(req, res);
			});
		});
	});
}

// Idle keep-alive sockets outlive the clients' own idle timeouts (fetch keeps them 4 s, nginx's
// upstream 5 s in deploy/nginx.conf), so a client never sends a request on a socket the server
// is closing at that moment (ECONNRESET); short, since an idle socket holds a place under the
// caps. (Headers must arrive within the request timeout, which Node counts from a request's
// first byte.)
server.keepAliveTimeout = settings.connections.keepAliveTimeoutMs;

server.listen(settings.port, settings.host, () => {
	const address = server.address();
	const port = typeof address === 'object' && address ? address.port : settings.port;
	const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
	// The interface actually bound (localhost may resolve to ::1 or 127.0.0.1) and the public
	// origin used in links and mails, which differ behind a proxy.
	const bound =
		typeof address === 'object' && address
			? ` (bound to ${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${port})`
			: '';
	baseLog().info(
		{ host: settings.host, port, siteUrl: settings.siteUrl.origin },
		`Retail Media Hub listening on http://${host}:${port}${bound}`,
	);
	baseLog().info(`Public address (SITE_URL): ${settings.siteUrl.origin}`);
	// The newsletter sender, the relay of changes between nodes, page regeneration, and the
	// first full generation when SITE_GENERATE_ON_START asks for it.
	app.startApp().catch((error) => baseLog().error({ err: error }, 'could not start the background work'));
});

const metricsServer = settings.metrics ? startMetricsServer(settings.metrics) : undefined;

const graceful = createGracefulStop({
	server,
	others: [metricsServer],
	timeoutMs: settings.shutdownTimeoutMs,
	answersInFlight: requests.answersInFlight,
	drained: requests.drained,
	stopApp: app.stopApp,
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void graceful.stop(signal));
