/**
 * The host's cache of shared API answers (src/server/host/api-cache.ts) over real HTTP: a
 * repeated public read is answered from memory whatever cookies come (an analytics cookie, the
 * session), every write through the API is visible to the next read at once and clears exactly
 * the answers it touched, a personal answer (however the session cookie is spelled) is never
 * stored nor served to anyone else, and each encoding of a kept answer carries the same JSON.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONAL_CACHE_CONTROL, SHARED_CACHE_CONTROL } from '@/server/http/cache-headers';
import type { TestServer } from '../support/server';
import { rawGet } from '../support/http';
import { TestClient, registerUser, startAccountServer, type Registered } from '../support/account-api';
import { createPlatform, registerEditor } from '../support/platform-fixtures';

let server: TestServer;
let editor: Registered;
let user: Registered;
let anonymous: TestClient;

beforeAll(async () => {
	server = await startAccountServer({ seed: true });
	[editor, user] = await Promise.all([registerEditor(server), registerUser(server)]);
	anonymous = new TestClient(server.url);
});
afterAll(async () => {
	await server?.stop();
});

/** Reads `path` anonymously until the answer comes from the cache; returns that answer. */
async function readUntilKept(path: string) {
	let answer = await anonymous.get(path);
	await expect
		.poll(async () => {
			answer = await anonymous.get(path);
			return answer.headers.get('x-cache');
		})
		.toBe('hit');
	return answer;
}

describe('anonymous reads', () => {
	it('are answered from memory once kept, with the same JSON', async () => {
		const first = await anonymous.get('/api/platforms?limit=100');
		expect(first.status).toBe(200);
		expect(first.headers.get('x-cache')).toBeNull();
		const kept = await readUntilKept('/api/platforms?limit=100');
		expect(kept.body).toEqual(first.body);
		expect(kept.headers.get('content-type')).toMatch(/^application\/json/);
		// The route says the answer may be shared; the kept answer says the same.
		expect(first.headers.get('cache-control')).toBe(SHARED_CACHE_CONTROL);
		expect(kept.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
		// The security headers every answer carries are on kept answers too.
		expect(kept.headers.get('content-security-policy')).toContain("default-src 'self'");
		expect(kept.headers.get('x-content-type-options')).toBe('nosniff');
	});

	it("keep a paged list's X-Total-Count with its page", async () => {
		const path = '/api/platforms/1/ratings?limit=1';
		const first = await anonymous.get(path);
		expect(first.status).toBe(200);
		expect(first.headers.get('x-total-count')).toMatch(/^\d+$/);
		const kept = await readUntilKept(path);
		expect(kept.headers.get('x-total-count')).toBe(first.headers.get('x-total-count'));
		expect(kept.body).toEqual(first.body);
	});

	it('keep each query string apart', async () => {
		await readUntilKept('/api/platforms?limit=1');
		const two = await anonymous.get('/api/platforms?limit=2');
		expect(two.body).toHaveLength(2);
		const one = await anonymous.get('/api/platforms?limit=1');
		expect(one.body).toHaveLength(1);
	});

	it('serve brotli, gzip or identity by Accept-Encoding, all the same JSON', async () => {
		const path = '/api/platforms?limit=100&sortBy=name';
		await readUntilKept(path);
		const br = await rawGet(server.url + path, { 'accept-encoding': 'gzip, deflate, br' });
		const gzip = await rawGet(server.url + path, { 'accept-encoding': 'gzip' });
		const identity = await rawGet(server.url + path, { 'accept-encoding': 'br;q=0, gzip;q=0' });
		const none = await rawGet(server.url + path, {});
		expect(br.headers['x-cache']).toBe('hit');
		expect(br.headers['content-encoding']).toBe('br');
		expect(gzip.headers['content-encoding']).toBe('gzip');
		expect(identity.headers['content-encoding']).toBeUndefined();
		expect(none.headers['content-encoding']).toBeUndefined();
		expect(br.headers.vary).toBe('Accept-Encoding');
		expect(Number(br.headers['content-length'])).toBe(br.body.length);
		const json = identity.body.toString('utf8');
		expect(brotliDecompressSync(br.body).toString('utf8')).toBe(json);
		expect(gunzipSync(gzip.body).toString('utf8')).toBe(json);
		expect(none.body.toString('utf8')).toBe(json);
		expect(JSON.parse(json).length).toBeGreaterThan(1);
	});

	it.each([
		['a parameter the endpoint does not read', '/api/platforms?search=zzz&pad=xxxxxxxx'],
		['a parameter given twice', '/api/platforms?search=a&search=zzz'],
		['any parameter on a route that reads none', '/api/pages?pad=1'],
	])('are refused with a sentence, never kept, with %s', async (_name, path) => {
		for (let i = 0; i < 3; i++) {
			const answer = await anonymous.get(path);
			expect(answer.status).toBe(400);
			expect(answer.body.message).toMatch(/^The query parameter '(pad|search)' is /);
			expect(answer.headers.get('x-cache')).toBeNull();
		}
	});

	it('are never kept for a URL over the length bound, though answered as shareable', async () => {
		// 200 characters, the most a search takes, spelled in 1,800 bytes.
		const path = `/api/platforms?search=${'%E2%82%AC'.repeat(200)}`;
		expect(path.length).toBeGreaterThan(1024);
		for (let i = 0; i < 3; i++) {
			const answer = await anonymous.get(path);
			expect(answer.status).toBe(200);
			expect(answer.headers.get('cache-control')).toBe(SHARED_CACHE_CONTROL);
			expect(answer.headers.get('x-cache')).toBeNull();
		}
	});

	it('never keep refusals (a 400 stays a fresh 400)', async () => {
		const first = await anonymous.get('/api/platforms?limit=0');
		expect(first.status).toBe(400);
		const second = await anonymous.get('/api/platforms?limit=0');
		expect(second.status).toBe(400);
		expect(second.headers.get('x-cache')).toBeNull();
		expect(second.body.message).toBeTypeOf('string');
	});
});

describe('after a write through the API, the next anonymous read is fresh', () => {
	it('a renamed platform (list and detail)', async () => {
		const platform = await createPlatform(editor, { name: `Cached ${Date.now()}` });
		const detailPath = `/api/platforms/${platform.id}`;
		const listPath = '/api/platforms?limit=100&sortBy=name';
		await readUntilKept(detailPath);
		await readUntilKept(listPath);
		const renamed = `Renamed ${Date.now()}`;
		const update = await editor.client.put(`/api/admin/platforms/${platform.id}`, {
			...platform,
			name: renamed,
		});
		expect(update.status, JSON.stringify(update.body)).toBe(200);
		const detail = await anonymous.get(detailPath);
		expect(detail.body.name).toBe(renamed);
		const list = await anonymous.get(listPath);
		expect(list.body.map((p: { name: string }) => p.name)).toContain(renamed);
	});

	it('a rating changes the average and count at once', async () => {
		const platform = await createPlatform(editor);
		const path = `/api/platforms/${platform.id}`;
		const before = await readUntilKept(path);
		expect(before.body.reviewCount).toBe(0);
		const rated = await user.client.post(`${path}/ratings`, {
			rating: 4,
			review: 'Solid reporting.',
		});
		expect(rated.status, JSON.stringify(rated.body)).toBe(201);
		const after = await anonymous.get(path);
		expect(after.body).toMatchObject({ rating: 4, reviewCount: 1 });
		const ratings = await anonymous.get(`${path}/ratings`);
		expect(JSON.stringify(ratings.body)).toContain('Solid reporting.');
	});

	it('a rating moves the platform on the market map at once', async () => {
		const platform = await createPlatform(editor);
		const mapPath = `/api/platforms/map?category=${encodeURIComponent(platform.category as string)}`;
		const pointOf = (body: { id: number; reviewCount: number }[]) => body.find((p) => p.id === platform.id);
		expect(pointOf((await readUntilKept(mapPath)).body)?.reviewCount).toBe(0);
		const rated = await user.client.post(`/api/platforms/${platform.id}/ratings`, { rating: 5 });
		expect(rated.status, JSON.stringify(rated.body)).toBe(201);
		expect(pointOf((await anonymous.get(mapPath)).body)?.reviewCount).toBe(1);
	});

	it('an approved comment appears; a pending one only for its author, never from the cache', async () => {
		const platform = await createPlatform(editor);
		const path = `/api/platforms/${platform.id}/comments`;
		const empty = await readUntilKept(path);
		expect(JSON.stringify(empty.body)).not.toContain('Waiting for review');
		const posted = await user.client.post(path, { comment: 'Waiting for review here.' });
		expect(posted.status, JSON.stringify(posted.body)).toBe(201);
		// The author reads it in their own, personal call; the public list is everyone's.
		const own = await user.client.get(`/api/platforms/${platform.id}/my-votes`);
		expect(own.headers.get('x-cache')).toBeNull();
		expect(own.headers.get('cache-control')).toBe(PERSONAL_CACHE_CONTROL);
		expect(JSON.stringify(own.body.pendingComments)).toContain('Waiting for review');
		expect(JSON.stringify((await user.client.get(path)).body)).not.toContain('Waiting for review');
		expect(JSON.stringify((await anonymous.get(path)).body)).not.toContain('Waiting for review');
		await readUntilKept(path);
		const commentId = posted.body.id ?? posted.body.comment?.id;
		const approved = await editor.client.patch(`/api/admin/comments/${commentId}/moderate`, {
			status: 'approved',
		});
		expect(approved.status, JSON.stringify(approved.body)).toBe(200);
		expect(JSON.stringify((await anonymous.get(path)).body)).toContain('Waiting for review');
	});

	it('a published, then unpublished article (list, search and the article)', async () => {
		const word = `cachecheck${Date.now()}`;
		const listPath = `/api/news?search=${word}`;
		const empty = await readUntilKept(listPath);
		expect(empty.body).toHaveLength(0);
		const created = await editor.client.post('/api/news', {
			title: `News about ${word}`,
			excerpt: 'An excerpt for the cache test.',
			content: 'Body text.',
			category: 'Industry News',
			tags: [],
			readTime: 3,
			isPublished: true,
		});
		expect(created.status, JSON.stringify(created.body)).toBe(201);
		const found = await anonymous.get(listPath);
		expect(found.body).toHaveLength(1);
		const articlePath = `/api/news/${created.body.id}`;
		await readUntilKept(articlePath);
		const unpublished = await editor.client.put(articlePath, {
			...created.body,
			isPublished: false,
		});
		expect(unpublished.status, JSON.stringify(unpublished.body)).toBe(200);
		expect((await anonymous.get(articlePath)).status).toBe(404);
		expect((await anonymous.get(listPath)).body).toHaveLength(0);
	});
});

describe('a write clears exactly the answers it touched', () => {
	it('a rating clears its platform, its ratings and the list; other answers stay kept', async () => {
		const [rated, other] = [await createPlatform(editor), await createPlatform(editor)];
		const touched = [
			`/api/platforms/${rated.id}`,
			`/api/platforms/${rated.id}/ratings`,
			'/api/platforms?limit=100',
		];
		const untouched = [
			`/api/platforms/${other.id}`,
			`/api/platforms/${rated.id}/comments`,
			'/api/podcasts',
			'/api/news',
		];
		for (const path of [...touched, ...untouched]) await readUntilKept(path);
		const answer = await user.client.post(`/api/platforms/${rated.id}/ratings`, {
			rating: 5,
			review: 'Exactly cleared.',
		});
		expect(answer.status, JSON.stringify(answer.body)).toBe(201);
		for (const path of untouched)
			expect((await anonymous.get(path)).headers.get('x-cache'), path).toBe('hit');
		for (const path of touched) expect((await anonymous.get(path)).headers.get('x-cache'), path).toBeNull();
	});

	it('a write that changed nothing clears nothing (a 404, a refused body, a write to nowhere)', async () => {
		const platform = await createPlatform(editor);
		const paths = [`/api/platforms/${platform.id}`, '/api/platforms?limit=100', '/api/news'];
		for (const path of paths) await readUntilKept(path);
		expect((await user.client.post('/nothing-here', {})).status).toBe(404);
		expect((await user.client.post(`/api/platforms/${platform.id}/ratings`, { rating: 9 })).status).toBe(400);
		const nowhere = await editor.client.put('/api/admin/platforms/999999', { ...platform });
		expect(nowhere.status).toBeGreaterThanOrEqual(400);
		expect(nowhere.status).toBeLessThan(500);
		for (const path of paths) expect((await anonymous.get(path)).headers.get('x-cache'), path).toBe('hit');
	});
});

describe('a public answer', () => {
	it.each([
		['an analytics cookie', () => '_ga=GA1.2.1234567.1700000000'],
		['the session cookie', () => `session=${user.client.sessionToken}`],
		['a consent cookie beside the session', () => `consent=yes; session=${user.client.sessionToken}`],
	])('is served from the cache with %s, the same as to anyone', async (_name, cookie) => {
		const path = '/api/platforms?limit=3';
		const kept = await readUntilKept(path);
		for (let i = 0; i < 3; i++) {
			const answer = await rawGet(server.url + path, {
				cookie: cookie(),
				'x-forwarded-for': user.client.address,
			});
			expect(answer.status).toBe(200);
			expect(answer.headers['x-cache']).toBe('hit');
			expect(answer.headers['cache-control']).toBe(SHARED_CACHE_CONTROL);
			expect(JSON.parse(answer.body.toString('utf8'))).toEqual(kept.body);
		}
	});

	it("made for a signed-in reader is kept and served to everyone (it is everyone's)", async () => {
		const platform = await createPlatform(editor);
		const path = `/api/platforms/${platform.id}/similar`;
		const signedIn = await user.client.get(path);
		expect(signedIn.status).toBe(200);
		expect(signedIn.headers.get('cache-control')).toBe(SHARED_CACHE_CONTROL);
		await expect.poll(async () => (await anonymous.get(path)).headers.get('x-cache')).toBe('hit');
	});
});

describe('a personal answer', () => {
	it('is private, no-store to everyone, signed in or not, and never kept', async () => {
		for (const client of [user.client, anonymous]) {
			for (let i = 0; i < 3; i++) {
				const answer = await client.get('/api/user');
				expect(answer.headers.get('cache-control')).toBe(PERSONAL_CACHE_CONTROL);
				expect(answer.headers.get('x-cache')).toBeNull();
			}
		}
	});

	it('is never served to another user, however the session cookie is spelled (no poisoning)', async () => {
		const other = await registerUser(server);
		const platform = await createPlatform(editor);
		const mine = `/api/platforms/${platform.id}/my-votes`;
		const posted = await user.client.post(`/api/platforms/${platform.id}/comments`, {
			comment: 'Pending, only for its author.',
		});
		expect(posted.status, JSON.stringify(posted.body)).toBe(201);
		// Astro's cookie parser reads all of these as the session cookie.
		const spellings = (token: string) => [
			`session =${token}`,
			`other=1;session= ${token}`,
			`_ga=GA1.2.3.4; session=${token}`,
			`session=${token}`,
		];
		for (let round = 0; round < 3; round++) {
			for (const [reader, own] of [
				[user, true],
				[other, false],
			] as const) {
				for (const cookie of spellings(reader.client.sessionToken)) {
					const headers = { cookie, 'x-forwarded-for': reader.client.address };
					const me = await rawGet(`${server.url}/api/user`, headers);
					expect(me.status).toBe(200);
					expect(me.headers['x-cache']).toBeUndefined();
					expect(JSON.parse(me.body.toString('utf8')).id).toBe(reader.id);
					const votes = await rawGet(server.url + mine, headers);
					expect(votes.status).toBe(200);
					expect(votes.headers['x-cache']).toBeUndefined();
					expect(votes.headers['cache-control']).toBe(PERSONAL_CACHE_CONTROL);
					expect(votes.body.toString('utf8').includes('Pending, only for its author.'), cookie).toBe(own);
				}
			}
		}
		await new Promise((resolve) => setTimeout(resolve, 100));
		const anonymousRead = await anonymous.get(mine);
		expect(anonymousRead.status).toBe(401);
		expect(anonymousRead.headers.get('x-cache')).toBeNull();
		expect(JSON.stringify(anonymousRead.body)).not.toContain('Pending, only for its author.');
	});
});
