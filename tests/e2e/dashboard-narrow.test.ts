/**
 * The dashboard on a 390 px phone and a desktop: every tab is on screen (the tab row wraps
 * rather than hiding half of it off to the side), the Platforms tab keeps Edit and Delete in
 * view, searches the directory and says how many platforms there are in all.
 */
import { describe, expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DASHBOARD_TABS } from '@/components/dashboard/dashboard-tabs';
import { platformInput } from '../support/platform-fixtures';
import { browserTest } from '../support/browser-test';
import { horizontalOverflow } from '../support/text-fit';

const it = browserTest({ seed: true, ready: (server) => server.siteIdle() });

const WIDTHS = [true, false] as const;

/** Where an element is, against the viewport's width. */
async function inView(page: Page, box: { x: number; width: number } | null): Promise<boolean> {
	const width = page.viewportSize()!.width;
	return !!box && box.x >= 0 && box.x + box.width <= width;
}

/** The editors' count of platforms, made more than a page (25) if the seed has fewer. */
async function platformTotal(context: BrowserContext): Promise<number> {
	const count = async () => {
		const answer = await context.request.get('/api/admin/platforms?limit=1');
		expect(answer.status()).toBe(200);
		return Number(answer.headers()['x-total-count']);
	};
	for (let total = await count(); total <= 25; total += 1) {
		const created = await context.request.post('/api/admin/platforms', { data: platformInput() });
		expect(created.status()).toBe(201);
	}
	return count();
}

describe('the dashboard at 390 px and on a desktop', () => {
	it.for(WIDTHS)('shows every tab on screen (mobile: %s)', async (mobile, { newPage }) => {
		const { page } = await newPage({ as: 'editor', mobile });
		await page.goto('/editor-dashboard');
		const tabs = page.getByRole('tablist', { name: 'Dashboard sections' }).getByRole('tab');
		await tabs.first().waitFor();
		expect(await tabs.count()).toBe(DASHBOARD_TABS.length);
		const offScreen: string[] = [];
		for (const tab of await tabs.all()) {
			if (!(await inView(page, await tab.boundingBox()))) offScreen.push(await tab.innerText());
		}
		expect(offScreen).toEqual([]);
		// On a desktop they stay one row.
		if (!mobile) {
			const tops = new Set(
				await tabs.evaluateAll((all) => all.map((tab) => tab.getBoundingClientRect().top)),
			);
			expect(tops.size).toBe(1);
		}
		// The last tab is reached with the arrow keys as before.
		await tabs.first().focus();
		await page.keyboard.press('End');
		await expect.poll(() => tabs.last().getAttribute('aria-selected')).toBe('true');
	});

	it.for(WIDTHS)(
		'keeps Edit and Delete of every platform in view, with search and a total (mobile: %s)',
		async (mobile, { newPage }) => {
			const { page, context } = await newPage({ as: 'editor', mobile });
			const total = await platformTotal(context);
			await page.goto('/editor-dashboard?tab=platforms');
			const rows = page.getByTestId('platform-row');
			await rows.first().waitFor();
			expect(await rows.count()).toBe(25);
			await page.getByText(`Showing 1-25 of ${total}`).waitFor();
			expect((await horizontalOverflow(page)).width).toBe(page.viewportSize()!.width);
			const hidden: string[] = [];
			for (const row of await rows.all()) {
				for (const button of await row.getByRole('button').all()) {
					if (!(await inView(page, await button.boundingBox())))
						hidden.push(`${await button.getAttribute('aria-label')}`);
				}
			}
			expect(hidden).toEqual([]);

			// Search narrows the list to what matches, by name.
			const all = await (await context.request.get('/api/platforms?limit=50')).json();
			const wanted = all[3].name as string;
			await page.getByRole('searchbox', { name: 'Search platforms' }).fill(wanted);
			await expect.poll(() => rows.count()).toBeLessThan(25);
			expect(await rows.filter({ hasText: wanted }).count()).toBeGreaterThan(0);
			const edit = rows
				.filter({ hasText: wanted })
				.first()
				.getByRole('button', { name: `Edit ${wanted}` });
			expect(await inView(page, await edit.boundingBox())).toBe(true);

			await page.getByRole('searchbox', { name: 'Search platforms' }).fill('no platform is called this');
			await page.getByText('No platforms match "no platform is called this".').waitFor();
		},
	);

	it("the editors' platform list answers a bad query with a sentence, and only editors", async ({
		newPage,
		server,
	}) => {
		const { context } = await newPage({ as: 'editor' });
		const bad = await context.request.get('/api/admin/platforms?limit=0');
		expect(bad.status()).toBe(400);
		expect((await bad.json()).message).toMatch(/limit/i);
		const anonymous = await fetch(`${server.url}/api/admin/platforms`);
		expect(anonymous.status).toBe(401);
	});
});
