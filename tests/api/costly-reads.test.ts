/**
 * Costly public reads cannot go around the kept answers (issue 42, F-3): an API route refuses
 * a query parameter it does not read, a HEAD is answered from the GET's kept answer (and kept
 * when it comes first), a page ignores parameters it does not own and is served as generated,
 * a review list is read no deeper than MAX_REVIEW_OFFSET, and what still reaches the app spends
 * a per-client budget kept in the shared counter store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_CACHE_CONTROL } from '@/server/http/cache-headers';
import { MAX_REVIEW_OFFSET } from '@/lib/validation/platforms';
import type { TestServer } from '../support/server';
import { TestClient, startAccountServer } from '../support/account-api';

/** The budget the server is started with: small, so the test reaches it. */
const BUDGET = 8;

let server: TestServer;
let platformId: number;
let platformSlug: string;

beforeAll(async () => {
	server = await startAccountServer({
		seed: true,
		env: { COSTLY_READS_PER_MINUTE: String(BUDGET) },
	});
	const platforms = await new TestClient(server.url).get<{ id: number; slug: string }[]>(
		'/api/platforms?limit=1',
	);
	platformId = platforms.body[0]!.id;
	platformSlug = platforms.body[0]!.slug;
});
afterAll(async () => {
	await server?.stop();
});

/** Reads `path` with `method` until the answer comes from the node's kept answers. */
async function readUntilKept(client: TestClient, path: string, method = 'GET') {
	let answer = await client.request(method, path);
	await expect
		.poll(async () => {
			answer = await client.request(method, path);
			return answer.headers.get('x-cache');
		})
		.toBe('hit');
	return answer;
}

describe('an API route', () => {
	it('answers 400 with a sentence to a query parameter it does not read', async () => {
		const client = new TestClient(server.url);
		const map = await client.get('/api/platforms/map?x=12345');
		expect(map.status).toBe(400);
		expect(map.body).toEqual({
			message: "The query parameter 'x' is not accepted here (accepted: category).",
		});
		const ratings = await client.get(`/api/platforms/${platformId}/ratings?limit=100&sort=helpful&x=1`);
		expect(ratings.status).toBe(400);
		expect(ratings.body.message).toMatch(/^The query parameter 'x' is not accepted here/);
	});

	it('answers 400 to a parameter given twice', async () => {
		const answer = await new TestClient(server.url).get('/api/platforms/map?category=Display&category=Video');
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({
			message: "The query parameter 'category' is given more than once.",
		});
	});

	it('that reads no query refuses one too', async () => {
		const answer = await new TestClient(server.url).get(`/api/platforms/${platformId}?x=1`);
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({
			message: "The query parameter 'x' is not accepted here: this address takes none.",
		});
	});

	it('still answers the parameters it reads, and addresses without a query', async () => {
		const client = new TestClient(server.url);
		expect((await client.get(`/api/platforms/${platformId}`)).status).toBe(200);
		const map = await client.get('/api/platforms/map?category=');
		expect(map.status).toBe(200);
		expect(map.headers.get('cache-control')).toBe(SHARED_CACHE_CONTROL);
	});
});

describe('HEAD', () => {
	it("is answered from the GET's kept answer, with its headers and no body", async () => {
		const client = new TestClient(server.url);
		const kept = await readUntilKept(client, '/api/platforms?limit=3');
		const head = await client.request('HEAD', '/api/platforms?limit=3');
		expect(head.status).toBe(200);
		expect(head.headers.get('x-cache')).toBe('hit');
		expect(head.body).toBeNull();
		expect(head.headers.get('content-length')).toBe(kept.headers.get('content-length'));
		expect(head.headers.get('cache-control')).toBe(SHARED_CACHE_CONTROL);
	});

	it('that comes first is kept, for HEADs and GETs alike', async () => {
		const client = new TestClient(server.url);
		const path = '/api/platforms?limit=4';
		await readUntilKept(client, path, 'HEAD');
		const get = await client.get(path);
		expect(get.headers.get('x-cache')).toBe('hit');
		expect(get.body).toHaveLength(4);
	});
});

describe('a page', () => {
	it('ignores parameters it does not own: the generated page, as without them', async () => {
		const client = new TestClient(server.url);
		const plain = await client.get(`/platforms/${platformSlug}`);
		expect(plain.status).toBe(200);
		for (const query of ['x=12345', 'utm_source=mail&utm_campaign=spring']) {
			const answer = await client.get(`/platforms/${platformSlug}?${query}`);
			expect(answer.status).toBe(200);
			// The same stored page (its ETag), shareable: no render per spelling.
			expect(answer.headers.get('etag')).toBe(plain.headers.get('etag'));
			expect(answer.headers.get('cache-control')).toBe(SHARED_CACHE_CONTROL);
		}
	});
});

describe('a review list', () => {
	it(`is read no deeper than offset ${MAX_REVIEW_OFFSET}`, async () => {
		const client = new TestClient(server.url);
		const deepest = await client.get(`/api/platforms/${platformId}/ratings?offset=${MAX_REVIEW_OFFSET}`);
		expect(deepest.status).toBe(200);
		const deeper = await client.get(
			`/api/platforms/${platformId}/ratings?limit=100&offset=99000&sort=helpful`,
		);
		expect(deeper.status).toBe(400);
		expect(deeper.body).toEqual({
			message: `The offset must be a whole number from 0 to ${MAX_REVIEW_OFFSET}.`,
		});
	});
});

describe('costly reads that reach the app', () => {
	it('spend a per-client budget; kept answers and other clients are not refused', async () => {
		const client = new TestClient(server.url);
		const other = new TestClient(server.url);
		// Each limit is a new address, so none is kept: each is computed.
		const page = (limit: number) => `/api/platforms/${platformId}/ratings?sort=helpful&limit=${limit}`;
		for (let limit = 1; limit <= BUDGET; limit++) {
			expect((await client.get(page(limit))).status, `read ${limit}`).toBe(200);
		}
		const refused = await client.get(page(BUDGET + 1));
		expect(refused.status).toBe(429);
		expect(refused.body).toEqual({
			message: 'Too many requests for this list. Please try again in a minute.',
		});
		expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
		expect((await client.get('/api/platforms/map')).status).toBe(429);
		// What the node keeps is served to that client still; another client has its own budget.
		expect((await readUntilKept(other, page(1))).status).toBe(200);
		const kept = await client.get(page(1));
		expect(kept.status).toBe(200);
		expect(kept.headers.get('x-cache')).toBe('hit');
		expect((await other.get(page(BUDGET + 1))).status).toBe(200);
	});
});
