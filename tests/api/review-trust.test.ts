/**
 * Reviews buyers can trust and weigh: a platform's representative cannot rate it (or vote on its
 * reviews), and their earlier review is shown as affiliated and left out of the average; readers
 * report reviews, editors see the reports and dismiss them or remove the review; authors delete
 * their own; a banned author's reviews leave the numbers until the ban is lifted. Structured
 * reviews (pros, cons, sub-ratings, who the reviewer is), the reviewer filters, and the
 * platform's distribution and sub-score averages. Runs on the engine of TEST_DATABASE.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { TestClient, registerUser, startAccountServer, type Registered } from '../support/account-api';
import {
	createPlatform,
	expectedAverage,
	registerEditor,
	registerVerified,
} from '../support/platform-fixtures';

let server: TestServer;
let editor: Registered;
let anonymous: TestClient;

beforeAll(async () => {
	// Rows are read right after writes: answers uncached, so each read sees the last write.
	server = await startAccountServer({ env: { API_CACHE_TTL_MS: '0' } });
	editor = await registerEditor(server);
	anonymous = new TestClient(server.url);
});
afterAll(async () => {
	await server?.stop();
});

type Review = {
	id: number;
	rating: number;
	isAffiliated: boolean;
	user: { username: string };
	[key: string]: unknown;
};

async function rate(author: Registered, platformId: number, body: Record<string, unknown>) {
	return author.client.post(`/api/platforms/${platformId}/ratings`, body);
}

/** A platform with one review per star count, each by a new reader; returns them in order. */
async function platformWithReviews(stars: number[]) {
	const platform = await createPlatform(editor);
	const reviews: { id: number; author: Registered }[] = [];
	for (const rating of stars) {
		const author = await registerUser(server);
		const answer = await rate(author, platform.id, { rating, review: `${rating} stars` });
		expect(answer.status, JSON.stringify(answer.body)).toBe(201);
		reviews.push({ id: answer.body.rating.id, author });
	}
	return { platform, reviews };
}

async function listed(platformId: number, query = ''): Promise<Review[]> {
	const answer = await anonymous.get(`/api/platforms/${platformId}/ratings${query}`);
	expect(answer.status, JSON.stringify(answer.body)).toBe(200);
	return answer.body;
}

async function numbers(platformId: number) {
	const answer = await anonymous.get(`/api/platforms/${platformId}`);
	expect(answer.status).toBe(200);
	return answer.body as {
		rating: number;
		reviewCount: number;
		ratingDistribution: Record<string, number>;
		subRatingAverages: Record<string, number | null>;
		subRatingCounts: Record<string, number | null>;
	};
}

async function makeRepresentative(user: Registered, platformId: number | null) {
	const answer = await editor.client.put(`/api/admin/users/${user.id}/vendor`, { platformId });
	expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** The reviewCount the generated platform page shows in its stats card. */
async function pageReviewCount(platformId: number): Promise<number> {
	await server.siteIdle();
	const html = await (await fetch(`${server.url}/platforms/${platformId}`)).text();
	const match = html.match(/data-summary-field="reviewCount"[^>]*>(\d+)</);
	expect(match, 'the stats card').toBeTruthy();
	return Number(match![1]);
}

describe('representatives and their own platform', () => {
	it('refuses a representative who rates the platform they represent (403 with a sentence)', async () => {
		const platform = await createPlatform(editor);
		const other = await createPlatform(editor);
		const representative = await registerUser(server);
		await makeRepresentative(representative, platform.id);
		const refused = await rate(representative, platform.id, { rating: 5, review: 'We are the best' });
		expect(refused.status).toBe(403);
		expect(refused.body.message).toBe(
			"A platform's representative cannot rate or review the platform they represent.",
		);
		expect((await numbers(platform.id)).reviewCount).toBe(0);
		// Another platform is theirs to review like anyone's.
		expect((await rate(representative, other.id, { rating: 4 })).status).toBe(201);
	});

	it('refuses their helpful votes on that platform’s reviews', async () => {
		const { platform, reviews } = await platformWithReviews([4]);
		const representative = await registerUser(server);
		const { users } = server.tables;
		await server.db.update(users).set({ emailVerified: true }).where(eq(users.id, representative.id));
		await makeRepresentative(representative, platform.id);
		const vote = await representative.client.post(`/api/ratings/${reviews[0]!.id}/vote`, {
			voteType: 'helpful',
		});
		expect(vote.status).toBe(403);
		expect(vote.body.message).toMatch(/representative/);
	});

	it('marks a review written before they became the representative as affiliated, out of the average', async () => {
		const { platform, reviews } = await platformWithReviews([2, 4]);
		const author = reviews[0]!.author;
		expect(await numbers(platform.id)).toMatchObject({ rating: 3, reviewCount: 2 });

		await makeRepresentative(author, platform.id);
		const list = await listed(platform.id);
		expect(list.find((review) => review.id === reviews[0]!.id)?.isAffiliated).toBe(true);
		expect(list.find((review) => review.id === reviews[1]!.id)?.isAffiliated).toBe(false);
		expect(await numbers(platform.id)).toMatchObject({
			rating: 4,
			reviewCount: 1,
			ratingDistribution: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 0 },
		});

		// No longer the representative: the review counts again.
		await makeRepresentative(author, null);
		expect(await numbers(platform.id)).toMatchObject({ rating: 3, reviewCount: 2 });
	});
});

describe('reports and the editors’ Reviews tab', () => {
	it('takes a report once per reader and review (202, then 409), never of one’s own review', async () => {
		const { reviews } = await platformWithReviews([1]);
		const reader = await registerVerified(server);
		const path = `/api/ratings/${reviews[0]!.id}/report`;
		const first = await reader.client.post(path, { reason: 'Spam: a link to a competitor' });
		expect(first.status, JSON.stringify(first.body)).toBe(202);
		expect(first.body.message).toBeTypeOf('string');
		const again = await reader.client.post(path, { reason: 'Still spam' });
		expect(again.status).toBe(409);
		expect(again.body.message).toBe('You have already reported this review.');
		const own = await reviews[0]!.author.client.post(path, { reason: 'Mine' });
		expect(own.status).toBe(403);
		expect(own.body.message).toBe('You cannot report your own review.');
		const blank = await reader.client.post(path, { reason: '  ' });
		expect(blank.status).toBe(400);
		expect(blank.body.message).toBe('Please say why you are reporting this review.');
		expect((await anonymous.post(path, { reason: 'x' })).status).toBe(401);
		expect((await reader.client.post('/api/ratings/999999999/report', { reason: 'x' })).status).toBe(404);
	});

	it('takes reports only from a confirmed address (issue 42, I-3)', async () => {
		const { reviews } = await platformWithReviews([1]);
		const unconfirmed = await registerUser(server);
		const refused = await unconfirmed.client.post(`/api/ratings/${reviews[0]!.id}/report`, {
			reason: 'Spam',
		});
		expect(refused.status).toBe(403);
		expect(refused.body).toEqual({ message: 'Please confirm your email address before reporting reviews.' });
		const reported = await editor.client.get('/api/admin/ratings?reported=1&limit=100');
		expect(reported.body.reviews.map((review: { id: number }) => review.id)).not.toContain(reviews[0]!.id);
	});

	it('report -> the editor sees it with reasons and counts -> removal drops the count everywhere', async () => {
		const { platform, reviews } = await platformWithReviews([1, 5, 4]);
		const target = reviews[0]!.id;
		expect(await pageReviewCount(platform.id)).toBe(3);
		const readers = [await registerVerified(server), await registerVerified(server)];
		for (const [index, reader] of readers.entries()) {
			const answer = await reader.client.post(`/api/ratings/${target}/report`, { reason: `Reason ${index}` });
			expect(answer.status).toBe(202);
		}

		const reported = await editor.client.get('/api/admin/ratings?reported=1&limit=100');
		expect(reported.status).toBe(200);
		const entry = reported.body.reviews.find((review: { id: number }) => review.id === target);
		expect(entry).toMatchObject({
			reportCount: 2,
			platform: { id: platform.id, slug: platform.slug, name: platform.name },
			author: { username: reviews[0]!.author.username, isBanned: false },
		});
		expect(entry.reports.map((report: { reason: string }) => report.reason).sort()).toEqual([
			'Reason 0',
			'Reason 1',
		]);
		expect(
			reported.body.reviews.some((review: { id: number }) => review.id === reviews[1]!.id),
			'an unreported review is not in the reported list',
		).toBe(false);
		// The tab also searches every review.
		const searched = await editor.client.get(
			`/api/admin/ratings?search=${encodeURIComponent(reviews[1]!.author.username)}`,
		);
		expect(searched.body.reviews.map((review: { id: number }) => review.id)).toEqual([reviews[1]!.id]);

		// Readers and anonymous visitors may not see the tab or remove reviews.
		expect((await readers[0]!.client.get('/api/admin/ratings')).status).toBe(403);
		expect((await readers[0]!.client.delete(`/api/admin/ratings/${target}`)).status).toBe(403);

		const removed = await editor.client.delete(`/api/admin/ratings/${target}`);
		expect(removed.status).toBe(200);
		expect((await listed(platform.id)).map((review) => review.id)).not.toContain(target);
		expect(await numbers(platform.id)).toMatchObject({ rating: expectedAverage([5, 4]), reviewCount: 2 });
		expect(await pageReviewCount(platform.id)).toBe(2);
		const compare = (await anonymous.get('/api/platforms?limit=100')).body.find(
			(item: { id: number }) => item.id === platform.id,
		);
		expect(compare).toMatchObject({ rating: 4.5, reviewCount: 2 });
		expect((await editor.client.delete(`/api/admin/ratings/${target}`)).status).toBe(404);
	});

	it('dismisses a review’s reports: it leaves the reported list and the review stays', async () => {
		const { platform, reviews } = await platformWithReviews([2]);
		const reader = await registerVerified(server);
		await reader.client.post(`/api/ratings/${reviews[0]!.id}/report`, { reason: 'Rude' });
		const dismissed = await editor.client.delete(`/api/admin/ratings/${reviews[0]!.id}/reports`);
		expect(dismissed.status).toBe(200);
		expect(dismissed.body).toEqual({ dismissed: 1 });
		const reported = await editor.client.get('/api/admin/ratings?reported=1&limit=100');
		expect(reported.body.reviews.map((review: { id: number }) => review.id)).not.toContain(reviews[0]!.id);
		expect((await numbers(platform.id)).reviewCount).toBe(1);
		// The same reader cannot report it again after a dismissal.
		expect(
			(await reader.client.post(`/api/ratings/${reviews[0]!.id}/report`, { reason: 'Rude' })).status,
		).toBe(409);
	});
});

describe('authors delete their own review', () => {
	it('deletes it (204) and the numbers follow; anyone else gets 403', async () => {
		const { platform, reviews } = await platformWithReviews([1, 5]);
		const stranger = await registerUser(server);
		const refused = await stranger.client.delete(`/api/ratings/${reviews[0]!.id}`);
		expect(refused.status).toBe(403);
		expect(refused.body.message).toBe('You can delete only your own review.');
		expect((await anonymous.delete(`/api/ratings/${reviews[0]!.id}`)).status).toBe(401);

		expect(await numbers(platform.id)).toMatchObject({
			ratingDistribution: { 1: 1, 2: 0, 3: 0, 4: 0, 5: 1 },
		});
		expect((await reviews[0]!.author.client.delete(`/api/ratings/${reviews[0]!.id}`)).status).toBe(204);
		expect(await numbers(platform.id)).toMatchObject({
			rating: 5,
			reviewCount: 1,
			ratingDistribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 1 },
		});
		expect((await listed(platform.id)).map((review) => review.id)).toEqual([reviews[1]!.id]);
		expect((await reviews[0]!.author.client.delete(`/api/ratings/${reviews[0]!.id}`)).status).toBe(404);
		// They may rate again afterwards.
		expect((await rate(reviews[0]!.author, platform.id, { rating: 3 })).status).toBe(201);
	});
});

describe('banned authors', () => {
	it('hides their reviews and takes them out of the average; unbanning brings them back', async () => {
		const { platform, reviews } = await platformWithReviews([1, 5]);
		const author = reviews[0]!.author;
		expect((await editor.client.put(`/api/admin/users/${author.id}/ban`)).status).toBe(200);
		expect((await listed(platform.id)).map((review) => review.id)).toEqual([reviews[1]!.id]);
		expect(await numbers(platform.id)).toMatchObject({
			rating: 5,
			reviewCount: 1,
			ratingDistribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 1 },
		});
		expect(await pageReviewCount(platform.id)).toBe(1);
		const total = async () =>
			(await anonymous.get(`/api/platforms/${platform.id}/ratings`)).headers.get('x-total-count');
		expect(await total()).toBe('1');
		// Hidden reviews take no votes or reports.
		const reader = await registerUser(server);
		expect((await reader.client.post(`/api/ratings/${reviews[0]!.id}/report`, { reason: 'x' })).status).toBe(
			404,
		);
		// Editors still find it in the Reviews tab, marked banned.
		const all = await editor.client.get(`/api/admin/ratings?search=${encodeURIComponent(author.username)}`);
		expect(all.body.reviews[0]).toMatchObject({ id: reviews[0]!.id, author: { isBanned: true } });

		expect((await editor.client.put(`/api/admin/users/${author.id}/unban`)).status).toBe(200);
		expect((await listed(platform.id)).map((review) => review.id).sort()).toEqual(
			reviews.map((review) => review.id).sort(),
		);
		expect(await numbers(platform.id)).toMatchObject({
			rating: 3,
			reviewCount: 2,
			ratingDistribution: { 1: 1, 2: 0, 3: 0, 4: 0, 5: 1 },
		});
		expect(await total()).toBe('2');
	});
});

describe('structured reviews', () => {
	const structured = {
		rating: 4,
		review: 'Solid self-serve tools.',
		pros: 'Fast reporting',
		cons: 'Pricey minimums',
		subRatings: { easeOfUse: 5, support: 3, measurement: 4, valueForMoney: 2 },
		reviewerRole: 'agency',
		companySize: '51-200',
		industry: 'grocery',
	};

	it('stores pros, cons, sub-ratings and who the reviewer is, and lists them', async () => {
		const platform = await createPlatform(editor);
		const author = await registerUser(server);
		const answer = await rate(author, platform.id, structured);
		expect(answer.status, JSON.stringify(answer.body)).toBe(201);
		const { rating: _stars, ...parts } = structured;
		expect(answer.body.rating).toMatchObject({ ...parts, rating: 4, isAffiliated: false });
		expect((await listed(platform.id))[0]).toMatchObject(parts);

		// A rating without the parts answers them empty.
		const plain = await rate(await registerUser(server), platform.id, { rating: 2 });
		expect(plain.body.rating).toMatchObject({
			pros: null,
			cons: null,
			subRatings: { easeOfUse: null, support: null, measurement: null, valueForMoney: null },
			reviewerRole: null,
			companySize: null,
			industry: null,
		});
		const { subRatingAverages, subRatingCounts, ratingDistribution, reviewCount } = await numbers(
			platform.id,
		);
		expect(subRatingAverages).toEqual({ easeOfUse: 5, support: 3, measurement: 4, valueForMoney: 2 });
		expect(subRatingCounts).toEqual({ easeOfUse: 1, support: 1, measurement: 1, valueForMoney: 1 });
		expect(ratingDistribution).toEqual({ 1: 0, 2: 1, 3: 0, 4: 1, 5: 0 });
		expect(Object.values(ratingDistribution).reduce((a, b) => a + b, 0)).toBe(reviewCount);

		// Rated again: the kept figures follow the change.
		const changed = await rate(author, platform.id, {
			...structured,
			rating: 5,
			subRatings: { easeOfUse: 2 },
		});
		expect(changed.status).toBe(200);
		expect(await numbers(platform.id)).toMatchObject({
			ratingDistribution: { 1: 0, 2: 1, 3: 0, 4: 0, 5: 1 },
			subRatingAverages: { easeOfUse: 2, support: null, measurement: null, valueForMoney: null },
			// Each average says how many reviews it is of.
			subRatingCounts: { easeOfUse: 1, support: 0, measurement: 0, valueForMoney: 0 },
		});
	});

	it('answers null averages on an unrated platform, and a distribution of zeros', async () => {
		const platform = await createPlatform(editor);
		expect(await numbers(platform.id)).toMatchObject({
			reviewCount: 0,
			ratingDistribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
			subRatingAverages: { easeOfUse: null, support: null, measurement: null, valueForMoney: null },
		});
	});

	it.each([
		[{ reviewerRole: 'ceo' }, 'Reviewer role must be one of: brand, agency, retailer, ad-ops, data, other.'],
		[{ companySize: '10' }, 'Company size must be one of: 1-50, 51-200, 201-1000, 1001-5000, 5001+.'],
		[
			{ industry: 'cars' },
			'Industry must be one of: grocery, beauty, electronics, apparel, pharmacy, home, other.',
		],
		[{ subRatings: { support: 6 } }, 'Support must be a whole number from 1 to 5.'],
		[{ subRatings: { easeOfUse: 2.5 } }, 'Ease of use must be a whole number from 1 to 5.'],
		[{ subRatings: { speed: 3 } }, undefined],
		[{ subRatings: 'great' }, undefined],
		[{ pros: 5 }, 'Pros must be text.'],
	])('refuses %j with 400 and a sentence', async (extra, message) => {
		const platform = await createPlatform(editor);
		const answer = await rate(await registerUser(server), platform.id, { rating: 4, ...extra });
		expect(answer.status).toBe(400);
		expect(answer.body.message).toBeTypeOf('string');
		if (message) expect(answer.body.message).toContain(message);
	});
});

describe('reviewer filters', () => {
	it('filters by role, company size and industry, combined with stars and sort', async () => {
		const platform = await createPlatform(editor);
		const rows = [
			{ rating: 5, reviewerRole: 'agency', companySize: '51-200', industry: 'grocery' },
			{ rating: 3, reviewerRole: 'agency', companySize: '5001+', industry: 'beauty' },
			{ rating: 4, reviewerRole: 'brand', companySize: '51-200', industry: 'grocery' },
			{ rating: 2 },
		];
		const ids: number[] = [];
		for (const row of rows)
			ids.push((await rate(await registerUser(server), platform.id, row)).body.rating.id);
		const [agencySmall, agencyLarge, brand] = ids;
		const idsOf = async (query: string) => (await listed(platform.id, query)).map((review) => review.id);
		expect(await idsOf('?reviewerRole=agency')).toEqual([agencyLarge, agencySmall]);
		expect(await idsOf('?reviewerRole=agency&sort=highest')).toEqual([agencySmall, agencyLarge]);
		expect(await idsOf('?companySize=51-200')).toEqual([brand, agencySmall]);
		expect(await idsOf('?companySize=51-200&industry=grocery&reviewerRole=brand')).toEqual([brand]);
		expect(await idsOf('?reviewerRole=agency&stars=3')).toEqual([agencyLarge]);
		expect(await idsOf('?industry=pharmacy')).toEqual([]);
		expect(await idsOf('?industry=&reviewerRole=')).toHaveLength(4);
	});

	it.each([
		['?reviewerRole=ceo', 'Reviewer role must be one of'],
		['?companySize=huge', 'Company size must be one of'],
		['?industry=cars', 'Industry must be one of'],
	])('answers 400 for %s', async (query, message) => {
		const platform = await createPlatform(editor);
		const answer = await anonymous.get(`/api/platforms/${platform.id}/ratings${query}`);
		expect(answer.status).toBe(400);
		expect(answer.body.message).toContain(message);
	});
});
