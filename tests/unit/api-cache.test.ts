/**
 * The rules of src/server/host/api-cache.ts that real HTTP against the app cannot time on
 * purpose: only answers that say they may be shared are kept, whatever cookies the request
 * carried, and a personal answer never is, whatever the cookie's spelling; an announced change drops exactly its pathnames, an answer made across a change is not
 * kept, and writes that announce nothing clear nothing; answers expire; the size stays bounded.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import inject from 'light-my-request';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiCache } from '@/server/host/api-cache';
import { MAX_REMEMBERED_URL_LENGTH } from '@/server/runtime/remembered-urls';
import { PERSONAL_CACHE_CONTROL, SHARED_CACHE_CONTROL } from '@/server/http/cache-headers';

type Cache = ReturnType<typeof createApiCache>;
type Pending = { req: IncomingMessage; res: ServerResponse };

let server: Server | undefined;

/** What the public routes answer everyone with (src/server/http/cache-headers.ts). */
const SHARED = { 'cache-control': SHARED_CACHE_CONTROL };

/**
 * A server in front of a fake app: every request the cache does not answer waits in `pending`
 * until the test answers it, so a test decides what happens in between.
 */
async function start(cache: Cache) {
	const pending: Pending[] = [];
	const waiters: Array<() => void> = [];
	server = createServer((req, res) => {
		if (cache.serve(req, res)) return;
		cache.track(req, res);
		pending.push({ req, res });
		waiters.splice(0).forEach((wake) => wake());
	});
	await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
	const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	const next = async (): Promise<Pending> => {
		while (pending.length === 0) await new Promise<void>((wake) => waiters.push(wake));
		return pending.shift()!;
	};
	const answer = ({ res }: Pending, body: unknown, headers: Record<string, string | string[]> = SHARED) => {
		res.writeHead(200, { 'content-type': 'application/json', ...headers });
		res.end(JSON.stringify(body));
	};
	return { base, next, answer };
}

afterEach(async () => {
	await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
	server = undefined;
});

/** Waits until the cache holds `count` entries (answers are kept after async compression). */
const kept = (cache: Cache, count: number) => expect.poll(() => cache.stats().entries).toBe(count);

describe('api cache', () => {
	it('keeps a shared answer and answers the next read from memory, with its own Cache-Control', async () => {
		const cache = createApiCache();
		const { base, next, answer } = await start(cache);
		const first = fetch(`${base}/api/platforms`);
		answer(await next(), { n: 1 });
		expect(await (await first).json()).toEqual({ n: 1 });
		await kept(cache, 1);
		const second = await fetch(`${base}/api/platforms`);
		expect(second.headers.get('x-cache')).toBe('hit');
		expect(second.headers.get('cache-control')).toBe(SHARED['cache-control']);
		expect(second.headers.get('vary')).toBeNull();
		expect(await second.json()).toEqual({ n: 1 });
	});

	it('keeps a media library file as it is (no compressed twin, its ETag kept), never for a Range request', async () => {
		const cache = createApiCache();
		const { base, next } = await start(cache);
		const path = `/media/${'a'.repeat(32)}.webp`;
		const image = Buffer.alloc(4096, 7);
		const first = fetch(`${base}${path}`, { headers: { 'accept-encoding': 'br, gzip' } });
		const { res } = await next();
		res.writeHead(200, {
			'content-type': 'image/webp',
			'cache-control': 'public, max-age=86400, s-maxage=1',
			etag: `"${'a'.repeat(32)}.webp"`,
		});
		res.end(image);
		expect(Buffer.from(await (await first).arrayBuffer())).toEqual(image);
		await kept(cache, 1);
		const second = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'br, gzip' } });
		expect(second.headers.get('x-cache')).toBe('hit');
		expect(second.headers.get('content-encoding')).toBeNull();
		expect(second.headers.get('content-type')).toBe('image/webp');
		// nginx revalidates its copy with it, whichever way the node answered.
		expect(second.headers.get('etag')).toBe(`"${'a'.repeat(32)}.webp"`);
		expect(Buffer.from(await second.arrayBuffer())).toEqual(image);
		// A byte range goes to the app, which answers 206.
		const ranged = fetch(`${base}${path}`, { headers: { range: 'bytes=0-9' } });
		const pending = await next();
		pending.res.writeHead(206, { 'content-type': 'image/webp' });
		pending.res.end(image.subarray(0, 10));
		expect((await ranged).status).toBe(206);
	});

	it.each([
		['no Cache-Control', {}],
		['private', { 'cache-control': 'private, no-cache' }],
		['public without a lifetime', { 'cache-control': 'public' }],
		['public but no-store', { 'cache-control': 'public, s-maxage=10, no-store' }],
		['a Set-Cookie', { ...SHARED, 'set-cookie': 'session=; Max-Age=0' }],
		['a Vary this cache does not handle', { ...SHARED, vary: 'Authorization' }],
		['a Vary by Cookie (the key is the URL alone)', { ...SHARED, vary: 'Cookie' }],
		['a personal answer', { 'cache-control': PERSONAL_CACHE_CONTROL }],
	])('never keeps an answer with %s', async (_name, headers) => {
		const cache = createApiCache();
		const { base, next, answer } = await start(cache);
		const read = fetch(`${base}/api/platforms`);
		answer(await next(), { ok: true }, headers);
		await read;
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(cache.stats().entries).toBe(0);
	});

	it.each([
		['session=abc'],
		['session =abc'],
		['theme=x;session= abc'],
		['other=1; session\t=abc'],
		['_ga=GA1.2.3.4'],
	])('serves a kept public answer to a request with the cookie %j', async (cookie) => {
		const cache = createApiCache();
		const { base, next, answer } = await start(cache);
		const first = fetch(`${base}/api/platforms`);
		answer(await next(), { for: 'everyone' });
		await first;
		await kept(cache, 1);
		const withCookie = await fetch(`${base}/api/platforms`, { headers: { cookie } });
		expect(withCookie.headers.get('x-cache')).toBe('hit');
		expect(await withCookie.json()).toEqual({ for: 'everyone' });
	});

	it.each([['session=abc'], ['session =abc'], ['theme=x;session= abc'], ['_ga=GA1.2.3.4']])(
		'keeps a public answer made for a request with the cookie %j',
		async (cookie) => {
			const cache = createApiCache();
			const { base, next, answer } = await start(cache);
			const first = fetch(`${base}/api/platforms`, { headers: { cookie } });
			answer(await next(), { for: 'everyone' });
			await first;
			await kept(cache, 1);
			const anonymous = await fetch(`${base}/api/platforms`);
			expect(anonymous.headers.get('x-cache')).toBe('hit');
		},
	);

	it.each([['session=abc'], ['session =abc'], ['theme=x;session= abc'], ['other=1; session\t=abc']])(
		'never keeps a personal answer to a request with the cookie %j',
		async (cookie) => {
			const cache = createApiCache();
			const { base, next, answer } = await start(cache);
			const own = fetch(`${base}/api/user`, { headers: { cookie } });
			answer(await next(), { for: 'the signed-in reader' }, { 'cache-control': PERSONAL_CACHE_CONTROL });
			expect(await (await own).json()).toEqual({ for: 'the signed-in reader' });
			await new Promise((resolve) => setTimeout(resolve, 50));
			expect(cache.stats().entries).toBe(0);
			const other = fetch(`${base}/api/user`);
			const request = await next();
			answer(request, { message: 'Sign in.' }, { 'cache-control': PERSONAL_CACHE_CONTROL });
			const answered = await other;
			expect(answered.headers.get('x-cache')).toBeNull();
			expect(await answered.json()).toEqual({ message: 'Sign in.' });
		},
	);

	it('drops exactly the pathnames a change names, every query string of them', async () => {
		const cache = createApiCache();
		const { base, next, answer } = await start(cache);
		const paths = ['/api/platforms?limit=1', '/api/platforms?limit=2', '/api/platforms/7', '/api/news'];
		for (const path of paths) {
			const read = fetch(`${base}${path}`);
			answer(await next(), { path });
			await read;
		}
		await kept(cache, 4);
		cache.invalidate(['/api/platforms']);
		expect(cache.stats().entries).toBe(2);
		expect((await fetch(`${base}/api/platforms/7`)).headers.get('x-cache')).toBe('hit');
		expect((await fetch(`${base}/api/news`)).headers.get('x-cache')).toBe('hit');
		const fresh = fetch(`${base}/api/platforms?limit=1`);
		const request = await next();
		expect(request.req.url).toBe('/api/platforms?limit=1');
		answer(request, { fresh: true });
		expect(await (await fresh).json()).toEqual({ fresh: true });
	});

	it('does not keep an answer made while a change was announced', async () => {
		const cache = createApiCache();
		const { base, next, answer } = await start(cache);
		const read = fetch(`${base}/api/platforms`);
		const readRequest = await next();
		cache.invalidate(['/api/news']);
		answer(readRequest, { stale: true });
		await read;
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(cache.stats().entries).toBe(0);
	});

	it('is not emptied or held up by writes that announce nothing (a 404, a body still arriving)', async () => {
		const cache = createApiCache();
		const { base, next, answer } = await start(cache);
		const read = fetch(`${base}/api/news?search=x`);
		answer(await next(), []);
		await read;
		await kept(cache, 1);
		const missing = fetch(`${base}/nothing-here`, { method: 'POST' });
		const missingRequest = await next();
		missingRequest.res.writeHead(404).end();
		await missing;
		// A write whose body is still arriving is under way while other reads are kept.
		const slow = fetch(`${base}/api/admin/platforms`, { method: 'POST', body: 'x' });
		const slowRequest = await next();
		const other = fetch(`${base}/api/podcasts`);
		answer(await next(), [1]);
		await other;
		await kept(cache, 2);
		expect((await fetch(`${base}/api/news?search=x`)).headers.get('x-cache')).toBe('hit');
		answer(slowRequest, {});
		await slow;
		expect(cache.stats().entries).toBe(2);
	});

	it('forgets answers older than its age limit, however short the s-maxage for caches in front', async () => {
		let clock = 1_000;
		const cache = createApiCache({ ttlMs: 10_000, now: () => clock });
		const { base, next, answer } = await start(cache);
		const read = fetch(`${base}/api/podcasts`);
		answer(await next(), [1], { 'cache-control': 'public, s-maxage=1' });
		await read;
		await kept(cache, 1);
		// Caches in front hear no change announcements and keep it a second; this one hears them.
		clock += 9_000;
		expect((await fetch(`${base}/api/podcasts`)).headers.get('x-cache')).toBe('hit');
		clock += 1_001;
		const again = fetch(`${base}/api/podcasts`);
		const request = await next();
		expect(request.req.url).toBe('/api/podcasts');
		answer(request, [2]);
		expect(await (await again).json()).toEqual([2]);
	});

	it('stays within its size, forgetting the least recently read first', async () => {
		// Each entry counts its 600-byte body, its URL, its ready-made headers and a fixed
		// overhead (about 2.5 KB in all): two fit, three do not.
		const body = 'x'.repeat(600);
		const cache = createApiCache({ maxBytes: 6_000 });
		const { base, next, answer } = await start(cache);
		for (const id of [1, 2]) {
			const read = fetch(`${base}/api/platforms/${id}`);
			answer(await next(), body);
			await read;
			await kept(cache, id);
		}
		expect((await fetch(`${base}/api/platforms/1`)).headers.get('x-cache')).toBe('hit');
		const third = fetch(`${base}/api/platforms/3`);
		answer(await next(), body);
		await third;
		await expect.poll(() => cache.stats().bytes).toBeGreaterThan(4_000);
		expect(cache.stats()).toMatchObject({ entries: 2 });
		expect((await fetch(`${base}/api/platforms/1`)).headers.get('x-cache')).toBe('hit');
		const evicted = fetch(`${base}/api/platforms/2`);
		const request = await next();
		expect(request.req.url).toBe('/api/platforms/2');
		answer(request, body);
		await evicted;
	});

	it.each([
		['a page outside the API', '/platforms'],
		['a differently spelled path', '//api/platforms'],
		['an id with a leading zero', '/api/platforms/07'],
	])('never keeps the answer for %s', async (_name, path) => {
		const cache = createApiCache();
		const { base, next, answer } = await start(cache);
		const read = fetch(`${base}${path}`);
		answer(await next(), { ok: true });
		await read;
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(cache.stats().entries).toBe(0);
	});

	it('is off with an age limit of 0', async () => {
		const cache = createApiCache({ ttlMs: 0 });
		const { base, next, answer } = await start(cache);
		const read = fetch(`${base}/api/platforms`);
		answer(await next(), []);
		await read;
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(cache.stats().entries).toBe(0);
	});
});

/** Asks `cache` for `url` as the host does, the fake app answering a tiny shared JSON. */
function read(cache: Cache, url: string) {
	return inject(
		(req, res) => {
			if (cache.serve(req, res)) return;
			cache.track(req, res);
			res.writeHead(200, { 'content-type': 'application/json', ...SHARED });
			res.end('[]');
		},
		{ method: 'GET', url },
	);
}

describe('the api cache under many distinct URLs', () => {
	it('stays within its entry count and its bytes, URLs and headers counted', async () => {
		const maxBytes = 4 * 1024 * 1024;
		const cache = createApiCache({ maxBytes, maxEntries: 2_000 });
		// Each URL differs and carries 900 bytes of padding: a 2-byte answer under a large key.
		const pad = 'z'.repeat(900);
		let most = 0;
		for (let i = 0; i < 50_000; i += 1) {
			await read(cache, `/api/platforms?search=zzz&pad=${i}${pad}`);
			if (i % 1_000 === 999) most = Math.max(most, cache.stats().entries);
		}
		await new Promise((resolve) => setImmediate(resolve));
		const { entries, bytes } = cache.stats();
		console.info(`api cache after 50,000 distinct URLs: ${entries} entries, ${bytes} bytes accounted`);
		expect(Math.max(most, entries)).toBeLessThanOrEqual(2_000);
		expect(entries).toBeGreaterThan(0);
		expect(bytes).toBeLessThanOrEqual(maxBytes);
		// The keys are in the sum: every entry counts at least its 900-byte URL.
		expect(bytes).toBeGreaterThan(entries * 900);
	});

	it('never keeps the answer for a URL longer than its bound (it is still answered)', async () => {
		const cache = createApiCache();
		const long = `/api/platforms?search=zzz&pad=${'z'.repeat(MAX_REMEMBERED_URL_LENGTH)}`;
		for (let i = 0; i < 3; i += 1) {
			const answer = await read(cache, long);
			expect(answer.statusCode).toBe(200);
			expect(answer.headers['x-cache']).toBeUndefined();
		}
		await new Promise((resolve) => setImmediate(resolve));
		expect(cache.stats().entries).toBe(0);
	});

	it('sweeps stale answers on a timer, without anyone asking for them again', async () => {
		vi.useFakeTimers({ toFake: ['setInterval'] });
		try {
			let clock = 1_000;
			const cache = createApiCache({ ttlMs: 10_000, now: () => clock });
			for (let i = 0; i < 100; i += 1) await read(cache, `/api/platforms?page=${i}`);
			await expect.poll(() => cache.stats().entries).toBe(100);
			clock += 10_001;
			vi.advanceTimersByTime(10_000);
			expect(cache.stats()).toEqual({ entries: 0, bytes: 0 });
		} finally {
			vi.useRealTimers();
		}
	});
});

describe('a kept answer', () => {
	it('carries its own headers and the common ones for its path and scheme, ready-made', async () => {
		const cache = createApiCache({
			commonHeaders: (pathname, https) => ({ 'X-Common': `${pathname} ${https ? 'https' : 'http'}` }),
		});
		const pending: ServerResponse[] = [];
		server = createServer((req, res) => {
			if (cache.serve(req, res, req.headers['x-test-https'] === '1')) return;
			cache.track(req, res);
			pending.push(res);
			res.writeHead(200, { 'content-type': 'application/json', ...SHARED });
			res.end(JSON.stringify({ items: 'x'.repeat(2000) }));
		});
		await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
		const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/platforms`;
		await (await fetch(base)).arrayBuffer();
		await kept(cache, 1);
		for (const [headers, encoding, common] of [
			[{ 'accept-encoding': 'br' }, 'br', '/api/platforms http'],
			[{ 'accept-encoding': 'gzip', 'x-test-https': '1' }, 'gzip', '/api/platforms https'],
		] as const) {
			const hit = await fetch(base, { headers });
			expect(hit.headers.get('x-cache')).toBe('hit');
			expect(hit.headers.get('content-encoding')).toBe(encoding);
			expect(hit.headers.get('cache-control')).toBe(SHARED_CACHE_CONTROL);
			expect(hit.headers.get('vary')).toBe('Accept-Encoding');
			expect(hit.headers.get('x-common')).toBe(common);
			expect((await hit.json()).items).toHaveLength(2000);
		}
		expect(pending).toHaveLength(1);
	});
});

describe("answers kept for a caller's key (the Content API)", () => {
	const keyOfCaller = (req: IncomingMessage, pathname: string) =>
		pathname.startsWith('/api/v1/')
			? (req.headers.authorization?.slice('Bearer '.length) ?? null)
			: undefined;

	it('keeps them per key, serves them only through keptForCaller, and drops them on any change', async () => {
		const cache = createApiCache({ callerKeyOf: keyOfCaller });
		const { base, next, answer } = await start(cache);
		const asked = (key?: string) =>
			fetch(`${base}/api/v1/platforms`, { headers: key ? { authorization: `Bearer ${key}` } : {} });
		const first = asked('one');
		answer(await next(), { n: 1 }, { ...SHARED, vary: 'Authorization' });
		expect(await (await first).json()).toEqual({ n: 1 });
		await kept(cache, 1);
		// serve() never answers it: the app checks the key first. Another key or none is not it.
		const again = asked('one');
		const pending = await next();
		expect(cache.keptForCaller(pending.req)?.caller).toBe('one');
		const { entry } = cache.keptForCaller(pending.req)!;
		cache.write(pending.req, pending.res, entry, false, ['RateLimit', '"per-key";r=5;t=60']);
		const hit = await again;
		expect(hit.headers.get('x-cache')).toBe('hit');
		expect(hit.headers.get('ratelimit')).toBe('"per-key";r=5;t=60');
		expect(hit.headers.get('vary')).toBe('Authorization');
		const other = asked('two');
		const otherPending = await next();
		expect(cache.keptForCaller(otherPending.req)).toBeUndefined();
		answer(otherPending, { n: 2 });
		await other;
		const none = asked();
		const nonePending = await next();
		expect(cache.keptForCaller(nonePending.req)).toBeUndefined();
		answer(nonePending, { message: 'no key' }, SHARED);
		await none;
		// An announced change of other paths drops every answer kept for a key.
		await kept(cache, 2);
		cache.invalidate(['/api/platforms']);
		expect(cache.stats().entries).toBe(0);
	});
});
