/**
 * A per-process cache of the public API's anonymous read answers (GET /api/platforms,
 * /api/news?search=..., /api/platforms/{id}/comments and the like), kept with their brotli and
 * gzip twins so that a repeated read costs a Map lookup and one write, not Astro's endpoint
 * pipeline, SQL, JSON and compression.
 *
 * Why it is never stale in this process: an anonymous answer depends only on its URL and the
 * database, and every change to the database goes through a POST, PUT, PATCH or DELETE request
 * of this server. Each such request empties the cache when it starts and when it ends, and an
 * answer is kept only when no such request started, ran or ended while it was being made.
 * Signed-in readers (a `session` cookie) always get fresh answers: theirs can differ (a
 * comment author sees their own pending comments).
 *
 * Writes this process does not see (a second app node, `npm run user:create`, a restore) are
 * covered by the age limit: an answer is served for at most API_CACHE_TTL_MS (default 10 s).
 * API_CACHE_TTL_MS=0 turns the cache off.
 */
import type { IncomingMessage, OutgoingHttpHeader, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { COMPRESS_THRESHOLD } from './compress';
import { preferredEncoding } from './encoding';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The public read routes, in their canonical spelling; other spellings simply pass through. */
const CACHEABLE_PATH =
	/^\/api\/(?:platforms(?:\/\d+(?:\/(?:comments|ratings))?)?|news(?:\/\d+)?|education(?:\/\d+)?|podcasts|pages(?:\/[a-z0-9-]+)?)$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SESSION_COOKIE = /(?:^|;)\s*session=/;
const MAX_ENTRY_BYTES = 1024 * 1024;

type Entry = { type: string; identity: Buffer; br?: Buffer; gzip?: Buffer; bytes: number; storedAt: number };
type Chunk = string | Buffer | Uint8Array;
type Callback = (error?: Error | null) => void;

export type ApiCache = ReturnType<typeof createApiCache>;

export function createApiCache({
	ttlMs = 10_000,
	maxBytes = 32 * 1024 * 1024,
	now = Date.now,
}: { ttlMs?: number; maxBytes?: number; now?: () => number } = {}) {
	// Least recently read answers go first once their bytes pass maxBytes.
	const entries = new LRUCache<string, Entry>({ maxSize: maxBytes, sizeCalculation: (entry) => entry.bytes });
	/** Bumped whenever a write starts or ends; an answer made across a bump is not kept. */
	let generation = 0;
	let writesInFlight = 0;
	const enabled = ttlMs > 0;

	function clear(): void {
		entries.clear();
	}

	function writeBoundary(): void {
		generation += 1;
		clear();
	}

	function keyOf(req: IncomingMessage): string | undefined {
		if (!enabled || req.method !== 'GET') return undefined;
		const url = req.url ?? '/';
		const query = url.indexOf('?');
		if (!CACHEABLE_PATH.test(query === -1 ? url : url.slice(0, query))) return undefined;
		if (SESSION_COOKIE.test(String(req.headers.cookie ?? ''))) return undefined;
		if (req.headers.range) return undefined;
		return url;
	}

	async function store(key: string, type: string, identity: Buffer, startedAt: number): Promise<void> {
		const compress = identity.length >= COMPRESS_THRESHOLD;
		const [br, gz] = compress
			? await Promise.all([
					brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }),
					gzipAsync(identity, { level: 6 }),
				])
			: [undefined, undefined];
		// A write may have started or ended while compressing: the answer may be old by now.
		if (generation !== startedAt || writesInFlight > 0) return;
		const bytes = identity.length + (br?.length ?? 0) + (gz?.length ?? 0);
		entries.set(key, { type, identity, br, gzip: gz, bytes, storedAt: now() });
	}

	/** Records the answer the app writes for a cacheable request, to keep it once it is complete. */
	function capture(res: ServerResponse, key: string): void {
		if (writesInFlight > 0) return;
		const startedAt = generation;
		const chunks: Buffer[] = [];
		let size = 0;
		const collect = (chunk: unknown, encoding?: unknown) => {
			if (!chunk || typeof chunk === 'function' || size > MAX_ENTRY_BYTES) return;
			const buffer = Buffer.isBuffer(chunk)
				? chunk
				: Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
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
				for (let i = 0; i + 1 < headers.length; i += 2) given[String(headers[i]).toLowerCase()] = headers[i + 1];
			} else {
				for (const [name, value] of Object.entries(headers ?? {})) given[name.toLowerCase()] = value;
			}
			return (writeHead as (...args: unknown[]) => ServerResponse).call(this, status, ...rest);
		} as typeof res.writeHead;
		const header = (name: string) => res.getHeader(name) ?? given[name];
		const write = res.write;
		const end = res.end;
		res.write = function (this: ServerResponse, chunk: Chunk, encoding?: BufferEncoding | Callback, callback?: Callback) {
			collect(chunk, encoding);
			return (write as (...args: unknown[]) => boolean).call(this, chunk, encoding, callback);
		} as typeof res.write;
		res.end = function (this: ServerResponse, chunk?: Chunk | Callback, encoding?: BufferEncoding | Callback, callback?: Callback) {
			collect(chunk, encoding);
			const result = (end as (...args: unknown[]) => ServerResponse).call(this, chunk, encoding, callback);
			const type = String(header('content-type') ?? '');
			const keep =
				res.statusCode === 200 &&
				size <= MAX_ENTRY_BYTES &&
				type.startsWith('application/json') &&
				header('set-cookie') === undefined &&
				generation === startedAt;
			if (keep) {
				store(key, type, Buffer.concat(chunks, size), startedAt).catch((error) =>
					console.error('[api-cache] could not keep an answer', error),
				);
			}
			return result;
		} as typeof res.end;
	}

	return {
		/** Answers a cacheable request from the cache and returns true, or returns false. */
		serve(req: IncomingMessage, res: ServerResponse): boolean {
			const key = keyOf(req);
			if (key === undefined) return false;
			const entry = entries.get(key);
			if (!entry) return false;
			if (now() - entry.storedAt > ttlMs) {
				entries.delete(key);
				return false;
			}
			const encoding = entry.br ? preferredEncoding(req) : 'identity';
			const body = encoding === 'br' ? entry.br! : encoding === 'gzip' ? entry.gzip! : entry.identity;
			res.statusCode = 200;
			res.setHeader('Content-Type', entry.type);
			res.setHeader('Cache-Control', 'private, no-cache');
			res.setHeader('X-Cache', 'hit');
			if (entry.br) res.setHeader('Vary', 'Accept-Encoding');
			if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
			res.setHeader('Content-Length', body.length);
			res.end(body);
			return true;
		},

		/**
		 * Call for every request the app is about to handle: writes empty the cache, and the
		 * answers to cacheable reads are kept.
		 */
		track(req: IncomingMessage, res: ServerResponse): void {
			if (!enabled) return;
			if (!SAFE_METHODS.has(req.method ?? 'GET')) {
				writesInFlight += 1;
				writeBoundary();
				res.once('close', () => {
					writesInFlight -= 1;
					writeBoundary();
				});
				return;
			}
			const key = keyOf(req);
			if (key !== undefined) capture(res, key);
		},

		clear,

		/** For tests and the bench: how much is kept. */
		stats: () => ({ entries: entries.size, bytes: entries.calculatedSize, writesInFlight }),
	};
}
