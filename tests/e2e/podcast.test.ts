/**
 * Browser tests of /podcast (SPEC 2): the generated list, episode cards, search with clear,
 * sort and order, filter chips, Clear all, the empty text and Listen Now.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { formatDuration } from '../../src/lib/format';
import { launchBrowser, newPage } from '../setup/browser';
import { startServer, type TestServer } from '../setup/server';

let server: TestServer;
let browser: Browser;

type Episode = {
	id: number;
	title: string;
	audioUrl: string;
	imageUrl: string | null;
	duration: number;
	episodeNumber: number;
	seasonNumber: number;
	tags: string[];
	author: { username: string } | null;
};

beforeAll(async () => {
	[server, browser] = await Promise.all([startServer({ seed: true }), launchBrowser()]);
	await server.siteIdle();
});

afterAll(async () => {
	await browser?.close();
	await server?.stop();
});

async function episodes(query = ''): Promise<Episode[]> {
	const response = await fetch(`${server.url}/api/podcasts${query}`);
	expect(response.status).toBe(200);
	return (await response.json()) as Episode[];
}

async function openPodcast(): Promise<{ context: BrowserContext; page: Page }> {
	const opened = await newPage(browser, server.url);
	await opened.page.goto('/podcast');
	await opened.page.locator('main astro-island:not([ssr])').waitFor();
	return opened;
}

const titles = (page: Page) => page.locator('main article h3').allInnerTexts();
const chips = (page: Page) => page.getByRole('list', { name: 'Active filters' }).locator('li').allInnerTexts();

describe('the episode list', () => {
	it('shows every episode, latest first, with its card details', async () => {
		const expected = await episodes();
		const { page } = await openPodcast();
		expect(await titles(page)).toEqual(expected.map((episode) => episode.title));

		for (const episode of expected) {
			const card = page.locator(`#episode-${episode.id}`);
			const text = await card.innerText();
			const badge = `Episode ${episode.episodeNumber}${episode.seasonNumber > 1 ? ` • Season ${episode.seasonNumber}` : ''}`;
			expect(text).toContain(badge);
			if (episode.seasonNumber === 1) expect(text).not.toContain('Season');
			expect(text).toContain(formatDuration(episode.duration));
			expect(text).toContain(episode.author!.username);
			expect(text).toMatch(/\d+ days? ago|hours? ago|minutes? ago/);
			expect(await card.locator('ul[aria-label="Tags"] li').allInnerTexts()).toEqual(episode.tags);
			// Image or the neutral placeholder.
			expect(await card.locator('img').count()).toBe(episode.imageUrl ? 1 : 0);
		}
		expect(expected.some((episode) => !episode.imageUrl)).toBe(true);
		expect(expected.some((episode) => episode.duration >= 60)).toBe(true);
	});

	it('opens the audio in a new window with Listen Now', async () => {
		const [episode] = await episodes();
		const { context, page } = await openPodcast();
		// The demo audio host does not exist: answer for it so the new window loads.
		await context.route(episode!.audioUrl, (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: 'audio' }));
		const [popup] = await Promise.all([
			context.waitForEvent('page'),
			page.locator(`#episode-${episode!.id}`).getByRole('link', { name: /Listen Now/ }).click(),
		]);
		await popup.waitForLoadState();
		expect(popup.url()).toBe(episode!.audioUrl);
		expect(new URL(page.url()).pathname).toBe('/podcast');
	});
});

describe('filters', () => {
	it('searches, shows a chip, and clears with the × button', async () => {
		const all = await episodes();
		const found = await episodes('?search=auction');
		expect(found.length).toBeGreaterThan(0);
		expect(found.length).toBeLessThan(all.length);
		const { page } = await openPodcast();
		await page.getByLabel('Search episodes').fill('auction');
		await expect.poll(() => titles(page)).toEqual(found.map((episode) => episode.title));
		expect(await chips(page)).toEqual(['Search: "auction"']);

		await page.getByRole('button', { name: 'Clear search' }).click();
		await expect.poll(() => titles(page)).toEqual(all.map((episode) => episode.title));
		expect(await page.getByLabel('Search episodes').inputValue()).toBe('');
		expect(await page.getByRole('list', { name: 'Active filters' }).count()).toBe(0);
	});

	it('sorts by duration; the order select appears with the sort and its chip removes it', async () => {
		const [desc, asc] = await Promise.all([
			episodes('?sortBy=duration'),
			episodes('?sortBy=duration&sortOrder=asc'),
		]);
		const { page } = await openPodcast();
		expect(await page.locator('#podcast-order').count()).toBe(0);
		await page.getByLabel('Sort by').selectOption({ label: 'Duration' });
		expect(await page.getByLabel('Order').inputValue()).toBe('desc');
		await expect.poll(() => titles(page)).toEqual(desc.map((episode) => episode.title));
		await page.getByLabel('Order').selectOption({ label: 'A-Z' });
		await expect.poll(() => titles(page)).toEqual(asc.map((episode) => episode.title));
		expect(await chips(page)).toEqual(['Sort: Duration (A-Z)']);

		await page.getByRole('button', { name: 'Remove sort' }).click();
		await expect.poll(() => page.locator('#podcast-order').count()).toBe(0);
		expect(await page.getByLabel('Sort by').inputValue()).toBe('');
		await expect.poll(async () => (await titles(page))[0]).toBe((await episodes())[0]!.title);
	});

	it('clears search and sort together with Clear all', async () => {
		const all = await episodes();
		const { page } = await openPodcast();
		await page.getByLabel('Search episodes').fill('retail');
		await page.getByLabel('Sort by').selectOption({ label: 'Episode Number' });
		await expect.poll(() => chips(page)).toEqual(['Search: "retail"', 'Sort: Episode Number (Z-A)']);
		await expect
			.poll(() => titles(page))
			.toEqual((await episodes('?search=retail&sortBy=episodeNumber')).map((episode) => episode.title));

		await page.getByRole('button', { name: 'Clear all' }).click();
		await expect.poll(() => titles(page)).toEqual(all.map((episode) => episode.title));
		expect(await page.getByLabel('Search episodes').inputValue()).toBe('');
		expect(await page.getByLabel('Sort by').inputValue()).toBe('');
		expect(await page.getByRole('button', { name: 'Clear all' }).count()).toBe(0);
	});

	it('shows the empty text when nothing matches', async () => {
		const { page } = await openPodcast();
		await page.getByLabel('Search episodes').fill('zzqxnothing');
		await expect
			.poll(() => page.locator('main').innerText())
			.toContain('No podcast episodes available at the moment.');
		expect(await page.locator('main article').count()).toBe(0);
	});
});
