/**
 * A platform page's "What changed" and "Rating trend" in the browser: an editor's pricing
 * changes appear newest first (the full list behind a disclosure) without the editor's name,
 * the trend is an SVG with a table of the same months, and axe finds nothing at desktop and
 * phone width, where nothing overflows the screen.
 */
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { browserTest } from '../support/browser-test';
import { editFirstPlatformPricing } from '../support/platform-helpers';
import { EDITOR } from '../support/dashboard-helpers';
import type { TestServer } from '../support/server';

type Platform = Record<string, unknown> & { id: number; name: string; pricing: string };
type TrendPoint = { month: string; average: number; count: number };

const PRICES = ['CPC from $0.50', 'CPC from $0.55', 'CPC from $0.60', 'CPC from $0.65'];
let platform: Platform;

/** Edits the first seeded platform's pricing four times and spreads its reviews over two months. */
async function arrange(server: TestServer) {
	platform = await editFirstPlatformPricing(server, PRICES);
	const { platformRatings } = server.tables;
	const ratings = await server.db
		.select({ id: platformRatings.id })
		.from(platformRatings)
		.where(eq(platformRatings.platformId, platform.id));
	expect(ratings.length).toBeGreaterThan(1);
	for (const [index, { id }] of ratings.entries()) {
		const createdAt = new Date(Date.UTC(2026, index % 2 === 0 ? 6 : 9, 10));
		await server.db.update(platformRatings).set({ createdAt }).where(eq(platformRatings.id, id));
	}
	await server.regenerate();
}

const it = browserTest({ seed: true, ready: arrange });

describe('a platform page: what changed and the rating trend', () => {
	it('shows the newest changes, the full list one click away, and never the editor', async ({ newPage }) => {
		const { page } = await newPage();
		await page.goto(`/platforms/${platform.id}`);
		const history = page.getByTestId('platform-history');
		await expect(history.getByRole('heading', { name: 'What changed' }).isVisible()).resolves.toBe(true);
		const shown = await history.locator('> ol > li').allInnerTexts();
		expect(shown).toHaveLength(3);
		expect(shown[0]).toMatch(/^Pricing: CPC from \$0\.60 → CPC from \$0\.65, [A-Z][a-z]{2} \d{2}, \d{4}$/);
		expect(shown[2]).toContain('CPC from $0.50 → CPC from $0.55');

		const all = history.getByTestId('platform-history-all');
		expect(await all.isVisible()).toBe(false);
		await history.getByText('All 4 changes').click();
		expect(await all.isVisible()).toBe(true);
		const every = await all.locator('li').allInnerTexts();
		expect(every).toHaveLength(4);
		expect(every[3]).toContain(`${platform.pricing} → CPC from $0.50`);
		const text = await history.innerText();
		expect(text).not.toContain(EDITOR.email);
		expect(text).not.toContain('editor');
	});

	it('draws the rating trend, with a table of the same months', async ({ server, newPage }) => {
		const trend = (await (
			await fetch(`${server.url}/api/platforms/${platform.id}/rating-trend`)
		).json()) as TrendPoint[];
		expect(trend.map((point) => point.month)).toEqual(['2026-07', '2026-10']);
		const { page } = await newPage();
		await page.goto(`/platforms/${platform.id}`);
		const section = page.getByTestId('rating-trend');
		expect(await section.getByTestId('rating-trend-chart').locator('circle').count()).toBe(2);
		expect(await section.getByTestId('rating-trend-chart').locator('polyline').count()).toBe(1);
		const rows = await section
			.locator('table tbody tr')
			.evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent?.trim())));
		expect(rows).toEqual(
			trend.map((point) => [expect.any(String), String(point.average), String(point.count)]),
		);
		expect(rows[0]![0]).toBe('Jul 2026');
		expect(await section.innerText()).toContain(`${trend[0]!.average} stars in Jul 2026`);
	});

	it('has no axe violation and no sideways scroll at desktop and phone width', async ({ newPage }) => {
		for (const mobile of [false, true]) {
			const { page } = await newPage({ mobile });
			await page.goto(`/platforms/${platform.id}`);
			await page.getByTestId('platform-history').getByText('All 4 changes').click();
			await expectNoAxeViolations(page, mobile ? 'phone' : 'desktop');
			const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
			expect(overflow, mobile ? 'phone' : 'desktop').toBeLessThanOrEqual(0);
		}
	});
});
