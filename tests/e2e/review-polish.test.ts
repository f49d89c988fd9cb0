/**
 * Issue 43's last review polish, in the browser at 1280 and 390 px with axe: a sub-score average
 * says how many reviews it is of, the verified mark says what was verified in plain words, an
 * edited review is marked, and on a phone the rating form and the list's sort and filters wait
 * behind a button so the first review comes near the top.
 */
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations } from '../support/axe';
import { browserTest } from '../support/browser-test';
import { Client } from '../support/http';
import type { TestServer } from '../support/server';
import { freshPlatform, hydrated, registerAccount } from '../support/platform-helpers';

const it = browserTest({ seed: true, ready: (server) => server.siteIdle() });

/** A fresh account's client, signed in, and its id. */
async function rater(server: TestServer) {
	const account = await registerAccount(server, 'polish');
	const client = new Client(server.url);
	expect((await client.login(account.email, account.password)).status).toBe(200);
	return { account, client };
}

async function rate(client: Client, platformId: number, body: Record<string, unknown>) {
	const answer = await client.post(`/api/platforms/${platformId}/ratings`, body);
	expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
	return answer.body.rating.id as number;
}

async function openReviews(page: Page, path: string) {
	await page.goto(path);
	await page.getByRole('heading', { name: 'User Reviews' }).scrollIntoViewIfNeeded();
	await hydrated(page);
}

describe('sub-score counts, the verified mark and the edited mark', () => {
	it('shows how many reviews each average is of, "Verified email" in words, and "edited"', async ({
		server,
		newPage,
	}) => {
		const platform = await freshPlatform(server, 'Counted', 'A platform for the review polish tests.');
		const { users, platformRatings } = server.tables;
		const verified = await rater(server);
		await server.db.update(users).set({ emailVerified: true }).where(eq(users.id, verified.account.id));
		const first = await rate(verified.client, platform.id, {
			rating: 4,
			review: 'Written first, changed later.',
			subRatings: { support: 2, easeOfUse: 4 },
		});
		const other = await rater(server);
		const second = await rate(other.client, platform.id, {
			rating: 3,
			review: 'Never changed.',
			subRatings: { easeOfUse: 5 },
		});
		// The first review was written an hour ago; rating again now is an edit.
		const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
		await server.db
			.update(platformRatings)
			.set({ createdAt: hourAgo, updatedAt: hourAgo })
			.where(eq(platformRatings.id, first));
		await rate(verified.client, platform.id, {
			rating: 4,
			review: 'Written first, changed now.',
			subRatings: { support: 2, easeOfUse: 4 },
		});

		for (const mobile of [false, true]) {
			const { page } = await newPage({ mobile });
			await openReviews(page, `/platforms/${platform.slug}`);
			const averages = page.getByTestId('sub-rating-averages');
			await expect.poll(() => averages.innerText()).toMatch(/Support\s+2\.0\s+\(1 review\)/);
			expect(await averages.innerText()).toMatch(/Ease of use\s+4\.5\s+\(2 reviews\)/);

			const changed = page.locator(`[data-review="${first}"]`);
			const verifiedMark = changed.getByTestId('review-verified');
			expect(await verifiedMark.isVisible()).toBe(true);
			expect(await verifiedMark.innerText()).toBe('✓ Verified email');
			await expect.poll(() => changed.getByTestId('review-edited').innerText()).toMatch(/^\(edited .+\)$/);
			const unchanged = page.locator(`[data-review="${second}"]`);
			expect(await unchanged.getByTestId('review-edited').count()).toBe(0);
			expect(await unchanged.getByTestId('review-verified').count()).toBe(0);
			await expectNoAxeViolations(page, `review marks at ${mobile ? 390 : 1280} px`);
		}
	});
});

describe('the rating form and the list controls on a phone', () => {
	it('waits behind buttons on a phone, so the first review comes first; a desktop shows them', async ({
		server,
		newPage,
	}) => {
		const platform = await freshPlatform(server, 'Phone', 'A platform for the review polish tests.');
		const { client } = await rater(server);
		const review = await rate(client, platform.id, { rating: 5, review: 'Shown near the top.' });
		const reader = await registerAccount(server, 'phonereader');

		const phone = (await newPage({ mobile: true, as: reader })).page;
		await openReviews(phone, `/platforms/${platform.slug}`);
		const write = phone.getByRole('button', { name: 'Write a review' });
		const controls = phone.getByRole('button', { name: 'Sort and filter reviews' });
		expect(await write.getAttribute('aria-expanded')).toBe('false');
		expect(await controls.getAttribute('aria-expanded')).toBe('false');
		expect(await phone.getByRole('button', { name: 'Submit Rating' }).isVisible()).toBe(false);
		expect(await phone.locator('#review-sort').isVisible()).toBe(false);
		expect(await phone.locator('#review-reviewerRole').isVisible()).toBe(false);
		// The first review starts within a screen of the section's heading.
		const top = async (selector: string) => (await phone.locator(selector).boundingBox())!.y;
		expect((await top(`[data-review="${review}"]`)) - (await top('#reviews-heading'))).toBeLessThan(844);
		await expectNoAxeViolations(phone, 'the platform page with the form closed at 390 px');

		await write.click();
		await expect.poll(() => write.getAttribute('aria-expanded')).toBe('true');
		expect(await phone.getByRole('button', { name: 'Submit Rating' }).isVisible()).toBe(true);
		await controls.click();
		await expect.poll(() => phone.locator('#review-reviewerRole').isVisible()).toBe(true);
		await phone.locator('#review-reviewerRole').selectOption('brand');
		await expect.poll(() => new URL(phone.url()).search).toBe('?reviewerRole=brand');
		await expectNoAxeViolations(phone, 'the platform page with the form open at 390 px');

		// A filtered address opens the controls it filters with.
		const filtered = (await newPage({ mobile: true })).page;
		await openReviews(filtered, `/platforms/${platform.slug}?reviewerRole=brand`);
		expect(await filtered.locator('#review-reviewerRole').isVisible()).toBe(true);

		const desktop = (await newPage({ as: reader })).page;
		await openReviews(desktop, `/platforms/${platform.slug}`);
		expect(await desktop.getByRole('button', { name: 'Submit Rating' }).isVisible()).toBe(true);
		expect(await desktop.locator('#review-sort').isVisible()).toBe(true);
		expect(await desktop.getByRole('button', { name: 'Write a review' }).isVisible()).toBe(false);
		await expectNoAxeViolations(desktop, 'the platform page at 1280 px');
	});
});
