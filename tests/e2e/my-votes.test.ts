/**
 * The reader's own votes on a platform page in a browser: one lookup for every review and comment
 * (not one per item), and a vote cast before that lookup answers stays shown when the lookup,
 * read before the vote, arrives with the older state.
 */
import { eq } from 'drizzle-orm';
import type { Page, Request, Route } from 'playwright-core';
import { describe, expect } from 'vitest';
import { DEMO_ACCOUNTS } from '../../scripts/seed/users';
import type { PlatformComment, PlatformRating } from '@/lib/community-answers';
import { browserTest } from '../support/browser-test';
import { Client } from '../support/http';
import type { TestServer } from '../support/server';
import { apiPlatforms, hydrated, registerAccount } from '../support/platform-helpers';

const it = browserTest({ seed: true, ready: (server) => server.siteIdle() });

/** Any request for the reader's own votes: the page's one lookup, or a per-item one. */
const VOTE_LOOKUP = /\/api\/(?:platforms\/\d+\/my-votes|ratings\/\d+\/vote|comments\/\d+\/vote)$/;
const isLookup = (request: Request) => request.method() === 'GET' && VOTE_LOOKUP.test(request.url());

async function read<T>(server: TestServer, path: string): Promise<T> {
	const response = await fetch(`${server.url}${path}`);
	expect(response.status).toBe(200);
	return (await response.json()) as T;
}

/**
 * The seeded platform with the most reviews, with two more approved comments, and a signed-in
 * reader whose address is confirmed (review votes need it).
 */
async function busyPage(server: TestServer) {
	const platforms = await apiPlatforms(server);
	const platform = platforms.reduce((best, item) => (item.reviewCount > best.reviewCount ? item : best));
	const editor = new Client(server.url);
	expect((await editor.login(DEMO_ACCOUNTS.editor.email, DEMO_ACCOUNTS.editor.password)).status).toBe(200);
	for (const text of ['First take on the self-serve tools.', 'Second take on the reporting.']) {
		const author = await registerAccount(server, 'commenter');
		const client = new Client(server.url);
		expect((await client.login(author.email, author.password)).status).toBe(200);
		const posted = await client.post(`/api/platforms/${platform.id}/comments`, { comment: text });
		expect(posted.status).toBe(201);
		const id = (posted.body as { id: number }).id;
		expect((await editor.patch(`/api/admin/comments/${id}/moderate`, { status: 'approved' })).status).toBe(
			200,
		);
	}
	const voter = await registerAccount(server, 'voter');
	const { users } = server.tables;
	await server.db.update(users).set({ emailVerified: true }).where(eq(users.id, voter.id));
	const reviews = await read<PlatformRating[]>(server, `/api/platforms/${platform.id}/ratings`);
	const comments = await read<PlatformComment[]>(server, `/api/platforms/${platform.id}/comments`);
	expect(reviews.length).toBeGreaterThanOrEqual(2);
	expect(comments.length).toBeGreaterThanOrEqual(2);
	return { platform, voter, reviews, comments };
}

async function openCommunity(page: Page, platformId: number) {
	await page.goto(`/platforms/${platformId}`);
	await page.getByRole('heading', { name: 'Comments' }).scrollIntoViewIfNeeded();
	await hydrated(page);
}

describe('the reader’s votes on a platform page', () => {
	it('are read with one request for all reviews and comments', async ({ server, newPage }) => {
		const { platform, voter, comments } = await busyPage(server);
		const { page } = await newPage({ as: voter });
		const lookups: string[] = [];
		page.on('request', (request) => {
			if (isLookup(request)) lookups.push(request.url());
		});
		await openCommunity(page, platform.id);
		await page.locator(`[data-comment="${comments[0]!.id}"]`).waitFor();
		await expect.poll(() => lookups.length).toBeGreaterThan(0);
		await page.waitForLoadState('networkidle');
		expect(lookups).toEqual([`${server.url}/api/platforms/${platform.id}/my-votes`]);
	});

	it('keep a vote cast before the lookup answered, though the lookup was read before it', async ({
		server,
		newPage,
	}) => {
		const { platform, voter, reviews, comments } = await busyPage(server);
		const review = reviews.find((item) => item.user.username !== voter.username)!;
		const comment = comments[0]!;
		const { page } = await newPage({ as: voter });
		// Each lookup is read by the server at once (before the votes below), but its answer is
		// held back until both votes are recorded.
		let release!: () => void;
		const released = new Promise<void>((resolve) => {
			release = resolve;
		});
		const held: Promise<void>[] = [];
		await page.route(VOTE_LOOKUP, async (route: Route) => {
			if (route.request().method() !== 'GET') return route.fallback();
			const answered = (async () => {
				const response = await route.fetch();
				await released;
				await route.fulfill({ response });
			})();
			held.push(answered);
			await answered;
		});
		await openCommunity(page, platform.id);
		await expect.poll(() => held.length).toBeGreaterThan(0);

		const reviewItem = page.locator(`[data-review="${review.id}"]`);
		const reviewHelpful = reviewItem.getByRole('button', { name: /^Helpful/ });
		await reviewHelpful.click();
		await expect.poll(() => reviewHelpful.getAttribute('aria-pressed')).toBe('true');
		const commentItem = page.locator(`[data-comment="${comment.id}"]`);
		const commentHelpful = commentItem.getByRole('button', { name: /^Helpful/ });
		await commentHelpful.click();
		await expect.poll(() => commentHelpful.getAttribute('aria-pressed')).toBe('true');

		release();
		await Promise.all(held);
		await page.waitForLoadState('networkidle');
		expect(await reviewHelpful.getAttribute('aria-pressed')).toBe('true');
		expect(await reviewHelpful.innerText()).toBe(`Helpful (${review.helpfulCount + 1})`);
		expect(await commentHelpful.getAttribute('aria-pressed')).toBe('true');
		expect(await commentHelpful.innerText()).toBe(`Helpful (${comment.helpfulVotes + 1})`);
	});
});
