/**
 * Serves pages the site generator wrote: SITE_DIR/<path>/index.html (or a file such as
 * SITE_DIR/rss.xml for feeds), with a pre-compressed .br or .gz twin when the client accepts
 * it. Files are swapped in by rename, so a reader gets either the old or the new page whole.
 */
import { createReadStream, statSync } from 'node:fs';
import { join, normalize } from 'node:path';

const TYPES = {
	'.html': 'text/html; charset=utf-8',
	'.xml': 'application/xml; charset=utf-8',
	'.txt': 'text/plain; charset=utf-8',
	'.json': 'application/json; charset=utf-8',
};

function fileFor(siteDir, pathname) {
	let decoded;
	try {
		decoded = decodeURIComponent(pathname);
	} catch {
		return undefined;
	}
	if (decoded.includes('\0') || decoded.includes('..')) return undefined;
	const clean = normalize(decoded).replace(/^\/+/, '');
	// Feeds and other files are stored under their own name, pages as <path>/index.html.
	const candidates = /\.[a-z]+$/.test(clean) ? [clean] : [join(clean, 'index.html'), join(clean, 'index.xml')];
	for (const relative of candidates) {
		const file = join(siteDir, relative);
		if (!file.startsWith(siteDir)) return undefined;
		try {
			const stats = statSync(file);
			if (stats.isFile()) return { file, stats };
		} catch {
			// not generated
		}
	}
	return undefined;
}

function typeOf(file) {
	const ext = file.slice(file.lastIndexOf('.'));
	return TYPES[ext] ?? 'application/octet-stream';
}

function compressedTwin(found, acceptEncoding) {
	for (const [encoding, ext] of [['br', '.br'], ['gzip', '.gz']]) {
		if (!acceptEncoding.includes(encoding)) continue;
		try {
			const stats = statSync(found.file + ext);
			// A twin older than its page belongs to a previous version: skip it.
			if (stats.mtimeMs >= found.stats.mtimeMs) return { file: found.file + ext, stats, encoding };
		} catch {
			// no twin of this kind
		}
	}
	return undefined;
}

/** Answers the request from a generated file and returns true, or returns false to pass on. */
export function serveGeneratedPage(req, res, siteDir) {
	if (req.method !== 'GET' && req.method !== 'HEAD') return false;
	const pathname = (req.url ?? '/').split('?')[0];
	if (pathname.startsWith('/api/') || pathname.startsWith('/_astro/')) return false;
	const found = fileFor(siteDir, pathname);
	if (!found) return false;
	const etag = `W/"${found.stats.size.toString(16)}-${Math.floor(found.stats.mtimeMs).toString(16)}"`;
	res.setHeader('Content-Type', typeOf(found.file));
	res.setHeader('Cache-Control', 'public, max-age=0, must-revalidate');
	res.setHeader('ETag', etag);
	res.setHeader('Vary', 'Accept-Encoding');
	if (req.headers['if-none-match'] === etag) {
		res.statusCode = 304;
		res.end();
		return true;
	}
	const twin = compressedTwin(found, String(req.headers['accept-encoding'] ?? ''));
	const body = twin ?? found;
	if (twin) res.setHeader('Content-Encoding', twin.encoding);
	res.setHeader('Content-Length', body.stats.size);
	res.statusCode = 200;
	if (req.method === 'HEAD') {
		res.end();
		return true;
	}
	createReadStream(body.file)
		.on('error', () => res.destroy())
		.pipe(res);
	return true;
}
