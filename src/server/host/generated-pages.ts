/**
 * Serves pages the site generator wrote: SITE_DIR/<path>/index.html (or a file such as
 * SITE_DIR/rss.xml for feeds), with a pre-compressed .br or .gz twin when the client accepts
 * it. Files are swapped in by rename, so a reader gets either the old or the new page whole.
 *
 * Pages are kept in memory with their twins (least recently read dropped first past a size
 * limit), so a request costs one stat of the page file and one write. The stat is what keeps
 * memory honest: every rename makes a new file (inode), and a kept page is used only while the
 * file on disk is still the one it was read from.
 */
import { readFileSync, statSync, type Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, normalize } from 'node:path';
import { LRUCache } from 'lru-cache';
import { preferredEncoding } from './encoding';
import { storedPagePath } from '@/server/site/query-pages';

const TYPES: Record<string, string> = {
	'.html': 'text/html; charset=utf-8',
	'.xml': 'application/xml; charset=utf-8',
	'.txt': 'text/plain; charset=utf-8',
	'.json': 'application/json; charset=utf-8',
};

type Found = { file: string; stats: Stats };
type Page = Found & {
	type: string;
	etag: string;
	bodies: { identity: Buffer; br?: Buffer; gzip?: Buffer };
	bytes: number;
	complete: boolean;
};

function statOf(file: string): Stats | undefined {
	try {
		const stats = statSync(file, { throwIfNoEntry: false });
		return stats?.isFile() ? stats : undefined;
	} catch {
		return undefined;
	}
}

const sameFile = (a: Stats, b: Stats) => a.ino === b.ino && a.mtimeMs === b.mtimeMs && a.size === b.size;

function fileFor(siteDir: string, pathname: string): Found | undefined {
	let decoded: string;
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
		const stats = statOf(file);
		if (stats) return { file, stats };
	}
	return undefined;
}

function typeOf(file: string): string {
	return TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream';
}

/** A twin's bytes, unless it is missing or older than its page (a previous version). */
function readTwin(found: Found, ext: string): Buffer | undefined {
	const stats = statOf(found.file + ext);
	if (!stats || stats.mtimeMs < found.stats.mtimeMs) return undefined;
	try {
		return readFileSync(found.file + ext);
	} catch {
		return undefined;
	}
}

/** The page and its twins as they are on disk now, or undefined if it went away meanwhile. */
function load(found: Found): Page | undefined {
	let identity: Buffer;
	try {
		identity = readFileSync(found.file);
	} catch {
		return undefined;
	}
	const br = readTwin(found, '.br');
	const gzip = readTwin(found, '.gz');
	const stats = found.stats;
	return {
		file: found.file,
		stats,
		type: typeOf(found.file),
		etag: `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`,
		bodies: { identity, br, gzip },
		bytes: identity.length + (br?.length ?? 0) + (gzip?.length ?? 0),
		// Twins are written just after the page: until both are there, read the files again.
		complete: Boolean(br && gzip),
	};
}

export type GeneratedPages = (req: IncomingMessage, res: ServerResponse) => boolean;

/** Returns serve(req, res): answers from a generated file and returns true, or returns false. */
export function createGeneratedPages(siteDir: string, { maxBytes = 64 * 1024 * 1024 } = {}): GeneratedPages {
	const kept = new LRUCache<string, Page>({ maxSize: maxBytes, sizeCalculation: (page) => page.bytes });

	function current(pathname: string): Page | undefined {
		const page = kept.get(pathname);
		if (page) {
			const stats = statOf(page.file);
			if (stats && sameFile(stats, page.stats)) return page;
			kept.delete(pathname);
		}
		const found = fileFor(siteDir, pathname);
		const loaded = found && load(found);
		if (loaded?.complete) kept.set(pathname, loaded);
		return loaded;
	}

	return function serveGeneratedPage(req, res) {
		if (req.method !== 'GET' && req.method !== 'HEAD') return false;
		const url = req.url ?? '/';
		const pathname = url.split('?')[0]!;
		if (pathname.startsWith('/api/') || pathname.startsWith('/_astro/')) return false;
		// A page variant chosen by the query (/news?page=2) is stored under a path of its own.
		const page = current(storedPagePath(url));
		if (!page) return false;
		res.setHeader('Content-Type', page.type);
		res.setHeader('Cache-Control', 'public, max-age=0, must-revalidate');
		res.setHeader('ETag', page.etag);
		res.setHeader('Vary', 'Accept-Encoding');
		if (req.headers['if-none-match'] === page.etag) {
			res.statusCode = 304;
			res.end();
			return true;
		}
		const encoding = preferredEncoding(req);
		const twin = encoding === 'identity' ? undefined : page.bodies[encoding];
		const body = twin ?? page.bodies.identity;
		if (twin) res.setHeader('Content-Encoding', encoding);
		res.setHeader('Content-Length', body.length);
		res.statusCode = 200;
		res.end(req.method === 'HEAD' ? undefined : body);
		return true;
	};
}
