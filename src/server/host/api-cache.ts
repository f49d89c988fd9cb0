/**
 * A per-process cache of shared API answers (and media library files), kept with their brotli and gzip twins so that a
 * repeated read costs a Map lookup and one write, not Astro's endpoint pipeline, SQL, JSON and
 * compression. It behaves as a reverse proxy or CDN in front would:
 *
 * - What may be kept is said by the answer: `Cache-Control: public` with an `s-maxage` (or
 *   `max-age`), no `private`/`no-store`, no Set-Cookie, and a `Vary` naming only what this
 *   cache handles (Accept-Encoding). Public routes say so, personal ones answer `private,
 *   no-store` to everyone (src/server/http/cache-headers.ts); nothing here knows routes or
 *   sessions.
 * - So cookies do not matter here: a public answer is the same for everyone, so it is served
 *   and kept whatever cookies came (the session included), and a personal one is never kept,
 *   however its caller's cookie was spelled.
 * - The app announces which API pathnames a committed change made stale (src/server/site/
 *   paths.ts, through the shared runtime the host hands it); exactly those answers are dropped,
 *   every query string of them. An answer being made while any change was announced is not
 *   kept (it may predate it).
 *   Requests that change nothing (a 404, a refused write, a body still arriving) clear nothing.
 *
 * Changes this process does not see (`npm run user:create`, a restore) are bounded by the age
 * limit: an answer is served for at most API_CACHE_TTL_MS. Its s-maxage is for caches in front,
 * which hear no announcements; this one does (other nodes' changes arrive through the content
 * relay as this node's own), so it keeps answers longer. API_CACHE_TTL_MS=0 turns it off.
 *
 * A kept answer carries its headers ready-made (answer-headers.ts): serving it builds nothing.
 * A HEAD is answered from the GET's kept answer, and on a miss is made as that GET and kept.
 *
 * Memory is bounded whatever readers ask: an entry's size counts its URL and headers besides
 * its bodies (a 2-byte answer under a 15 KB URL is not free), the entries are capped in number,
 * stale ones are swept on a timer rather than only when asked again, and URLs longer than any
 * the site's own pages build are never kept.
 */
import type { IncomingMessage, OutgoingHttpHeader, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import {
	headerList,
	NO_COMMON_HEADERS,
	NO_OWN_HEADERS,
	withOwn,
	type CommonHeaders,
	type HeaderList,
} from './answer-headers';
import { COMPRESS_THRESHOLD } from './compress';
import { preferredEncoding, type Encoding } from './encoding';
import { requestHeader } from './request-headers';
import { baseLog } from '@/server/runtime/log';
import { MAX_REMEMBERED_URL_LENGTH } from '@/server/runtime/remembered-urls';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Only API paths in their plain spelling are kept (lower-case segments, single slashes, ids
 * without leading zeros), so a change announced for '/api/platforms/5' reaches every kept
 * answer of that resource; '//api/platforms/05' and the like are simply not kept.
 */
const PLAIN_API_PATH = /^\/api(?:\/(?:[a-z][a-z0-9-]*|[1-9][0-9]*))+$/;
/**
 * Media library files are kept too (their answers say public): a library image is then served
 * at a kept answer's speed, not through the app and a storage read, until a delete's change
 * (media-deleted) drops it. Images are compressed already, so they are kept as they are.
 */
const MEDIA_FILE_PATH = /^\/media\/[0-9a-f]{32}\.(?:avif|webp|jpg|png|gif)$/;
const keptPath = (pathname: string) => PLAIN_API_PATH.test(pathname) || MEDIA_FILE_PATH.test(pathname);
const MAX_ENTRY_BYTES = 1024 * 1024;
/**
 * What an entry costs besides its strings and bodies (objects, the LRU's and the path index's
 * slots): a tiny answer measured about 1.6 KB in all on Node 24, headers included.
 */
const ENTRY_OVERHEAD_BYTES = 1024;
/**
 * Vary values this cache honours: it compresses itself. An answer that varies by Cookie is not
 * kept: the key is the URL alone.
 */
const HANDLED_VARY = new Set(['accept-encoding']);

type Entry = {
	pathname: string;
	/** Kept for one caller's key (the Content API's answers): served only after its check. */
	keyed: boolean;
	status: number;
	type: string;
	cacheControl: string;
	vary: string;
	/** A paged list's X-Total-Count, kept with its page. */
	totalCount: string | undefined;
	/** The answer's validator (a library file's), so a cache in front can revalidate its copy. */
	etag: string | undefined;
	identity: Buffer;
	br?: Buffer;
	gzip?: Buffer;
	bytes: number;
	http: Record<Encoding, HeaderList>;
	https: Record<Encoding, HeaderList>;
};
type Chunk = string | Buffer | Uint8Array;
type Callback = (error?: Error | null) => void;

export type ApiCache = ReturnType<typeof createApiCache>;

/** Seconds a shared cache may keep the answer, or undefined when it must not keep it. */
export function sharedLifetime(cacheControl: string, vary: string): number | undefined {
	const directives = new Map<string, string>();
	for (const part of cacheControl.toLowerCase().split(',')) {
		const [name, value = ''] = part.trim().split('=');
		if (name) directives.set(name, value.replace(/^"|"$/g, ''));
	}
	if (!directives.has('public')) return undefined;
	for (const refusal of ['private', 'no-store', 'no-cache']) if (directives.has(refusal)) return undefined;
	for (const name of vary.toLowerCase().split(',')) {
		const header = name.trim();
		if (header && !HANDLED_VARY.has(header)) return undefined;
	}
	const seconds = Number(directives.get('s-maxage') ?? directives.get('max-age'));
	return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

/** Bytes of a ready-made header list, names and values. */
function headerBytes(lists: Record<Encoding, HeaderList>): number {
	let bytes = 0;
	for (const list of Object.values(lists)) for (const part of list) bytes += part.length;
	return bytes;
}

export function createApiCache({
	ttlMs = 10_000,
	maxBytes = 32 * 1024 * 1024,
	maxEntries = 10_000,
	now = Date.now,
	commonHeaders = NO_COMMON_HEADERS,
	onLookup = () => {},
	callerKeyOf = () => undefined,
}: {
	ttlMs?: number;
	maxBytes?: number;
	maxEntries?: number;
	now?: () => number;
	commonHeaders?: CommonHeaders;
	/** Told of every cacheable read: answered from memory (true) or not (false). */
	onLookup?: (hit: boolean) => void;
	/**
	 * For a path whose answers belong to a caller's key (the Content API's, `/api/v1`): the key
	 * the request carries, or null when it carries none; undefined for any other path. Such an
	 * answer is kept under its URL and the key, may vary by Authorization (the key is in the
	 * cache key), and is served only through keptForCaller() and write(), after the app checked
	 * the key and spent its budget for that request. Every announced change drops them all:
	 * the app announces the site's own API paths, not these.
	 */
	callerKeyOf?: (req: IncomingMessage, pathname: string) => string | null | undefined;
} = {}) {
	/** Keys kept per pathname, to drop exactly what a change touched. */
	const keysByPath = new Map<string, Set<string>>();
	const enabled = ttlMs > 0;
	// Least recently read answers go first once their bytes pass maxBytes or their number
	// maxEntries; the age limit is read on this cache's clock, unrounded.
	const entries = new LRUCache<string, Entry>({
		max: Math.max(1, maxEntries),
		maxSize: maxBytes,
		sizeCalculation: (entry) => entry.bytes,
		ttl: Math.max(1, ttlMs),
		ttlResolution: 0,
		perf: { now },
		dispose: (entry, key) => forget(key, entry),
	});
	// Stale answers go within an age limit even when nobody asks for them again. The timer
	// keeps no process alive.
	if (enabled) setInterval(() => entries.purgeStale(), Math.max(ttlMs, 1_000)).unref();
	/** Bumped on every announced change: an answer made across a bump is not kept. */
	let changes = 0;
	/** Pathnames with answers kept for a caller's key, all dropped on any announced change. */
	const keyedPaths = new Set<string>();

	function forget(key: string, entry: Entry): void {
		const keys = keysByPath.get(entry.pathname);
		keys?.delete(key);
		if (keys?.size === 0) {
			keysByPath.delete(entry.pathname);
			keyedPaths.delete(entry.pathname);
		}
	}

	function remember(key: string, entry: Entry, ttl: number): void {
		entries.set(key, entry, { ttl });
		let keys = keysByPath.get(entry.pathname);
		// biome-ignore lint/suspicious/noAssignInExpressions: the new set is stored and kept for the add below
		if (!keys) keysByPath.set(entry.pathname, (keys = new Set()));
		keys.add(key);
		if (entry.keyed) keyedPaths.add(entry.pathname);
	}

	/** Drops every kept answer of these pathnames (any query string). */
	function invalidate(pathnames: readonly string[]): void {
		changes += 1;
		for (const pathname of [...pathnames, ...keyedPaths]) {
			const keys = keysByPath.get(pathname);
			if (!keys) continue;
			keysByPath.delete(pathname);
			for (const key of keys) entries.delete(key);
		}
	}

	function clear(): void {
		changes += 1;
		entries.clear();
		keysByPath.clear();
		keyedPaths.clear();
	}

	type Found = { key: string; pathname: string; caller: string | null | undefined };
	/**
	 * A caller's read found by serve(), for keptForCaller() right after it: the host asks both of
	 * each request, and a keyed read would otherwise read its URL and key twice.
	 */
	const callerReads = new WeakMap<IncomingMessage, Found>();

	/** The key of a request whose answer may come from, or go to, the cache. */
	function keyOf(req: IncomingMessage): Found | undefined {
		const found = callerReads.get(req);
		if (found) return found;
		if (!enabled || (req.method !== 'GET' && req.method !== 'HEAD')) return undefined;
		const url = req.url ?? '/';
		if (url.length > MAX_REMEMBERED_URL_LENGTH) return undefined;
		const query = url.indexOf('?');
		const pathname = query === -1 ? url : url.slice(0, query);
		if (!keptPath(pathname)) return undefined;
		// A library file's revalidation (nginx's, each second) goes to the app, which answers 304
		// or, once the file is deleted, 404.
		if (requestHeader(req, 'if-none-match') && MEDIA_FILE_PATH.test(pathname)) return undefined;
		if (requestHeader(req, 'range')) return undefined;
		const caller = callerKeyOf(req, pathname);
		// A key may not hold a newline, so no URL and key spell another's.
		return { key: caller ? `${url}\n${caller}` : url, pathname, caller };
	}

	/** The answer's headers for each encoding, as serve() writes them. */
	function readyHeaders(
		entry: Omit<Entry, 'bytes' | 'http' | 'https'>,
		https: boolean,
	): Record<Encoding, HeaderList> {
		const common = commonHeaders(entry.pathname, https);
		const vary = [entry.vary, entry.br ? 'Accept-Encoding' : ''].filter(Boolean).join(', ');
		const headers = (encoding: Encoding) => {
			const body = encoding === 'identity' ? entry.identity : (entry[encoding] ?? entry.identity);
			return headerList(common, {
				'Content-Type': entry.type,
				'Cache-Control': entry.cacheControl,
				'X-Cache': 'hit',
				'X-Total-Count': entry.totalCount,
				ETag: entry.etag,
				Vary: vary || undefined,
				'Content-Encoding': body === entry.identity ? undefined : encoding,
				'Content-Length': body.length,
			});
		};
		return { br: headers('br'), gzip: headers('gzip'), identity: headers('identity') };
	}

	async function store(
		key: string,
		entry: Omit<Entry, 'br' | 'gzip' | 'bytes' | 'http' | 'https'>,
		startedAt: number,
		expiresAt: number,
	): Promise<void> {
		const { identity } = entry;
		const compress = identity.length >= COMPRESS_THRESHOLD && !entry.type.startsWith('image/');
		const [br, gz] = compress
			? await Promise.all([
					brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }),
					gzipAsync(identity, { level: 6 }),
				])
			: [undefined, undefined];
		// A change may have been announced while compressing: the answer may be old by now.
		if (changes !== startedAt) return;
		const ttl = expiresAt - now();
		if (ttl <= 0) return;
		const whole = { ...entry, br, gzip: gz };
		const http = readyHeaders(whole, false);
		const https = readyHeaders(whole, true);
		const bytes =
			identity.length +
			(br?.length ?? 0) +
			(gz?.length ?? 0) +
			key.length +
			entry.pathname.length +
			entry.type.length +
			entry.cacheControl.length +
			entry.vary.length +
			(entry.totalCount?.length ?? 0) +
			(entry.etag?.length ?? 0) +
			headerBytes(http) +
			headerBytes(https) +
			ENTRY_OVERHEAD_BYTES;
		remember(key, { ...whole, bytes, http, https }, ttl);
	}

	/** Records the answer the app writes for a request, to keep it if the answer allows. */
	function capture(res: ServerResponse, key: string, pathname: string, keyed: boolean): void {
		const startedAt = changes;
		const chunks: Buffer[] = [];
		let size = 0;
		const collect = (chunk: unknown, encoding?: unknown) => {
			if (!chunk || typeof chunk === 'function' || size > MAX_ENTRY_BYTES) return;
			// A copy: a streamed file's parts may come in one buffer the store reuses for the next
			// (StoredFile.read), so a kept reference would end up holding the last part over and over.
			const buffer =
				chunk instanceof Uint8Array
					? Buffer.from(chunk)
					: Buffer.from(
							chunk as string,
							typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8',
						);
			size += buffer.length;
			chunks.push(buffer);
		};
		// Headers given to writeHead() bypass getHeader() when none were set before it.
		const given: Record<string, unknown> = {};
		const writeHead = res.writeHead;
		res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
			const headers = rest.find((arg) => arg && typeof arg === 'object') as
				| OutgoingHttpHeaders
				| OutgoingHttpHeader[]
				| undefined;
			if (Array.isArray(headers)) {
				for (let i = 0; i + 1 < headers.length; i += 2)
					given[String(headers[i]).toLowerCase()] = headers[i + 1];
			} else {
				for (const [name, value] of Object.entries(headers ?? {})) given[name.toLowerCase()] = value;
			}
			return (writeHead as (...args: unknown[]) => ServerResponse).call(this, status, ...rest);
		} as typeof res.writeHead;
		const header = (name: string) => {
			const value = given[name] ?? res.getHeader(name);
			return Array.isArray(value) ? value.join(', ') : value === undefined ? undefined : String(value);
		};
		const write = res.write;
		const end = res.end;
		res.write = function (
			this: ServerResponse,
			chunk: Chunk,
			encoding?: BufferEncoding | Callback,
			callback?: Callback,
		) {
			collect(chunk, encoding);
			return (write as (...args: unknown[]) => boolean).call(this, chunk, encoding, callback);
		} as typeof res.write;
		res.end = function (
			this: ServerResponse,
			chunk?: Chunk | Callback,
			encoding?: BufferEncoding | Callback,
			callback?: Callback,
		) {
			collect(chunk, encoding);
			const result = (end as (...args: unknown[]) => ServerResponse).call(this, chunk, encoding, callback);
			if (res.statusCode !== 200 || size > MAX_ENTRY_BYTES || changes !== startedAt) return result;
			if (header('set-cookie') !== undefined) return result;
			const cacheControl = header('cache-control') ?? '';
			// Chunks are captured before the compressor: this cache adds Accept-Encoding itself.
			const vary = (header('vary') ?? '')
				.split(',')
				.map((name) => name.trim())
				.filter((name) => name && name.toLowerCase() !== 'accept-encoding')
				.join(', ');
			// A keyed answer's Vary: Authorization is handled: the key is in the cache key.
			const handledVary = keyed
				? vary
						.split(',')
						.map((name) => name.trim())
						.filter((name) => name.toLowerCase() !== 'authorization')
						.join(', ')
				: vary;
			if (sharedLifetime(cacheControl, handledVary) === undefined) return result;
			const entry = {
				pathname,
				keyed,
				status: 200,
				type: header('content-type') ?? 'application/octet-stream',
				cacheControl,
				vary,
				totalCount: header('x-total-count'),
				etag: header('etag'),
				identity: Buffer.concat(chunks, size),
			};
			store(key, entry, startedAt, now() + ttlMs).catch((error) =>
				baseLog().error({ err: error }, 'api-cache: could not keep an answer'),
			);
			return result;
		} as typeof res.end;
	}

	/** Writes a kept answer, in the encoding the request prefers, with the request's own headers. */
	function write(req: IncomingMessage, res: ServerResponse, entry: Entry, https: boolean, own: HeaderList) {
		const encoding = entry.br ? preferredEncoding(req) : 'identity';
		const body = encoding === 'identity' ? entry.identity : (entry[encoding] ?? entry.identity);
		res.writeHead(entry.status, withOwn((https ? entry.https : entry.http)[encoding], own));
		res.end(req.method === 'HEAD' ? undefined : body);
	}

	return {
		/** Answers a request from the cache and returns true, or returns false. */
		serve(
			req: IncomingMessage,
			res: ServerResponse,
			https = false,
			own: HeaderList = NO_OWN_HEADERS,
		): boolean {
			const found = keyOf(req);
			if (!found) return false;
			// A caller's answers wait for the app's check (keptForCaller).
			if (found.caller !== undefined) {
				if (found.caller !== null) callerReads.set(req, found);
				return false;
			}
			// A stale entry is answered as missing and dropped by the LRU itself.
			const entry = entries.get(found.key);
			if (!entry) {
				onLookup(false);
				return false;
			}
			onLookup(true);
			write(req, res, entry, https, own);
			return true;
		},

		/**
		 * The answer kept for this request's URL and caller's key, with the key, or undefined
		 * (not such a path, no key, nothing kept). Serve it with write() once the app checked
		 * the key and spent its budget for this request.
		 */
		keptForCaller(req: IncomingMessage): { entry: Entry; caller: string } | undefined {
			const found = keyOf(req);
			if (!found?.caller) return undefined;
			const entry = entries.get(found.key);
			onLookup(entry !== undefined);
			return entry && { entry, caller: found.caller };
		},

		write,

		/** Call for every request the app is about to handle: answers it may keep are recorded. */
		track(req: IncomingMessage, res: ServerResponse): void {
			const found = keyOf(req);
			if (!found || found.caller === null) return;
			// A HEAD is made as the GET it stands for (nginx's proxy_cache_convert_head), so its
			// answer is kept for both; Node still sends a HEAD's answer without its body.
			if (req.method === 'HEAD') req.method = 'GET';
			capture(res, found.key, found.pathname, found.caller !== undefined);
		},

		invalidate,
		clear,

		/** For tests and the bench: how much is kept. */
		stats: () => ({ entries: entries.size, bytes: entries.calculatedSize }),
	};
}
