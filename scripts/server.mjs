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
import { serveGeneratedPage } from './server/generated-pages.mjs';
import { contentSecurityPolicy } from './server/csp.mjs';
import { applyBaseHeaders, stripUntrustedForwarding } from './server/headers.mjs';

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
// A per-process secret that lets the site generator ask for a fresh render of a page that
// already has a generated file (see src/server/site/renderer.ts).
process.env.SITE_RENDER_SECRET ??= randomBytes(24).toString('hex');
process.env.SITE_DIR = resolve(process.env.SITE_DIR ?? 'data/site');

const entry = pathToFileURL(resolve(process.env.DIST_DIR || 'dist', 'server/entry.mjs')).href;
const { handler } = await import(entry);

const csp = await contentSecurityPolicy({
	https: (process.env.SITE_URL ?? '').startsWith('https:'),
});
const host = process.env.HOST || 'localhost';
const port = Number(process.env.PORT) || 4321;

const server = createServer((req, res) => {
	stripUntrustedForwarding(req);
	applyBaseHeaders(req, res, csp);
	const wantsFresh = req.headers['x-site-render'] === process.env.SITE_RENDER_SECRET;
	if (!wantsFresh && serveGeneratedPage(req, res, process.env.SITE_DIR)) return;
	handler(req, res);
});

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
