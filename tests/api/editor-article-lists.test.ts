/**
 * The editors' article lists (GET /api/news/all, /api/education/all): every article unless a
 * page is asked for, the status filter, the total in X-Total-Count; drafts on their real page
 * for editors only; and the `field` beside `message` of a validation failure.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIST_LIMIT } from '@/lib/validation/content';
import type { TestServer } from '../support/server';
import {
	articleBody,
	insertArticle,
	setUpRoles,
	startContentServer,
	uniqueWord,
	type Roles,
} from '../support/content-fixtures';

let server: TestServer;
let roles: Roles;

// More than the public lists' default page, so "every article" is told apart from a page.
const PUBLISHED = DEFAULT_LIST_LIMIT + 5;
const DRAFTS = 4;
const ids = (list: { id: number }[]) => list.map((article) => article.id);

beforeAll(async () => {
	server = await startContentServer({ env: { API_CACHE_TTL_MS: '0' } });
	roles = await setUpRoles(server);
	await server.db.delete(server.tables.articles).where(eq(server.tables.articles.kind, 'education'));
	for (let i = 0; i < PUBLISHED; i += 1) {
		await insertArticle(server, {
			kind: 'education',
			category: 'For Brands',
			title: `Lesson ${i}`,
		});
	}
	for (let i = 0; i < DRAFTS; i += 1) {
		await insertArticle(server, {
			kind: 'education',
			category: 'For Brands',
			title: `Draft lesson ${i}`,
			isPublished: false,
		});
	}
});
afterAll(async () => {
	await server?.stop();
});

describe('GET /api/education/all', () => {
	const all = (query = '') => roles.editor.client.get(`/api/education/all${query}`);

	it('returns every article without a query, with the total in X-Total-Count', async () => {
		const answer = await all();
		expect(answer.status).toBe(200);
		expect(answer.body).toHaveLength(PUBLISHED + DRAFTS);
		expect(answer.headers.get('x-total-count')).toBe(String(PUBLISHED + DRAFTS));
	});

	it('pages only when asked: limit gives one page, offset skips, the total stays', async () => {
		const everything = ids((await all()).body);
		const page = await all('?limit=10&offset=20');
		expect(ids(page.body)).toEqual(everything.slice(20, 30));
		expect(page.headers.get('x-total-count')).toBe(String(PUBLISHED + DRAFTS));
		// An offset alone skips and returns the rest.
		expect(ids((await all('?offset=50')).body)).toEqual(everything.slice(50));
	});

	it('filters by status: drafts or published, each with its own total', async () => {
		const drafts = await all('?status=draft');
		expect(drafts.body).toHaveLength(DRAFTS);
		expect(drafts.body.every((a: { isPublished: boolean }) => !a.isPublished)).toBe(true);
		expect(drafts.headers.get('x-total-count')).toBe(String(DRAFTS));
		const published = await all('?status=published&limit=5');
		expect(published.body).toHaveLength(5);
		expect(published.body.every((a: { isPublished: boolean }) => a.isPublished)).toBe(true);
		expect(published.headers.get('x-total-count')).toBe(String(PUBLISHED));
	});

	it('counts search matches, not the page', async () => {
		const word = uniqueWord();
		for (let i = 0; i < 3; i += 1) {
			await insertArticle(server, {
				kind: 'education',
				category: 'For Brands',
				title: `${word} ${i}`,
			});
		}
		const answer = await all(`?search=${word}&limit=2`);
		expect(answer.body).toHaveLength(2);
		expect(answer.headers.get('x-total-count')).toBe('3');
	});

	it('refuses an unknown status and a bad limit with a sentence and the field', async () => {
		const status = await all('?status=secret');
		expect(status.status).toBe(400);
		expect(status.body.message).toMatch(/'draft' or 'published'/);
		expect(status.headers.get('x-invalid-field')).toBe('status');
		const limit = await all('?limit=0');
		expect(limit.status).toBe(400);
		expect(limit.headers.get('x-invalid-field')).toBe('limit');
	});

	it('stays editors only: anonymous 401, user 403, banned 401', async () => {
		expect((await roles.anonymous.get('/api/education/all?status=draft')).status).toBe(401);
		expect((await roles.user.client.get('/api/education/all?status=draft')).status).toBe(403);
		expect((await roles.banned.client.get('/api/education/all?status=draft')).status).toBe(401);
	});
});

describe('a draft on its real page', () => {
	for (const kind of ['news', 'education'] as const) {
		it(`/${kind}/{slug}: 404 for anonymous, user and banned; the page with a draft notice for editors`, async () => {
			const title = `Unpublished ${uniqueWord()}`;
			const draft = await insertArticle(server, {
				kind,
				category: kind === 'news' ? 'Industry News' : 'For Brands',
				title,
				isPublished: false,
			});
			const path = `/${kind}/${draft.slug}`;
			for (const client of [roles.anonymous, roles.user.client, roles.banned.client]) {
				const answer = await client.get(path);
				expect(answer.status).toBe(404);
				expect(String(answer.body)).not.toContain(title);
			}
			const editor = await roles.editor.client.get(path);
			expect(editor.status).toBe(200);
			const html = String(editor.body);
			expect(html).toContain(title);
			expect(html).toContain('data-testid="draft-notice"');
			expect(html).toMatch(/<meta name="robots" content="noindex"/);
			// Never kept by a shared cache: the answer is the editor's alone.
			expect(editor.headers.get('cache-control')).toMatch(/private/);
		});
	}
});

describe('validation failures name their field', () => {
	it('names the refused field in X-Invalid-Field; the body stays { message }', async () => {
		const answer = await roles.editor.client.post(
			'/api/news',
			articleBody({ imageUrl: 'javascript:alert(1)' }),
		);
		expect(answer.status).toBe(400);
		expect(answer.headers.get('x-invalid-field')).toBe('imageUrl');
		expect(Object.keys(answer.body)).toEqual(['message']);
	});

	it('sends no X-Invalid-Field when a failure is about no one field', async () => {
		const answer = await roles.editor.client.post('/api/news', '{not json', {
			'content-type': 'application/json',
		});
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ message: 'Request body is not valid JSON.' });
		expect(answer.headers.get('x-invalid-field')).toBeNull();
	});
});
