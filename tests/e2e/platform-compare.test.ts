/**
 * The platform page's Compare control in a browser: it shares the tab's selection with the
 * listing, adds and removes this platform, refuses a fifth like the listing does, and its link
 * opens /compare with the selection.
 */
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { browserTest } from '../support/browser-test';
import { apiPlatforms, hydrated, toast, type ApiPlatform } from '../support/platform-helpers';

let all: ApiPlatform[];

const it = browserTest({
	seed: true,
	ready: async (server) => {
		await server.siteIdle();
		all = await apiPlatforms(server);
	},
});

/** Opens a platform page and waits for the Compare island (the community island below waits to be seen). */
async function openPlatform(page: Page, platform: ApiPlatform) {
	await page.goto(`/platforms/${platform.id}`);
	await page.locator('[data-compare-toggle] button:enabled').waitFor();
}

const toggle = (page: Page) => page.locator('[data-compare-toggle] button');
const viewLink = (page: Page) => page.getByRole('link', { name: /^View comparison/ });

describe('Compare on the platform page', () => {
	it('adds and removes the platform, stops at 4 and links to the comparison', async ({ server, newPage }) => {
		const [first, second, third, fourth, fifth] = all;
		const { page } = await newPage();

		// A platform added from the listing shows as chosen on its own page.
		await page.goto('/platforms');
		await hydrated(page);
		await page
			.locator(`[data-platform-card="${first!.id}"]`)
			.getByRole('link', { name: `Compare ${first!.name}` })
			.click();
		await page.waitForURL(`${server.url}/compare?platforms=${first!.id}`);
		await openPlatform(page, first!);
		await expect.poll(() => toggle(page).innerText()).toBe('Remove from compare');
		expect(await viewLink(page).innerText()).toBe('View comparison (1)');

		for (const platform of [second!, third!, fourth!]) {
			await openPlatform(page, platform);
			await expect.poll(() => toggle(page).innerText()).toBe('Add to compare');
			await toggle(page).click();
			await expect.poll(() => toggle(page).innerText()).toBe('Remove from compare');
			expect(await page.getByRole('status').filter({ hasText: 'added' }).innerText()).toContain(
				`${platform.name} added to the comparison`,
			);
		}
		expect(await viewLink(page).getAttribute('href')).toBe(
			`/compare?platforms=${[first, second, third, fourth].map((p) => p!.id).join(',')}`,
		);

		// A fifth is refused with the listing's toast and stays out.
		await openPlatform(page, fifth!);
		await expect.poll(() => viewLink(page).innerText()).toBe('View comparison (4)');
		await toggle(page).click();
		await expect.poll(() => toast(page).innerText()).toContain('Comparison is full');
		expect(await toggle(page).innerText()).toBe('Add to compare');

		// Removing one makes room, and the link opens the comparison in the tab's order.
		await openPlatform(page, second!);
		await expect.poll(() => toggle(page).innerText()).toBe('Remove from compare');
		await toggle(page).click();
		await expect.poll(() => toggle(page).innerText()).toBe('Add to compare');
		await expect.poll(() => viewLink(page).innerText()).toBe('View comparison (3)');
		await viewLink(page).click();
		await page.waitForURL(
			`${server.url}/compare?platforms=${[first, third, fourth].map((p) => p!.id).join(',')}`,
		);
		await hydrated(page);
		await expect
			.poll(() => page.locator('thead th[data-compare-column] a[href^="/platforms/"]').allInnerTexts())
			.toEqual([first, third, fourth].map((p) => p!.name));
	});

	it('appends on every Compare of the listing, before its island runs and after Back, and shares the selection with the platform page', async ({
		server,
		newPage,
	}) => {
		const [first, second, third, fourth] = all;
		const compareOn = (page: Page, platform: ApiPlatform) =>
			page
				.locator(`[data-platform-card="${platform.id}"]`)
				.getByRole('link', { name: `Compare ${platform.name}` })
				.click();
		const { page } = await newPage();

		// The reader's steps, clicking as soon as the cards show (no waiting for the island).
		await page.goto('/platforms');
		await compareOn(page, first!);
		await page.waitForURL(`${server.url}/compare?platforms=${first!.id}`);
		await page.goBack();
		await page.waitForURL(`${server.url}/platforms`);
		await compareOn(page, second!);
		await page.waitForURL(`${server.url}/compare?platforms=${first!.id},${second!.id}`);

		// The platform page's Add to compare keeps the same selection the listing appends to.
		await openPlatform(page, third!);
		await expect.poll(() => viewLink(page).innerText()).toBe('View comparison (2)');
		await toggle(page).click();
		await expect.poll(() => toggle(page).innerText()).toBe('Remove from compare');
		await page.getByRole('link', { name: 'Back to Platforms' }).click();
		await page.waitForURL(`${server.url}/platforms`);
		await compareOn(page, fourth!);
		await page.waitForURL(
			`${server.url}/compare?platforms=${[first, second, third, fourth].map((p) => p!.id).join(',')}`,
		);
	});
});
