/**
 * A per-process cache of the public API's anonymous read answers (GET /api/platforms,
 * /api/news?search=..., /api/platforms/{id}/comments and the like), kept with their brotli and
 * gzip twins so that a repeated read costs a Map lookup and one write, not Astro's endpoint
 * pipeline, SQL, JSON and compression (issue 7: API reads at >= 0.3x a bare node:http server).
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
 * API_CACHE_TTL_MS=0 turns the cache off. With several app nodes the invalidation should come
 * from the shared database (e.g. PostgreSQL LISTEN/NOTIFY) through clear().
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { COMPRESS_THRESHOLD } from './compress.mjs';
import { preferredEncoding } from './encoding.mjs';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The public read routes, in their canonical spelling; other spellings simply pass through. */
const CACHEABLE_PATH =
	/^\/api\/(?:platforms(?:\/\d+(?:\/(?:comments|ratings))?)?|news(?:\/\d+)?|education(?:\/\d+)?|podcasts|pages(?:\/[a-z0-9-]+)?)$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SESSION_COOKIE = /(?:^|;)\s*session=/;
const MAX_ENTRY_BYTES = 1024 * 1024;

/** [name, value, name, value] (writeHead's raw form) as pairs. */
function pairsOf(flat) {
	const pairs = [];
	for (let i = 0; i + 1 < flat.length; i += 2) pairs.push([flat[i], flat[i + 1]]);
	return pairs;
}

/**
 * @param {{ ttlMs?: number, maxBytes?: number, now?: () => number }} [options]
 */
export function createApiCache({ ttlMs = 10_000, maxBytes = 32 * 1024 * 1024, now = Date.now } = {}) {
	// Least recently read answers go first once their bytes pass maxBytes.
	const entries = new LRUCache({ maxSize: maxBytes, sizeCalculation: (entry) => entry.bytes });
	/** Bumped whenever a write starts or ends; an answer made across a bump is not kept. */
	let generation = 0;
	let writesInFlight = 0;
	const enabled = ttlMs > 0;

	function clear() {
		entries.clear();
	}

	function writeBoundary() {
		generation += 1;
		clear();
	}

	function keyOf(req) {
		if (!enabled || req.method !== 'GET') return undefined;
		const url = req.url ?? '/';
		const query = url.indexOf('?');
		if (!CACHEABLE_PATH.test(query === -1 ? url : url.slice(0, query))) return undefined;
		if (SESSION_COOKIE.test(String(req.headers.cookie ?? ''))) return undefined;
		if (req.headers.range) return undefined;
		return url;
	}

	async function store(key, type, identity, startedAt) {
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
	function capture(req, res, key) {
		if (writesInFlight > 0) return;
		const startedAt = generation;
		const chunks = [];
		let size = 0;
		const collect = (chunk, encoding) => {
			if (!chunk || typeof chunk === 'function' || size > MAX_ENTRY_BYTES) return;
			const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8');
			size += buffer.length;
			chunks.push(buffer);
		};
		// Headers given to writeHead() bypass getHeader() when none were set before it.
		const given = {};
		const writeHead = res.writeHead;
		res.writeHead = function (status, ...rest) {
			const headers = rest.find((arg) => arg && typeof arg === 'object');
			const pairs = Array.isArray(headers) ? pairsOf(headers) : Object.entries(headers ?? {});
			for (const [name, value] of pairs) given[String(name).toLowerCase()] = value;
			return writeHead.call(this, status, ...rest);
		};
		const header = (name) => res.getHeader(name) ?? given[name];
		const write = res.write;
		const end = res.end;
		res.write = function (chunk, encoding, callback) {
			collect(chunk, encoding);
			return write.call(this, chunk, encoding, callback);
		};
		res.end = function (chunk, encoding, callback) {
			collect(chunk, encoding);
			const result = end.call(this, chunk, encoding, callback);
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
		};
	}

	return {
		/** Answers a cacheable request from the cache and returns true, or returns false. */
		serve(req, res) {
			const key = keyOf(req);
			if (key === undefined) return false;
			const entry = entries.get(key);
			if (!entry) return false;
			if (now() - entry.storedAt > ttlMs) {
				entries.delete(key);
				return false;
			}
			const encoding = entry.br ? preferredEncoding(req) : 'identity';
			const body = encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : entry.identity;
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
		track(req, res) {
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
			if (key !== undefined) capture(req, res, key);
		},

		clear,

		/** For tests and the bench: how much is kept. */
		stats: () => ({ entries: entries.size, bytes: entries.calculatedSize, writesInFlight }),
	};
}
