/**
 * Issue 45: integrations and their keys, the Content API and the Admin API (/api/v1), the
 * per-key budget with the IETF RateLimit headers, and the OpenAPI document. Every /api/v1
 * answer here is checked against the document the server serves (tests/support/api-v1.ts).
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { PLATFORM_NOT_FOUND } from '@/lib/validation/platforms';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntegration, DocumentedApi, v1Request, type Keys } from '../support/api-v1';
import { TestClient } from '../support/account-api';
import {
	articleBody,
	insertArticle,
	setUpRoles,
	startContentServer,
	type Roles,
} from '../support/content-fixtures';
import { insertEpisode } from '../support/episode-fixtures';
import { createPlatform, registerVerified } from '../support/platform-fixtures';
import type { TestServer } from '../support/server';

/**
 * Low enough to spend in a test, above two batches of the ten a node counts in memory before it
 * adds them to the shared store (limits.apiKey), so the exact figures below cover requests
 * counted in memory, added in a batch and added one by one near the limit. Each test takes its
 * own keys, so none spends another's.
 */
const BUDGET = 25;

let server: TestServer;
let roles: Roles;
let api: DocumentedApi;
let reader: TestClient;

beforeAll(async () => {
	server = await startContentServer({ env: { API_KEY_RATE_LIMIT: String(BUDGET) } });
	roles = await setUpRoles(server);
	api = await DocumentedApi.of(server.url);
	reader = new TestClient(server.url);
});
afterAll(async () => {
	await server?.stop();
});

const get = (path: string, bearer?: string) => v1Request(api, reader, 'GET', path, { bearer });

describe('integrations (editors)', () => {
	it('are made, listed and revoked by editors only: anonymous 401, user 403, banned 401', async () => {
		for (const [client, status] of [
			[roles.anonymous, 401],
			[roles.user.client, 403],
			[roles.banned.client, 401],
		] as const) {
			expect((await client.get('/api/admin/integrations')).status).toBe(status);
			expect((await client.post('/api/admin/integrations', { name: 'X' })).status).toBe(status);
			expect((await client.delete('/api/admin/integrations/1')).status).toBe(status);
		}
	});

	it('shows both random keys once, stores only their hashes, and lists without keys', async () => {
		const keys = await createIntegration(roles.editor.client, 'Planning sheet');
		expect(keys).toMatchObject({ name: 'Planning sheet', id: expect.any(Number) });
		expect(keys.contentKey).toMatch(/^rmh_content_[a-z2-7]{32}$/);
		expect(keys.adminKey).toMatch(/^rmh_admin_[a-z2-7]{32}$/);
		const other = await createIntegration(roles.editor.client);
		expect(other.contentKey).not.toBe(keys.contentKey);

		const { integrations } = server.tables;
		const [row] = await server.db.select().from(integrations).where(eq(integrations.id, keys.id));
		expect(JSON.stringify(row)).not.toContain(keys.contentKey.slice(12));
		expect(JSON.stringify(row)).not.toContain(keys.adminKey.slice(10));
		expect(row!.contentKeyHash).toMatch(/^[0-9a-f]{64}$/);

		const list = await roles.editor.client.get('/api/admin/integrations');
		expect(list.status).toBe(200);
		const entry = list.body.find((item: { id: number }) => item.id === keys.id);
		expect(Object.keys(entry).sort()).toEqual(['createdAt', 'id', 'lastUsedAt', 'name']);
		expect(entry.lastUsedAt).toBeNull();
		expect(JSON.stringify(list.body)).not.toContain(keys.contentKey);

		await get('/api/v1/platforms', keys.contentKey);
		const used = await roles.editor.client.get('/api/admin/integrations');
		expect(used.body.find((item: { id: number }) => item.id === keys.id).lastUsedAt).toEqual(
			expect.any(String),
		);
	});

	it('a name is required, with a sentence', async () => {
		const answer = await roles.editor.client.post('/api/admin/integrations', { name: ' ' });
		expect(answer).toMatchObject({ status: 400, body: { message: 'Name is required.' } });
	});

	it('revoking stops both keys at once (looked up in the shared database, so on every node)', async () => {
		const keys = await createIntegration(roles.editor.client);
		expect((await get('/api/v1/platforms', keys.contentKey)).status).toBe(200);
		expect((await get('/api/v1/platforms', keys.adminKey)).status).toBe(200);
		const revoked = await roles.editor.client.delete(`/api/admin/integrations/${keys.id}`);
		expect(revoked.status).toBe(200);
		for (const key of [keys.contentKey, keys.adminKey]) {
			const answer = await get('/api/v1/platforms', key);
			expect(answer).toMatchObject({
				status: 401,
				body: { message: 'This API key is not known: it may have been revoked.' },
			});
		}
		expect((await get(`/api/v1/platforms?key=${keys.contentKey}`)).status).toBe(401);
		const list = await roles.editor.client.get('/api/admin/integrations');
		expect(list.body.map((item: { id: number }) => item.id)).not.toContain(keys.id);
		expect((await roles.editor.client.delete(`/api/admin/integrations/${keys.id}`)).status).toBe(404);
	});
});

describe('the key and the budget', () => {
	it('no key or an unknown one is a 401 with a sentence and the policy header', async () => {
		const none = await get('/api/v1/platforms');
		expect(none.status).toBe(401);
		expect(none.body.message).toMatch(/API key is required/);
		expect(none.headers.get('ratelimit-policy')).toBe(`"per-key";q=${BUDGET};w=60`);
		const unknown = await get('/api/v1/platforms', 'rmh_content_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa');
		expect(unknown.status).toBe(401);
		expect((await get('/api/v1/platforms?key=nonsense')).status).toBe(401);
	});

	it('counts each key: RateLimit on every answer, then 429 with Retry-After past the budget', async () => {
		const keys = await createIntegration(roles.editor.client);
		const other = await createIntegration(roles.editor.client);
		for (let spent = 1; spent <= BUDGET; spent += 1) {
			const answer = await get(`/api/v1/platforms?limit=1&key=${keys.contentKey}`);
			expect(answer.status).toBe(200);
			expect(answer.headers.get('ratelimit-policy')).toBe(`"per-key";q=${BUDGET};w=60`);
			expect(answer.headers.get('ratelimit')).toMatch(new RegExp(`^"per-key";r=${BUDGET - spent};t=\\d+$`));
		}
		const refused = await get('/api/v1/platforms?limit=1', keys.contentKey);
		expect(refused.status).toBe(429);
		expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
		expect(refused.headers.get('ratelimit')).toMatch(/^"per-key";r=0;t=\d+$/);
		expect(refused.body.message).toMatch(/^Too many requests with this key/);
		// Another key of another integration has its own budget.
		expect((await get('/api/v1/platforms?limit=1', other.contentKey)).status).toBe(200);
	});

	it('answers are public with the key in the cache key, never kept by the node for another caller', async () => {
		const keys = await createIntegration(roles.editor.client);
		const byQuery = await get(`/api/v1/platforms?key=${keys.contentKey}`);
		expect(byQuery.headers.get('cache-control')).toMatch(/^public/);
		expect(byQuery.headers.get('vary')).toMatch(/Authorization/);
		const byHeader = await get('/api/v1/platforms', keys.contentKey);
		expect(byHeader.headers.get('cache-control')).toMatch(/^public/);
		// The same URL without the header is not served the kept answer.
		expect((await get('/api/v1/platforms')).status).toBe(401);
		expect(byHeader.headers.get('x-cache')).not.toBe('hit');
	});
});

describe('kept reads (the host keeps Content API answers per key)', () => {
	it('serves a kept read only after its key passed, each with its own RateLimit header', async () => {
		const keys = await createIntegration(roles.editor.client);
		const path = '/api/v1/platforms?limit=3';
		const answers = [];
		// The first answer is made and kept; one of the next comes from memory.
		for (let sent = 0; sent < 6 && answers.at(-1)?.headers.get('x-cache') !== 'hit'; sent += 1) {
			answers.push(await get(path, keys.contentKey));
		}
		const hit = answers.at(-1)!;
		expect(hit.headers.get('x-cache')).toBe('hit');
		expect(hit.body).toEqual(answers[0]!.body);
		expect(hit.headers.get('vary')).toMatch(/Authorization/);
		expect(hit.headers.get('cache-control')).toBe(answers[0]!.headers.get('cache-control'));
		answers.forEach((answer, at) => {
			expect(answer.status).toBe(200);
			expect(answer.headers.get('ratelimit-policy')).toBe(`"per-key";q=${BUDGET};w=60`);
			expect(answer.headers.get('ratelimit')).toMatch(new RegExp(`^"per-key";r=${BUDGET - 1 - at};t=\\d+$`));
		});
		// Another key is not served this key's kept answer; no key at all is a 401.
		const other = await createIntegration(roles.editor.client);
		expect((await get(path, other.contentKey)).headers.get('x-cache')).not.toBe('hit');
		expect((await get(path)).status).toBe(401);
		// Revoked: 401 at once, though its answer is kept.
		expect((await roles.editor.client.delete(`/api/admin/integrations/${keys.id}`)).status).toBe(200);
		expect(await get(path, keys.contentKey)).toMatchObject({
			status: 401,
			body: { message: 'This API key is not known: it may have been revoked.' },
		});
	});

	it('refuses a kept read past the budget with 429, its headers and Retry-After', async () => {
		const keys = await createIntegration(roles.editor.client);
		const path = `/api/v1/platforms?limit=2&key=${keys.contentKey}`;
		for (let spent = 1; spent <= BUDGET; spent += 1) expect((await get(path)).status).toBe(200);
		const refused = await get(path);
		expect(refused.status).toBe(429);
		expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
		expect(refused.headers.get('ratelimit')).toMatch(/^"per-key";r=0;t=\d+$/);
	});
});

describe('the Content API', () => {
	let keys: Keys;
	let platform: { id: number; slug: string; name: string };

	beforeAll(async () => {
		keys = await createIntegration(roles.editor.client);
		platform = await createPlatform(roles.editor);
		for (let i = 0; i < 3; i += 1) {
			const reviewer = await registerVerified(server);
			const rated = await reviewer.client.post(`/api/platforms/${platform.id}/ratings`, {
				rating: 3 + (i % 3),
				review: `Review number ${i} of this platform, long enough to count.`,
			});
			expect(rated.status, JSON.stringify(rated.body)).toBeLessThan(300);
		}
	});

	// A fresh key for each few calls keeps the low test budget out of the way.
	const read = async (path: string) => get(path, (await createIntegration(roles.editor.client)).contentKey);

	it('lists platforms paged with the total, and refuses a limit over 100', async () => {
		const first = await get('/api/v1/platforms?limit=1&page=1', keys.contentKey);
		expect(first.status).toBe(200);
		expect(first.body.data).toHaveLength(1);
		expect(first.body).toMatchObject({ page: 1, limit: 1, total: expect.any(Number) });
		expect(first.body.total).toBeGreaterThanOrEqual(1);
		const tooMany = await get('/api/v1/platforms?limit=101', keys.contentKey);
		expect(tooMany.status).toBe(400);
		expect(tooMany.body.message).toBe('The limit must be a whole number from 1 to 100.');
		expect((await get('/api/v1/platforms?offset=3', keys.contentKey)).status).toBe(400);
	});

	it('reads one platform by slug with its rating, stars and sub-ratings; 404 for an unknown slug', async () => {
		const answer = await read(`/api/v1/platforms/${platform.slug}`);
		expect(answer.status).toBe(200);
		expect(answer.body).toMatchObject({ id: platform.id, name: platform.name, reviewCount: 3, rating: 4 });
		expect(answer.body.ratingDistribution).toEqual({ 1: 0, 2: 0, 3: 1, 4: 1, 5: 1 });
		expect(answer.body.subRatingAverages).toHaveProperty('easeOfUse');
		const missing = await read('/api/v1/platforms/no-such-platform');
		expect(missing).toMatchObject({ status: 404, body: { message: PLATFORM_NOT_FOUND } });
	});

	it("pages a platform's reviews with the total", async () => {
		const answer = await read(`/api/v1/platforms/${platform.slug}/reviews?limit=2&page=2`);
		expect(answer.status).toBe(200);
		expect(answer.body).toMatchObject({ total: 3, page: 2, limit: 2 });
		expect(answer.body.data).toHaveLength(1);
	});

	it('lists published articles of a kind, and reads one by slug', async () => {
		const news = await insertArticle(server, { kind: 'news', title: `Partner news ${Date.now()}` });
		const lesson = await insertArticle(server, { kind: 'education', category: 'Fundamentals' });
		const draft = await insertArticle(server, { kind: 'news', isPublished: false });
		const listed = await read('/api/v1/articles?limit=100');
		const slugs = listed.body.data.map((item: { slug: string }) => item.slug);
		expect(slugs).toContain(news.slug);
		expect(slugs).not.toContain(lesson.slug);
		expect(slugs).not.toContain(draft.slug);
		const education = await read('/api/v1/articles?kind=education&limit=100');
		expect(education.body.data.map((item: { slug: string }) => item.slug)).toContain(lesson.slug);
		expect((await read(`/api/v1/articles/${news.slug}`)).body).toMatchObject({
			id: news.id,
			title: news.title,
		});
		expect((await read(`/api/v1/articles/${lesson.slug}`)).body).toMatchObject({ id: lesson.id });
		expect((await read(`/api/v1/articles/${draft.slug}`)).status).toBe(404);
		expect((await read('/api/v1/articles?kind=podcast')).status).toBe(400);
	});

	it('lists published episodes with the total', async () => {
		await insertEpisode(server);
		const answer = await read('/api/v1/episodes?limit=5');
		expect(answer.status).toBe(200);
		expect(answer.body.total).toBeGreaterThanOrEqual(1);
	});
});

describe('the Admin API', () => {
	it('creates, updates and deletes articles as the integration, with the editor form’s sentences', async () => {
		const keys = await createIntegration(roles.editor.client, 'Newsroom tool');
		const body = articleBody({ kind: 'news', title: `From the newsroom ${Date.now()}` });
		const admin = (method: string, path: string, payload?: unknown, key = keys.adminKey) =>
			v1Request(api, reader, method, path, { bearer: key, body: payload });

		expect((await admin('POST', '/api/v1/admin/articles', body, keys.contentKey)).status).toBe(403);
		expect((await v1Request(api, reader, 'POST', '/api/v1/admin/articles', { body })).status).toBe(401);
		// The admin key never travels in the URL.
		expect(
			(await v1Request(api, reader, 'POST', `/api/v1/admin/articles?key=${keys.adminKey}`, { body })).status,
		).toBe(401);

		const created = await admin('POST', '/api/v1/admin/articles', body);
		expect(created.status).toBe(201);
		expect(created.body).toEqual({
			id: expect.any(Number),
			slug: expect.any(String),
			url: expect.stringMatching(new RegExp(`/news/${created.body.slug}$`)),
		});
		expect((await reader.get(`/api/news/${created.body.id}`)).status).toBe(200);

		const revisions = await roles.editor.client.get(
			`/api/admin/revisions?type=article&id=${created.body.id}`,
		);
		expect(revisions.body[0]).toMatchObject({
			author: null,
			integration: { name: 'Newsroom tool' },
			summary: 'Created and published',
		});

		const invalid = await admin('POST', '/api/v1/admin/articles', { ...body, title: '' });
		const dashboard = await roles.editor.client.post('/api/news', { ...body, title: '' });
		expect(invalid.status).toBe(400);
		expect(invalid.body.message).toBe(dashboard.body.message);
		expect((await admin('POST', '/api/v1/admin/articles', { ...body, kind: 'podcast' })).body.message).toBe(
			"The kind must be 'news' or 'education'.",
		);

		const updated = await admin('PUT', `/api/v1/admin/articles/${created.body.id}`, {
			...body,
			title: 'Renamed by the tool',
		});
		expect(updated.status).toBe(200);
		expect((await reader.get(`/api/news/${created.body.id}`)).body.title).toBe('Renamed by the tool');
		const moved = await admin('PUT', `/api/v1/admin/articles/${created.body.id}`, {
			...body,
			kind: 'education',
		});
		expect(moved.status).toBe(400);

		for (const id of ['2147483648', '99999999999']) {
			const past = await admin('PUT', `/api/v1/admin/articles/${id}`, body);
			expect(past).toMatchObject({ status: 404, body: { message: expect.any(String) } });
			expect((await admin('DELETE', `/api/v1/admin/articles/${id}`)).status).toBe(404);
		}

		expect((await admin('DELETE', `/api/v1/admin/articles/${created.body.id}`)).status).toBe(200);
		expect((await admin('DELETE', `/api/v1/admin/articles/${created.body.id}`)).status).toBe(404);
		expect((await reader.get(`/api/news/${created.body.id}`)).status).toBe(404);
	});
});

describe('the OpenAPI document', () => {
	it('is a valid OpenAPI 3.1 document with every /api/v1 route and both security schemes', async () => {
		const result = await new Validator().validate(
			api.document as unknown as Parameters<Validator['validate']>[0],
		);
		expect(result.errors ?? []).toEqual([]);
		expect(result.valid).toBe(true);
		const document = api.document as unknown as {
			openapi: string;
			paths: Record<string, object>;
			components: { securitySchemes: Record<string, object> };
		};
		expect(document.openapi).toBe('3.1.0');
		expect(Object.keys(document.paths).sort()).toEqual([
			'/api/v1/admin/articles',
			'/api/v1/admin/articles/{id}',
			'/api/v1/articles',
			'/api/v1/articles/{slug}',
			'/api/v1/episodes',
			'/api/v1/platforms',
			'/api/v1/platforms/{slug}',
			'/api/v1/platforms/{slug}/reviews',
		]);
		expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['adminKey', 'contentKey']);
		expect(api.checked).toBeGreaterThan(20);
	});

	it('fails an answer it does not describe', () => {
		expect(() =>
			api.check('GET', '/api/v1/platforms', {
				status: 200,
				headers: new Headers({ ratelimit: 'x', 'ratelimit-policy': 'y' }),
				body: { data: [], total: 0, page: 1, limit: 1, extra: true },
			}),
		).toThrow(/does not match the document/);
	});
});
