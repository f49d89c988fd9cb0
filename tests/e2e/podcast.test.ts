/**
 * Browser tests of /podcast: the generated list, episode cards (as generated and as the
 * page script renders them), search with clear, sort and order, filter chips, Clear all, the
 * loading, empty and error states, keyboard use, the phone layout, Listen Now, and what the page
 * ships: no React, and little JavaScript.
 */
import { describe, expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { BUDGETS } from '../../scripts/bench/budgets';
import { REACT_RUNTIME, measurePage } from '../../scripts/bench/page-weight';
import { formatDuration } from '@/lib/format';
import { SHOW_COVER } from '@/components/podcast/show-cover';
import { browserTest, type NewPage } from '../support/browser-test';
import type { TestServer } from '../support/server';

type Episode = {
	id: number;
	title: string;
	audioUrl: string;
	imageUrl: string | null;
	duration: number;
	episodeNumber: number;
	seasonNumber: number;
	tags: string[];
	author: { username: string; name: string } | null;
};

const it = browserTest({ seed: true, ready: (server) => server.siteIdle() });

async function episodes(server: TestServer, query = ''): Promise<Episode[]> {
	const response = await fetch(`${server.url}/api/podcasts${query}`);
	expect(response.status).toBe(200);
	return (await response.json()) as Episode[];
}

/** Opens /podcast; `goto` waits for the load event, by which the page's module scripts have run. */
async function openPodcast(
	newPage: NewPage,
	options: { mobile?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
	const opened = await newPage(options);
	await opened.page.goto('/podcast');
	return opened;
}

const titles = (page: Page) => page.locator('main article h3').allInnerTexts();
/** The chips a reader sees (hidden ones are not in the accessibility tree). */
const chips = (page: Page) =>
	page.getByRole('list', { name: 'Active filters' }).getByRole('listitem').allInnerTexts();
const orderSelect = (page: Page) => page.getByRole('combobox', { name: 'Order' });

/** Every card on the page shows its episode, in the API's order. */
async function expectCards(page: Page, expected: Episode[]) {
	expect(await titles(page)).toEqual(expected.map((episode) => episode.title));
	for (const episode of expected) {
		const card = page.locator(`#episode-${episode.id}`);
		const text = await card.innerText();
		const badge = `Episode ${episode.episodeNumber}${episode.seasonNumber > 1 ? ` • Season ${episode.seasonNumber}` : ''}`;
		expect(text).toContain(badge);
		if (episode.seasonNumber === 1) expect(text).not.toContain('Season');
		expect(text).toContain(formatDuration(episode.duration));
		expect(text).toContain(episode.author!.name);
		expect(text).toMatch(/\d+ days? ago|hours? ago|minutes? ago/);
		expect(await card.locator('ul[aria-label="Tags"] li').allInnerTexts()).toEqual(episode.tags);
		// Its own cover, or the show's.
		expect(await card.locator('img').getAttribute('src')).toBe(episode.imageUrl ?? SHOW_COVER);
		expect(await card.locator('audio').getAttribute('src')).toBe(episode.audioUrl);
		const listen = card.getByRole('link', { name: /Listen Now/ });
		expect(await listen.getAttribute('href')).toBe(episode.audioUrl);
		// The page's script makes a plain click play here, and says so.
		expect(await listen.textContent()).toContain(`${episode.title} (plays on this page)`);
	}
}

describe('the episode list', () => {
	it('shows every episode, latest first, with its card details', async ({ server, newPage }) => {
		const expected = await episodes(server);
		const { page } = await openPodcast(newPage);
		await expectCards(page, expected);
		expect(expected.some((episode) => !episode.imageUrl)).toBe(true);
		expect(expected.some((episode) => episode.seasonNumber > 1)).toBe(true);
	});

	it('renders fetched lists with the same card details', async ({ server, newPage }) => {
		const expected = await episodes(server, '?sortBy=title&sortOrder=asc');
		const { page } = await openPodcast(newPage);
		await page.getByLabel('Sort by').selectOption({ label: 'Title' });
		await page.getByLabel('Order').selectOption({ label: 'A-Z' });
		await expect.poll(() => titles(page)).toEqual(expected.map((episode) => episode.title));
		await expectCards(page, expected);
	});

	it('plays Listen Now in the card, one episode at a time, and opens it in a new window on a shift-click', async ({
		server,
		newPage,
	}) => {
		const [first, second] = await episodes(server);
		const { context, page } = await openPodcast(newPage);
		const opened: string[] = [];
		context.on('page', (popup) => opened.push(popup.url()));
		const card = (episode: Episode) => page.locator(`#episode-${episode.id}`);
		// The players' script is running once the links say they play here (a click before it
		// opens the audio in a new window, as without script).
		await card(first!)
			.getByRole('link', { name: /plays on this page/ })
			.waitFor();
		const playing = (episode: Episode) =>
			card(episode)
				.locator('audio')
				.evaluate((player: HTMLAudioElement) => !player.paused);
		await card(first!)
			.getByRole('link', { name: /Listen Now/ })
			.click();
		await expect.poll(() => playing(first!)).toBe(true);
		// Starting another episode, by its Listen Now or its own player, stops the first.
		await card(second!)
			.getByRole('link', { name: /Listen Now/ })
			.click();
		await expect.poll(() => playing(second!)).toBe(true);
		// The other player pauses on the new one's play event, a moment after it starts.
		await expect.poll(() => playing(first!)).toBe(false);
		await card(first!)
			.locator('audio')
			.evaluate((player: HTMLAudioElement) => player.play());
		await expect.poll(() => playing(second!)).toBe(false);
		expect(opened).toEqual([]);
		expect(new URL(page.url()).pathname).toBe('/podcast');
		// The SPEC's link stays: a shift-click (or a page without script) opens the audio itself.
		// The demo audio is served by the site itself (public/audio/): a real MP3, nothing stubbed.
		const [popup] = await Promise.all([
			context.waitForEvent('page'),
			card(first!)
				.getByRole('link', { name: /Listen Now/ })
				.click({ modifiers: ['Shift'] }),
		]);
		// The new window starts at about:blank and then goes to the audio.
		await popup.waitForURL(`${server.url}${first!.audioUrl}`);
		expect(popup.url()).toBe(`${server.url}${first!.audioUrl}`);
		const audio = await context.request.get(first!.audioUrl);
		expect(audio.status()).toBe(200);
		expect(audio.headers()['content-type']).toBe('audio/mpeg');
	});

	it("plays Listen Now in place on an episode's own page", async ({ server, newPage }) => {
		const [episode] = (await episodes(server)) as (Episode & { slug: string })[];
		const { context, page } = await newPage();
		await page.goto(`/podcast/${episode!.slug}`);
		const opened: string[] = [];
		context.on('page', (popup) => opened.push(popup.url()));
		const listen = page.getByRole('link', { name: /Listen Now/ });
		expect(await listen.textContent()).toContain('(plays on this page)');
		await listen.click();
		await expect
			.poll(() => page.locator('audio').evaluate((player: HTMLAudioElement) => !player.paused))
			.toBe(true);
		expect(opened).toEqual([]);
	});

	it('ships no React and at most the light-page budget of JavaScript', async ({ server, browser }) => {
		const weight = await measurePage(browser, server.url, '/podcast');
		expect(weight.status).toBe(200);
		expect(weight.react).toBe(false);
		expect(weight.inlineScripts).toBe(0);
		expect(weight.blocking).toEqual([]);
		expect(weight.consoleErrors).toEqual([]);
		// Bytes (gzip level 9 of every script the page loaded), never a time.
		expect(weight.totalGzipBytes).toBeGreaterThan(0);
		expect(weight.totalGzipBytes).toBeLessThanOrEqual(BUDGETS.lightPageJsBytes);
	});

	it('loads no React while it is used either', async ({ newPage }) => {
		const { page } = await newPage();
		const scripts: Promise<{ url: string; body: string }>[] = [];
		page.on('response', (response) => {
			if (response.request().resourceType() !== 'script') return;
			const url = new URL(response.url()).pathname;
			scripts.push(
				response.text().then(
					(body) => ({ url, body }),
					() => ({ url, body: '' }),
				),
			);
		});
		await page.goto('/podcast');
		await page.getByLabel('Search episodes').fill('retail');
		await page.getByLabel('Sort by').selectOption({ label: 'Duration' });
		await expect.poll(() => chips(page)).toEqual(['Search: "retail"', 'Sort: Duration (Z-A)']);
		await page.getByRole('button', { name: 'Clear all' }).click();
		await page.waitForLoadState('networkidle');
		const loaded = await Promise.all(scripts);
		expect(loaded.length).toBeGreaterThan(0);
		expect(loaded.filter((script) => REACT_RUNTIME.test(script.body)).map((script) => script.url)).toEqual(
			[],
		);
	});
});

describe('filters', () => {
	it('searches, shows a chip, and clears with the × button', async ({ server, newPage }) => {
		const all = await episodes(server);
		const found = await episodes(server, '?search=auction');
		expect(found.length).toBeGreaterThan(0);
		expect(found.length).toBeLessThan(all.length);
		const { page } = await openPodcast(newPage);
		expect(await page.getByRole('button', { name: 'Clear search' }).count()).toBe(0);
		await page.getByLabel('Search episodes').fill('auction');
		await expect.poll(() => titles(page)).toEqual(found.map((episode) => episode.title));
		expect(await chips(page)).toEqual(['Search: "auction"']);
		expect(await page.locator('main [aria-live="polite"]').innerText()).toBe(
			`${found.length} episodes shown`,
		);

		await page.getByRole('button', { name: 'Clear search' }).click();
		await expect.poll(() => titles(page)).toEqual(all.map((episode) => episode.title));
		expect(await page.getByLabel('Search episodes').inputValue()).toBe('');
		expect(await page.getByRole('list', { name: 'Active filters' }).count()).toBe(0);
		expect(await page.getByRole('button', { name: 'Clear search' }).count()).toBe(0);
	});

	it('sorts by duration; the order select appears with the sort and its chip removes it', async ({
		server,
		newPage,
	}) => {
		const [desc, asc] = await Promise.all([
			episodes(server, '?sortBy=duration'),
			episodes(server, '?sortBy=duration&sortOrder=asc'),
		]);
		const { page } = await openPodcast(newPage);
		expect(await orderSelect(page).count()).toBe(0);
		await page.getByLabel('Sort by').selectOption({ label: 'Duration' });
		expect(await orderSelect(page).inputValue()).toBe('desc');
		await expect.poll(() => titles(page)).toEqual(desc.map((episode) => episode.title));
		await orderSelect(page).selectOption({ label: 'A-Z' });
		await expect.poll(() => titles(page)).toEqual(asc.map((episode) => episode.title));
		expect(await chips(page)).toEqual(['Sort: Duration (A-Z)']);

		await page.getByRole('button', { name: 'Remove sort' }).click();
		await expect.poll(() => orderSelect(page).count()).toBe(0);
		expect(await page.getByLabel('Sort by').inputValue()).toBe('');
		await expect.poll(async () => (await titles(page))[0]).toBe((await episodes(server))[0]!.title);

		// A sort chosen again starts descending.
		await page.getByLabel('Sort by').selectOption({ label: 'Duration' });
		expect(await orderSelect(page).inputValue()).toBe('desc');
		await expect.poll(() => titles(page)).toEqual(desc.map((episode) => episode.title));
	});

	it('clears search and sort together with Clear all', async ({ server, newPage }) => {
		const all = await episodes(server);
		const { page } = await openPodcast(newPage);
		await page.getByLabel('Search episodes').fill('retail');
		await page.getByLabel('Sort by').selectOption({ label: 'Episode Number' });
		await expect.poll(() => chips(page)).toEqual(['Search: "retail"', 'Sort: Episode Number (Z-A)']);
		await expect
			.poll(() => titles(page))
			.toEqual(
				(await episodes(server, '?search=retail&sortBy=episodeNumber')).map((episode) => episode.title),
			);

		await page.getByRole('button', { name: 'Clear all' }).click();
		await expect.poll(() => titles(page)).toEqual(all.map((episode) => episode.title));
		expect(await page.getByLabel('Search episodes').inputValue()).toBe('');
		expect(await page.getByLabel('Sort by').inputValue()).toBe('');
		expect(await orderSelect(page).count()).toBe(0);
		expect(await page.getByRole('button', { name: 'Clear all' }).count()).toBe(0);
	});

	it('names a search that found nothing and clears it with one button', async ({ server, newPage }) => {
		const all = await episodes(server);
		const { page } = await openPodcast(newPage);
		const search = page.getByLabel('Search episodes');
		await search.fill('zzzz');
		await expect.poll(() => page.locator('main').innerText()).toContain("No results for 'zzzz'");
		expect(await page.locator('main').innerText()).not.toContain(
			'No podcast episodes available at the moment.',
		);
		expect(await page.locator('main article').count()).toBe(0);
		// The one in the message (the search box has its own × of the same name).
		await page.locator('[data-no-results]').getByRole('button', { name: 'Clear search' }).click();
		await expect.poll(() => titles(page)).toEqual(all.map((episode) => episode.title));
		expect(await search.inputValue()).toBe('');
		expect(await search.evaluate((box) => box === document.activeElement)).toBe(true);
	});

	it('marks the list busy while it loads', async ({ server, newPage }) => {
		const found = await episodes(server, '?search=auction');
		const { page } = await openPodcast(newPage);
		let release!: () => void;
		const held = new Promise<void>((resolve) => (release = resolve));
		await page.route('**/api/podcasts?*', async (route) => {
			await held;
			await route.continue();
		});
		await page.getByLabel('Search episodes').fill('auction');
		await page.locator('main [aria-busy="true"]').waitFor();
		expect(await page.locator('main [aria-live="polite"]').innerText()).toBe('Loading...');
		release();
		await expect.poll(() => titles(page)).toEqual(found.map((episode) => episode.title));
		expect(await page.locator('main [aria-busy="true"]').count()).toBe(0);
	});

	it('shows the load error with the reason, and Try again loads the list', async ({ server, newPage }) => {
		const found = await episodes(server, '?search=auction');
		const { page } = await openPodcast(newPage);
		await page.route('**/api/podcasts?*', (route) =>
			route.fulfill({
				status: 503,
				contentType: 'application/json',
				body: JSON.stringify({ message: 'Episodes are resting.' }),
			}),
		);
		await page.getByLabel('Search episodes').fill('auction');
		const alert = page.getByRole('alert').filter({ hasText: 'Could not load the episodes.' });
		await alert.waitFor();
		expect(await alert.innerText()).toContain('Episodes are resting.');
		expect(await page.locator('main article').count()).toBe(0);

		await page.unroute('**/api/podcasts?*');
		await alert.getByRole('button', { name: 'Try again' }).click();
		await expect.poll(() => titles(page)).toEqual(found.map((episode) => episode.title));
		expect(await alert.count()).toBe(0);
	});
});

describe('keyboard and phone', () => {
	it('works from the keyboard: Enter searches at once, removed chips hand the focus back', async ({
		server,
		newPage,
	}) => {
		const found = await episodes(server, '?search=auction');
		const byTitle = await episodes(server, '?search=auction&sortBy=title');
		const { page } = await openPodcast(newPage);
		const focusedId = () => page.evaluate(() => document.activeElement?.id ?? '');
		const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');

		await page.getByLabel('Search episodes').focus();
		await page.keyboard.type('auction');
		await page.keyboard.press('Enter');
		await expect.poll(() => titles(page)).toEqual(found.map((episode) => episode.title));

		await page.keyboard.press('Tab');
		expect(await focusedName()).toBe('Clear search');
		await page.keyboard.press('Tab');
		expect(await focusedId()).toBe('podcast-sort');
		await page.keyboard.press('ArrowDown'); // Latest First -> Title
		await expect.poll(() => chips(page)).toEqual(['Search: "auction"', 'Sort: Title (Z-A)']);
		await expect.poll(() => titles(page)).toEqual(byTitle.map((episode) => episode.title));
		await page.keyboard.press('Tab');
		expect(await focusedId()).toBe('podcast-order');

		await page.keyboard.press('Tab');
		expect(await focusedName()).toBe('Remove search filter');
		await page.keyboard.press('Enter');
		expect(await focusedId()).toBe('podcast-search');
		await expect.poll(() => chips(page)).toEqual(['Sort: Title (Z-A)']);

		await page.getByRole('button', { name: 'Remove sort' }).focus();
		await page.keyboard.press('Space');
		expect(await focusedId()).toBe('podcast-sort');
		await expect.poll(() => page.getByRole('list', { name: 'Active filters' }).count()).toBe(0);
	});

	it('lays the filters out for a phone without sideways scrolling', async ({ newPage }) => {
		const { page } = await openPodcast(newPage, { mobile: true });
		await page.getByLabel('Sort by').selectOption({ label: 'Duration' });
		await orderSelect(page).waitFor();
		const [search, sort, order] = await Promise.all(
			['#podcast-search', '#podcast-sort', '#podcast-order'].map((selector) =>
				page.locator(selector).boundingBox(),
			),
		);
		// The search box spans the row; sort and order share the next one.
		expect(search!.width).toBeGreaterThan(sort!.width * 1.8);
		expect(sort!.y).toBeGreaterThan(search!.y);
		expect(Math.abs(sort!.y - order!.y)).toBeLessThan(1);
		expect(order!.x).toBeGreaterThan(sort!.x);
		expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
	});
});
