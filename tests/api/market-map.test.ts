/**
 * GET /api/platforms/map: each platform's satisfaction (its weighted score blended with a neutral
 * prior) and presence (recency-weighted volume, relative to the most present shown), from the
 * counted reviews only; a category narrows it, an unknown one is a 400. Runs on the engine of
 * TEST_DATABASE.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { TestClient, registerUser, startAccountServer, type Registered } from '../support/account-api';
import { createPlatform, registerEditor } from '../support/platform-fixtures';

let server: TestServer;
let editor: Registered;
let anonymous: TestClient;

beforeAll(async () => {
	server = await startAccountServer({ env: { API_CACHE_TTL_MS: '0' } });
	editor = await registerEditor(server);
	anonymous = new TestClient(server.url);
});
afterAll(async () => {
	await server?.stop();
});

type Point = { id: number; name: string; satisfaction: number; presence: number; reviewCount: number };

async function rate(platformId: number, body: Record<string, unknown>) {
	const author = await registerUser(server);
	const answer = await author.client.post(`/api/platforms/${platformId}/ratings`, body);
	expect(answer.status, JSON.stringify(answer.body)).toBe(201);
	return author;
}

describe('GET /api/platforms/map', () => {
	it('places each platform of a category by satisfaction and presence', async () => {
		const loved = await createPlatform(editor, { category: 'Reporting' });
		const disliked = await createPlatform(editor, { category: 'Reporting' });
		const unrated = await createPlatform(editor, { category: 'Reporting' });
		for (let i = 0; i < 3; i++) await rate(loved.id, { rating: 5 });
		await rate(disliked.id, { rating: 2 });
		// A banned author's review does not count.
		const banned = await rate(disliked.id, { rating: 5 });
		expect((await editor.client.put(`/api/admin/users/${banned.id}/ban`)).status).toBe(200);

		const answer = await anonymous.get('/api/platforms/map?category=Reporting');
		expect(answer.status).toBe(200);
		const byId = new Map((answer.body as Point[]).map((point) => [point.id, point]));
		expect(Object.keys(byId.get(loved.id)!).sort()).toEqual([
			'id',
			'name',
			'presence',
			'reviewCount',
			'satisfaction',
			'slug',
		]);
		// (5 x 3 + 15) / (5 + 3) = 3.75 -> 69; (5 x 3 + 2) / 6 = 2.83 -> 46; no review: 3 -> 50.
		expect(byId.get(loved.id)).toMatchObject({ satisfaction: 69, presence: 100, reviewCount: 3 });
		expect(byId.get(disliked.id)).toMatchObject({ satisfaction: 46, presence: 50, reviewCount: 1 });
		expect(byId.get(unrated.id)).toMatchObject({ satisfaction: 50, presence: 0, reviewCount: 0 });
		for (const point of answer.body as Point[]) {
			expect(point.satisfaction).toBeGreaterThanOrEqual(0);
			expect(point.satisfaction).toBeLessThanOrEqual(100);
		}

		const all = (await anonymous.get('/api/platforms/map')).body as Point[];
		expect(all.map((point) => point.id)).toEqual(expect.arrayContaining([loved.id, disliked.id, unrated.id]));
	});

	it('places satisfaction by the weighted score: an incentivized review weighs half', async () => {
		const platform = await createPlatform(editor, { category: 'Audiences' });
		await rate(platform.id, { rating: 5 });
		await rate(platform.id, { rating: 1, incentivized: true });
		const [point] = ((await anonymous.get('/api/platforms/map?category=Audiences')).body as Point[]).filter(
			(item) => item.id === platform.id,
		);
		// Score (5 + 0.5 x 1) / 1.5 = 3.67 (the plain mean, 3, would give 50):
		// (5 x 3 + 2 x 3.67) / 7 = 3.19 -> 55.
		expect(point).toMatchObject({ satisfaction: 55, reviewCount: 2 });
	});

	it('answers 400 with a sentence for an unknown category', async () => {
		const answer = await anonymous.get('/api/platforms/map?category=Nope');
		expect(answer.status).toBe(400);
		expect(answer.body.message).toBe('Unknown platform category.');
	});
});
