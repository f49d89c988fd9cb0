/**
 * Issue 45 in the browser: the dashboard's Integrations tab (create, copy a key, revoke behind
 * a confirm dialog) and the /developers page with the OpenAPI document rendered from our own
 * origin, each checked with axe at 1280 and 390 px.
 */
import { describe, expect } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { browserTest } from '../support/browser-test';

const it = browserTest({ seed: true });

describe('the Integrations tab', () => {
	it('creates an integration, copies its key, and revokes it', async ({ server, newPage }) => {
		const { page, context } = await newPage({ as: 'editor' });
		await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
		await page.goto('/editor-dashboard?tab=integrations');
		await page.getByRole('heading', { name: 'Integrations', level: 2 }).waitFor();
		const name = `Planning sheet ${Date.now()}`;
		await page.getByLabel('Name').fill(name);
		await page.getByRole('button', { name: 'Create integration' }).click();

		const contentKey = page.getByTestId('key-content-key');
		await contentKey.waitFor();
		const key = await contentKey.inputValue();
		expect(key).toMatch(/^rmh_content_/);
		expect(await page.getByTestId('key-admin-key').inputValue()).toMatch(/^rmh_admin_/);
		await page.getByRole('button', { name: 'Copy the content key' }).click();
		await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(key);
		const works = await fetch(`${server.url}/api/v1/platforms?limit=1&key=${key}`);
		expect(works.status).toBe(200);

		const row = page.getByTestId('integration-row').filter({ hasText: name });
		await expect.poll(() => row.count()).toBe(1);
		await expectNoAxeViolations(page, 'the Integrations tab at 1280 px');
		await page.setViewportSize({ width: 390, height: 844 });
		await expectNoAxeViolations(page, 'the Integrations tab at 390 px');

		await row.getByRole('button', { name: `Revoke ${name}` }).click();
		const dialog = page.getByRole('dialog');
		await dialog.waitFor();
		await expectNoAxeViolations(page, 'the revoke dialog at 390 px');
		await dialog.getByRole('button', { name: 'Revoke' }).click();
		await expect.poll(() => row.count()).toBe(0);
		const revoked = await fetch(`${server.url}/api/v1/platforms?limit=1&key=${key}`);
		expect(revoked.status).toBe(401);
	});
});

describe('/developers', () => {
	it.for([false, true])(
		'explains the API and renders its document from our origin (mobile: %s)',
		// axe over the whole of Redoc's drawing is the slowest part of this file.
		{ timeout: 120_000 },
		async (mobile, { server, newPage }) => {
			const { page } = await newPage({ mobile });
			const scripts: string[] = [];
			page.on('request', (request) => {
				if (request.resourceType() === 'script') scripts.push(request.url());
			});
			await page.goto('/developers');
			for (const heading of ['Keys', 'Limits', 'Webhooks', 'Rating badges']) {
				expect(await page.getByRole('heading', { name: heading, level: 2 }).isVisible()).toBe(true);
			}
			// Keys, limits, events, signatures, retries and badges, each explained (issue 45).
			const text = await page.locator('main').innerText();
			for (const words of [
				'Authorization: Bearer',
				'RateLimit-Policy',
				'Retry-After',
				'review.replied',
				'whsec_',
				'webhook-signature',
				'standardwebhooks',
				'up to 8 tries',
				'410 Gone',
				'/platforms/{slug}/badge.svg',
				'?theme=dark',
			]) {
				expect(text).toContain(words);
			}
			// Redoc draws the operations from /api/v1/openapi.json.
			await page.getByRole('heading', { name: 'A page of platforms' }).first().waitFor({ timeout: 30_000 });
			expect(scripts.some((url) => url.includes('redoc.standalone'))).toBe(true);
			for (const url of scripts) expect(new URL(url).origin).toBe(server.url);
			// The whole page, Redoc's markup included: its headings take their places in our outline
			// and its menu items are named by what they show (public/scripts/developers-reference.js).
			await expectNoAxeViolations(page, `/developers at ${mobile ? 390 : 1280} px`);
			const unmended = () =>
				page.locator('#api-reference').evaluate((reference) => ({
					headings: [...reference.querySelectorAll('h1, h2, h3, h4, h5, h6')].filter(
						(h) => !h.hasAttribute('aria-level'),
					).length,
					labelledItems: reference.querySelectorAll('[role="menuitem"][aria-label]').length,
				}));
			expect(await unmended()).toEqual({ headings: 0, labelledItems: 0 });
			if (!mobile) {
				// Opening an operation from the menu redraws parts of Redoc: they are mended too.
				await page.getByRole('menuitem', { name: 'get One platform with its figures' }).click();
				await expect.poll(() => page.url()).toContain('#');
				await expect.poll(unmended).toEqual({ headings: 0, labelledItems: 0 });
			}
		},
	);
});
