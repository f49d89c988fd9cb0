/**
 * Category leaders (issue 47) in the browser: /leaders lists each category's top three by score
 * among platforms with at least LEADERS_MIN_REVIEWS (2 here) counted reviews, with rank, linked
 * name, score and review count, and a sentence for a category without one; a leader's page shows
 * the "Leader, YYYY-Qn" badge, another's does not; /methodology states the rules. axe at 1280 and
 * 390 px.
 */
import { describe, expect } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { browserTest } from '../support/browser-test';
import type { TestServer } from '../support/server';
import { createPlatform, registerEditor } from '../support/platform-fixtures';
import { freshPersona } from '../support/security-roles';
import { quarterOf } from '@/lib/quarters';

const it = browserTest({ env: { LEADERS_MIN_REVIEWS: '2' }, ready: (server) => server.siteIdle() });

type Made = { id: number; slug: string; name: string };
let arranged: Promise<{ leaders: Made[]; fourth: Made }> | undefined;

/** Platforms of Audiences rated 5, 4, 3 and 2 twice each, and a Video one rated once; once per file. */
function arrange(server: TestServer) {
	arranged ??= (async () => {
		const editor = await registerEditor(server);
		const rateWith = async (platform: Made, stars: number[]) => {
			for (const rating of stars) {
				const reader = await freshPersona(server, 'user');
				const answer = await reader.client.post(`/api/platforms/${platform.id}/ratings`, { rating });
				expect(answer.status, JSON.stringify(answer.body)).toBe(201);
			}
		};
		const made: Made[] = [];
		for (const [index, stars] of [5, 4, 3, 2].entries()) {
			const platform = await createPlatform(editor, {
				category: 'Audiences',
				name: `Leader Ads ${index + 1}`,
			});
			await rateWith(platform, [stars, stars]);
			made.push(platform);
		}
		await rateWith(await createPlatform(editor, { category: 'Video', name: 'Lone Video Ads' }), [5]);
		await server.siteIdle();
		return { leaders: made.slice(0, 3), fourth: made[3]! };
	})();
	return arranged;
}

describe('/leaders', () => {
	for (const mobile of [false, true]) {
		const width = mobile ? 390 : 1280;
		it(`lists each category's top three by score, and says when a category has none (${width} px)`, async ({
			server,
			newPage,
		}) => {
			const { leaders } = await arrange(server);
			const { page } = await newPage({ mobile });
			const quarter = quarterOf(new Date());
			expect((await page.goto('/leaders'))?.status()).toBe(200);
			await expect
				.poll(() => page.getByRole('heading', { level: 1 }).innerText())
				.toBe(`Category leaders, ${quarter}`);
			const audiences = page.locator('[data-leaders-category="Audiences"]');
			await expect.poll(() => audiences.locator('[data-leader]').count()).toBe(3);
			expect(await audiences.getByTestId('leader-rank').allInnerTexts()).toEqual(['#1', '#2', '#3']);
			expect(await audiences.locator('[data-leader] a').allInnerTexts()).toEqual(leaders.map((p) => p.name));
			expect(await audiences.getByTestId('leader-score').allInnerTexts()).toEqual(['5.0', '4.0', '3.0']);
			expect(await audiences.getByTestId('leader-reviews').allInnerTexts()).toEqual([
				'2 reviews',
				'2 reviews',
				'2 reviews',
			]);
			expect(await audiences.locator('[data-leader] a').first().getAttribute('href')).toBe(
				`/platforms/${leaders[0]!.slug}`,
			);
			expect(
				await page.locator('[data-leaders-category="Video"]').getByTestId('leaders-none').innerText(),
			).toBe('No leader yet: no platform in Video has 2 counted reviews.');
			expect(await page.getByTestId('leaders-rules').innerText()).toContain('at least 2 counted reviews');
			await expectNoAxeViolations(page, `/leaders at ${width} px`);
			expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
		});

		it(`shows the leader badge on a leader's page only (${width} px)`, async ({ server, newPage }) => {
			const { leaders, fourth } = await arrange(server);
			const { page } = await newPage({ mobile });
			const quarter = quarterOf(new Date());
			await page.goto(`/platforms/${leaders[1]!.slug}`);
			const badge = page.getByTestId('leader-badge');
			await expect.poll(() => badge.innerText()).toBe(`Leader, ${quarter}`);
			expect(await badge.getAttribute('href')).toBe('/leaders');
			await expectNoAxeViolations(page, `a leader's page at ${width} px`);
			await page.goto(`/platforms/${fourth.slug}`);
			await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(fourth.name);
			expect(await page.getByTestId('leader-badge').count()).toBe(0);
		});
	}
});

describe('/methodology', () => {
	it("states the leaders' rules", async ({ newPage }) => {
		const { page } = await newPage();
		await page.goto('/methodology');
		const text = await page.getByTestId('leaders-method').innerText();
		expect(text).toContain('at least 2 counted reviews');
		expect(text).toContain('The top 3');
		expect(text).toMatch(/once a quarter ends, its leaders are kept/);
	});
});
