/**
 * From the site search to every hit: /search shows the first few of a group, and its "More
 * news" link opens the news archive searched for the same text, paged, so each hit is one or
 * two clicks away; the home section's View All keeps its search too. Expected lists come from
 * the public API (its ?search= is the archive's).
 */
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { browserTest } from '../support/browser-test';
import type { TestServer } from '../support/server';
import { testSlug } from '../support/slugs';

const MANY = 14; // more than an archive page (12)

const it = browserTest({
	seed: true,
	ready: async (server) => {
		const { articles } = server.tables;
		for (let i = 0; i < MANY; i += 1) {
			await server.db.insert(articles).values({
				kind: 'news',
				title: `Zucchini shelf story ${i + 1}`,
				slug: testSlug(`Zucchini shelf story ${i + 1}`),
				excerpt: 'Produce aisles in the news.',
				content: 'Stores and shoppers.',
				category: 'Trends',
				tags: [],
				readTime: 3,
				isPublished: true,
				createdAt: new Date(Date.UTC(2021, 0, 1 + i)),
				updatedAt: new Date(Date.UTC(2021, 0, 1 + i)),
			});
		}
		await server.regenerate();
	},
});

async function apiIds(server: TestServer, path: string): Promise<string[]> {
	const list = (await (await fetch(`${server.url}${path}`)).json()) as { slug: string }[];
	return list.map((article) => `/news/${article.slug}`).sort();
}

/** The article links of the archive page shown and of every later page, following Next. */
async function archiveLinks(page: Page): Promise<string[]> {
	const found: string[] = [];
	for (;;) {
		found.push(
			...(await page
				.locator('[data-testid="archive-list"] a[href^="/news/"]')
				.evaluateAll((links) => links.map((link) => link.getAttribute('href')!))),
		);
		const next = page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: /Next/ });
		if ((await next.count()) === 0) break;
		await Promise.all([page.waitForURL((url) => url.searchParams.has('page')), next.click()]);
	}
	return [...new Set(found)].sort();
}

describe('from /search to every hit', () => {
	it.for(['grocery', 'zucchini'])('reaches every news hit for "%s"', async (q, { server, page }) => {
		const expected = await apiIds(server, `/api/news?search=${q}&limit=100`);
		expect(expected.length).toBeGreaterThan(0);
		await page.goto(`/search?q=${q}`);
		const listed = await page
			.getByTestId('results-news')
			.locator('a[href^="/news/"]')
			.evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
		const more = page.getByRole('link', { name: `More news for "${q}"` });
		if (listed.length === expected.length) {
			expect(listed.sort()).toEqual(expected);
			return;
		}
		await more.click();
		await page.waitForURL((url) => url.pathname === '/news' && url.searchParams.get('q') === q);
		expect(await page.getByRole('searchbox', { name: 'Search news' }).inputValue()).toBe(q);
		expect(await page.getByTestId('archive-summary').innerText()).toContain(
			`${expected.length} articles for "${q}"`,
		);
		expect(await archiveLinks(page)).toEqual(expected);
	});

	it('the zucchini case is longer than /search shows and than an archive page', async ({ server }) => {
		expect((await apiIds(server, '/api/news?search=zucchini&limit=100')).length).toBe(MANY);
	});

	it('searches the archive from its own field, within a category, and clears', async ({ server, page }) => {
		await page.goto('/news?category=Trends');
		await page.getByRole('searchbox', { name: 'Search news' }).fill('zucchini');
		await Promise.all([
			page.waitForURL((url) => url.searchParams.get('q') === 'zucchini'),
			page.keyboard.press('Enter'),
		]);
		expect(new URL(page.url()).searchParams.get('category')).toBe('Trends');
		const expected = await apiIds(server, '/api/news?search=zucchini&category=Trends&limit=100');
		expect(await archiveLinks(page)).toEqual(expected);
		await page.getByRole('link', { name: 'Clear the search' }).click();
		await page.waitForURL((url) => !url.searchParams.has('q'));
	});

	it('answers an over-long search with a 404 page, not an error', async ({ server }) => {
		const answer = await fetch(`${server.url}/news?q=${'a'.repeat(201)}`);
		expect(answer.status).toBe(404);
	});

	it("keeps the home section's search in View All News", async ({ page }) => {
		await page.goto('/?newsSearch=grocery#news');
		const viewAll = page.getByRole('link', { name: 'View All News' });
		expect(await viewAll.getAttribute('href')).toBe('/news?q=grocery');
	});
});
