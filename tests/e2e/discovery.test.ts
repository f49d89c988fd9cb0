/**
 * Discovery in a browser: the header's search field leading to /search and a hit, on desktop
 * and in the mobile menu; the news archive paged and narrowed to a category; and the similar
 * platforms on a platform page. Expected lists come from the public API, so the tests follow
 * the seed.
 */
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { browserTest } from '../support/browser-test';
import type { TestServer } from '../support/server';
import { testSlug } from '../support/slugs';

type Hit = { id: number; title: string; url: string };
type Results = Record<'platforms' | 'news' | 'education' | 'podcasts' | 'pages', Hit[]>;
type Article = { id: number; title: string; category: string };

const it = browserTest({
	seed: true,
	// The seed has fewer than 12 published news articles: three older ones make a second page.
	ready: async (server) => {
		const { articles } = server.tables;
		for (let i = 0; i < 3; i += 1) {
			await server.db.insert(articles).values({
				kind: 'news',
				title: `Archived story ${i + 1}`,
				slug: testSlug(`Archived story ${i + 1}`),
				excerpt: 'From the archive.',
				content: 'Old news.',
				category: 'Trends',
				tags: [],
				readTime: 3,
				isPublished: true,
				createdAt: new Date(Date.UTC(2020, 0, 1 + i)),
				updatedAt: new Date(Date.UTC(2020, 0, 1 + i)),
			});
		}
		await server.regenerate();
	},
});

async function api<T>(server: TestServer, path: string): Promise<T> {
	return (await (await fetch(`${server.url}${path}`)).json()) as T;
}

const cardTitles = (page: Page) => page.locator('[data-testid="archive-list"] article h3').allInnerTexts();

describe('site search', () => {
	it('goes from the header field to the results and on to a hit, by keyboard', async ({ server, page }) => {
		const expected = await api<Results>(server, '/api/search?q=retail');
		expect(expected.news.length).toBeGreaterThan(0);
		await page.goto('/');
		// The field is reached with Tab like any link of the header.
		const field = page.getByRole('searchbox', { name: 'Search the site' });
		for (
			let presses = 0;
			presses < 30 && !(await field.evaluate((el) => el === document.activeElement));
			presses += 1
		) {
			await page.keyboard.press('Tab');
		}
		expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
		await page.keyboard.type('retail');
		await page.keyboard.press('Enter');
		await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'retail');

		const news = page.getByTestId('results-news');
		expect(await news.getByRole('link').allInnerTexts()).toEqual(
			expected.news
				.map((hit) => hit.title)
				.concat(expected.news.length === 5 ? ['More news for "retail"'] : []),
		);
		const marks = await page.locator('main mark').allInnerTexts();
		expect(marks.length).toBeGreaterThan(0);
		expect(marks.every((mark) => mark.toLowerCase().startsWith('retail'))).toBe(true);
		expect(
			await page.getByRole('main').getByRole('searchbox', { name: 'Search the site' }).inputValue(),
		).toBe('retail');

		await news.getByRole('link', { name: expected.news[0]!.title }).click();
		await page.waitForURL((url) => url.pathname === expected.news[0]!.url);
		expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(expected.news[0]!.title);
	});

	it('says so when nothing is found', async ({ page }) => {
		await page.goto('/search?q=zzzqqqxx');
		expect(await page.getByTestId('search-summary').innerText()).toBe('No results for "zzzqqqxx".');
	});

	it('works from the mobile menu', async ({ newPage }) => {
		const { page } = await newPage({ mobile: true });
		await page.goto('/');
		await page.getByRole('button', { name: 'Open menu' }).click();
		const field = page.getByRole('dialog').getByRole('searchbox', { name: 'Search the site' });
		await field.fill('grocery');
		await field.press('Enter');
		await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'grocery');
		expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Search');
	});
});

describe('archives', () => {
	it('pages through every published news article, newest first', async ({ server, page }) => {
		const all = await api<Article[]>(server, '/api/news?limit=100');
		expect(all.length).toBeGreaterThan(12);
		expect(all.length).toBeLessThanOrEqual(24);
		await page.goto('/news');
		expect(await cardTitles(page)).toEqual(all.slice(0, 12).map((article) => article.title));
		await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: /Next/ }).click();
		await page.waitForURL((url) => url.searchParams.get('page') === '2');
		expect(await cardTitles(page)).toEqual(all.slice(12).map((article) => article.title));
		await page
			.getByRole('navigation', { name: 'Pages' })
			.getByRole('link', { name: /Previous/ })
			.click();
		await page.waitForURL((url) => url.pathname === '/news' && url.search === '');
		expect(await cardTitles(page)).toHaveLength(12);
	});

	it('narrows to a category with its link', async ({ server, page }) => {
		const trends = await api<Article[]>(server, '/api/news?category=Trends&limit=100');
		await page.goto('/news');
		await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Trends' }).click();
		await page.waitForURL((url) => url.searchParams.get('category') === 'Trends');
		expect(await cardTitles(page)).toEqual(trends.slice(0, 12).map((article) => article.title));
		expect(
			await page.getByRole('navigation', { name: 'Categories' }).locator('[aria-current="page"]').innerText(),
		).toBe('Trends');
	});
});

describe('similar platforms', () => {
	it('lists them on a platform page and leads to them', async ({ server, page }) => {
		const platforms = await api<{ id: number }[]>(server, '/api/platforms');
		let subject: number | undefined;
		let similar: { id: number; slug: string; name: string }[] = [];
		for (const platform of platforms) {
			similar = await api(server, `/api/platforms/${platform.id}/similar`);
			if (similar.length > 0) {
				subject = platform.id;
				break;
			}
		}
		expect(subject).toBeDefined();
		await page.goto(`/platforms/${subject}`);
		const section = page.getByTestId('similar-platforms');
		expect(await section.getByRole('heading').innerText()).toBe('Similar platforms');
		const links = section.getByRole('link');
		expect(await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')))).toEqual(
			similar.map((platform) => `/platforms/${platform.slug}`),
		);
		await links.first().click();
		await page.waitForURL((url) => url.pathname === `/platforms/${similar[0]!.slug}`);
		expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(similar[0]!.name);
	});
});
