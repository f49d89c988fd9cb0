/**
 * Screens that hold tables and lists fit a 390 px phone and a 1280 px desktop: /compare keeps a
 * readable row-label column pinned while the platforms scroll sideways, and every tab of the
 * editor dashboard fits the screen without splitting a word ("CAT|EGO|RY", "Stat|us").
 */
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { DASHBOARD_TABS } from '@/components/dashboard/dashboard-tabs';
import { browserTest } from '../support/browser-test';
import { apiPlatforms, hydrated } from '../support/platform-helpers';
import { horizontalOverflow, splitWords } from '../support/text-fit';

const it = browserTest({ seed: true, ready: (server) => server.siteIdle() });

const WIDTHS = [false, true] as const;
const width = (page: Page) => page.viewportSize()!.width;

describe('/compare', () => {
	it.for(WIDTHS)(
		'keeps a readable label column pinned while four platforms scroll (mobile: %s)',
		async (mobile, { server, newPage }) => {
			const ids = (await apiPlatforms(server)).slice(0, 4).map((platform) => platform.id);
			const { page } = await newPage({ mobile });
			await page.goto(`/compare?platforms=${ids.join(',')}`);
			await hydrated(page);
			const region = page.getByRole('region', { name: 'Platform comparison' });
			await region.locator('thead th[data-compare-column]').nth(3).waitFor();
			expect(await horizontalOverflow(page)).toMatchObject({ width: width(page), culprit: '' });
			// The row labels and the corner heading are ours; the values are editors' text (URLs wrap).
			expect(await splitWords(region.locator('tbody th, thead th:first-child'))).toEqual([]);

			const labels = region.locator('tbody th[scope="row"]');
			const labelBox = (await labels.first().boundingBox())!;
			// Wide enough for its longest word and never more than about a third of a phone.
			expect(labelBox.width).toBeGreaterThanOrEqual(96);
			expect(labelBox.width).toBeLessThanOrEqual(mobile ? 136 : 200);

			// Scrolled to the last platform, the labels stay where they were.
			const regionBox = (await region.boundingBox())!;
			await region.evaluate((element) => (element.scrollLeft = element.scrollWidth));
			if (mobile) expect(await region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
			const pinned = (await labels.nth(2).boundingBox())!;
			expect(Math.round(pinned.x)).toBe(Math.round(regionBox.x + 1));
			const last = (await region.locator('thead th[data-compare-column]').nth(3).boundingBox())!;
			expect(last.x + last.width).toBeLessThanOrEqual(regionBox.x + regionBox.width + 1);
		},
	);
});

describe('the editor dashboard', () => {
	it.for(WIDTHS)(
		'fits every tab without splitting a word (mobile: %s)',
		{ timeout: 180_000 },
		async (mobile, { newPage }) => {
			const { page } = await newPage({ as: 'editor', mobile });
			const problems: string[] = [];
			for (const tab of DASHBOARD_TABS) {
				await page.goto(`/editor-dashboard?tab=${tab.id}`);
				const panel = page.getByRole('tabpanel');
				await panel.locator('h2').first().waitFor();
				// Each tab's list has arrived: no spinner is left.
				await expect
					.poll(() =>
						panel
							.locator('[role="status"]')
							.filter({ hasText: /Loading/ })
							.count(),
					)
					.toBe(0);
				const overflow = await horizontalOverflow(page);
				if (overflow.width > width(page))
					problems.push(`${tab.id}: ${overflow.width} px wide (${overflow.culprit})`);
				for (const split of await splitWords(page.locator('main'))) problems.push(`${tab.id}: ${split}`);
			}
			expect(problems).toEqual([]);
		},
	);
});
