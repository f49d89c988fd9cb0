/**
 * The production HTTP server. It wraps the Astro node handler (static files from dist/client,
 * then on-demand routes) with what every answer needs, and serves the pages the site generator
 * wrote under SITE_DIR before asking Astro, so readers get static HTML from disk.
 *
 * Plain ESM so it runs with `node scripts/server.mjs` (no TypeScript step) after `astro build`.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createGeneratedPages } from './server/generated-pages.mjs';
import { createStaticFiles } from './server/static-files.mjs';
import { compressDynamic } from './server/compress.mjs';
import { contentSecurityPolicy } from './server/csp.mjs';
import { applyBaseHeaders, stripUntrustedForwarding } from './server/headers.mjs';
import { refuseUnroutableApiPath } from './server/api-paths.mjs';
import { createApiCache } from './server/api-cache.mjs';

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
// A per-process secret that lets the site generator ask for a fresh render of a page that
// already has a generated file (see src/server/site/renderer.ts).
process.env.SITE_RENDER_SECRET ??= randomBytes(24).toString('hex');
process.env.SITE_DIR = resolve(process.env.SITE_DIR ?? 'data/site');

const distDir = resolve(process.env.DIST_DIR || 'dist');
const entry = pathToFileURL(resolve(distDir, 'server/entry.mjs')).href;
const { handler } = await import(entry);
// Build files (hashed assets, prerendered shells) with their pre-compressed twins; see
// scripts/precompress.mjs, which `npm run build` runs after `astro build`.
const serveStaticFile = createStaticFiles(resolve(distDir, 'client'));
const serveGeneratedPage = createGeneratedPages(process.env.SITE_DIR);

const csp = await contentSecurityPolicy({
	https: (process.env.SITE_URL ?? '').startsWith('https:'),
});
// Anonymous reads of the public API, answered from memory until the next write (see the module).
const apiCache = createApiCache({ ttlMs: Number(process.env.API_CACHE_TTL_MS ?? 10_000) });
const host = process.env.HOST || 'localhost';
const port = Number(process.env.PORT) || 4321;

const server = createServer((req, res) => {
	stripUntrustedForwarding(req);
	applyBaseHeaders(req, res, csp);
	if (refuseUnroutableApiPath(req, res)) return;
	if (apiCache.serve(req, res)) return;
	const wantsFresh = req.headers['x-site-render'] === process.env.SITE_RENDER_SECRET;
	if (!wantsFresh && serveGeneratedPage(req, res)) return;
	serveStaticFile(req, res, () => {
		// Answers rendered per request (pages and JSON) may depend on the session: browsers keep
		// them only with revalidation. A route that sets its own Cache-Control overrides this.
		res.setHeader('Cache-Control', 'private, no-cache');
		compressDynamic(req, res, () => {
			apiCache.track(req, res);
			handler(req, res);
		});
	});
});

// Idle keep-alive sockets outlive the clients' own idle timeouts (fetch keeps them 4 s), so a
// client never sends a request on a socket the server is closing at that moment (ECONNRESET).
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

server.listen(port, host, () => {
	const address = server.address();
	const actualPort = typeof address === 'object' && address ? address.port : port;
	const origin = `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`;
	process.env.SITE_INTERNAL_ORIGIN = `http://127.0.0.1:${actualPort}`;
	console.log(`Retail Media Hub listening on ${origin}`);
	startInitialGeneration();
});

/** Asks the app (through its own endpoint) to generate every public page once at start. */
function startInitialGeneration() {
	if (process.env.SITE_GENERATE_ON_START === '0') return;
	fetch(`${process.env.SITE_INTERNAL_ORIGIN}/api/admin/site-build`, {
		method: 'POST',
		headers: { 'x-site-render': process.env.SITE_RENDER_SECRET },
	}).catch((error) => console.error('[site] could not start the first generation', error));
}

for (const signal of ['SIGINT', 'SIGTERM']) {
	process.on(signal, () => {
		server.close(() => process.exit(0));
		setTimeout(() => process.exit(0), 2000).unref();
	});
}
