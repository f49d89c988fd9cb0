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
import { IMMUTABLE_CACHE_CONTROL } from '@/server/http/cache-headers';

export const IMMUTABLE = IMMUTABLE_CACHE_CONTROL;
export const REVALIDATE = 'public, max-age=0, must-revalidate';

/**
 * Types sirv's table (mrmime) does not know; without one the file goes out with no Content-Type
 * at all, and nosniff then keeps browsers from guessing it.
 */
const EXTRA_TYPES: Readonly<Record<string, string>> = { '.ico': 'image/x-icon' };

function extraType(pathname: string): string | undefined {
	const dot = pathname.lastIndexOf('.');
	return dot === -1 ? undefined : EXTRA_TYPES[pathname.slice(dot).toLowerCase()];
}

export type StaticFiles = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** Returns a (req, res, next) handler; next() is called for anything that is not a file. */
export function createStaticFiles(clientDir: string, assetsPrefix = '/_astro/'): StaticFiles {
	const serve = sirv(clientDir, {
		dev: false,
		etag: true,
		brotli: true,
		gzip: true,
		// Called only for a file that exists; sirv keeps a Content-Type already set on the response.
		setHeaders(res, pathname) {
			const type = extraType(pathname);
			if (type) res.setHeader('Content-Type', type);
		},
	});
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
