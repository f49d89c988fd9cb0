/**
 * /platforms/map in the browser: the server-drawn SVG (a linked mark per platform, labels that
 * do not overlap as the browser measures them), the table with the same numbers, the category
 * filter as a plain form, the links from the directory and the sitemap, and axe at desktop and
 * phone width (where the table stands in for the chart).
 */
import type { MarketMapPoint } from '@/server/community/market-map';
import { describe, expect } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { browserTest } from '../support/browser-test';
import { publicPage } from '../support/dashboard-helpers';
import { apiPlatforms } from '../support/platform-helpers';

const it = browserTest({ seed: true, ready: (server) => server.siteIdle() });

type Point = MarketMapPoint;

describe('the market map', () => {
	it('draws every platform as a linked mark, with labels that do not collide, and the same data as a table', async ({
		server,
		newPage,
	}) => {
		const points = (await (await fetch(`${server.url}/api/platforms/map`)).json()) as Point[];
		expect(points.length).toBe((await apiPlatforms(server, 'limit=100')).length);
		const { page } = await newPage();
		await page.goto('/platforms/map');
		const map = page.getByTestId('market-map');
		const hrefs = await map
			.locator('a')
			.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
		expect(hrefs.sort()).toEqual(points.map((point) => `/platforms/${point.slug}`).sort());

		const boxes = await map.locator('[data-map-label]').evaluateAll((labels) =>
			labels.map((label) => {
				const box = (label as SVGGraphicsElement).getBoundingClientRect();
				return { x: box.x, y: box.y, width: box.width, height: box.height };
			}),
		);
		// Every platform is named on the map, or numbered where its name has no room.
		expect(boxes.length).toBe(points.length);
		const keys = await map
			.locator('[data-map-key]')
			.evaluateAll((labels) =>
				labels.map((label) => ({ id: label.getAttribute('data-map-label'), text: label.textContent })),
			);
		for (const key of keys) {
			const row = page.locator(`[data-map-key-of="${key.id}"]`);
			expect(await row.innerText()).toBe(`map key ${key.text}`);
		}
		for (const [index, box] of boxes.entries()) {
			for (const other of boxes.slice(index + 1)) {
				const overlap =
					box.x < other.x + other.width &&
					other.x < box.x + box.width &&
					box.y < other.y + other.height &&
					other.y < box.y + box.height;
				expect(overlap).toBe(false);
			}
		}

		const rows = page.getByTestId('market-map-table').locator('tbody tr');
		expect(await rows.count()).toBe(points.length);
		const first = [...points].sort(
			(a, b) => b.satisfaction - a.satisfaction || a.name.localeCompare(b.name),
		)[0]!;
		expect(await rows.first().innerText()).toContain(first.name);
		expect(await rows.first().innerText()).toContain(String(first.satisfaction));

		// A mark is a link to its platform, reached with the keyboard too (marks may sit under others).
		await map.locator(`a[href="/platforms/${first.slug}"]`).focus();
		await page.keyboard.press('Enter');
		await page.waitForURL(`**/platforms/${first.slug}`);
	});

	it('filters by category with a plain form, and is linked from the directory and the sitemap', async ({
		server,
		newPage,
	}) => {
		const platforms = await apiPlatforms(server, 'limit=100');
		const category = platforms[0]!.category;
		const { page } = await newPage();
		await page.goto('/platforms');
		await page.getByRole('link', { name: /market map/i }).click();
		await page.waitForURL('**/platforms/map');
		await page.getByLabel('Category').selectOption(category);
		await page.getByRole('button', { name: 'Show' }).click();
		await page.waitForURL((url) => url.searchParams.get('category') === category);
		const names = await page.getByTestId('market-map-table').locator('tbody th a').allInnerTexts();
		expect(names.sort()).toEqual(
			platforms
				.filter((platform) => platform.category === category)
				.map((platform) => platform.name)
				.sort(),
		);
		expect((await publicPage(server, '/sitemap.xml')).html).toContain('/platforms/map</loc>');
	});

	it('shows the map on a phone too, scrolling sideways inside its frame only', async ({ newPage }) => {
		const { page } = await newPage({ mobile: true });
		await page.goto('/platforms/map');
		const frame = page.getByTestId('market-map-frame');
		expect(await page.getByTestId('market-map').isVisible()).toBe(true);
		const widths = await frame.evaluate((element) => ({
			frame: element.scrollWidth > element.clientWidth,
			page: document.documentElement.scrollWidth > document.documentElement.clientWidth,
		}));
		expect(widths).toEqual({ frame: true, page: false });
		// The labels stay readable: the map is not shrunk below its minimum width.
		const label = await page.locator('[data-map-label]').first().boundingBox();
		expect(label!.height).toBeGreaterThanOrEqual(9);
	});

	it('has no axe violation at desktop and phone width', async ({ newPage }) => {
		for (const mobile of [false, true]) {
			const { page } = await newPage({ mobile });
			await page.goto('/platforms/map');
			await expectNoAxeViolations(page, mobile ? 'phone' : 'desktop');
		}
	});
});
