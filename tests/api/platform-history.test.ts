/**
 * GET /api/platforms/{id}/history and /rating-trend: an editor's change of a public field is
 * recorded (lists as the items removed and added), newest first, without the editor; fields
 * outside the public list and unchanged saves add nothing; the shared answers are dropped when
 * the platform changes. The trend groups the counted reviews by month. Runs on the engine of
 * TEST_DATABASE.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { TestClient, registerUser, startAccountServer, type Registered } from '../support/account-api';
import { createPlatform, platformInput, registerEditor } from '../support/platform-fixtures';

type Change = { at: string; field: string; from: unknown; to: unknown };
type TrendPoint = { month: string; average: number; count: number };

let server: TestServer;
let editor: Registered;
let anonymous: TestClient;

beforeAll(async () => {
	// Shared answers kept for an hour: only a dropped answer can show a change in time.
	server = await startAccountServer({ env: { API_CACHE_TTL_MS: '3600000' } });
	editor = await registerEditor(server);
	anonymous = new TestClient(server.url);
});
afterAll(async () => {
	await server?.stop();
});

const history = async (id: number | string) => anonymous.get<Change[]>(`/api/platforms/${id}/history`);

async function edit(id: number, form: Record<string, unknown>) {
	const answer = await editor.client.put(`/api/admin/platforms/${id}`, form);
	expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

describe('GET /api/platforms/{id}/history', () => {
	it('records a pricing change, newest first, without naming the editor', async () => {
		const form = platformInput({ pricing: 'CPC from $0.50' });
		const { id } = await createPlatform(editor, form);
		expect((await history(id)).body).toEqual([]);

		await edit(id, { ...form, pricing: 'CPC from $0.65' });
		await edit(id, { ...form, pricing: 'CPC from $0.65', name: `${form.name} Ads` });

		const answer = await history(id);
		expect(answer.status).toBe(200);
		expect(answer.body.map(({ field, from, to }) => ({ field, from, to }))).toEqual([
			{ field: 'name', from: form.name, to: `${form.name} Ads` },
			{ field: 'pricing', from: 'CPC from $0.50', to: 'CPC from $0.65' },
		]);
		for (const change of answer.body) {
			expect(Object.keys(change).sort()).toEqual(['at', 'field', 'from', 'to']);
			expect(Number.isNaN(Date.parse(change.at))).toBe(false);
		}
		expect(Date.parse(answer.body[0]!.at)).toBeGreaterThanOrEqual(Date.parse(answer.body[1]!.at));
		const text = JSON.stringify(answer.body);
		expect(text).not.toContain(editor.username);
		expect(text).not.toContain(editor.email);
	});

	it('gives lists as the items removed and added, and the other fields as before and after', async () => {
		const form = platformInput({ features: ['Self-serve', 'API'], pros: ['Fast'], cons: ['Pricey'] });
		const { id } = await createPlatform(editor, form);
		await edit(id, {
			...form,
			features: ['API', 'Clean rooms'],
			pros: ['Fast', 'Good support'],
			cons: [],
			category: 'Search',
			websiteUrl: '',
			description: 'A search platform now.',
			isRecommended: true,
		});
		const changes = (await history(id)).body.map(({ field, from, to }) => ({ field, from, to }));
		expect(changes).toEqual([
			{ field: 'description', from: form.description, to: 'A search platform now.' },
			{ field: 'features', from: ['Self-serve'], to: ['Clean rooms'] },
			{ field: 'pros', from: [], to: ['Good support'] },
			{ field: 'cons', from: ['Pricey'], to: [] },
			{ field: 'category', from: 'DSP', to: 'Search' },
			{ field: 'websiteUrl', from: 'https://example.com', to: null },
			{ field: 'isRecommended', from: false, to: true },
		]);
	});

	it('records nothing for an unchanged save, reordered items or the sort order', async () => {
		const form = platformInput({ features: ['One', 'Two'] });
		const { id } = await createPlatform(editor, form);
		await edit(id, form);
		await edit(id, { ...form, features: ['Two', 'One'], sortOrder: 7 });
		expect((await history(id)).body).toEqual([]);
	});

	it('records a new logo (buyers see the brand change)', async () => {
		const form = platformInput();
		const { id } = await createPlatform(editor, form);
		await edit(id, { ...form, logo: '/images/logos/other.svg' });
		expect((await history(id)).body).toMatchObject([
			{ field: 'logo', from: form.logo, to: '/images/logos/other.svg' },
		]);
	});

	it('drops the shared answer when the platform changes', async () => {
		const form = platformInput({ pricing: 'Flat fee' });
		const { id } = await createPlatform(editor, form);
		expect((await history(id)).body).toEqual([]);
		await edit(id, { ...form, pricing: 'Flat fee plus 5%' });
		await expect.poll(async () => (await history(id)).body.length).toBe(1);
	});

	it('answers every role the same, and 404 with a sentence for an unknown platform', async () => {
		const { id } = await createPlatform(editor);
		const user = await registerUser(server);
		for (const client of [anonymous, user.client, editor.client]) {
			expect((await client.get(`/api/platforms/${id}/history`)).status).toBe(200);
		}
		for (const [path, message] of [
			['999999', 'Platform not found'],
			['abc', 'Invalid platform id.'],
		] as const) {
			const answer = await history(path);
			expect(answer.status).toBe(404);
			expect(answer.body).toEqual({ message });
		}
	});
});

describe('GET /api/platforms/{id}/rating-trend', () => {
	const trend = async (id: number | string) =>
		anonymous.get<TrendPoint[]>(`/api/platforms/${id}/rating-trend`);

	async function rate(platformId: number, rating: number, writtenAt?: Date) {
		const author = await registerUser(server);
		const answer = await author.client.post(`/api/platforms/${platformId}/ratings`, { rating });
		expect(answer.status, JSON.stringify(answer.body)).toBe(201);
		if (writtenAt) {
			const { platformRatings } = server.tables;
			await server.db
				.update(platformRatings)
				.set({ createdAt: writtenAt })
				.where(eq(platformRatings.id, (answer.body as { rating: { id: number } }).rating.id));
		}
		return author;
	}

	it('averages the counted reviews of each month, oldest first', async () => {
		const { id } = await createPlatform(editor);
		expect((await trend(id)).body).toEqual([]);
		await rate(id, 4, new Date('2026-09-03T12:00:00Z'));
		await rate(id, 5, new Date('2026-09-30T23:30:00Z'));
		await rate(id, 2, new Date('2026-11-01T00:30:00Z'));
		// A banned author's review leaves the trend, as it leaves the average.
		const banned = await rate(id, 1, new Date('2026-11-15T00:00:00Z'));
		expect((await editor.client.put(`/api/admin/users/${banned.id}/ban`)).status).toBe(200);

		await expect
			.poll(async () => (await trend(id)).body)
			.toEqual([
				{ month: '2026-09', average: 4.5, count: 2 },
				{ month: '2026-11', average: 2, count: 1 },
			]);
	});

	it('follows a new review (the shared answer is dropped)', async () => {
		const { id } = await createPlatform(editor);
		expect((await trend(id)).body).toEqual([]);
		await rate(id, 3);
		const month = new Date().toISOString().slice(0, 7);
		await expect.poll(async () => (await trend(id)).body).toEqual([{ month, average: 3, count: 1 }]);
	});

	it('answers 404 with a sentence for an unknown platform', async () => {
		const answer = await trend(999999);
		expect(answer.status).toBe(404);
		expect(answer.body).toEqual({ message: 'Platform not found' });
	});
});
