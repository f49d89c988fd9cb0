/**
 * Reviews buyers can trust and weigh, in the browser: the rating form's details behind "Add
 * details" (pros, cons, scores, who the reviewer is), reviewer filters kept in the address, the
 * distribution bars from the counted reviews, an author deleting their own review, a reader's
 * report, and the editors' Reviews tab removing a reported review while the generated page's
 * count drops. axe checks the platform page with the details open and the Reviews tab, at
 * desktop and phone width.
 */
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { axeBuilder } from '../support/axe';
import { browserTest } from '../support/browser-test';
import { Client } from '../support/http';
import type { TestServer } from '../support/server';
import { confirmDialog, expectToast, openDashboard, publicPage } from '../support/dashboard-helpers';
import {
	apiPlatform,
	apiPlatforms,
	freshPlatform,
	hydrated,
	registerAccount,
} from '../support/platform-helpers';

const it = browserTest({ seed: true, ready: (server) => server.siteIdle() });

/** Rates through the API as a fresh account; returns the review id. */
async function rateAs(server: TestServer, platformId: number, body: Record<string, unknown>) {
	const account = await registerAccount(server, 'rater');
	const client = new Client(server.url);
	await client.login(account.email, account.password);
	const answer = await client.post(`/api/platforms/${platformId}/ratings`, body);
	expect(answer.status, JSON.stringify(answer.body)).toBe(201);
	return answer.body.rating.id as number;
}

async function openReviews(page: Page, path: string) {
	await page.goto(path);
	await page.getByRole('heading', { name: 'User Reviews' }).scrollIntoViewIfNeeded();
	await hydrated(page);
}

const shownIds = (page: Page) => async () =>
	(
		await page
			.getByRole('list', { name: 'User reviews' })
			.locator('[data-review]')
			.evaluateAll((items) => items.map((item) => item.getAttribute('data-review')))
	).map(Number);

async function axeProblems(page: Page): Promise<string[]> {
	const results = await axeBuilder(page).analyze();
	return results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ')}`);
}

/** The review count the generated page's stats card shows. */
async function generatedCount(server: TestServer, platformId: number): Promise<number> {
	await server.siteIdle();
	const { html } = await publicPage(server, `/platforms/${platformId}`);
	return Number(html.match(/data-summary-field="reviewCount"[^>]*>(\d+)</)![1]);
}

describe('structured reviews and reviewer filters on a platform page', () => {
	it('asks for details only when opened, lists them, and filters by reviewer with the address kept', async ({
		server,
		newPage,
	}) => {
		const platform = await freshPlatform(server, 'Structured', 'A platform for the review trust tests.');
		const brand = await rateAs(server, platform.id, {
			rating: 2,
			reviewerRole: 'brand',
			companySize: '5001+',
		});
		const author = await registerAccount(server, 'agency');
		const { page } = await newPage({ as: author });
		await openReviews(page, `/platforms/${platform.id}`);

		// A short review stays short: the details wait behind one summary.
		const details = page.getByTestId('review-details');
		expect(await details.getAttribute('open')).toBeNull();
		await expect.poll(() => page.locator('#review-pros').isVisible()).toBe(false);
		await details.locator('summary').click();
		await page.getByLabel('Review (optional)').fill('Great shopper data.');
		await page.locator('#review-pros').fill('Closed-loop sales data');
		await page.locator('#review-cons').fill('High minimum spend');
		await page.getByLabel('Measurement').selectOption('5');
		await page.getByLabel('Support').selectOption('3');
		await page.getByLabel('Your role').selectOption('agency');
		await page.getByLabel('Your company size').selectOption('51-200');
		await page.getByLabel('Your industry').selectOption('grocery');
		await page.getByRole('button', { name: 'Submit Rating' }).click();
		await expectToast(page, 'Rating submitted');

		const mine = page.locator('[data-review]').filter({ hasText: 'Closed-loop sales data' });
		await expect
			.poll(() => mine.getByTestId('reviewer-profile').innerText())
			.toBe('Agency · 51–200 employees · Grocery');
		expect(await mine.innerText()).toContain('High minimum spend');
		expect(await mine.innerText()).toContain('Measurement: 5/5');
		// The averages of the scores given show beside the bars.
		await expect.poll(() => page.getByTestId('sub-rating-averages').innerText()).toContain('Measurement');

		// The bars count the counted reviews: one 2-star and one 5-star.
		const bar = (stars: number) =>
			page.getByTestId('star-histogram').locator(`button[data-stars="${stars}"]`);
		await expect.poll(() => bar(5).innerText()).toContain('1 review');
		expect(await bar(2).innerText()).toContain('1 review');
		expect(await bar(4).innerText()).toContain('0 reviews');

		// A reviewer filter narrows the list and is written into the address.
		const mineId = Number(await mine.getAttribute('data-review'));
		await page.locator('#review-reviewerRole').selectOption('brand');
		await expect.poll(shownIds(page)).toEqual([brand]);
		await expect.poll(() => new URL(page.url()).search).toBe('?reviewerRole=brand');
		await page.locator('#review-reviewerRole').selectOption('agency');
		await page.locator('#review-companySize').selectOption('51-200');
		await expect.poll(shownIds(page)).toEqual([mineId]);
		await expect.poll(() => new URL(page.url()).search).toBe('?reviewerRole=agency&companySize=51-200');

		// The address brings the filters back in a new visit: in the server HTML already.
		const { html } = await publicPage(server, `/platforms/${platform.id}?reviewerRole=brand`);
		const listed = [...html.matchAll(/data-review="(\d+)"/g)].map((match) => Number(match[1]));
		expect(listed).toEqual([brand]);
		const other = await newPage();
		await openReviews(other.page, `/platforms/${platform.id}?reviewerRole=brand`);
		await expect.poll(shownIds(other.page)).toEqual([brand]);
		expect(await other.page.locator('#review-reviewerRole').inputValue()).toBe('brand');

		// A bar filters by its stars, on top of the reviewer filters.
		await other.page.locator('#review-reviewerRole').selectOption('');
		await other.page.getByTestId('star-histogram').locator('button[data-stars="2"]').click();
		await expect.poll(shownIds(other.page)).toEqual([brand]);
		await expect.poll(() => new URL(other.page.url()).search).toBe('?stars=2');
	});

	it('keeps the details of an unsent review in its draft across a reload', async ({ server, newPage }) => {
		const platform = await freshPlatform(server, 'Drafted', 'A platform for the review trust tests.');
		const { page } = await newPage();
		await openReviews(page, `/platforms/${platform.id}`);
		await page.getByRole('radio', { name: '3 stars' }).check();
		await page.getByLabel('Review (optional)').fill('Halfway through our trial.');
		await page.getByTestId('review-details').locator('summary').click();
		await page.locator('#review-pros').fill('Clear auction rules');
		await page.locator('#review-cons').fill('Thin reporting');
		await page.getByLabel('Support').selectOption('2');
		await page.getByLabel('Your role').selectOption('data');

		await page.reload();
		await openReviews(page, `/platforms/${platform.id}`);
		await expect
			.poll(() => page.getByLabel('Review (optional)').inputValue())
			.toBe('Halfway through our trial.');
		expect(await page.getByRole('radio', { name: '3 stars' }).isChecked()).toBe(true);
		await page.getByTestId('review-details').locator('summary').click();
		expect(await page.locator('#review-pros').inputValue()).toBe('Clear auction rules');
		expect(await page.locator('#review-cons').inputValue()).toBe('Thin reporting');
		expect(await page.getByLabel('Support').inputValue()).toBe('2');
		expect(await page.getByLabel('Your role').inputValue()).toBe('data');
	});

	it('has no axe violation with the details open, at desktop and phone width', async ({
		server,
		newPage,
	}) => {
		const [platform] = await apiPlatforms(server);
		for (const mobile of [false, true]) {
			const { page } = await newPage({ as: 'user', mobile });
			await openReviews(page, `/platforms/${platform!.id}`);
			// On a phone the form waits behind its button.
			if (mobile) await page.getByRole('button', { name: /^(Write a review|Edit your review)$/ }).click();
			await page.getByTestId('review-details').locator('summary').click();
			await page.locator('#review-pros').waitFor();
			expect(await axeProblems(page), mobile ? 'phone' : 'desktop').toEqual([]);
		}
	});
});

describe('removing reviews', () => {
	it('lets an author delete their own review, and the numbers follow', async ({ server, newPage }) => {
		const platform = await freshPlatform(server, 'Deletable', 'A platform for the review trust tests.');
		await rateAs(server, platform.id, { rating: 5 });
		const author = await registerAccount(server, 'regret');
		const { page } = await newPage({ as: author });
		await openReviews(page, `/platforms/${platform.id}`);
		await page.locator('#review-text').fill('Second thoughts to come');
		await page.getByRole('group', { name: 'Your rating' }).getByRole('radio', { name: /^2 / }).check();
		await page.getByRole('button', { name: 'Submit Rating' }).click();
		await expectToast(page, 'Rating submitted');
		await page.getByRole('button', { name: 'Delete my review' }).click();
		await page.getByRole('button', { name: 'Delete', exact: true }).click();
		await expectToast(page, 'Review deleted');
		await expect.poll(async () => (await apiPlatform(server, platform.id)).reviewCount).toBe(1);
		await expect.poll(() => page.getByTestId('reviews-summary').innerText()).toContain('1 review');
		// The form starts afresh: no text of the deleted review, the default 5 stars, Submit again.
		await expect.poll(() => page.locator('#review-text').inputValue()).toBe('');
		expect(await page.getByRole('button', { name: 'Submit Rating' }).count()).toBe(1);
		expect(
			await page.getByRole('group', { name: 'Your rating' }).getByRole('radio', { name: /^5 / }).isChecked(),
		).toBe(true);
	});

	it('report -> the Reviews tab shows the reason -> Remove -> the generated page counts one fewer', async ({
		server,
		browser,
		newPage,
	}) => {
		const platform = await freshPlatform(server, 'Reported', 'A platform for the review trust tests.');
		await rateAs(server, platform.id, { rating: 4, review: 'Honest review' });
		const spam = await rateAs(server, platform.id, { rating: 1, review: 'Buy cheap watches here' });
		expect(await generatedCount(server, platform.id)).toBe(2);

		const reader = await registerAccount(server, 'reporter');
		// Reports need a confirmed address (the API tests cover the refusal).
		const { users } = server.tables;
		await server.db.update(users).set({ emailVerified: true }).where(eq(users.id, reader.id));
		const { page } = await newPage({ as: reader });
		await openReviews(page, `/platforms/${platform.id}`);
		const item = page.locator(`[data-review="${spam}"]`);
		await item.getByRole('button', { name: 'Report' }).click();
		await item.getByLabel('Why should the editors look at this review?').fill('Spam for watches');
		await item.getByRole('button', { name: 'Send report' }).click();
		await expectToast(page, 'Review reported');
		await expect.poll(() => item.getByRole('button', { name: 'Reported' }).isDisabled()).toBe(true);

		const dashboard = await openDashboard(browser, server, 'reviews');
		const entry = dashboard.page.getByTestId('review-item').filter({ hasText: 'Buy cheap watches here' });
		await expect.poll(() => entry.getByTestId('report-reasons').innerText()).toContain('Spam for watches');
		expect(await entry.innerText()).toContain('1 report');
		expect(await axeProblems(dashboard.page)).toEqual([]);
		await entry.getByRole('button', { name: /^Remove the review by/ }).click();
		await confirmDialog(dashboard.page, 'Remove review', 'Remove');
		await expectToast(dashboard.page, 'Review removed');
		await expect.poll(() => entry.count()).toBe(0);

		await expect.poll(() => generatedCount(server, platform.id)).toBe(1);
		expect((await apiPlatform(server, platform.id)).rating).toBe(4);
	});
});
