/**
 * Serves the files `astro build` wrote to dist/client (hashed assets under /_astro/, the
 * prerendered shells, images) with sirv: the pre-compressed .br or .gz twin that
 * scripts/precompress.mjs wrote when the client accepts it, an ETag and 304s. Hashed assets never
 * change under their name, so they are cached for a year; everything else is revalidated.
 *
 * sirv reads the file list once at start (dist/client does not change while the server runs).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import sirv from 'sirv';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'public, max-age=0, must-revalidate';

export type StaticFiles = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** Returns a (req, res, next) handler; next() is called for anything that is not a file. */
export function createStaticFiles(clientDir: string, assetsPrefix = '/_astro/'): StaticFiles {
	const serve = sirv(clientDir, { dev: false, etag: true, brotli: true, gzip: true });
	return function serveStaticFile(req, res, next) {
		if (req.method !== 'GET' && req.method !== 'HEAD') return next();
		const pathname = (req.url ?? '/').split('?')[0]!;
		if (pathname.startsWith('/api/')) return next();
		// Set before sirv so that 304 answers carry it too (sirv keeps headers already set).
		res.setHeader('Cache-Control', pathname.startsWith(assetsPrefix) ? IMMUTABLE : REVALIDATE);
		serve(req, res, () => {
			res.removeHeader('Cache-Control');
			next();
		});
	};
}
