/**
 * Serves pages the site generator wrote: SITE_DIR/<path>/index.html (or a file such as
 * SITE_DIR/rss.xml for feeds), brotli, gzip or plain as the client accepts.
 *
 * Everything a request needs is in memory: which pages exist (the folder is listed once at
 * start, then kept up to date by the site writer's announcements), each page's three encodings
 * and its answers' headers, ready-made for writeHead(). A request costs a Map lookup, picking the
 * encoding and one write: no file-system call, no header building. The writer hands over each
 * page it stores or removes (src/server/site/writer.ts, through the shared runtime the host
 * hands the app), so the new version replaces the old at once. On several nodes every node
 * regenerates its own pages when another node announces a change (the content relay), so each
 * node's memory follows the same events.
 *
 * Bodies are bounded by bytes (least recently read dropped first); a page dropped from memory,
 * or present on disk from an earlier run, is read from its files once when next asked for.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, normalize, relative, sep } from 'node:path';
import { LRUCache } from 'lru-cache';
import { SHARED_CACHE_CONTROL } from '@/server/http/cache-headers';
import {
	headerList,
	NO_COMMON_HEADERS,
	NO_OWN_HEADERS,
	withOwn,
	type CommonHeaders,
	type HeaderList,
} from './answer-headers';
import type { StoredPage } from '@/server/runtime/shared-runtime';
import { preferredEncoding, type Encoding } from './encoding';
import { requestHeader } from './request-headers';
import { MAX_REMEMBERED_URL_LENGTH } from '@/server/runtime/remembered-urls';
import { storedPagePath } from '@/server/site/query-variants';

const TYPES: Record<string, string> = {
	'.html': 'text/html; charset=utf-8',
	'.xml': 'application/xml; charset=utf-8',
	'.txt': 'text/plain; charset=utf-8',
	'.json': 'application/json; charset=utf-8',
	// Share images (og:image), compressed already: stored without brotli or gzip twins.
	'.png': 'image/png',
	// Rating badges: small, stored without twins as images are.
	'.svg': 'image/svg+xml; charset=utf-8',
};
/**
 * Request paths remembered with the file they name (or none); past this it starts over. As many
 * as a site of 10,000 articles has pages, each path at most MAX_REMEMBERED_URL_LENGTH long, so
 * at most about 10 MB whatever paths clients send.
 */
const REMEMBERED_PATHS = 10_000;

type Bodies = { identity: Buffer; br?: Buffer; gzip?: Buffer };
/** Ready-made header lists: one per encoding for 200, one for 304. */
type Answers = Record<Encoding, HeaderList> & { notModified: HeaderList };
type Page = { etag: string; bodies: Bodies; bytes: number; http: Answers; https: Answers };

function typeOf(file: string): string {
	return TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream';
}

/** The public path a stored file answers for (inverse of the writer's fileForPath). */
function publicPath(relativeFile: string): string {
	const page = relativeFile.match(/^(.*?)\/?index\.(html|xml)$/);
	return `/${page ? page[1] : relativeFile}`;
}

const isPageFile = (relativeFile: string) => !/\.(br|gz|tmp)$/.test(relativeFile);

/** Every page file under dir (relative paths), listed once at start. */
function listPageFiles(dir: string, base = dir): string[] {
	let names: string[];
	try {
		names = readdirSync(dir);
	} catch {
		return [];
	}
	return names.flatMap((name) => {
		const full = join(dir, name);
		let directory = false;
		try {
			directory = statSync(full).isDirectory();
		} catch {
			return [];
		}
		if (directory) return listPageFiles(full, base);
		const file = relative(base, full).split(sep).join('/');
		return isPageFile(file) ? [file] : [];
	});
}

/** A twin's bytes, unless it is missing or older than its page (a previous version). */
function readTwin(file: string, pageModified: number): Buffer | undefined {
	try {
		const stats = statSync(file, { throwIfNoEntry: false });
		if (!stats || stats.mtimeMs < pageModified) return undefined;
		return readFileSync(file);
	} catch {
		return undefined;
	}
}

export type GeneratedPages = {
	/**
	 * Answers from a generated page and returns true, or returns false. `own`: the request's
	 * own headers, written after the page's.
	 */
	serve(req: IncomingMessage, res: ServerResponse, https?: boolean, own?: HeaderList): boolean;
	/** Takes a page the site writer just stored or removed. */
	stored(page: StoredPage): void;
	/** For tests and the bench: how much is kept. */
	stats(): { pages: number; kept: number; bytes: number; remembered: number };
};

export function createGeneratedPages(
	siteDir: string,
	{
		maxBytes = 64 * 1024 * 1024,
		commonHeaders = NO_COMMON_HEADERS,
	}: { maxBytes?: number; commonHeaders?: CommonHeaders } = {},
): GeneratedPages {
	/** Page files on disk, relative to siteDir ('news/5/index.html', 'rss.xml'). */
	const files = new Set(listPageFiles(siteDir));
	const kept = new LRUCache<string, Page>({ maxSize: maxBytes, sizeCalculation: (page) => page.bytes });
	/** Request pathname → page file (null: none), so a request decodes and normalizes nothing. */
	const resolved = new Map<string, string | null>();

	function answers(file: string, page: Omit<Page, 'http' | 'https'>, https: boolean): Answers {
		const pathname = publicPath(file);
		const common = commonHeaders(pathname, https);
		// Shared, unless the page's common headers say otherwise (a page whose URL carries a token).
		const cacheControl = common['Cache-Control'] ?? SHARED_CACHE_CONTROL;
		const shared = { 'Cache-Control': cacheControl, ETag: page.etag, Vary: 'Accept-Encoding' };
		const ok = (encoding: Encoding) => {
			const body = page.bodies[encoding === 'identity' ? 'identity' : encoding] ?? page.bodies.identity;
			return headerList(common, {
				'Content-Type': typeOf(file),
				...shared,
				'Content-Encoding': body === page.bodies.identity ? undefined : encoding,
				'Content-Length': body.length,
			});
		};
		return {
			br: ok('br'),
			gzip: ok('gzip'),
			identity: ok('identity'),
			notModified: headerList(common, shared),
		};
	}

	function pageOf(file: string, bodies: Bodies): Page {
		const etag = `W/"${createHash('sha1').update(bodies.identity).digest('base64url')}"`;
		const bytes = bodies.identity.length + (bodies.br?.length ?? 0) + (bodies.gzip?.length ?? 0);
		const base = { etag, bodies, bytes };
		return { ...base, http: answers(file, base, false), https: answers(file, base, true) };
	}

	/** A page read from its files (not announced since start, or dropped from memory). */
	function load(file: string): Page | undefined {
		const full = join(siteDir, file);
		let identity: Buffer;
		let modified: number;
		try {
			modified = statSync(full).mtimeMs;
			identity = readFileSync(full);
		} catch {
			files.delete(file);
			resolved.clear();
			return undefined;
		}
		const br = readTwin(`${full}.br`, modified);
		const gzip = readTwin(`${full}.gz`, modified);
		const page = pageOf(file, { identity, br, gzip });
		// Twins are written just after the page: until both are there, the writer's
		// announcement of this version is still to come, and brings it whole. An image has none.
		if ((br && gzip) || file.endsWith('.png') || file.endsWith('.svg')) kept.set(file, page);
		return page;
	}

	function fileFor(pathname: string): string | null {
		let decoded: string;
		try {
			decoded = decodeURIComponent(pathname);
		} catch {
			return null;
		}
		if (decoded.includes('\0') || decoded.includes('..')) return null;
		const clean = normalize(decoded).replace(/^\/+/, '');
		// Feeds and other files are stored under their own name, pages as <path>/index.html.
		const candidates = /\.[a-z]+$/.test(clean)
			? [clean]
			: [join(clean, 'index.html'), join(clean, 'index.xml')];
		return candidates.find((candidate) => files.has(candidate)) ?? null;
	}

	function resolve(pathname: string): string | null {
		// A path longer than any the site links to is looked up every time, never remembered.
		if (pathname.length > MAX_REMEMBERED_URL_LENGTH) return fileFor(pathname);
		let file = resolved.get(pathname);
		if (file === undefined) {
			file = fileFor(pathname);
			if (resolved.size >= REMEMBERED_PATHS) resolved.clear();
			resolved.set(pathname, file);
		}
		return file;
	}

	return {
		serve(req, res, https = false, own = NO_OWN_HEADERS) {
			const method = req.method;
			if (method !== 'GET' && method !== 'HEAD') return false;
			// A page variant chosen by the query (/news?page=2) is stored under a path of its own.
			const file = resolve(storedPagePath(req.url ?? '/'));
			if (!file) return false;
			const page = kept.get(file) ?? load(file);
			if (!page) return false;
			const ready = https ? page.https : page.http;
			const condition = requestHeader(req, 'if-none-match');
			if (condition?.includes(page.etag)) {
				res.writeHead(304, withOwn(ready.notModified, own));
				res.end();
				return true;
			}
			const encoding = preferredEncoding(req);
			res.writeHead(200, withOwn(ready[encoding], own));
			res.end(method === 'HEAD' ? undefined : (page.bodies[encoding] ?? page.bodies.identity));
			return true;
		},

		stored(page) {
			const file = relative(siteDir, page.file).split(sep).join('/');
			if (file.startsWith('..')) return;
			if ('removed' in page) {
				kept.delete(file);
				if (files.delete(file)) resolved.clear();
				return;
			}
			kept.set(file, pageOf(file, { identity: page.identity, br: page.br, gzip: page.gzip }));
			if (!files.has(file)) {
				files.add(file);
				resolved.clear();
			}
		},

		stats: () => ({
			pages: files.size,
			kept: kept.size,
			bytes: kept.calculatedSize,
			remembered: resolved.size,
		}),
	};
}
