/**
 * GET /api/platforms/{id}/similar and the "Similar platforms" section of a platform page: at
 * most 6 other platforms, same category first, then by shared features (ignoring case), then
 * the editors' order; unrelated platforms left out; the page regenerated when a platform
 * changes, and the shared answer dropped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import type { TestClient } from '../support/account-api';
import { setUpRoles, startContentServer, type Roles } from '../support/content-fixtures';
import { createPlatform } from '../support/platform-fixtures';

type Similar = {
	id: number;
	name: string;
	category: string;
	sharedFeatures: string[];
	rating: number;
	reviewCount: number;
};

let server: TestServer;
let roles: Roles;
const ids: Record<string, number> = {};
const slugs: Record<string, string> = {};

const similar = (client: TestClient, id: number | string) =>
	client.get<Similar[]>(`/api/platforms/${id}/similar`);

beforeAll(async () => {
	// Shared answers kept for an hour: only a dropped answer can show a change in time.
	server = await startContentServer({ env: { API_CACHE_TTL_MS: '3600000' } });
	roles = await setUpRoles(server);
	const make = async (key: string, category: string, features: string[], sortOrder = 0) => {
		const created = await createPlatform(roles.editor, {
			name: `Similar ${key} ${process.pid}`,
			category,
			features,
			sortOrder,
		});
		ids[key] = created.id;
		slugs[key] = created.slug;
	};
	await make('subject', 'Video', ['Shoppable video', 'CTV', 'Brand lift']);
	await make('sameNone', 'Video', ['Podcasts'], 1);
	await make('sameTwo', 'Video', ['ctv', 'BRAND LIFT'], 2);
	await make('sameOne', 'Video', ['CTV'], 3);
	await make('otherThree', 'Display', ['Shoppable video', 'CTV', 'Brand lift']);
	await make('otherOne', 'Search', ['Brand lift']);
	await make('unrelated', 'Search', ['Keywords']);
});

afterAll(async () => {
	await server?.stop();
});

describe('GET /api/platforms/{id}/similar', () => {
	it('ranks the same category first, then by shared features; never the platform itself', async () => {
		const answer = await similar(roles.anonymous, ids.subject!);
		expect(answer.status).toBe(200);
		expect(answer.body.map((platform) => platform.id)).toEqual([
			ids.sameTwo,
			ids.sameOne,
			ids.sameNone,
			ids.otherThree,
			ids.otherOne,
		]);
		expect(answer.body.find((platform) => platform.id === ids.sameTwo)!.sharedFeatures).toEqual([
			'ctv',
			'BRAND LIFT',
		]);
		expect(answer.body.map((platform) => platform.id)).not.toContain(ids.unrelated);
	});

	it('returns at most 6', async () => {
		const { body: before } = await similar(roles.anonymous, ids.subject!);
		expect(before.length).toBe(5);
		for (let i = 0; i < 3; i += 1)
			await createPlatform(roles.editor, { category: 'Video', features: [], sortOrder: 10 + i });
		const { body } = await similar(roles.anonymous, ids.subject!);
		expect(body.length).toBe(6);
		// The three new ones share the category and nothing else: they come after the older
		// same-category platforms (editors' order), and push the other categories out.
		expect(body.slice(0, 3).map((platform) => platform.id)).toEqual([ids.sameTwo, ids.sameOne, ids.sameNone]);
		expect(body.every((platform) => platform.category === 'Video')).toBe(true);
	});

	it('gives every role the same answer', async () => {
		const expected = (await similar(roles.anonymous, ids.otherOne!)).body;
		expect(expected.length).toBeGreaterThan(0);
		for (const client of [roles.user.client, roles.banned.client, roles.editor.client]) {
			const answer = await similar(client, ids.otherOne!);
			expect(answer.status).toBe(200);
			expect(answer.body).toEqual(expected);
		}
	});

	it.each([
		['an unknown platform', '999999', 'Platform not found'],
		['an id that is not a number', 'abc', 'Invalid platform id.'],
		['id 0', '0', 'Invalid platform id.'],
	])('answers 404 for %s', async (_name, id, message) => {
		for (const client of [roles.anonymous, roles.user.client, roles.banned.client, roles.editor.client]) {
			const answer = await similar(client, id);
			expect(answer.status).toBe(404);
			expect(answer.body).toEqual({ message });
		}
	});

	it('follows a new rating of a listed platform (the shared answer is dropped)', async () => {
		const before = (await similar(roles.anonymous, ids.subject!)).body.find((p) => p.id === ids.sameTwo)!;
		expect(before).toMatchObject({ rating: 0, reviewCount: 0 });
		const rated = await roles.user.client.post(`/api/platforms/${ids.sameTwo}/ratings`, {
			rating: 4,
			review: 'Solid video inventory.',
		});
		expect(rated.status, JSON.stringify(rated.body)).toBe(201);
		await expect
			.poll(async () => (await similar(roles.anonymous, ids.subject!)).body.find((p) => p.id === ids.sameTwo))
			.toMatchObject({ rating: 4, reviewCount: 1 });
	});

	it('follows an editor changing a platform (the shared answer is dropped)', async () => {
		expect((await similar(roles.anonymous, ids.otherOne!)).body.map((p) => p.id)).toContain(ids.unrelated);
		const changed = await roles.editor.client.put(`/api/admin/platforms/${ids.unrelated}`, {
			name: `Similar unrelated ${process.pid}`,
			category: 'Social',
			description: 'A platform.',
			pricing: 'CPM',
			features: ['Keywords'],
			pros: [],
			cons: [],
			isRecommended: false,
			sortOrder: 0,
		});
		expect(changed.status, JSON.stringify(changed.body)).toBe(200);
		expect((await similar(roles.anonymous, ids.otherOne!)).body.map((p) => p.id)).not.toContain(
			ids.unrelated,
		);
	});
});

describe('the platform page', () => {
	const html = async (id: number) => (await fetch(`${server.url}/platforms/${id}`)).text();

	it('shows the similar platforms as links, regenerated when another platform changes', async () => {
		await server.siteIdle();
		const before = await html(ids.sameNone!);
		expect(before).toContain('Similar platforms');
		expect(before).toContain(`href="/platforms/${slugs.subject}"`);
		expect(before).not.toContain(`href="/platforms/${slugs.unrelated}"`);

		// Another platform joins the category: the page (a generated file) lists it after the
		// change is regenerated, without anyone touching this platform.
		const joined = await createPlatform(roles.editor, {
			category: 'Video',
			features: ['Podcasts'],
			sortOrder: -1,
		});
		await server.siteIdle();
		expect(await html(ids.sameNone!)).toContain(`href="/platforms/${joined.slug}"`);
	});
});
