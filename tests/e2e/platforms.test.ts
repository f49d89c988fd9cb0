/**
 * The /platforms listing in a browser: the static first page, search, category, sorting,
 * paging, Clear filters, filters kept in the URL, and what a card shows. Expected lists come
 * from GET /api/platforms, never hard-coded.
 */
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { browserTest, type NewPage } from '../support/browser-test';
import { apiPlatforms, cardNames, hydrated, oneDecimal, type ApiPlatform } from '../support/platform-helpers';

const PAGE_SIZE = 6;

const it = browserTest({ seed: true, ready: (server) => server.siteIdle() });

async function openListing(newPage: NewPage, path = '/platforms', mobile = false): Promise<Page> {
	const { page } = await newPage({ mobile });
	await page.goto(path);
	await hydrated(page);
	return page;
}

const names = (platforms: ApiPlatform[]) => platforms.map((platform) => platform.name);
const footer = (page: Page) => page.getByText(/^Showing \d+-\d+ of \d+ platforms?$/);

function showing(first: number, last: number, total: number) {
	return `Showing ${first}-${last} of ${total} platforms`;
}

describe('first paint', () => {
	it('serves real cards of the default first page in the static HTML', async ({ server }) => {
		const all = await apiPlatforms(server);
		const html = await (await fetch(`${server.url}/platforms`)).text();
		for (const platform of all.slice(0, PAGE_SIZE))
			expect(html).toContain(`href="/platforms/${platform.slug}"`);
		expect(html).not.toContain(`href="/platforms/${all[PAGE_SIZE]!.slug}"`);
		expect(html).toContain(showing(1, PAGE_SIZE, all.length));
	});

	it("shows the first 6 platforms in the editors' order with the footer text", async ({
		server,
		newPage,
	}) => {
		const all = await apiPlatforms(server);
		const page = await openListing(newPage);
		await expect.poll(() => cardNames(page)).toEqual(names(all.slice(0, PAGE_SIZE)));
		expect(await footer(page).innerText()).toBe(showing(1, PAGE_SIZE, all.length));
		expect(await page.getByLabel('Order', { exact: true }).count()).toBe(0);
	});
});

describe('filters', () => {
	it('filters by category and keeps it in the URL', async ({ server, newPage }) => {
		const category = 'Retail Media Networks';
		const expected = await apiPlatforms(server, `category=${encodeURIComponent(category)}`);
		expect(expected.length).toBeGreaterThan(0);
		const page = await openListing(newPage);
		await page.getByLabel('Category', { exact: true }).selectOption(category);
		await expect.poll(() => cardNames(page)).toEqual(names(expected.slice(0, PAGE_SIZE)));
		expect(await footer(page).innerText()).toBe(
			showing(1, Math.min(PAGE_SIZE, expected.length), expected.length),
		);
		expect(new URL(page.url()).searchParams.get('category')).toBe(category);
		for (const text of await page.locator('[data-platform-card] h2 + p').allInnerTexts())
			expect(text).toBe(category);
	});

	it('searches name, description and features', async ({ server, newPage }) => {
		const expected = await apiPlatforms(server, 'search=sponsored');
		expect(expected.length).toBeGreaterThan(1);
		const page = await openListing(newPage);
		await page.getByLabel('Search', { exact: true }).fill('sponsored');
		await expect.poll(() => cardNames(page)).toEqual(names(expected.slice(0, PAGE_SIZE)));
		expect(new URL(page.url()).searchParams.get('search')).toBe('sponsored');
	});

	it('names a search that found nothing and clears it with one button', async ({ newPage }) => {
		const page = await openListing(newPage);
		const before = await cardNames(page);
		const search = page.getByLabel('Search', { exact: true });
		await search.fill('zzzz');
		await page.getByText("No results for 'zzzz'").waitFor();
		expect(await page.getByText('No platforms found matching your criteria.').count()).toBe(0);
		expect(await cardNames(page)).toEqual([]);
		expect(await page.getByRole('navigation', { name: 'Pagination' }).count()).toBe(0);
		await page.locator('[data-no-results]').getByRole('button', { name: 'Clear search' }).click();
		await expect.poll(() => cardNames(page)).toEqual(before);
		expect(await search.inputValue()).toBe('');
		expect(await search.evaluate((box) => box === document.activeElement)).toBe(true);
	});

	it('sorts by name, descending by default, then ascending', async ({ server, newPage }) => {
		const [desc, asc] = await Promise.all([
			apiPlatforms(server, 'sortBy=name&sortOrder=desc'),
			apiPlatforms(server, 'sortBy=name&sortOrder=asc'),
		]);
		const page = await openListing(newPage);
		await page.getByLabel('Sort by', { exact: true }).selectOption('name');
		expect(await page.getByLabel('Order', { exact: true }).inputValue()).toBe('desc');
		await expect.poll(() => cardNames(page)).toEqual(names(desc.slice(0, PAGE_SIZE)));
		await page.getByLabel('Order', { exact: true }).selectOption('asc');
		await expect.poll(() => cardNames(page)).toEqual(names(asc.slice(0, PAGE_SIZE)));
		const url = new URL(page.url());
		expect([url.searchParams.get('sortBy'), url.searchParams.get('sortOrder')]).toEqual(['name', 'asc']);
		// Sanity: the API's order really is alphabetical, so the screen is too.
		expect(names(asc)).toEqual(
			[...names(asc)].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
		);
	});

	it('sorts by rating, highest first', async ({ server, newPage }) => {
		const expected = await apiPlatforms(server, 'sortBy=rating&sortOrder=desc');
		const page = await openListing(newPage);
		await page.getByLabel('Sort by', { exact: true }).selectOption('rating');
		await expect.poll(() => cardNames(page)).toEqual(names(expected.slice(0, PAGE_SIZE)));
		const ratings = expected.map((platform) => platform.rating);
		expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
	});

	it('clears search, category and sort back to the default view', async ({ server, newPage }) => {
		const all = await apiPlatforms(server);
		const page = await openListing(
			newPage,
			'/platforms?search=display&category=DSP&sortBy=rating&sortOrder=asc',
		);
		await expect.poll(() => page.getByLabel('Search', { exact: true }).inputValue()).toBe('display');
		await page.getByRole('button', { name: 'Clear filters' }).click();
		expect(await page.getByLabel('Search', { exact: true }).inputValue()).toBe('');
		expect(await page.getByLabel('Category', { exact: true }).inputValue()).toBe('');
		expect(await page.getByLabel('Sort by', { exact: true }).inputValue()).toBe('');
		expect(await page.getByLabel('Order', { exact: true }).count()).toBe(0);
		await expect.poll(() => cardNames(page)).toEqual(names(all.slice(0, PAGE_SIZE)));
		expect(new URL(page.url()).search).toBe('');
		expect(await page.getByRole('button', { name: 'Clear filters' }).isDisabled()).toBe(true);
		expect(await page.evaluate(() => document.activeElement?.id)).toBe('platform-search');
	});

	it('restores filters and page from the URL on reload', async ({ server, newPage }) => {
		const expected = await apiPlatforms(server, 'sortBy=rating&sortOrder=asc');
		const page = await openListing(newPage);
		await page.getByLabel('Sort by', { exact: true }).selectOption('rating');
		await page.getByLabel('Order', { exact: true }).selectOption('asc');
		await page.getByRole('link', { name: 'Page 2' }).click();
		await expect.poll(() => cardNames(page)).toEqual(names(expected.slice(PAGE_SIZE, PAGE_SIZE * 2)));
		await page.reload();
		await hydrated(page);
		await expect.poll(() => cardNames(page)).toEqual(names(expected.slice(PAGE_SIZE, PAGE_SIZE * 2)));
		expect(await page.getByLabel('Sort by', { exact: true }).inputValue()).toBe('rating');
		expect(await page.getByLabel('Order', { exact: true }).inputValue()).toBe('asc');
		expect(await page.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
	});
});

describe('before the script loads', () => {
	it('keeps the search text and category a visitor chose before the island hydrated, and filters by them', async ({
		server,
		newPage,
	}) => {
		const all = await apiPlatforms(server);
		const term = all[2]!.name;
		const category = all[2]!.category;
		const expected = await apiPlatforms(
			server,
			`search=${encodeURIComponent(term)}&category=${encodeURIComponent(category)}`,
		);
		const { page } = await newPage();
		// Hold the island's code back until the visitor has typed.
		let release!: () => void;
		const typed = new Promise<void>((resolve) => (release = resolve));
		await page.route('**/_astro/PlatformDirectory*.js', async (route) => {
			await typed;
			await route.continue();
		});
		await page.goto('/platforms');
		await page.getByLabel('Search', { exact: true }).fill(term);
		await page.getByLabel('Category').selectOption(category);
		expect(await page.locator('astro-island[ssr]').count()).toBeGreaterThan(0);
		release();
		await hydrated(page);
		await expect.poll(() => page.getByLabel('Search', { exact: true }).inputValue()).toBe(term);
		await expect.poll(() => cardNames(page)).toEqual(names(expected.slice(0, PAGE_SIZE)));
		expect(await page.getByLabel('Category').inputValue()).toBe(category);
		await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(term);
		expect(new URL(page.url()).searchParams.get('category')).toBe(category);
	});
});

describe('paging', () => {
	it('moves with Next, Previous and the numbered buttons', async ({ server, newPage }) => {
		const all = await apiPlatforms(server);
		const pages = Math.ceil(all.length / PAGE_SIZE);
		expect(pages).toBeGreaterThan(2);
		const page = await openListing(newPage);
		const previous = page.getByRole('link', { name: 'Previous' });
		const next = page.getByRole('link', { name: 'Next' });
		expect(await previous.getAttribute('aria-disabled')).toBe('true');

		await next.click();
		await expect.poll(() => cardNames(page)).toEqual(names(all.slice(PAGE_SIZE, PAGE_SIZE * 2)));
		expect(await footer(page).innerText()).toBe(showing(PAGE_SIZE + 1, PAGE_SIZE * 2, all.length));
		expect(new URL(page.url()).searchParams.get('page')).toBe('2');

		await page.getByRole('link', { name: `Page ${pages}` }).click();
		const lastStart = (pages - 1) * PAGE_SIZE;
		await expect.poll(() => cardNames(page)).toEqual(names(all.slice(lastStart)));
		expect(await footer(page).innerText()).toBe(showing(lastStart + 1, all.length, all.length));
		expect(await next.getAttribute('aria-disabled')).toBe('true');

		await previous.click();
		await expect.poll(() => cardNames(page)).toEqual(names(all.slice(lastStart - PAGE_SIZE, lastStart)));
		expect(await page.getByRole('link', { name: `Page ${pages - 1}` }).getAttribute('aria-current')).toBe(
			'page',
		);
	});

	it('keeps each page in the history: Back and Forward show the page before and after', async ({
		server,
		newPage,
	}) => {
		const all = await apiPlatforms(server);
		expect(Math.ceil(all.length / PAGE_SIZE)).toBeGreaterThan(2);
		const page = await openListing(newPage, '/');
		await page.goto('/platforms');
		await hydrated(page);
		const next = page.getByRole('link', { name: 'Next' });
		await next.click();
		await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
		await next.click();
		await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('3');
		await expect.poll(() => cardNames(page)).toEqual(names(all.slice(PAGE_SIZE * 2, PAGE_SIZE * 3)));

		await page.goBack();
		await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
		await expect.poll(() => cardNames(page)).toEqual(names(all.slice(PAGE_SIZE, PAGE_SIZE * 2)));
		expect(await footer(page).innerText()).toBe(showing(PAGE_SIZE + 1, PAGE_SIZE * 2, all.length));
		await page.goBack();
		await expect.poll(() => page.url()).toBe(`${server.url}/platforms`);
		await expect.poll(() => cardNames(page)).toEqual(names(all.slice(0, PAGE_SIZE)));
		await page.goForward();
		await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
		await expect.poll(() => cardNames(page)).toEqual(names(all.slice(PAGE_SIZE, PAGE_SIZE * 2)));
		await page.goBack();
		await page.goBack();
		await expect.poll(() => new URL(page.url()).pathname).toBe('/');
	});

	it('links every page to ?page=N with the filters, which works without JavaScript', async ({
		server,
		newPage,
	}) => {
		const expected = await apiPlatforms(server, 'sortBy=name&sortOrder=asc');
		expect(Math.ceil(expected.length / PAGE_SIZE)).toBeGreaterThan(2);
		for (const mobile of [false, true]) {
			const { page, context } = await newPage({ mobile, javaScript: false });
			await page.goto('/platforms?sortBy=name&sortOrder=asc');
			expect(await page.getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe(
				'/platforms?sortBy=name&sortOrder=asc&page=3',
			);
			await page.getByRole('link', { name: 'Page 2' }).click();
			await page.waitForURL(/page=2/);
			expect(await cardNames(page)).toEqual(names(expected.slice(PAGE_SIZE, PAGE_SIZE * 2)));
			expect(await page.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
			await page.getByRole('link', { name: 'Next' }).click();
			await page.waitForURL(/page=3/);
			expect(await cardNames(page)).toEqual(names(expected.slice(PAGE_SIZE * 2, PAGE_SIZE * 3)));
			await page.getByRole('link', { name: 'Previous' }).click();
			await page.waitForURL(/page=2/);
			expect(await cardNames(page)).toEqual(names(expected.slice(PAGE_SIZE, PAGE_SIZE * 2)));
			await context.close();
		}
	});

	it('goes back to page 1 when a filter changes', async ({ server, newPage }) => {
		const expected = await apiPlatforms(server, 'sortBy=name&sortOrder=desc');
		const page = await openListing(newPage, '/platforms?page=3');
		await expect
			.poll(() => page.getByRole('link', { name: 'Page 3' }).getAttribute('aria-current'))
			.toBe('page');
		await page.getByLabel('Sort by', { exact: true }).selectOption('name');
		await expect.poll(() => cardNames(page)).toEqual(names(expected.slice(0, PAGE_SIZE)));
		expect(new URL(page.url()).searchParams.get('page')).toBeNull();
	});
});

describe('cards', () => {
	it('show logo, category, stars, one-decimal rating, reviews, badge and 3 features plus +N more', async ({
		server,
		newPage,
	}) => {
		const all = await apiPlatforms(server);
		const page = await openListing(newPage);
		for (const platform of all.slice(0, PAGE_SIZE)) {
			const card = page.locator(`[data-platform-card="${platform.id}"]`);
			expect(await card.getByRole('link', { name: platform.name, exact: true }).getAttribute('href')).toBe(
				`/platforms/${platform.slug}`,
			);
			expect(
				await card.getByRole('img', { name: `Rated ${oneDecimal(platform.rating)} out of 5` }).count(),
			).toBe(platform.reviewCount > 0 ? 1 : 0);
			const text = await card.innerText();
			expect(text).toContain(platform.category);
			if (platform.reviewCount > 0) {
				expect(text).toContain(oneDecimal(platform.rating));
				expect(text).toContain(`(${platform.reviewCount} review${platform.reviewCount === 1 ? '' : 's'})`);
			} else {
				expect(text).toContain('No reviews yet');
			}
			expect(await card.getByText('Recommended', { exact: true }).count()).toBe(
				platform.isRecommended ? 1 : 0,
			);
			const badges = await card.getByRole('list', { name: 'Features' }).getByRole('listitem').allInnerTexts();
			const more = platform.features.length - 3;
			expect(badges).toEqual([...platform.features.slice(0, 3), ...(more > 0 ? [`+${more} more`] : [])]);
		}
	});

	it('shows half stars: 4.5 rounds to four full stars and a half', async ({ server, newPage }) => {
		const all = await apiPlatforms(server);
		const page = await openListing(newPage);
		for (const platform of all.slice(0, PAGE_SIZE)) {
			const halves = Math.round(platform.rating * 2);
			const fills = await page
				.locator(`[data-platform-card="${platform.id}"] [data-star]`)
				.evaluateAll((stars) => stars.map((star) => (star as HTMLElement).dataset.fill));
			const expected = [0, 1, 2, 3, 4].map((index) =>
				halves - index * 2 >= 2 ? 'full' : halves - index * 2 === 1 ? 'half' : 'empty',
			);
			expect(fills).toEqual(expected);
		}
	});

	it('falls back to the placeholder logo when there is none or it fails to load', async ({
		server,
		newPage,
	}) => {
		const all = await apiPlatforms(server);
		const withoutLogo = all.find((platform) => platform.logo === null)!;
		expect(withoutLogo).toBeDefined();
		const broken = all.find((platform) => platform.logo !== null)!;
		await server.db
			.update(server.tables.platforms)
			.set({ logo: '/images/logos/does-not-exist.svg' })
			.where(eq(server.tables.platforms.id, broken.id));
		try {
			const page = await openListing(newPage, `/platforms?search=${encodeURIComponent(withoutLogo.name)}`);
			await expect.poll(() => cardNames(page)).toContain(withoutLogo.name);
			expect(await page.locator(`[data-platform-card="${withoutLogo.id}"] img`).getAttribute('src')).toBe(
				'/api/placeholder/60/40',
			);

			await page.getByLabel('Search', { exact: true }).fill(broken.name);
			await expect.poll(() => cardNames(page)).toContain(broken.name);
			const logo = page.locator(`[data-platform-card="${broken.id}"] img`);
			await expect.poll(() => logo.getAttribute('src')).toBe('/api/placeholder/60/40');
			await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(60);
		} finally {
			await server.db
				.update(server.tables.platforms)
				.set({ logo: broken.logo })
				.where(eq(server.tables.platforms.id, broken.id));
		}
	});

	it('opens the platform page from the card', async ({ server, newPage }) => {
		const [first] = await apiPlatforms(server);
		const page = await openListing(newPage);
		await page
			.locator(`[data-platform-card="${first!.id}"]`)
			.getByRole('link', { name: first!.name, exact: true })
			.click();
		await page.waitForURL(`${server.url}/platforms/${first!.slug}`);
		expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(first!.name);
	});

	it('fits a 390 px phone without sideways scrolling', async ({ newPage }) => {
		const page = await openListing(newPage, '/platforms', true);
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
		expect(await page.locator('[data-platform-card]').count()).toBe(PAGE_SIZE);
	});
});
