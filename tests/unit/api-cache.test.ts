/**
 * The rules of src/server/host/api-cache.ts that real HTTP against the app cannot time on
 * purpose: an answer made while a write was under way is never kept, answers expire, the
 * cache stays within its size, and only anonymous reads of public routes are kept.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiCache } from '../../src/server/host/api-cache';

type Cache = ReturnType<typeof createApiCache>;
type Pending = { req: IncomingMessage; res: ServerResponse };

let server: Server | undefined;

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
	const answer = ({ res }: Pending, body: unknown) => {
		res.writeHead(200, { 'content-type': 'application/json' });
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
	it('keeps an anonymous read and answers the next one from memory', async () => {
		const cache = createApiCache();
		const { base, next, answer } = await start(cache);
		const first = fetch(`${base}/api/platforms`);
		answer(await next(), { n: 1 });
		expect(await (await first).json()).toEqual({ n: 1 });
		await kept(cache, 1);
		const second = await fetch(`${base}/api/platforms`);
		expect(second.headers.get('x-cache')).toBe('hit');
		expect(await second.json()).toEqual({ n: 1 });
	});

	it('does not keep a read answered after a write started and ended during it', async () => {
		const cache = createApiCache();
		const { base, next, answer } = await start(cache);
		const read = fetch(`${base}/api/platforms`);
		const readRequest = await next();
		const write = fetch(`${base}/api/admin/platforms`, { method: 'POST' });
		answer(await next(), { saved: true });
		await write;
		answer(readRequest, { stale: true });
		await read;
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(cache.stats().entries).toBe(0);
	});

	it('does not keep a read that started while a write was under way', async () => {
		const cache = createApiCache();
		const { base, next, answer } = await start(cache);
		const write = fetch(`${base}/api/admin/platforms/1`, { method: 'PUT' });
		const writeRequest = await next();
		expect(cache.stats().writesInFlight).toBe(1);
		const read = fetch(`${base}/api/platforms`);
		answer(await next(), { before: true });
		await read;
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(cache.stats()).toMatchObject({ entries: 0, writesInFlight: 1 });
		answer(writeRequest, { saved: true });
		await write;
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(cache.stats()).toMatchObject({ entries: 0, writesInFlight: 0 });
	});

	it('empties itself when a write comes in', async () => {
		const cache = createApiCache();
		const { base, next, answer } = await start(cache);
		const read = fetch(`${base}/api/news?search=x`);
		answer(await next(), []);
		await read;
		await kept(cache, 1);
		const write = fetch(`${base}/api/logout`, { method: 'POST' });
		const writeRequest = await next();
		expect(writeRequest.req.method).toBe('POST');
		expect(cache.stats().entries).toBe(0);
		answer(writeRequest, {});
		await write;
	});

	it('forgets answers older than its age limit', async () => {
		let clock = 1_000;
		const cache = createApiCache({ ttlMs: 10_000, now: () => clock });
		const { base, next, answer } = await start(cache);
		const read = fetch(`${base}/api/podcasts`);
		answer(await next(), [1]);
		await read;
		await kept(cache, 1);
		clock += 10_001;
		const again = fetch(`${base}/api/podcasts`);
		const request = await next();
		expect(request.req.url).toBe('/api/podcasts');
		answer(request, [2]);
		expect(await (await again).json()).toEqual([2]);
	});

	it('stays within its size, forgetting the least recently read first', async () => {
		const body = 'x'.repeat(600);
		const cache = createApiCache({ maxBytes: 1500 });
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
		await expect.poll(() => cache.stats().bytes).toBeGreaterThan(1200);
		expect(cache.stats()).toMatchObject({ entries: 2 });
		expect((await fetch(`${base}/api/platforms/1`)).headers.get('x-cache')).toBe('hit');
		const evicted = fetch(`${base}/api/platforms/2`);
		const request = await next();
		expect(request.req.url).toBe('/api/platforms/2');
		answer(request, body);
		await evicted;
	});

	it.each([
		['a signed-in reader', '/api/platforms', { cookie: 'theme=x; session=abc' }],
		['an editors-only list', '/api/news/all', {}],
		['the session endpoint', '/api/user', {}],
		['a differently spelled path', '//api/platforms', {}],
	])('never keeps the answer for %s', async (_name, path, headers) => {
		const cache = createApiCache();
		const { base, next, answer } = await start(cache);
		const read = fetch(`${base}${path}`, { headers });
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
