/**
 * The platform directory API: listing with search, category and sort,
 * detail, the editors' create/update/delete with the form's rules, the cascade on delete, the
 * placeholder image, and the in-process change hook.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { firstRow } from '@/server/db';
import type { TestServer } from '../support/server';
import { postgresTestDatabase, type TestPostgres } from '../support/postgres-databases';
import { TestClient, registerUser, startAccountServer, type Registered } from '../support/account-api';
import {
	PLATFORM_FIELDS,
	createPlatform,
	expectedAverage,
	platformInput,
	registerBanned,
	registerEditor,
} from '../support/platform-fixtures';

let server: TestServer;
let editor: Registered;
let user: Registered;
let banned: Registered;
let anonymous: TestClient;

beforeAll(async () => {
	server = await startAccountServer();
	[editor, user, banned] = await Promise.all([
		registerEditor(server),
		registerUser(server),
		registerBanned(server),
	]);
	anonymous = new TestClient(server.url);
});
afterAll(async () => {
	await server?.stop();
});

describe('admin platform endpoints: who may call them', () => {
	it('creates a platform for an editor (201) and answers with every platform field', async () => {
		const input = platformInput({ isRecommended: true, sortOrder: 3 });
		const answer = await editor.client.post('/api/admin/platforms', input);
		expect(answer.status).toBe(201);
		expect(Object.keys(answer.body).sort()).toEqual(PLATFORM_FIELDS);
		expect(answer.body).toMatchObject({ ...input, rating: 0, reviewCount: 0 });
		expect(answer.body.id).toBeTypeOf('number');
		const stored = await firstRow(
			server.db.select().from(server.tables.platforms).where(eq(server.tables.platforms.id, answer.body.id)),
		);
		expect(stored?.name).toBe(input.name);
		expect(stored?.features).toEqual(input.features);
	});

	it('refuses anonymous (401), users (403) and banned users (401, session refused)', async () => {
		const before = (await server.db.select().from(server.tables.platforms)).length;
		const input = platformInput();
		const anon = await anonymous.post('/api/admin/platforms', input);
		expect(anon.status).toBe(401);
		expect(anon.body).toEqual({ message: 'Authentication required' });
		const asUser = await user.client.post('/api/admin/platforms', input);
		expect(asUser.status).toBe(403);
		expect(asUser.body.message).toBe('Access denied. Editor privileges required.');
		const asBanned = await banned.client.post('/api/admin/platforms', input);
		expect(asBanned.status).toBe(401);
		expect((await server.db.select().from(server.tables.platforms)).length).toBe(before);
	});

	it('updates for an editor only; others leave the platform unchanged', async () => {
		const platform = await createPlatform(editor);
		const changed = platformInput({
			name: 'Renamed Platform',
			category: 'Video',
			features: ['One'],
			isRecommended: true,
			sortOrder: 9,
			logo: '',
			websiteUrl: '',
		});
		for (const [client, status] of [
			[anonymous, 401],
			[user.client, 403],
			[banned.client, 401],
		] as const) {
			const answer = await client.put(`/api/admin/platforms/${platform.id}`, changed);
			expect(answer.status).toBe(status);
		}
		expect((await anonymous.get(`/api/platforms/${platform.id}`)).body.name).toBe(platform.name);

		const answer = await editor.client.put(`/api/admin/platforms/${platform.id}`, changed);
		expect(answer.status).toBe(200);
		expect(answer.body).toMatchObject({
			id: platform.id,
			name: 'Renamed Platform',
			category: 'Video',
			features: ['One'],
			isRecommended: true,
			sortOrder: 9,
			logo: null,
			websiteUrl: null,
		});
		expect((await anonymous.get(`/api/platforms/${platform.id}`)).body).toMatchObject(answer.body);
	});

	it('deletes for an editor only; then the platform is gone (404)', async () => {
		const platform = await createPlatform(editor);
		for (const [client, status] of [
			[anonymous, 401],
			[user.client, 403],
			[banned.client, 401],
		] as const) {
			expect((await client.delete(`/api/admin/platforms/${platform.id}`)).status).toBe(status);
		}
		expect((await anonymous.get(`/api/platforms/${platform.id}`)).status).toBe(200);
		const answer = await editor.client.delete(`/api/admin/platforms/${platform.id}`);
		expect(answer.status).toBe(200);
		expect(answer.body.message).toBe('Platform deleted');
		const gone = await anonymous.get(`/api/platforms/${platform.id}`);
		expect(gone.status).toBe(404);
		expect(gone.body).toEqual({ message: 'Platform not found' });
		const again = await editor.client.delete(`/api/admin/platforms/${platform.id}`);
		expect(again.status).toBe(404);
		expect(again.body.message).toBe('Platform not found');
	});

	it('answers 404 for updating a platform that does not exist or a malformed id', async () => {
		const missing = await editor.client.put('/api/admin/platforms/999999', platformInput());
		expect(missing.status).toBe(404);
		expect(missing.body.message).toBe('Platform not found');
		const malformed = await editor.client.put('/api/admin/platforms/abc', platformInput());
		expect(malformed.status).toBe(404);
		expect(malformed.body.message).toBeTypeOf('string');
		const deleteMalformed = await editor.client.delete('/api/admin/platforms/1.5');
		expect(deleteMalformed.status).toBe(404);
	});
});

describe('platform form rules', () => {
	const invalid: Array<[string, Record<string, unknown>, string]> = [
		['missing name', { name: undefined }, 'Name is required.'],
		['blank name', { name: '   ' }, 'Name is required.'],
		['long name', { name: 'n'.repeat(201) }, 'Name must be at most 200 characters long.'],
		// Issue 42, I-5: a name goes into mail subjects.
		['name with a line feed', { name: 'Acme\nBcc: victim@example.com' }, 'Name must be on one line.'],
		['name with a carriage return', { name: 'Acme\rAds' }, 'Name must be on one line.'],
		['unknown category', { category: 'Television' }, 'Please choose a platform category.'],
		['missing category', { category: undefined }, 'Please choose a platform category.'],
		['blank description', { description: ' ' }, 'Description is required.'],
		['missing pricing', { pricing: undefined }, 'Pricing is required.'],
		['ftp website', { websiteUrl: 'ftp://example.com' }, 'Website URL must start with http:// or https://.'],
		[
			'website not a URL',
			{ websiteUrl: 'example dot com' },
			'Website URL must start with http:// or https://.',
		],
		[
			'javascript logo',
			{ logo: 'javascript:alert(1)' },
			'Logo must be an http(s) URL or a path starting with /.',
		],
		[
			'protocol-relative logo',
			{ logo: '//evil.example/x.png' },
			'Logo must be an http(s) URL or a path starting with /.',
		],
		['relative logo', { logo: 'images/x.png' }, 'Logo must be an http(s) URL or a path starting with /.'],
		[
			'backslash logo (another site to a browser)',
			{ logo: '/\\evil.example/x.svg' },
			'Logo must be an http(s) URL or a path starting with /.',
		],
		[
			'logo with a tab between the slashes',
			{ logo: '/\t/evil.example/x.svg' },
			'Logo must be an http(s) URL or a path starting with /.',
		],
		['features as a number', { features: 5 }, 'Features must be a list of text or one item per line.'],
		[
			'51 features',
			{ features: Array.from({ length: 51 }, (_, i) => `f${i}`) },
			'Features may have at most 50 items.',
		],
		[
			'feature too long',
			{ pros: ['ok', 'p'.repeat(201)] },
			'Each pros item must be at most 200 characters long.',
		],
		['isRecommended as text', { isRecommended: 'yes' }, 'The recommended setting must be true or false.'],
		['sortOrder out of range', { sortOrder: 5_000_000 }, 'Sort order must be between -1000000 and 1000000.'],
	];

	it.each(invalid)('refuses %s with 400 and stores nothing', async (_label, change, message) => {
		const before = (await server.db.select().from(server.tables.platforms)).length;
		const answer = await editor.client.post('/api/admin/platforms', platformInput(change));
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ message });
		expect((await server.db.select().from(server.tables.platforms)).length).toBe(before);
	});

	it('stores platform texts without NUL or bidirectional controls, and refuses a name of nothing else', async () => {
		const answer = await editor.client.post(
			'/api/admin/platforms',
			platformInput({
				name: 'Clean\u0000 Name\u202E',
				pricing: '\u0000CPM',
				pros: 'fast\u0000\n\u0000\n\u2066trusted',
				// A lone surrogate inside a list (stored as JSON) was a 500 on PostgreSQL.
				features: ['ok', '\udfff'],
			}),
		);
		expect(answer.status, JSON.stringify(answer.body)).toBe(201);
		const saved = answer.body as { name: string; pricing: string; pros: string[] };
		expect(saved.name).toBe('Clean Name');
		expect(saved.pricing).toBe('CPM');
		expect(saved.pros).toEqual(['fast', 'trusted']);
		expect((saved as unknown as { features: string[] }).features).toEqual(['ok', '\uFFFD']);
		const refused = await editor.client.post('/api/admin/platforms', platformInput({ name: '\u0000\u202E' }));
		expect(refused.status).toBe(400);
		expect(refused.body).toEqual({ message: 'Name is required.' });
	});

	it('refuses an invalid field on update too, leaving the platform as it was', async () => {
		const platform = await createPlatform(editor);
		const answer = await editor.client.put(
			`/api/admin/platforms/${platform.id}`,
			platformInput({ category: 'Nope' }),
		);
		expect(answer.status).toBe(400);
		expect((await anonymous.get(`/api/platforms/${platform.id}`)).body.category).toBe('DSP');
	});

	it('splits features, pros and cons typed one per line, dropping blank lines', async () => {
		const platform = await createPlatform(editor, {
			features: '  Sponsored products \n\n\r\nDisplay\r\n   \nVideo\n',
			pros: ['  Reach ', '', '   ', 'Data'],
			cons: '',
		});
		expect(platform.features).toEqual(['Sponsored products', 'Display', 'Video']);
		expect(platform.pros).toEqual(['Reach', 'Data']);
		expect(platform.cons).toEqual([]);
	});

	it('trims text, turns empty logo and website into null, and accepts site paths and http URLs', async () => {
		const empty = await createPlatform(editor, {
			name: '  Spaced Name  ',
			logo: '   ',
			websiteUrl: '',
		});
		expect(empty).toMatchObject({ name: 'Spaced Name', logo: null, websiteUrl: null });
		const missing = await createPlatform(editor, {
			logo: undefined,
			websiteUrl: undefined,
			features: undefined,
			isRecommended: undefined,
		});
		expect(missing).toMatchObject({
			logo: null,
			websiteUrl: null,
			features: [],
			isRecommended: false,
		});
		const http = await createPlatform(editor, {
			logo: 'http://cdn.example.com/logo.png',
			websiteUrl: 'http://example.org/path?q=1',
		});
		expect(http).toMatchObject({
			logo: 'http://cdn.example.com/logo.png',
			websiteUrl: 'http://example.org/path?q=1',
		});
	});

	it.each([
		['x', 0],
		['', 0],
		[null, 0],
		[undefined, 0],
		['7', 7],
		[3.9, 3],
		[-2, -2],
	])('takes sortOrder %j as %d', async (sortOrder, expected) => {
		const platform = await createPlatform(editor, { sortOrder });
		expect(platform.sortOrder).toBe(expected);
	});

	it('refuses a body that is not JSON', async () => {
		const answer = await editor.client.post('/api/admin/platforms', 'name=x', {
			'content-type': 'application/x-www-form-urlencoded',
		});
		expect(answer.status).toBe(415);
		const broken = await editor.client.post('/api/admin/platforms', '{"name":');
		expect(broken.status).toBe(400);
	});
});

describe('GET /api/platforms/{id}', () => {
	it('returns the platform to anyone', async () => {
		const platform = await createPlatform(editor, { category: 'Search' });
		const answer = await anonymous.get(`/api/platforms/${platform.id}`);
		expect(answer.status).toBe(200);
		// The detail adds how its ratings spread over the stars and the sub-score averages.
		expect(answer.body).toEqual({
			...platform,
			ratingDistribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
			subRatingAverages: { easeOfUse: null, support: null, measurement: null, valueForMoney: null },
			subRatingCounts: { easeOfUse: null, support: null, measurement: null, valueForMoney: null },
		});
	});

	it.each(['999999', 'abc', '0', '-1', '1.5', '1e3'])('answers 404 JSON for id %s', async (id) => {
		const answer = await anonymous.get(`/api/platforms/${id}`);
		expect(answer.status).toBe(404);
		expect(answer.headers.get('content-type')).toMatch(/application\/json/);
		expect(answer.body.message).toMatch(/Platform not found|Invalid platform id/);
	});
});

describe('GET /api/platforms: search, category, sort and paging', () => {
	let alpha: { id: number };
	let bravo: { id: number };
	let charlie: { id: number };
	const names = () => ({
		alpha: 'alpha Ads',
		bravo: 'Bravo Media',
		charlie: 'Charlie Reach',
		delta: 'Delta 50% Off',
	});

	async function listNames(query = ''): Promise<string[]> {
		const answer = await anonymous.get(`/api/platforms${query}`);
		expect(answer.status, JSON.stringify(answer.body)).toBe(200);
		expect(Array.isArray(answer.body)).toBe(true);
		return answer.body.map((p: { name: string }) => p.name);
	}

	async function rateAs(platformId: number, ratings: number[]) {
		for (const rating of ratings) {
			const rater = await registerUser(server);
			const answer = await rater.client.post(`/api/platforms/${platformId}/ratings`, { rating });
			expect(answer.status).toBe(201);
		}
	}

	beforeAll(async () => {
		// Start from an empty directory so the order of the whole list can be asserted.
		await server.db.delete(server.tables.platforms);
		expect(await listNames()).toEqual([]);
		const n = names();
		alpha = await createPlatform(editor, {
			name: n.alpha,
			category: 'Display',
			description: 'Onsite banners.',
			features: ['Sponsored Products', 'Audience Targeting'],
			sortOrder: 2,
		});
		bravo = await createPlatform(editor, {
			name: n.bravo,
			category: 'Video',
			description: 'Connected TV for retailers.',
			features: ['CTV'],
			sortOrder: 1,
		});
		charlie = await createPlatform(editor, {
			name: n.charlie,
			category: 'Retail Media Networks',
			description: 'A network of grocery_stores.',
			features: ['Self-serve'],
			sortOrder: 1,
		});
		await createPlatform(editor, {
			name: n.delta,
			category: 'Display',
			description: 'Discount display ads.',
			features: [],
			sortOrder: 3,
		});
		await rateAs(alpha.id, [5, 4]); // 4.5
		await rateAs(bravo.id, [2]); // 2
		await rateAs(charlie.id, [5]); // 5
		// delta: no ratings, 0
	});

	it('lists in the editors order by default: sortOrder, then name', async () => {
		const n = names();
		expect(await listNames()).toEqual([n.bravo, n.charlie, n.alpha, n.delta]);
	});

	it('returns complete platform objects with the rating average and review count', async () => {
		const answer = await anonymous.get('/api/platforms');
		const first = answer.body.find((p: { id: number }) => p.id === alpha.id);
		expect(Object.keys(first).sort()).toEqual(PLATFORM_FIELDS);
		expect(first).toMatchObject({ rating: expectedAverage([5, 4]), reviewCount: 2 });
	});

	it('searches name, description, category and features, ignoring case', async () => {
		const n = names();
		expect(await listNames('?search=ALPHA')).toEqual([n.alpha]);
		expect(await listNames('?search=connected%20tv')).toEqual([n.bravo]);
		expect(await listNames('?search=retail%20media%20networks')).toEqual([n.charlie]);
		expect(await listNames('?search=audience%20targ')).toEqual([n.alpha]);
		expect(await listNames('?search=display')).toEqual([n.alpha, n.delta]);
		expect(await listNames('?search=nothing-matches-this')).toEqual([]);
		expect(await listNames('?search=%20%20')).toHaveLength(4);
	});

	it('treats LIKE wildcards in the search as plain characters', async () => {
		const n = names();
		expect(await listNames('?search=%25')).toEqual([n.delta]);
		expect(await listNames('?search=_')).toEqual([n.charlie]);
		expect(await listNames('?search=grocery_s')).toEqual([n.charlie]);
		expect(await listNames('?search=grocery%25s')).toEqual([]);
	});

	it('matches a feature item, not the JSON it is stored in', async () => {
		expect(await listNames('?search=%22')).toEqual([]);
		expect(await listNames('?search=%5B')).toEqual([]);
	});

	it('filters by category; an empty category means all', async () => {
		const n = names();
		expect(await listNames('?category=Display')).toEqual([n.alpha, n.delta]);
		expect(await listNames('?category=Video')).toEqual([n.bravo]);
		expect(await listNames('?category=DSP')).toEqual([]);
		expect(await listNames('?category=')).toHaveLength(4);
		expect(await listNames('?category=Display&search=discount')).toEqual([n.delta]);
	});

	it('sorts by name, case-insensitively, desc by default and asc on request', async () => {
		const n = names();
		const ascending = [n.alpha, n.bravo, n.charlie, n.delta];
		expect(await listNames('?sortBy=name&sortOrder=asc')).toEqual(ascending);
		expect(await listNames('?sortBy=name&sortOrder=desc')).toEqual([...ascending].reverse());
		expect(await listNames('?sortBy=name')).toEqual([...ascending].reverse());
	});

	it('sorts by rating, desc by default and asc on request', async () => {
		const n = names();
		expect(await listNames('?sortBy=rating&sortOrder=desc')).toEqual([n.charlie, n.alpha, n.bravo, n.delta]);
		expect(await listNames('?sortBy=rating')).toEqual([n.charlie, n.alpha, n.bravo, n.delta]);
		expect(await listNames('?sortBy=rating&sortOrder=asc')).toEqual([n.delta, n.bravo, n.alpha, n.charlie]);
	});

	it('pages with limit and offset', async () => {
		const n = names();
		expect(await listNames('?sortBy=name&sortOrder=asc&limit=2')).toEqual([n.alpha, n.bravo]);
		expect(await listNames('?sortBy=name&sortOrder=asc&limit=2&offset=2')).toEqual([n.charlie, n.delta]);
		expect(await listNames('?offset=10')).toEqual([]);
	});

	it.each([
		['?sortBy=popularity', 'The sort field must be '],
		['?sortBy=name&sortOrder=up', 'The sort order must be '],
		['?category=Television', 'Unknown platform category.'],
		['?limit=0', 'The limit must be '],
		['?limit=101', 'The limit must be '],
		['?limit=abc', 'The limit must be '],
		['?offset=-1', 'The offset must be '],
		[`?search=${'s'.repeat(201)}`, 'Search must be '],
	])('answers 400 for %s', async (query, message) => {
		const answer = await anonymous.get(`/api/platforms${query}`);
		expect(answer.status).toBe(400);
		expect(answer.body.message.startsWith(message)).toBe(true);
	});
});

describe('deleting a platform', () => {
	it('removes its ratings, comments and their votes, and nothing of other platforms', async () => {
		const doomed = await createPlatform(editor);
		const kept = await createPlatform(editor);
		const [a, b, c] = await Promise.all([registerUser(server), registerUser(server), registerUser(server)]);
		for (const platform of [doomed, kept]) {
			for (const rater of [a, b]) {
				expect((await rater.client.post(`/api/platforms/${platform.id}/ratings`, { rating: 4 })).status).toBe(
					201,
				);
			}
			const comment = await a.client.post(`/api/platforms/${platform.id}/comments`, {
				comment: 'Useful.',
			});
			expect(comment.status).toBe(201);
			await server.db
				.update(server.tables.platformComments)
				.set({ status: 'approved' })
				.where(eq(server.tables.platformComments.id, comment.body.id));
			// Not the author: nobody votes on their own comment.
			for (const voter of [b, c]) {
				const vote = await voter.client.post(`/api/comments/${comment.body.id}/vote`, {
					voteType: 'helpful',
				});
				expect(vote.status).toBe(200);
			}
		}
		const commentIds = async (platformId: number) =>
			(
				await server.db
					.select({ id: server.tables.platformComments.id })
					.from(server.tables.platformComments)
					.where(eq(server.tables.platformComments.platformId, platformId))
			).map((row) => row.id);
		const doomedComments = await commentIds(doomed.id);
		const keptComments = await commentIds(kept.id);
		const ratingsOf = async (platformId: number) =>
			await server.db
				.select()
				.from(server.tables.platformRatings)
				.where(eq(server.tables.platformRatings.platformId, platformId));
		const votesOf = async (ids: number[]) =>
			await server.db
				.select()
				.from(server.tables.commentVotes)
				.where(inArray(server.tables.commentVotes.commentId, ids));
		expect(await ratingsOf(doomed.id)).toHaveLength(2);
		expect(await votesOf(doomedComments)).toHaveLength(2);

		expect((await editor.client.delete(`/api/admin/platforms/${doomed.id}`)).status).toBe(200);

		expect(await ratingsOf(doomed.id)).toHaveLength(0);
		expect(await commentIds(doomed.id)).toHaveLength(0);
		expect(await votesOf(doomedComments)).toHaveLength(0);
		expect(await ratingsOf(kept.id)).toHaveLength(2);
		expect(keptComments).toHaveLength(1);
		expect(await votesOf(keptComments)).toHaveLength(2);
		expect((await anonymous.get(`/api/platforms/${doomed.id}/ratings`)).status).toBe(404);
		expect((await anonymous.get(`/api/platforms/${doomed.id}/comments`)).status).toBe(404);
	});
});

describe('GET /api/placeholder/{w}/{h}', () => {
	it('draws a neutral tile (no size label), cached for a year', async () => {
		const response = await fetch(`${server.url}/api/placeholder/60/40`);
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
		expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
		const svg = await response.text();
		expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
		expect(svg).toContain('width="60" height="40"');
		// A tile with a storefront mark, not a developer's '60×40' label.
		expect(svg).not.toContain('×');
		expect(svg).not.toContain('<text');
		expect(svg).toContain('<path');
	});

	it.each([
		['1', '1'],
		['2000', '2000'],
	])('accepts %s×%s', async (w, h) => {
		const response = await fetch(`${server.url}/api/placeholder/${w}/${h}`);
		expect(response.status).toBe(200);
		expect(await response.text()).toContain(`width="${w}" height="${h}"`);
	});

	it.each([
		['0', '40'],
		['60', '0'],
		['5000', '40'],
		['60', '2001'],
		['abc', '40'],
		['60', 'abc'],
		['1.5', '40'],
		['-5', '40'],
	])('answers 400 JSON for %s×%s', async (w, h) => {
		const answer = await anonymous.get(`/api/placeholder/${w}/${h}`);
		expect(answer.status).toBe(400);
		expect(answer.body.message).toMatch(/^Width and height must be whole numbers from 1 to 2000\.$/);
	});
});

describe('platform changes on the change stream (in-process, as page regeneration hears them)', () => {
	let dir: string;
	let service: typeof import('@/server/platforms/directory');
	let closeDatabase: () => Promise<void>;
	let postgres: TestPostgres | undefined;

	beforeAll(async () => {
		// The hook runs inside the process that changes the data, so test it in this one, with
		// its own database (a file, or a PostgreSQL database of its own).
		dir = mkdtempSync(join(tmpdir(), 'rmh-hook-'));
		if (server.engine === 'postgres') {
			postgres = await postgresTestDatabase();
			process.env.DATABASE_URL = postgres.url;
		} else {
			process.env.DATABASE_PATH = join(dir, 'hook.db');
		}
		service = await import('@/server/platforms/directory');
		({ closeDatabase } = await import('@/server/db'));
	});
	afterAll(async () => {
		await closeDatabase?.();
		await postgres?.close();
		rmSync(dir, { recursive: true, force: true });
	});

	it('tells listeners after create, update, rating and delete, survives a failing listener, and unsubscribes', async () => {
		const { platformFormSchema } = await import('@/lib/validation/platforms');
		const { rate } = await import('@/server/community/reviews');
		// Read at use: the table bindings are the chosen engine's once a query has chosen it.
		const database = await import('@/server/db');
		const { baseLog } = await import('@/server/runtime/log');
		// A failing listener is logged (as an error of the process's logger) and the change goes on.
		const logged = vi.spyOn(baseLog(), 'error').mockImplementation(() => {});
		const seen: Array<{ id: number; kind: string; existsNow: Promise<boolean> }> = [];
		const { changeBus } = await import('@/server/changes/content-changes');
		const stopFailing = changeBus.changes.subscribe(() => {
			throw new Error('listener failure must not fail the change');
		});
		// Whether the platform exists as the listener is told: the change is already committed.
		const stop = changeBus.changes.subscribe((change) => {
			if (change.kind !== 'platform') return;
			seen.push({
				id: change.id,
				kind: change.platformChange,
				existsNow: service.findPlatform(change.id).then((found) => found !== undefined),
			});
		});
		// Each check finishes before the next change: on PostgreSQL it runs on another pooled
		// connection, which could otherwise answer after a later change.
		const checked = () => Promise.all(seen.map((change) => change.existsNow));
		const form = platformFormSchema.parse(platformInput());
		const [rater] = await database
			.db()
			.insert(database.users)
			.values({ username: 'hook_rater', email: 'hook@example.com', passwordHash: 'x' })
			.returning();
		const by = { authorId: rater!.id };
		const created = await service.createPlatform(form, by);
		await checked();
		await service.updatePlatform(created.id, { ...form, name: 'Changed' }, by);
		await checked();
		expect((await rate(created.id, rater!.id, { rating: 4, review: null })).platform).toEqual({
			rating: 4,
			score: 4,
			reviewCount: 1,
		});
		await checked();
		await service.deletePlatform(created.id);
		const told = await Promise.all(
			seen.map(async ({ existsNow, ...change }) => ({ ...change, existsNow: await existsNow })),
		);
		expect(told).toEqual([
			{ id: created.id, kind: 'created', existsNow: true },
			{ id: created.id, kind: 'updated', existsNow: true },
			{ id: created.id, kind: 'rated', existsNow: true },
			{ id: created.id, kind: 'deleted', existsNow: false },
		]);
		expect(logged).toHaveBeenCalledTimes(4);
		logged.mockRestore();
		await expect(service.deletePlatform(created.id)).rejects.toThrow('Platform not found');
		expect(seen).toHaveLength(4);
		stop();
		stopFailing();
		await service.createPlatform(form, by);
		expect(seen).toHaveLength(4);
	});
});
