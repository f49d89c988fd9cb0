/**
 * Reviews on a platform page in the browser: the generated HTML lists them as text; the island
 * adds the star histogram (each bar a filter), sort and star-filter selects, helpful votes, the
 * platform's replies ("Response from {platform}") written by its representative, and the
 * "Claimed" mark. The dashboard's Users tab shows and sets the representative.
 */
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { axeBuilder } from '../support/axe';
import { browserTest } from '../support/browser-test';
import type { TestServer } from '../support/server';
import { expectToast, getJson, openDashboard } from '../support/dashboard-helpers';
import { apiPlatforms, editorClient, hydrated, registerAccount } from '../support/platform-helpers';
import { testSlug } from '../support/slugs';

const it = browserTest({ seed: true, ready: (server) => server.siteIdle() });

type Review = { id: number; rating: number; review: string | null; helpfulCount: number };

async function apiReviews(server: TestServer, platformId: number, query = ''): Promise<Review[]> {
	const response = await fetch(`${server.url}/api/platforms/${platformId}/ratings${query}`);
	expect(response.status).toBe(200);
	return (await response.json()) as Review[];
}

/** The seeded platform with the most reviews of different star counts. */
async function busiestPlatform(server: TestServer) {
	const platforms = await apiPlatforms(server);
	return platforms.reduce((best, platform) => (platform.reviewCount > best.reviewCount ? platform : best));
}

describe('reviews on a platform page', () => {
	it('lists the reviews in the generated HTML, then sorts and filters them with keyboard and bars', async ({
		server,
		newPage,
	}) => {
		const platform = await busiestPlatform(server);
		const reviews = await apiReviews(server, platform.id);
		const withText = reviews.find((review) => review.review)!;
		const html = await fetch(`${server.url}/platforms/${platform.id}`).then((r) => r.text());
		expect(html).toContain(withText.review!.replace(/&/g, '&amp;').slice(0, 40));
		expect(html).toContain('Ratings by stars');

		const { page } = await newPage();
		await page.goto(`/platforms/${platform.id}`);
		await page.getByRole('heading', { name: 'User Reviews' }).scrollIntoViewIfNeeded();
		await hydrated(page);
		const list = page.getByRole('list', { name: 'User reviews' });
		const shownIds = async () =>
			(
				await list
					.locator('[data-review]')
					.evaluateAll((items) => items.map((item) => item.getAttribute('data-review')))
			).map(Number);
		expect(await shownIds()).toEqual(reviews.map((review) => review.id));

		// The sort select, by keyboard.
		const sort = page.getByLabel('Sort reviews');
		await sort.focus();
		await sort.selectOption('lowest');
		const lowest = (await apiReviews(server, platform.id, '?sort=lowest')).map((review) => review.id);
		await expect.poll(shownIds).toEqual(lowest);

		// A histogram bar filters to its stars; pressed again, it shows them all.
		const stars = reviews[0]!.rating;
		const bar = page.getByTestId('star-histogram').locator(`button[data-stars="${stars}"]`);
		const count = reviews.filter((review) => review.rating === stars).length;
		expect(await bar.innerText()).toContain(`${count} review`);
		await bar.focus();
		await page.keyboard.press('Enter');
		expect(await bar.getAttribute('aria-pressed')).toBe('true');
		const filtered = (await apiReviews(server, platform.id, `?sort=lowest&stars=${stars}`)).map(
			(review) => review.id,
		);
		await expect.poll(shownIds).toEqual(filtered);
		expect(await page.getByLabel('Filter by rating').inputValue()).toBe(String(stars));
		await bar.click();
		await expect.poll(shownIds).toEqual(lowest);

		await page.getByLabel('Filter by rating').selectOption('');
		await sort.selectOption('newest');
		await expect.poll(shownIds).toEqual(reviews.map((review) => review.id));
	});

	it("pages a long list with 'Load more reviews', and keeps a reader's own older review editable", async ({
		server,
		newPage,
	}) => {
		const { platforms, users, platformRatings } = server.tables;
		const [platform] = await server.db
			.insert(platforms)
			.values({
				name: 'Paged Reviews Network',
				slug: testSlug('Paged Reviews Network'),
				description: 'Many reviews.',
				pricing: 'CPM',
				category: 'DSP',
			})
			.returning({ id: platforms.id });
		// The reader's own review is the oldest of 25: past the first page of 20.
		const reader = await registerAccount(server, 'pager');
		const day = 24 * 3600 * 1000;
		const start = Date.now() - 30 * day;
		await server.db.insert(platformRatings).values({
			platformId: platform!.id,
			userId: reader.id,
			rating: 2,
			review: 'My own early review.',
			createdAt: new Date(start),
		});
		for (let i = 1; i < 25; i++) {
			const [author] = await server.db
				.insert(users)
				.values({ username: `pager_author_${i}`, email: `pager${i}@example.com`, passwordHash: 'x' })
				.returning({ id: users.id });
			await server.db.insert(platformRatings).values({
				platformId: platform!.id,
				userId: author!.id,
				rating: 4,
				review: `Review number ${i}.`,
				createdAt: new Date(start + i * day),
			});
		}
		const { page } = await newPage({ as: reader });
		await page.goto(`/platforms/${platform!.id}`);
		await page.getByRole('heading', { name: 'User Reviews' }).scrollIntoViewIfNeeded();
		await hydrated(page);
		const items = page.getByRole('list', { name: 'User reviews' }).locator('[data-review]');
		await expect.poll(() => items.count()).toBe(20);
		// The form knows the reader's review though the list does not show it yet.
		await expect.poll(() => page.getByText('Update your rating').count()).toBe(1);
		const more = page.getByRole('button', { name: 'Load more reviews (20 of 25)' });
		await more.click();
		await expect.poll(() => items.count()).toBe(25);
		expect(await page.getByRole('button', { name: /^Load more reviews/ }).count()).toBe(0);
		expect(await items.last().innerText()).toContain('My own early review.');
		const section = '[aria-labelledby="reviews-heading"]';
		const violations = async (at: typeof page) =>
			(await axeBuilder(at).include(section).analyze()).violations.map(
				(violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ')}`,
			);
		expect(await violations(page), 'desktop').toEqual([]);

		// On a phone the button fits, and nothing sticks out sideways.
		const { page: phone } = await newPage({ as: reader, mobile: true });
		await phone.goto(`/platforms/${platform!.id}`);
		await phone.getByRole('heading', { name: 'User Reviews' }).scrollIntoViewIfNeeded();
		await hydrated(phone);
		const phoneMore = phone.getByRole('button', { name: 'Load more reviews (20 of 25)' });
		await phoneMore.scrollIntoViewIfNeeded();
		expect(await phoneMore.isVisible()).toBe(true);
		expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
		expect(await violations(phone), 'phone').toEqual([]);
	});

	it('records a helpful vote, and fits a phone screen', async ({ server, newPage }) => {
		const platform = await busiestPlatform(server);
		const voter = await registerAccount(server, 'voter');
		// Review votes need a confirmed address (the API tests cover the refusal).
		const { users } = server.tables;
		await server.db.update(users).set({ emailVerified: true }).where(eq(users.id, voter.id));
		const [first] = await apiReviews(server, platform.id);
		const { page } = await newPage({ as: voter, mobile: true });
		await page.goto(`/platforms/${platform.id}`);
		await page.getByRole('heading', { name: 'User Reviews' }).scrollIntoViewIfNeeded();
		await hydrated(page);
		const item = page.locator(`[data-review="${first!.id}"]`);
		const helpful = item.getByRole('button', { name: /^Helpful/ });
		await helpful.click();
		await expect.poll(() => helpful.innerText()).toBe(`Helpful (${first!.helpfulCount + 1})`);
		expect(await helpful.getAttribute('aria-pressed')).toBe('true');
		expect((await apiReviews(server, platform.id)).find((r) => r.id === first!.id)!.helpfulCount).toBe(
			first!.helpfulCount + 1,
		);
		// Nothing sticks out sideways on a phone.
		expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
	});

	it("lets the platform's representative reply, shows the response and the Claimed mark", async ({
		server,
		newPage,
	}) => {
		const platform = await busiestPlatform(server);
		const representative = await registerAccount(server, 'vendor');
		const editor = await editorClient(server);
		expect(
			(await editor.put(`/api/admin/users/${representative.id}/vendor`, { platformId: platform.id })).status,
		).toBe(200);
		const [first] = await apiReviews(server, platform.id);

		const { page } = await newPage({ as: representative });
		// The page is generated again after the change; until then it may still lack the mark.
		await expect
			.poll(async () => {
				await page.goto(`/platforms/${platform.id}`);
				return page.getByTestId('claimed-badge').count();
			})
			.toBe(1);
		await page.getByRole('heading', { name: 'User Reviews' }).scrollIntoViewIfNeeded();
		await hydrated(page);
		// Told why there is no rating form before writing anything (the API would refuse it).
		await expect
			.poll(() =>
				page
					.getByTestId('representative-note')
					.innerText()
					.catch(() => ''),
			)
			.toContain("A platform's representative cannot rate or review the platform they represent.");
		expect(await page.getByRole('button', { name: /^(Submit|Update) Rating$/ }).count()).toBe(0);
		const item = page.locator(`[data-review="${first!.id}"]`);
		await item.getByRole('button', { name: 'Reply' }).click();
		await item.getByLabel(`Response from ${platform.name}`).fill('Thanks for the kind words.');
		await item.getByRole('button', { name: 'Post reply' }).click();
		await expectToast(page, 'Reply posted');
		const reply = item.getByTestId('review-reply');
		await reply.waitFor();
		expect(await reply.innerText()).toContain(`Response from ${platform.name}`);
		expect(await reply.innerText()).toContain('Thanks for the kind words.');

		// Another reader sees it, without the buttons.
		const other = await newPage({ as: 'user' });
		await other.page.goto(`/platforms/${platform.id}`);
		await other.page.getByRole('heading', { name: 'User Reviews' }).scrollIntoViewIfNeeded();
		await hydrated(other.page);
		const seen = other.page.locator(`[data-review="${first!.id}"]`).getByTestId('review-reply');
		await expect.poll(() => seen.innerText().catch(() => '')).toContain('Thanks for the kind words.');
		expect(await seen.getByRole('button').count()).toBe(0);

		// The representative deletes it.
		await reply.getByRole('button', { name: 'Delete reply' }).click();
		await expectToast(page, 'Reply removed');
		await expect.poll(() => item.getByTestId('review-reply').count()).toBe(0);
		await editor.put(`/api/admin/users/${representative.id}/vendor`, { platformId: null });
	});
});

describe('Users tab: representatives', () => {
	it('shows the platform a user represents and changes it only on Apply, after a confirmation', async ({
		server,
		browser,
	}) => {
		const platform = (await apiPlatforms(server))[0]!;
		const account = await registerAccount(server, 'rep');
		const { page, context } = await openDashboard(browser, server, 'users');
		await page.getByLabel('Search users').fill(account.username);
		const row = page.getByTestId('user-row').filter({ hasText: account.username });
		await expect.poll(() => row.count()).toBe(1);
		const select = row.getByLabel(`Platform ${account.username} represents`);
		expect(await select.inputValue()).toBe('');

		// Arrowing through the select chooses only; nothing is granted until Apply is confirmed.
		await select.focus();
		await page.keyboard.press('ArrowDown');
		expect(await select.inputValue()).not.toBe('');
		expect(await page.evaluate(() => document.activeElement?.id)).toBe(`vendor-${account.id}`);
		await select.selectOption(String(platform.id));
		await page.keyboard.press('Tab');
		await page.keyboard.press('Enter');
		const dialog = page.getByRole('dialog', { name: 'Set Representative' });
		await dialog.waitFor();
		expect(await dialog.innerText()).toContain(
			`Make ${account.username} the representative of ${platform.name}?`,
		);
		expect(
			(await getJson(context, `/api/admin/users?search=${account.username}`)).body.users[0].vendorPlatformId,
		).toBeNull();
		await dialog.getByRole('button', { name: 'Set Representative' }).click();
		await expectToast(
			page,
			'Representative set',
			`${account.username} now answers reviews of ${platform.name}.`,
		);
		await expect.poll(() => row.innerText()).toContain(`Representative of ${platform.name}`);
		const { body } = await getJson(context, `/api/admin/users?search=${account.username}`);
		expect(body.users[0].vendorPlatformId).toBe(platform.id);

		// Cancel keeps the representative and shows the stored choice again after a reload.
		await select.selectOption('');
		await row.getByRole('button', { name: `Apply the representation of ${account.username}` }).click();
		await page
			.getByRole('dialog', { name: 'Remove Representative' })
			.getByRole('button', { name: 'Cancel' })
			.click();
		expect(
			(await getJson(context, `/api/admin/users?search=${account.username}`)).body.users[0].vendorPlatformId,
		).toBe(platform.id);

		await row.getByRole('button', { name: `Apply the representation of ${account.username}` }).click();
		await page
			.getByRole('dialog', { name: 'Remove Representative' })
			.getByRole('button', { name: 'Remove Representative' })
			.click();
		await expectToast(page, 'Representative removed');
		await expect.poll(() => row.innerText()).not.toContain('Representative of');
		expect(
			(await getJson(context, `/api/admin/users?search=${account.username}`)).body.users[0].vendorPlatformId,
		).toBeNull();
	});
});
