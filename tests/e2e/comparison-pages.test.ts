/**
 * Comparison and alternatives pages in a browser, as a buyer reaches them, at 1280 and 390 px:
 * from a platform page to a vs page, from the /compare selection to its page, and through the
 * alternatives list to a comparison.
 */
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { alternativesPath, comparePath } from '@/lib/public-paths';
import { browserTest } from '../support/browser-test';
import { apiPlatforms, hydrated, type ApiPlatform } from '../support/platform-helpers';

type Listed = ApiPlatform & { slug: string };
let all: Listed[];

const it = browserTest({
	seed: true,
	ready: async (server) => {
		await server.siteIdle();
		const { platforms } = server.tables;
		const rows = await server.db.select({ id: platforms.id, slug: platforms.slug }).from(platforms);
		const slugById = new Map(rows.map((row) => [row.id, row.slug]));
		all = (await apiPlatforms(server)).map((platform) => ({ ...platform, slug: slugById.get(platform.id)! }));
	},
});

/** The category with the most platforms, and two of them. */
function pairInLargestCategory(): [Listed, Listed] {
	const byCategory = new Map<string, Listed[]>();
	for (const platform of all)
		byCategory.set(platform.category, [...(byCategory.get(platform.category) ?? []), platform]);
	const largest = [...byCategory.values()].sort((a, b) => b.length - a.length)[0]!;
	return [largest[0]!, largest[1]!];
}

async function expectVsPage(page: Page, platforms: Listed[]) {
	const names = [...platforms].sort((a, b) => (a.slug < b.slug ? -1 : 1)).map((platform) => platform.name);
	await page.waitForURL((url) => url.pathname === comparePath(platforms.map((platform) => platform.slug)));
	expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(names.join(' vs '));
	expect(await page.title()).toMatch(
		new RegExp(`^${names.join(' vs ').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\|`),
	);
	const table = page.getByRole('region', { name: 'Platform comparison' });
	await table.waitFor();
	expect(await table.locator('tr[data-differs]').count()).toBeGreaterThan(0);
	for (const platform of platforms) {
		await page
			.locator(`[data-vs-platform="${platform.slug}"]`)
			.getByRole('link', { name: platform.name, exact: true })
			.waitFor();
	}
}

for (const mobile of [false, true]) {
	const width = mobile ? '390 px' : '1280 px';

	describe(`comparison pages at ${width}`, () => {
		it('a platform page leads to a vs page', async ({ newPage }) => {
			const [first, second] = pairInLargestCategory();
			const { page } = await newPage({ mobile });
			await page.goto(`/platforms/${first.id}`);
			const section = page.getByTestId('platform-comparisons');
			await section.scrollIntoViewIfNeeded();
			await section.getByRole('link', { name: `${first.name} vs ${second.name}` }).click();
			await expectVsPage(page, [first, second]);
			// A shortened list opens in place (the table is an island that loads on the click).
			const more = page
				.getByRole('region', { name: 'Platform comparison' })
				.getByRole('button', { name: /more/ });
			// Amazon Ads (the seeded largest category's first) lists more than five features.
			expect(await more.count()).toBeGreaterThan(0);
			await more.first().click();
			await page.getByRole('button', { name: 'Show fewer' }).first().waitFor();
		});

		it('the /compare selection opens as its own page', async ({ newPage }) => {
			const [first, second] = pairInLargestCategory();
			const { page } = await newPage({ mobile });
			await page.goto(`/compare?platforms=${second.id},${first.id}`);
			await hydrated(page);
			const link = page.getByTestId('compare-page-link');
			await link.scrollIntoViewIfNeeded();
			expect(await link.innerText()).toContain(`${second.name} vs ${first.name}`);
			await link.click();
			await expectVsPage(page, [first, second]);
		});

		it('the alternatives list shows ratings and leads to a comparison', async ({ newPage }) => {
			const [first] = pairInLargestCategory();
			const { page } = await newPage({ mobile });
			await page.goto(`/platforms/${first.id}`);
			const link = page.getByTestId('alternatives-link');
			await link.scrollIntoViewIfNeeded();
			await link.click();
			await page.waitForURL((url) => url.pathname === alternativesPath(first.slug));
			expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(`${first.name} alternatives`);
			const items = page.getByTestId('alternatives').getByRole('listitem');
			expect(await items.count()).toBeGreaterThan(0);
			// The same category first, with its rating line and review count.
			const firstItem = items.first();
			const slug = (await firstItem.getAttribute('data-alternative'))!;
			const chosen = all.find((platform) => platform.slug === slug)!;
			expect(chosen.category).toBe(first.category);
			expect(await firstItem.innerText()).toContain(
				chosen.reviewCount === 1 ? '1 review' : `${chosen.reviewCount} reviews`,
			);
			expect(await firstItem.innerText()).toContain(chosen.category);
			await firstItem.getByRole('link', { name: `${first.name} vs ${chosen.name}` }).click();
			await expectVsPage(page, [first, chosen]);
		});
	});
}
