/**
 * Readable addresses in a browser: a reader follows a platform card and lands on
 * /platforms/{slug}; an old numeric link lands there too (the browser follows the 301); an
 * episode's title on /podcast opens its own page, whose player plays the episode.
 */
import { describe, expect } from 'vitest';
import { browserTest } from '../support/browser-test';
import { apiPlatforms, hydrated } from '../support/platform-helpers';

const it = browserTest({ seed: true, ready: (server) => server.siteIdle() });

describe('readable addresses', () => {
	it('a platform card leads to /platforms/{slug}, and an old numeric link lands there too', async ({
		server,
		newPage,
	}) => {
		const [first] = await apiPlatforms(server, 'limit=1');
		const { page } = await newPage();
		await page.goto('/platforms');
		await hydrated(page);
		await page.getByRole('link', { name: first!.name, exact: true }).first().click();
		await page.waitForURL(`${server.url}/platforms/${first!.slug}`);
		await page.getByRole('heading', { name: first!.name, level: 1 }).waitFor();

		const moved = await page.goto(`/platforms/${first!.id}?sort=newest`);
		expect(moved?.request().redirectedFrom()?.url()).toBe(`${server.url}/platforms/${first!.id}?sort=newest`);
		expect(page.url()).toBe(`${server.url}/platforms/${first!.slug}?sort=newest`);
		await page.getByRole('heading', { name: first!.name, level: 1 }).waitFor();
	});

	it("an episode's title on /podcast opens its page, with the player", async ({ server, newPage }) => {
		const [episode] = (await (await fetch(`${server.url}/api/podcasts?limit=1`)).json()) as {
			slug: string;
			title: string;
		}[];
		const { page } = await newPage();
		await page.goto('/podcast');
		await page.getByRole('link', { name: episode!.title, exact: true }).first().click();
		await page.waitForURL(`${server.url}/podcast/${episode!.slug}`);
		await page.getByRole('heading', { name: episode!.title, level: 1 }).waitFor();
		expect(await page.locator('audio[controls]').count()).toBe(1);
	});
});
