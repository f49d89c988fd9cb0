/**
 * A platform page in a browser: the static details and JSON-LD, the not-found screen, the
 * sign-in prompts of an anonymous visitor, and a signed-in user rating, commenting and voting,
 * with the numbers on screen compared to the API. Banned users are refused clearly.
 */
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_ACCOUNTS } from '../../scripts/seed/users';
import { signInAs } from '../support/browser';
import { Client } from '../support/http';
import { browserTest, type NewPage } from '../support/browser-test';
import type { TestServer } from '../support/server';
import {
	apiPlatform,
	apiPlatforms,
	cardNames,
	hydrated,
	oneDecimal,
	registerAccount,
	toast,
	type ApiPlatform,
} from '../support/platform-helpers';

const it = browserTest({ seed: true, ready: (server) => server.siteIdle() });

type Comment = {
	id: number;
	comment: string;
	helpfulVotes: number;
	unhelpfulVotes: number;
	status: string;
};

async function apiComments(server: TestServer, platformId: number): Promise<Comment[]> {
	return (await (await fetch(`${server.url}/api/platforms/${platformId}/comments`)).json()) as Comment[];
}

/** Opens a platform page, scrolls the community island into view and waits for it to hydrate. */
async function openPlatform(
	newPage: NewPage,
	id: number,
	signIn?: { email: string; password: string },
): Promise<{ page: Page; context: BrowserContext }> {
	const { page, context } = await newPage();
	if (signIn) await signInAs(context, signIn.email, signIn.password);
	await page.goto(`/platforms/${id}`);
	await page.getByRole('heading', { name: 'Comments' }).scrollIntoViewIfNeeded();
	await hydrated(page);
	return { page, context };
}

/** A platform with at least one approved comment (the seed has several). */
async function platformWithComments(
	server: TestServer,
): Promise<{ platform: ApiPlatform; comments: Comment[] }> {
	for (const platform of await apiPlatforms(server)) {
		const comments = await apiComments(server, platform.id);
		if (comments.length > 0) return { platform, comments };
	}
	throw new Error('the seed has no approved comments');
}

function commentItem(page: Page, id: number) {
	return page.locator(`[data-comment="${id}"]`);
}

describe('static details', () => {
	it('shows the platform, its stats and a website link that opens in a new tab', async ({
		server,
		newPage,
	}) => {
		const platform = (await apiPlatforms(server)).find(
			(candidate) => candidate.isRecommended && candidate.websiteUrl,
		)!;
		const { page } = await newPage();
		await page.goto(`/platforms/${platform.id}`);
		expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(platform.name);
		const header = page.locator('header', { has: page.getByRole('heading', { level: 1 }) });
		expect(await header.getByText('Recommended', { exact: true }).count()).toBe(1);
		expect(
			await header.getByRole('img', { name: `Rated ${oneDecimal(platform.rating)} out of 5` }).count(),
		).toBe(1);
		const website = page.getByRole('link', { name: /Visit Website/ });
		expect(await website.getAttribute('href')).toBe(platform.websiteUrl);
		expect(await website.getAttribute('target')).toBe('_blank');
		expect(await website.getAttribute('rel')).toBe('noopener noreferrer');

		const main = await page.locator('main').innerText();
		for (const text of [
			platform.description,
			platform.pricing,
			...platform.features,
			...platform.pros,
			...platform.cons,
		]) {
			expect(main).toContain(text);
		}
		const stats = page.locator('aside', {
			has: page.getByRole('heading', { name: 'Platform Stats' }),
		});
		const statsText = await stats.innerText();
		expect(statsText).toMatch(new RegExp(`Category\\s+${platform.category}`));
		expect(statsText).toMatch(new RegExp(`Total Reviews\\s+${platform.reviewCount}`));
		expect(statsText).toMatch(new RegExp(`Average Rating\\s+${oneDecimal(platform.rating)}`));
	});

	it('draws half stars: a 4.5 shows four full stars and a half', async ({ server, newPage }) => {
		const platform = (await apiPlatforms(server)).find(
			(candidate) => Math.round(candidate.rating * 2) % 2 === 1,
		)!;
		expect(platform).toBeDefined();
		const { page } = await newPage();
		await page.goto(`/platforms/${platform.id}`);
		const fills = await page
			.locator('header [data-star-rating] [data-star]')
			.evaluateAll((stars) => stars.map((star) => (star as HTMLElement).dataset.fill));
		const full = Math.floor(Math.round(platform.rating * 2) / 2);
		expect(fills).toEqual([...Array(full).fill('full'), 'half', ...Array(4 - full).fill('empty')]);
	});

	it('describes the platform as a schema.org Product with its rating and up to 5 reviews, < escaped', async ({
		server,
	}) => {
		const platform = (await apiPlatforms(server)).find((candidate) => candidate.reviewCount > 0)!;
		const reviewer = await registerAccount(server, 'jsonld');
		const client = new Client(server.url);
		await client.login(reviewer.email, reviewer.password);
		const sneaky = 'Great </script><script>alert(1)</script> tool';
		expect(
			(await client.post(`/api/platforms/${platform.id}/ratings`, { rating: 4, review: sneaky })).status,
		).toBe(201);
		await server.siteIdle();

		const html = await (await fetch(`${server.url}/platforms/${platform.id}`)).text();
		const match = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/);
		expect(match).not.toBeNull();
		expect(match![1]).not.toContain('<');
		const data = JSON.parse(match![1]!);
		const fresh = await apiPlatform(server, platform.id);
		expect(data['@type']).toBe('Product');
		expect(data.name).toBe(platform.name);
		expect(data.aggregateRating).toMatchObject({
			'@type': 'AggregateRating',
			ratingValue: fresh.rating,
			reviewCount: fresh.reviewCount,
		});
		expect(data.review.length).toBe(Math.min(5, fresh.reviewCount));
		expect(data.review[0]).toMatchObject({
			'@type': 'Review',
			reviewBody: sneaky,
			author: { name: reviewer.username },
		});
	});

	it('leaves the Product data out while a platform has no reviews (Google needs a rating)', async ({
		server,
		newPage,
	}) => {
		const editor = new Client(server.url);
		await editor.login(DEMO_ACCOUNTS.editor.email, DEMO_ACCOUNTS.editor.password);
		const created = await editor.post('/api/admin/platforms', {
			name: 'Unrated Test Platform',
			category: 'Display',
			description: 'Nobody has rated this one yet.',
			pricing: 'Free',
		});
		expect(created.status).toBe(201);
		await server.siteIdle();
		const html = await (await fetch(`${server.url}/platforms/${created.body.id}`)).text();
		expect(html).toContain('<h1');
		// Only the BreadcrumbList block (tests/api/breadcrumbs.test.ts), no Product.
		expect(html).not.toContain('"@type":"Product"');
		expect(html).toContain('"@type":"BreadcrumbList"');

		const { page } = await openPlatform(newPage, created.body.id);
		await page.getByText('No reviews yet. Be the first to review!').waitFor();
		await page.getByText('No comments yet. Start the conversation!').waitFor();
		expect(await page.locator('header img').getAttribute('src')).toBe('/api/placeholder/60/40');
	});

	it('swaps in the placeholder when the logo fails to load', async ({ server, newPage }) => {
		const platform = (await apiPlatforms(server)).find((candidate) => candidate.logo !== null)!;
		const editor = new Client(server.url);
		await editor.login(DEMO_ACCOUNTS.editor.email, DEMO_ACCOUNTS.editor.password);
		const form = (logo: string | null) => ({
			name: platform.name,
			category: platform.category,
			description: platform.description,
			pricing: platform.pricing,
			logo,
			websiteUrl: platform.websiteUrl,
			features: platform.features,
			pros: platform.pros,
			cons: platform.cons,
			isRecommended: platform.isRecommended,
			sortOrder: platform.sortOrder,
		});
		// An editor saves a logo URL that does not load; the page is regenerated with it.
		expect(
			(await editor.put(`/api/admin/platforms/${platform.id}`, form('/images/logos/does-not-exist.svg')))
				.status,
		).toBe(200);
		try {
			await server.siteIdle();
			const { page } = await newPage();
			await page.goto(`/platforms/${platform.id}`);
			const logo = page.getByRole('img', { name: `${platform.name} logo` });
			await expect.poll(() => logo.getAttribute('src')).toBe('/api/placeholder/60/40');
			await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(60);
		} finally {
			await editor.put(`/api/admin/platforms/${platform.id}`, form(platform.logo));
			await server.siteIdle();
		}
	});

	it('answers 404 with "Platform not found" and a way back', async ({ server, newPage }) => {
		const response = await fetch(`${server.url}/platforms/99999`);
		expect(response.status).toBe(404);
		const { page } = await newPage();
		const answer = await page.goto('/platforms/99999');
		expect(answer!.status()).toBe(404);
		expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Platform not found');
		await page.getByRole('link', { name: 'Back to Platforms' }).click();
		await page.waitForURL(`${server.url}/platforms`);
	});
});

describe('an anonymous visitor', () => {
	it('is asked to sign in to rate, comment and vote, and nothing is sent', async ({ server, newPage }) => {
		const { platform, comments } = await platformWithComments(server);
		const { page } = await openPlatform(newPage, platform.id);
		const requests: string[] = [];
		page.on('request', (request) => {
			if (request.method() === 'POST') requests.push(request.url());
		});

		await page.getByRole('button', { name: 'Submit Rating' }).click();
		await expect.poll(() => toast(page).innerText()).toContain('Authentication required');
		expect(await toast(page).innerText()).toContain('Please sign in to rate platforms');
		expect(await page.getByRole('link', { name: 'Sign in to rate this platform' }).getAttribute('href')).toBe(
			`/auth?next=${encodeURIComponent(`/platforms/${platform.slug}`)}`,
		);

		await page.getByLabel('Add a comment').fill('Hello there');
		await page.getByRole('button', { name: 'Post Comment' }).click();
		await expect.poll(() => toast(page).innerText()).toContain('Please sign in to comment');

		const first = comments[0]!;
		await commentItem(page, first.id)
			.getByRole('button', { name: `Helpful (${first.helpfulVotes})` })
			.click();
		await expect.poll(() => toast(page).innerText()).toContain('Please sign in to vote on comments');
		expect(requests).toEqual([]);
		expect((await apiPlatform(server, platform.id)).reviewCount).toBe(platform.reviewCount);
	});
});

describe('the sign-in prompts', () => {
	// They were added once the island started, pushing Submit Rating down by their height: on a
	// busy machine a click aimed at the button landed on what slid into its place (CI saw it).
	it('are in the page before its island starts, so no button moves under the pointer', async ({
		server,
		newPage,
	}) => {
		const platform = (await apiPlatforms(server))[0]!;
		const { page } = await newPage();
		await page.goto(`/platforms/${platform.id}`);
		const community = page.locator('astro-island', { has: page.getByRole('heading', { name: 'Comments' }) });
		expect(await community.getAttribute('ssr')).not.toBeNull();
		expect(await page.getByRole('link', { name: 'Sign in to rate this platform' }).count()).toBe(1);
		expect(await page.getByRole('link', { name: 'Sign in to comment' }).count()).toBe(1);
		const submit = page.getByRole('button', { name: 'Submit Rating' });
		const post = page.getByRole('button', { name: 'Post Comment' });
		await submit.scrollIntoViewIfNeeded();
		const before = { submit: await submit.boundingBox(), post: await post.boundingBox() };
		await hydrated(page);
		// The island has run and knows the reader is signed out once a click asks them to sign in.
		await submit.click();
		await expect.poll(() => toast(page).innerText()).toContain('Please sign in to rate platforms');
		expect({ submit: await submit.boundingBox(), post: await post.boundingBox() }).toEqual(before);
	});

	it("leave a signed-in reader's page as it loads, before any action", async ({ newPage, server }) => {
		const platform = (await apiPlatforms(server))[0]!;
		const { page, context } = await newPage();
		await signInAs(context, DEMO_ACCOUNTS.user.email, DEMO_ACCOUNTS.user.password);
		await page.goto(`/platforms/${platform.id}`);
		await expect.poll(() => page.getByRole('link', { name: /^Sign in to / }).count()).toBe(0);
	});
});

describe('a visitor who signs up to rate', () => {
	it('finds the review and stars chosen before signing up, and sends them', async ({ server, newPage }) => {
		const platform = (await apiPlatforms(server))[1]!;
		const { page } = await openPlatform(newPage, platform.id);
		const text = 'Strong self-serve tools; onboarding took two weeks.';
		await page.getByLabel('Review (optional)').fill(text);
		const stars = (count: number) =>
			page.getByRole('group', { name: 'Your rating' }).getByRole('radio', { name: `${count} stars` });
		await stars(3).check();
		await page.getByRole('link', { name: 'Sign in to rate this platform' }).click();
		await page.waitForURL((url) => url.pathname === '/auth');
		await hydrated(page);

		await page.getByRole('tab', { name: 'Sign Up', exact: true }).click();
		const stamp = Date.now() % 1000000;
		await page.getByLabel('Email').fill(`drafter${stamp}@example.com`);
		await page.getByLabel('Username').fill(`drafter_${stamp}`);
		await page.getByLabel('Password', { exact: true }).fill('drafter-pass-1');
		await page.getByLabel('Confirm Password').fill('drafter-pass-1');
		await page.getByRole('button', { name: 'Create Account' }).click();
		await page.waitForURL(`${server.url}/platforms/${platform.slug}`);

		await page.getByRole('heading', { name: 'Comments' }).scrollIntoViewIfNeeded();
		await hydrated(page);
		const review = page.getByLabel('Review (optional)');
		await expect.poll(() => review.inputValue()).toBe(text);
		expect(await stars(3).isChecked()).toBe(true);

		await page.getByRole('button', { name: 'Submit Rating' }).click();
		await expect.poll(() => toast(page).innerText()).toContain('Rating submitted');
		// Sent: the draft is gone, and the page shows the stored rating from now on.
		expect(
			await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.includes('draft'))),
		).toEqual([]);
		await page.reload();
		await page.getByRole('heading', { name: 'Comments' }).scrollIntoViewIfNeeded();
		await hydrated(page);
		await expect.poll(() => review.inputValue()).toBe(text);
		expect(await page.getByRole('button', { name: 'Update Rating' }).count()).toBe(1);
	});
});

describe('a signed-in user', () => {
	it('rates and reviews: the review appears and every average and count updates at once', async ({
		server,
		newPage,
	}) => {
		// The platform with the fewest reviews moves most, so the rating sort visibly changes.
		const platforms = await apiPlatforms(server);
		const target = [...platforms].sort((a, b) => a.reviewCount - b.reviewCount || b.rating - a.rating)[0]!;
		const { page } = await openPlatform(newPage, target.id, DEMO_ACCOUNTS.user);
		await page.getByRole('radio', { name: '1 star', exact: true }).check();
		await page.getByLabel('Review (optional)').fill('  Not for us: too few retailers.  ');
		await page.getByRole('button', { name: 'Submit Rating' }).click();
		await expect.poll(() => toast(page).innerText()).toContain('Rating submitted');

		const fresh = await apiPlatform(server, target.id);
		expect(fresh.reviewCount).toBe(target.reviewCount + 1);
		const review = page.getByRole('list', { name: 'User reviews' }).getByRole('listitem').first();
		expect(await review.innerText()).toContain(DEMO_ACCOUNTS.user.username);
		expect(await review.innerText()).toContain('Not for us: too few retailers.');
		expect(await review.getByRole('img', { name: 'Rated 1.0 out of 5' }).count()).toBe(1);
		// The demo user's address is verified (isVerified in the ratings' JSON): the mark shows.
		expect(await review.getByTestId('review-verified').innerText()).toBe('✓ Verified email');

		const label = `Rated ${oneDecimal(fresh.rating)} out of 5`;
		await expect
			.poll(() => page.getByTestId('reviews-summary').innerText())
			.toContain(`${oneDecimal(fresh.rating)} average`);
		expect(await page.getByTestId('reviews-summary').innerText()).toContain(`${fresh.reviewCount} review`);
		const header = page.locator('header', { has: page.getByRole('heading', { level: 1 }) });
		expect(await header.innerText()).toContain(`${oneDecimal(fresh.rating)}`);
		expect(await header.innerText()).toContain(`(${fresh.reviewCount} review`);
		expect(await header.getByRole('img', { name: label }).count()).toBe(1);
		const stats = await page.locator('aside').innerText();
		expect(stats).toMatch(new RegExp(`Total Reviews\\s+${fresh.reviewCount}`));
		expect(stats).toMatch(new RegExp(`Average Rating\\s+${oneDecimal(fresh.rating)}`));

		// The form now edits the user's rating instead of adding a second one.
		expect(await page.getByRole('button', { name: 'Update Rating' }).count()).toBe(1);

		// The listing, sorted by rating, reflects the new average straight away.
		const ranked = await apiPlatforms(server, 'sortBy=rating&sortOrder=asc');
		const listing = (await newPage()).page;
		await listing.goto('/platforms?sortBy=rating&sortOrder=asc');
		await hydrated(listing);
		await expect.poll(() => cardNames(listing)).toEqual(ranked.slice(0, 6).map((platform) => platform.name));
		const card = listing.locator(`[data-platform-card="${target.id}"]`);
		expect(await card.innerText()).toContain(`(${fresh.reviewCount} review`);
	});

	it('posts a comment that shows as awaiting moderation; an empty one is not sent', async ({
		server,
		newPage,
	}) => {
		const account = await registerAccount(server, 'commenter');
		const { platform } = await platformWithComments(server);
		const { page } = await openPlatform(newPage, platform.id, account);
		let posts = 0;
		page.on('request', (request) => {
			if (request.method() === 'POST' && request.url().endsWith('/comments')) posts += 1;
		});
		await page.getByLabel('Add a comment').fill('   ');
		await page.getByRole('button', { name: 'Post Comment' }).click();
		await page.getByText('Please write a comment before posting.').waitFor();
		expect(posts).toBe(0);

		await page.getByLabel('Add a comment').fill('  Does it support offsite video?  ');
		await page.getByRole('button', { name: 'Post Comment' }).click();
		await expect.poll(() => toast(page).innerText()).toContain('Your comment is awaiting moderation.');
		const mine = page.getByRole('list', { name: 'Comments' }).getByRole('listitem').first();
		expect(await mine.innerText()).toContain('Does it support offsite video?');
		expect(await mine.innerText()).toContain('Awaiting moderation');
		expect(await mine.innerText()).toContain(account.username);
		expect(await page.getByLabel('Add a comment').inputValue()).toBe('');
		const stored = await server.db
			.select()
			.from(server.tables.platformComments)
			.where(eq(server.tables.platformComments.userId, account.id));
		expect(stored.map((row) => [row.comment, row.status])).toEqual([
			['Does it support offsite video?', 'pending'],
		]);

		// Still there, still pending, after a reload; other visitors do not see it.
		await page.reload();
		await page.getByRole('heading', { name: 'Comments' }).scrollIntoViewIfNeeded();
		await page.getByText('Awaiting moderation').waitFor();
		expect(
			(await apiComments(server, platform.id)).some((comment) => comment.comment.includes('offsite video')),
		).toBe(false);
	});

	it('votes helpful, changes to not helpful, then takes the vote back', async ({ server, newPage }) => {
		const account = await registerAccount(server, 'voter');
		const { platform, comments } = await platformWithComments(server);
		const target = comments[0]!;
		const { page } = await openPlatform(newPage, platform.id, account);
		const item = commentItem(page, target.id);
		const helpful = item.getByRole('button', { name: /^Helpful/ });
		const unhelpful = item.getByRole('button', { name: /^Not helpful/ });
		await expect.poll(() => helpful.innerText()).toBe(`Helpful (${target.helpfulVotes})`);
		expect(await helpful.getAttribute('aria-pressed')).toBe('false');

		await helpful.click();
		await expect.poll(() => helpful.innerText()).toBe(`Helpful (${target.helpfulVotes + 1})`);
		expect(await helpful.getAttribute('aria-pressed')).toBe('true');

		await unhelpful.click();
		await expect.poll(() => unhelpful.innerText()).toBe(`Not helpful (${target.unhelpfulVotes + 1})`);
		expect(await helpful.innerText()).toBe(`Helpful (${target.helpfulVotes})`);
		expect(await unhelpful.getAttribute('aria-pressed')).toBe('true');
		expect(await helpful.getAttribute('aria-pressed')).toBe('false');

		// The vote is remembered: a reload shows it pressed (GET /api/comments/{id}/vote).
		await page.reload();
		await page.getByRole('heading', { name: 'Comments' }).scrollIntoViewIfNeeded();
		await expect
			.poll(() =>
				commentItem(page, target.id)
					.getByRole('button', { name: /^Not helpful/ })
					.getAttribute('aria-pressed'),
			)
			.toBe('true');

		await commentItem(page, target.id)
			.getByRole('button', { name: /^Not helpful/ })
			.click();
		await expect
			.poll(() =>
				commentItem(page, target.id)
					.getByRole('button', { name: /^Not helpful/ })
					.innerText(),
			)
			.toBe(`Not helpful (${target.unhelpfulVotes})`);
		expect(await commentItem(page, target.id).locator('[aria-pressed="true"]').count()).toBe(0);
		const after = (await apiComments(server, platform.id)).find((comment) => comment.id === target.id)!;
		expect([after.helpfulVotes, after.unhelpfulVotes]).toEqual([target.helpfulVotes, target.unhelpfulVotes]);
	});
});

describe('banned users', () => {
	it('are refused at sign-in with the ban message', async ({ server }) => {
		const answer = await new Client(server.url).login('banned@example.com', 'community123');
		expect(answer.status).toBe(403);
		expect(answer.body.message).toMatch(/banned/i);
	});

	it('get a clear toast when banned while signed in, and the page asks them to sign in', async ({
		server,
		newPage,
	}) => {
		const account = await registerAccount(server, 'tobebanned');
		const { platform, comments } = await platformWithComments(server);
		const { page } = await openPlatform(newPage, platform.id, account);
		const helpful = commentItem(page, comments[0]!.id).getByRole('button', { name: /^Helpful/ });
		await helpful.waitFor();
		expect(await page.getByRole('link', { name: 'Sign in to comment' }).count()).toBe(0);

		await server.db
			.update(server.tables.users)
			.set({ isBanned: true })
			.where(eq(server.tables.users.id, account.id));
		await helpful.click();
		await expect.poll(() => toast(page).innerText()).toContain('Failed to record vote');
		expect(await toast(page).innerText()).toContain('Please sign in to vote on comments');
		await page.getByRole('link', { name: 'Sign in to comment' }).waitFor();
		expect(await helpful.getAttribute('aria-pressed')).toBe('false');
		expect(
			(await apiComments(server, platform.id)).find((comment) => comment.id === comments[0]!.id)!
				.helpfulVotes,
		).toBe(comments[0]!.helpfulVotes);
	});
});
