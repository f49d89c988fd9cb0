/**
 * What users like and dislike (issue 47), in the browser: the platform page lists the themes the
 * background worker found, each with its count; a theme's link lists its reviews on the page.
 * axe at desktop and phone width.
 */
import { describe, expect } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { browserTest } from '../support/browser-test';
import { Client } from '../support/http';
import { comparePath } from '@/lib/public-paths';
import { freshPlatform, hydrated, registerAccount } from '../support/platform-helpers';

const it = browserTest({
	seed: true,
	env: { NEWSLETTER_POLL_MS: '100' },
	ready: (server) => server.siteIdle(),
});

describe('themes on the platform page', () => {
	it('shows what users like with its count, and its link lists those reviews', { timeout: 150_000 }, async ({
		server,
		newPage,
	}) => {
		const platform = await freshPlatform(server, 'Themed Ads', 'A platform for the themes tests.');
		const parts = [
			{ pros: 'Self-serve dashboards are great.', cons: 'Slow exports.' },
			{ pros: 'The self-serve dashboard saves hours.', cons: 'Slow exports at month end.' },
			{ pros: 'Great self-serve dashboard.' },
			{ pros: 'Friendly account manager.' },
		];
		for (const [index, part] of parts.entries()) {
			const account = await registerAccount(server, `themes${index}`);
			const client = new Client(server.url);
			expect((await client.login(account.email, account.password)).status).toBe(200);
			const rated = await client.post(`/api/platforms/${platform.id}/ratings`, { rating: 4, ...part });
			expect(rated.status, JSON.stringify(rated.body)).toBe(201);
		}
		// The worker recomputes in the background; the page is generated again after it.
		await expect
			.poll(
				async () => (await (await fetch(`${server.url}/api/platforms/${platform.id}/themes`)).json()).likes,
			)
			.toHaveLength(1);
		await server.siteIdle();

		for (const mobile of [false, true]) {
			const { page } = await newPage({ mobile });
			await page.goto(`/platforms/${platform.slug}`);
			const likes = page.getByRole('region', { name: 'What users like' });
			await expect.poll(() => likes.innerText()).toContain('self-serve dashboard · 3 reviews');
			expect(await likes.innerText()).not.toContain('account manager');
			const dislikes = page.getByRole('region', { name: 'What users dislike' });
			expect(await dislikes.innerText()).toContain('export · 2 reviews');
			await expectNoAxeViolations(page, `the platform page's themes at ${mobile ? 390 : 1280} px`);
			expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

			await likes.getByRole('link', { name: 'self-serve dashboard' }).click();
			await page.waitForURL(/theme=self-serve\+dashboard&themeSide=likes/);
			await hydrated(page);
			await expect.poll(() => page.locator('[data-review]').count()).toBe(3);
			expect(await page.getByText('Friendly account manager.').count()).toBe(0);
			await expectNoAxeViolations(page, `the reviews of a theme at ${mobile ? 390 : 1280} px`);
		}

		// The vs page shows both platforms' themes side by side.
		const other = await freshPlatform(server, 'Plain Ads', 'A platform without themes.');
		const { page } = await newPage();
		await page.goto(comparePath([platform.slug, other.slug]));
		const sideBySide = page.getByTestId('vs-themes');
		await expect.poll(() => sideBySide.innerText()).toContain('self-serve dashboard · 3 reviews');
		expect(await sideBySide.getByRole('heading', { name: 'What users like', exact: true }).count()).toBe(2);
		await expectNoAxeViolations(page, 'the vs page with themes');
	});
});
