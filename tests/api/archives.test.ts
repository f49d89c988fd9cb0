/**
 * The /news and /education archives: every published article, 12 a page, newest first, paged
 * by ?page= and narrowed by ?category=, rel=prev/next links, 404 past the last page, the pages
 * in the sitemap, generated as files and regenerated when an article changes. Drafts never
 * appear, whoever asks. Runs on both engines (the grouped counts and the paged list).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import {
	articleBody,
	insertArticle,
	setUpRoles,
	startContentServer,
	type Roles,
} from '../support/content-fixtures';

let server: TestServer;
let roles: Roles;
/** Published news, newest first. */
const published: number[] = [];
const drafts: number[] = [];
const trends: number[] = [];
let education: string;

const DAY = 24 * 60 * 60 * 1000;

async function page(path: string) {
	const response = await fetch(`${server.url}${path}`);
	return { status: response.status, text: await response.text(), headers: response.headers };
}

/** The article ids a news listing links to (by their slugs), in page order. */
async function newsIds(html: string): Promise<number[]> {
	const list = html.slice(html.indexOf('data-testid="archive-list"'));
	const rows = await server.db
		.select({ id: server.tables.articles.id, slug: server.tables.articles.slug })
		.from(server.tables.articles);
	const ids = new Map(rows.map((row) => [row.slug, row.id]));
	return [...list.matchAll(/href="\/news\/([a-z0-9-]+)"/g)].map((match) => ids.get(match[1]!) ?? -1);
}

const relLink = (html: string, rel: 'prev' | 'next') =>
	html.match(new RegExp(`<link rel="${rel}" href="([^"]*)"`))?.[1];

beforeAll(async () => {
	server = await startContentServer();
	roles = await setUpRoles(server);
	const now = Date.now();
	// 15 published news (every third in Trends) and 2 drafts newer than all of them.
	for (let i = 0; i < 15; i += 1) {
		const row = await insertArticle(server, {
			kind: 'news',
			category: i % 3 === 0 ? 'Trends' : 'Technology',
			createdAt: new Date(now - (i + 2) * DAY),
		});
		published.push(row.id);
		if (i % 3 === 0) trends.push(row.id);
	}
	for (let i = 0; i < 2; i += 1) {
		drafts.push(
			(await insertArticle(server, { kind: 'news', isPublished: false, createdAt: new Date(now - i * DAY) }))
				.id,
		);
	}
	education = (await insertArticle(server, { kind: 'education', category: 'For Brands' })).slug;
	await server.regenerate();
});

afterAll(async () => {
	await server?.stop();
});

describe('GET /news', () => {
	it('lists the 12 newest published articles, then the rest on page 2', async () => {
		const first = await page('/news');
		expect(first.status).toBe(200);
		expect(await newsIds(first.text)).toEqual(published.slice(0, 12));
		const second = await page('/news?page=2');
		expect(second.status).toBe(200);
		expect(await newsIds(second.text)).toEqual(published.slice(12));
	});

	it('links the neighbouring pages with rel=prev and rel=next', async () => {
		const first = (await page('/news')).text;
		expect(relLink(first, 'prev')).toBeUndefined();
		expect(relLink(first, 'next')).toBe('/news?page=2');
		const second = (await page('/news?page=2')).text;
		expect(relLink(second, 'prev')).toBe('/news');
		expect(relLink(second, 'next')).toBeUndefined();
		expect(second).toMatch(/<link rel="canonical" href="[^"]*\/news\?page=2"/);
	});

	it('narrows to a category', async () => {
		const { status, text } = await page('/news?category=Trends');
		expect(status).toBe(200);
		expect(await newsIds(text)).toEqual(trends);
		// A category of the kind with no article yet is an empty first page, not an error.
		const empty = await page('/news?category=Grocery');
		expect(empty.status).toBe(200);
		expect(await newsIds(empty.text)).toEqual([]);
		expect(empty.text).toContain('No news articles in this category yet.');
	});

	it.each([
		['a page past the last', '/news?page=3'],
		['page 0', '/news?page=0'],
		['a page that is not a number', '/news?page=two'],
		['a negative page', '/news?page=-1'],
		["a page past a category's last", '/news?category=Trends&page=2'],
		['an unknown category', '/news?category=Nope'],
		['a category of the other kind', '/news?category=For%20Brands'],
	])('answers 404 for %s', async (_name, path) => {
		const { status, text } = await page(path);
		expect(status).toBe(404);
		expect(text).toContain('<meta name="robots" content="noindex"');
	});

	it('never shows drafts, whoever asks', async () => {
		for (const client of [roles.anonymous, roles.user.client, roles.banned.client, roles.editor.client]) {
			for (const path of ['/news', '/news?page=2', '/news?category=Technology']) {
				const answer = await client.get<string>(path);
				expect(answer.status).toBe(200);
				const ids = await newsIds(answer.body);
				expect(ids.length).toBeGreaterThan(0);
				for (const draft of drafts) expect(ids).not.toContain(draft);
			}
		}
	});

	it('keeps other query parameters out of the way', async () => {
		expect(await newsIds((await page('/news?utm_source=mail')).text)).toEqual(published.slice(0, 12));
		expect(await newsIds((await page('/news?page=2&utm_source=mail')).text)).toEqual(published.slice(12));
	});
});

describe('GET /education', () => {
	it('lists education articles only', async () => {
		const { status, text } = await page('/education');
		expect(status).toBe(200);
		expect(text).toContain(`href="/education/${education}"`);
		expect(await newsIds(text)).toEqual([]);
		expect((await page('/education?page=2')).status).toBe(404);
	});
});

describe('the sitemap', () => {
	it('lists every page of each archive, not their category views', async () => {
		const { text } = await page('/sitemap.xml');
		expect(text).toContain('/news</loc>');
		expect(text).toContain('/news?page=2</loc>');
		expect(text).not.toContain('/news?page=3</loc>');
		expect(text).toContain('/education</loc>');
		expect(text).not.toContain('category=');
	});
});

describe('generation', () => {
	it('serves the listed pages as generated files', async () => {
		for (const path of ['/news', '/news?page=2', '/news?category=Trends', '/education']) {
			// A generated file carries the host's ETag; an on-demand render does not.
			expect((await page(path)).headers.get('etag'), path).toBeTruthy();
		}
	});

	it('regenerates the pages when an article is published, and drops a page that is gone', async () => {
		const created = await roles.editor.client.post('/api/news', articleBody({ category: 'Trends' }));
		expect(created.status).toBe(201);
		await server.siteIdle();
		const first = await newsIds((await page('/news')).text);
		expect(first[0]).toBe(created.body.id);
		expect(await newsIds((await page('/news?page=2')).text)).toEqual(published.slice(11));
		expect((await newsIds((await page('/news?category=Trends')).text))[0]).toBe(created.body.id);

		// Back to 15: page 2 loses one; delete four more and page 2 is gone.
		for (const id of [created.body.id, ...published.slice(0, 4)]) {
			expect((await roles.editor.client.delete(`/api/news/${id}`)).status).toBe(200);
		}
		await server.siteIdle();
		expect(await newsIds((await page('/news')).text)).toEqual(published.slice(4, 16));
		expect((await page('/news?page=2')).status).toBe(404);
	});
});
