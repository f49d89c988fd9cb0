/**
 * Reviews buyers can weigh (issue 47), in the browser: /methodology states the method; a
 * platform's representative makes an invitation link on the platform page, a customer opens it,
 * is told the review will be labelled, and the review shows "Invited by vendor" (and
 * "Incentivized" when asked so) beside the page's score; the list filters by source and incentive
 * (labelled selects, kept in the address). axe at desktop and phone width.
 */
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations } from '../support/axe';
import { browserTest } from '../support/browser-test';
import { Client } from '../support/http';
import { freshPlatform, freshRepresentative, hydrated, registerAccount } from '../support/platform-helpers';

const it = browserTest({ seed: true, ready: (server) => server.siteIdle() });

describe('/methodology', () => {
	for (const mobile of [false, true]) {
		it(`states the formula, the half-life, the weights and the exclusions (${mobile ? '390' : '1280'} px)`, async ({
			newPage,
		}) => {
			const { page } = await newPage({ mobile });
			const answer = await page.goto('/methodology');
			expect(answer?.status()).toBe(200);
			await expect
				.poll(() => page.getByRole('heading', { level: 1 }).innerText())
				.toBe('How we score platforms');
			expect(await page.getByTestId('score-formula').innerText()).toContain('Σ (weight × stars) / Σ weight');
			const weights = await page.getByTestId('score-weights').innerText();
			expect(weights).toContain('half-life of 365 days');
			expect(weights).toContain('Vendor-invited: × 0.5');
			expect(weights).toContain('Incentivized: × 0.5');
			expect(await page.getByTestId('score-exclusions').innerText()).toMatch(
				/Affiliated[\s\S]*banned[\s\S]*Removed/,
			);
			await expectNoAxeViolations(page, `/methodology at ${mobile ? 390 : 1280} px`);
			expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
		});
	}
});

describe('invitation links and review labels on the platform page', () => {
	it('a representative makes a link; the invited review is labelled, beside the score', async ({
		server,
		newPage,
	}) => {
		const platform = await freshPlatform(server, 'Invited Ads', 'A platform for the invitation tests.');
		const representative = await freshRepresentative(server, platform.id, 'vendor');

		const { page: vendorPage } = await newPage({ as: representative });
		await vendorPage.goto(`/platforms/${platform.slug}`);
		await vendorPage.getByRole('heading', { name: 'User Reviews' }).scrollIntoViewIfNeeded();
		await hydrated(vendorPage);
		await vendorPage.getByRole('button', { name: 'Create invitation link' }).click();
		const urlField = vendorPage.getByLabel(/Your new link/);
		await expect.poll(() => urlField.inputValue()).toMatch(/#invitation=[a-z2-7]+$/);
		const link = new URL(await urlField.inputValue());
		// The dashboard's date format, not an ISO day.
		await expect
			.poll(() => vendorPage.getByTestId('invitation-list').innerText())
			.toMatch(/open until [A-Z][a-z]{2} \d{2}, \d{4}/);
		await expectNoAxeViolations(vendorPage, 'the representative’s invitation links');

		const customer = await registerAccount(server, 'customer');
		for (const mobile of [false, true]) {
			const { page } = await newPage({ as: customer, mobile });
			await page.goto(`${link.pathname}${link.hash}`);
			await page.getByRole('heading', { name: 'User Reviews' }).scrollIntoViewIfNeeded();
			await hydrated(page);
			if (!mobile) {
				await expect
					.poll(() => page.getByTestId('invitation-note').innerText())
					.toContain('Invited by vendor');
				await page.getByTestId('review-incentivized-input').check();
				await page.getByRole('button', { name: 'Submit Rating' }).click();
				const review = page.locator('[data-review]').first();
				await expect.poll(() => review.getByTestId('review-source').innerText()).toBe('Invited by vendor');
				expect(await review.getByTestId('review-incentivized').innerText()).toBe('Incentivized');
				// The link is spent: the address no longer carries it.
				expect(new URL(page.url()).hash).toBe('');
				await expect.poll(() => page.getByTestId('platform-score').innerText()).toBe('5.0');
			} else {
				await expect.poll(() => page.locator('[data-review]').count()).toBe(1);
			}
			await expectNoAxeViolations(page, `the platform page with labels at ${mobile ? 390 : 1280} px`);
		}
		const reviews = await (
			await fetch(`${server.url}/api/platforms/${platform.id}/ratings?source=vendor-invited`)
		).json();
		expect(reviews).toHaveLength(1);
		expect(reviews[0]).toMatchObject({ source: 'vendor-invited', incentivized: true });
	});
});

describe('source and incentive filters on the platform page', () => {
	it('shows only the matching reviews for each choice, kept in the address', async ({ server, newPage }) => {
		const platform = await freshPlatform(server, 'Filtered Ads', 'A platform for the label filter tests.');
		const representative = await freshRepresentative(server, platform.id, 'filtervendor');
		const vendor = new Client(server.url);
		expect((await vendor.login(representative.email, representative.password)).status).toBe(200);
		const invitation = await vendor.post(`/api/platforms/${platform.id}/invitations`);
		expect(invitation.status).toBe(201);

		// Three reviews: organic and unpaid, organic and incentivized, invited and unpaid.
		const reviews = {
			organic: { rating: 4, review: 'Organic and unpaid.' },
			paid: { rating: 3, review: 'Organic but incentivized.', incentivized: true },
			invited: { rating: 5, review: 'Invited by the vendor.', invitation: invitation.body.token },
		};
		const ids: Record<string, number> = {};
		for (const [name, body] of Object.entries(reviews)) {
			const account = await registerAccount(server, `filter${name}`);
			const client = new Client(server.url);
			expect((await client.login(account.email, account.password)).status).toBe(200);
			const answer = await client.post(`/api/platforms/${platform.id}/ratings`, body);
			expect(answer.status, JSON.stringify(answer.body)).toBe(201);
			ids[name] = answer.body.rating.id;
		}
		const listed = async (page: Page) => {
			const shown = await page
				.locator('[data-review]')
				.evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-review'))));
			return shown.sort((a, b) => a - b);
		};
		const only = (...names: string[]) => names.map((name) => ids[name]!).sort((a, b) => a - b);

		for (const mobile of [false, true]) {
			const { page } = await newPage({ mobile });
			await page.goto(`/platforms/${platform.slug}`);
			await page.getByRole('heading', { name: 'User Reviews' }).scrollIntoViewIfNeeded();
			await hydrated(page);
			if (mobile) await page.getByRole('button', { name: 'Sort and filter reviews' }).click();
			const source = page.getByLabel('Source', { exact: true });
			const incentive = page.getByLabel('Incentive', { exact: true });
			await expect.poll(() => source.isVisible()).toBe(true);
			expect(await source.locator('option').allInnerTexts()).toEqual([
				'All sources',
				'Organic',
				'Vendor-invited',
			]);
			expect(await incentive.locator('option').allInnerTexts()).toEqual([
				'Incentivized or not',
				'Incentivized',
				'Not incentivized',
			]);
			await expect.poll(() => listed(page)).toEqual(only('organic', 'paid', 'invited'));

			await source.selectOption('organic');
			await expect.poll(() => new URL(page.url()).search).toBe('?source=organic');
			await expect.poll(() => listed(page)).toEqual(only('organic', 'paid'));
			await source.selectOption('vendor-invited');
			await expect.poll(() => listed(page)).toEqual(only('invited'));
			expect(await page.locator('[data-review]').getByTestId('review-source').allInnerTexts()).toEqual([
				'Invited by vendor',
			]);
			await expectNoAxeViolations(page, `the review list filtered by source at ${mobile ? 390 : 1280} px`);

			await source.selectOption('');
			await incentive.selectOption('true');
			await expect.poll(() => new URL(page.url()).search).toBe('?incentivized=true');
			await expect.poll(() => listed(page)).toEqual(only('paid'));
			await incentive.selectOption('false');
			await expect.poll(() => listed(page)).toEqual(only('organic', 'invited'));
			// Both at once: organic and not incentivized.
			await source.selectOption('organic');
			await expect.poll(() => new URL(page.url()).search).toBe('?source=organic&incentivized=false');
			await expect.poll(() => listed(page)).toEqual(only('organic'));
			await expectNoAxeViolations(page, `the review list filtered by incentive at ${mobile ? 390 : 1280} px`);

			// The address keeps the view: a reload shows the same reviews with the same choices.
			await page.reload();
			await page.getByRole('heading', { name: 'User Reviews' }).scrollIntoViewIfNeeded();
			await hydrated(page);
			await expect.poll(() => listed(page)).toEqual(only('organic'));
			expect(await page.getByLabel('Source', { exact: true }).inputValue()).toBe('organic');
			expect(await page.getByLabel('Incentive', { exact: true }).inputValue()).toBe('false');
		}
		// Five accounts, two widths, four axe runs and a reload: long on a busy 2-core machine.
	}, 240_000);
});
