/**
 * Reviews as buyers compare them: sorted and filtered listings with helpful counts, helpful
 * votes on reviews (one per user, changeable, never the author's, only from confirmed addresses,
 * never the platform's representative's, exact under concurrency),
 * platform representatives set by editors, and their replies (one per review, editable,
 * removable; anyone else 403). Every endpoint per role: anonymous, user, banned, editor.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tables, TestServer } from '../support/server';
import { TestClient, registerUser, startAccountServer, type Registered } from '../support/account-api';
import { createPlatform, registerBanned, registerEditor } from '../support/platform-fixtures';

let server: TestServer;
let editor: Registered;
let anonymous: TestClient;
let reviewVotes: Tables['reviewVotes'];

beforeAll(async () => {
	// Rows are read right after writes: answers uncached, so each read sees the last write.
	server = await startAccountServer({ env: { API_CACHE_TTL_MS: '0' } });
	({ reviewVotes } = server.tables);
	editor = await registerEditor(server);
	await confirmAddress(editor);
	anonymous = new TestClient(server.url);
});
afterAll(async () => {
	await server?.stop();
});

type Review = {
	id: number;
	rating: number;
	review: string | null;
	user: { username: string };
	helpfulCount: number;
	unhelpfulCount: number;
	isVerified: boolean;
	source: string;
	incentivized: boolean;
	reply: { content: string; createdAt: string; updatedAt: string } | null;
};

/** A platform with one review by each given star count, oldest first; returns the reviews. */
async function platformWithReviews(stars: number[]) {
	const platform = await createPlatform(editor);
	const reviews: { id: number; author: Registered; stars: number }[] = [];
	for (const [index, rating] of stars.entries()) {
		const author = await registerUser(server);
		const answer = await author.client.post(`/api/platforms/${platform.id}/ratings`, {
			rating,
			review: `Review ${index + 1}`,
		});
		expect(answer.status).toBe(201);
		reviews.push({ id: answer.body.rating.id, author, stars: rating });
	}
	return { platform, reviews };
}

async function listed(platformId: number, query = ''): Promise<Review[]> {
	const answer = await anonymous.get(`/api/platforms/${platformId}/ratings${query}`);
	expect(answer.status, JSON.stringify(answer.body)).toBe(200);
	return answer.body;
}

/** Marks the account's address confirmed, as its verification link would. */
async function confirmAddress(user: Registered): Promise<Registered> {
	const { users } = server.tables;
	await server.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
	return user;
}

/** A signed-in reader whose address is confirmed: review votes need it. */
async function registerVoter(): Promise<Registered> {
	return confirmAddress(await registerUser(server));
}

async function voteRows(ratingId: number) {
	return await server.db.select().from(reviewVotes).where(eq(reviewVotes.ratingId, ratingId));
}

describe('GET /api/platforms/{id}/ratings: sort and stars', () => {
	it('lists newest first by default, each review with its counts, verified mark and reply', async () => {
		const { platform, reviews } = await platformWithReviews([3, 5, 1]);
		const list = await listed(platform.id);
		expect(list.map((r) => r.id)).toEqual(reviews.map((r) => r.id).reverse());
		expect(list[0]).toMatchObject({ helpfulCount: 0, unhelpfulCount: 0, reply: null, isVerified: false });
		expect(await listed(platform.id, '?sort=newest')).toEqual(list);
		// A blank value means not given.
		expect(await listed(platform.id, '?sort=&stars=')).toEqual(list);
	});

	it('sorts by highest and lowest rating, newest first among equals', async () => {
		const { platform, reviews } = await platformWithReviews([3, 5, 1, 5]);
		const [three, fiveOld, one, fiveNew] = reviews.map((r) => r.id);
		expect((await listed(platform.id, '?sort=highest')).map((r) => r.id)).toEqual([
			fiveNew,
			fiveOld,
			three,
			one,
		]);
		expect((await listed(platform.id, '?sort=lowest')).map((r) => r.id)).toEqual([
			one,
			three,
			fiveNew,
			fiveOld,
		]);
	});

	it('sorts by helpful votes, and filters by stars', async () => {
		const { platform, reviews } = await platformWithReviews([4, 4, 2]);
		const [first, second, third] = reviews;
		const voters = await Promise.all([registerVoter(), registerVoter()]);
		for (const voter of voters) {
			expect(
				(await voter.client.post(`/api/ratings/${first!.id}/vote`, { voteType: 'helpful' })).status,
			).toBe(200);
		}
		await voters[0]!.client.post(`/api/ratings/${third!.id}/vote`, { voteType: 'helpful' });
		await voters[1]!.client.post(`/api/ratings/${third!.id}/vote`, { voteType: 'unhelpful' });

		const helpful = await listed(platform.id, '?sort=helpful');
		expect(helpful.map((r) => r.id)).toEqual([first!.id, third!.id, second!.id]);
		expect(helpful.map((r) => [r.helpfulCount, r.unhelpfulCount])).toEqual([
			[2, 0],
			[1, 1],
			[0, 0],
		]);

		expect((await listed(platform.id, '?stars=4')).map((r) => r.id)).toEqual([second!.id, first!.id]);
		expect((await listed(platform.id, '?stars=4&sort=helpful')).map((r) => r.id)).toEqual([
			first!.id,
			second!.id,
		]);
		expect(await listed(platform.id, '?stars=5')).toEqual([]);
	});

	it('answers a page at a time (limit, offset) with how many match in X-Total-Count', async () => {
		const { platform, reviews } = await platformWithReviews([5, 4, 5, 3, 5]);
		const newest = reviews.map((r) => r.id).reverse();
		const page = async (query: string) => {
			const answer = await anonymous.get(`/api/platforms/${platform.id}/ratings${query}`);
			expect(answer.status, JSON.stringify(answer.body)).toBe(200);
			return { ids: (answer.body as Review[]).map((r) => r.id), total: answer.headers.get('x-total-count') };
		};
		expect(await page('')).toEqual({ ids: newest, total: '5' });
		expect(await page('?limit=2')).toEqual({ ids: newest.slice(0, 2), total: '5' });
		expect(await page('?limit=2&offset=2')).toEqual({ ids: newest.slice(2, 4), total: '5' });
		expect(await page('?limit=2&offset=4')).toEqual({ ids: newest.slice(4), total: '5' });
		expect(await page('?offset=9')).toEqual({ ids: [], total: '5' });
		// The total counts the filtered list, not the page.
		expect(await page('?stars=5&limit=1&offset=1')).toEqual({ ids: [newest[2]], total: '3' });
	});

	it('answers the first 20 reviews when no limit is given', async () => {
		const { platform, reviews } = await platformWithReviews(Array.from({ length: 21 }, () => 4));
		const answer = await anonymous.get(`/api/platforms/${platform.id}/ratings`);
		expect((answer.body as Review[]).map((r) => r.id)).toEqual(
			reviews
				.map((r) => r.id)
				.reverse()
				.slice(0, 20),
		);
		expect(answer.headers.get('x-total-count')).toBe('21');
	});

	it.each([
		['?limit=0', 'The limit must be a whole number from 1 to 100.'],
		['?limit=101', 'The limit must be a whole number from 1 to 100.'],
		['?offset=-1', 'The offset must be a whole number from 0 to 1000.'],
		['?offset=1001', 'The offset must be a whole number from 0 to 1000.'],
		['?sort=best', "The sort must be 'helpful', 'newest', 'highest' or 'lowest'."],
		['?sort=NEWEST', "The sort must be 'helpful', 'newest', 'highest' or 'lowest'."],
		['?stars=0', 'Stars must be a whole number from 1 to 5.'],
		['?stars=6', 'Stars must be a whole number from 1 to 5.'],
		['?stars=4.5', 'Stars must be a whole number from 1 to 5.'],
		['?stars=five', 'Stars must be a whole number from 1 to 5.'],
	])('answers 400 with a sentence for %s', async (query, message) => {
		const platform = await createPlatform(editor);
		const answer = await anonymous.get(`/api/platforms/${platform.id}/ratings${query}`);
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ message });
	});

	it('answers 404 for an unknown platform', async () => {
		expect((await anonymous.get('/api/platforms/999999/ratings?sort=helpful')).status).toBe(404);
	});
});

describe('POST and GET /api/ratings/{id}/vote', () => {
	it('records one vote per user, changeable and taken back by the same vote again', async () => {
		const { platform, reviews } = await platformWithReviews([5]);
		const ratingId = reviews[0]!.id;
		const voter = await registerVoter();
		const path = `/api/ratings/${ratingId}/vote`;

		expect((await voter.client.get(path)).body).toEqual({ voteType: null });
		let answer = await voter.client.post(path, { voteType: 'helpful' });
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({ voteType: 'helpful', helpfulCount: 1, unhelpfulCount: 0 });
		expect((await voter.client.get(path)).body).toEqual({ voteType: 'helpful' });

		answer = await voter.client.post(path, { voteType: 'unhelpful' });
		expect(answer.body).toEqual({ voteType: 'unhelpful', helpfulCount: 0, unhelpfulCount: 1 });
		expect(await voteRows(ratingId)).toHaveLength(1);

		answer = await voter.client.post(path, { voteType: 'unhelpful' });
		expect(answer.body).toEqual({ voteType: null, helpfulCount: 0, unhelpfulCount: 0 });
		expect(await voteRows(ratingId)).toHaveLength(0);
		expect((await listed(platform.id))[0]).toMatchObject({ helpfulCount: 0, unhelpfulCount: 0 });
	});

	it("refuses the review's author with 403, and votes by an editor count", async () => {
		const { reviews } = await platformWithReviews([2]);
		const { id, author } = reviews[0]!;
		const own = await author.client.post(`/api/ratings/${id}/vote`, { voteType: 'helpful' });
		expect(own.status).toBe(403);
		expect(own.body).toEqual({ message: 'You cannot vote on your own review.' });
		const byEditor = await editor.client.post(`/api/ratings/${id}/vote`, { voteType: 'helpful' });
		expect(byEditor.status).toBe(200);
		expect(byEditor.body.helpfulCount).toBe(1);
	});

	it('refuses an account whose address is not confirmed (403), until it is', async () => {
		const { reviews } = await platformWithReviews([4]);
		const path = `/api/ratings/${reviews[0]!.id}/vote`;
		const unconfirmed = await registerUser(server);
		const refused = await unconfirmed.client.post(path, { voteType: 'helpful' });
		expect(refused.status).toBe(403);
		expect(refused.body).toEqual({ message: 'Please confirm your email address before voting on reviews.' });
		expect(await voteRows(reviews[0]!.id)).toHaveLength(0);
		// Reading one's own vote stays open (it is none).
		expect((await unconfirmed.client.get(path)).body).toEqual({ voteType: null });
		await confirmAddress(unconfirmed);
		expect((await unconfirmed.client.post(path, { voteType: 'helpful' })).status).toBe(200);
	});

	it("refuses an unconfirmed editor like anyone, and a platform's representative on that platform's reviews", async () => {
		const { platform, reviews } = await platformWithReviews([3]);
		const path = `/api/ratings/${reviews[0]!.id}/vote`;
		const unconfirmedEditor = await registerEditor(server);
		expect((await unconfirmedEditor.client.post(path, { voteType: 'helpful' })).status).toBe(403);

		const representative = await registerVoter();
		const claimed = await editor.client.put(`/api/admin/users/${representative.id}/vendor`, {
			platformId: platform.id,
		});
		expect(claimed.status).toBe(200);
		for (const voteType of ['helpful', 'unhelpful']) {
			const own = await representative.client.post(path, { voteType });
			expect(own.status).toBe(403);
			expect(own.body).toEqual({
				message: "A platform's representative cannot vote on reviews of that platform.",
			});
		}
		expect(await voteRows(reviews[0]!.id)).toHaveLength(0);
		// On another platform's reviews they vote as any reader.
		const elsewhere = await platformWithReviews([5]);
		const other = await representative.client.post(`/api/ratings/${elsewhere.reviews[0]!.id}/vote`, {
			voteType: 'helpful',
		});
		expect(other.status).toBe(200);
		expect(other.body.helpfulCount).toBe(1);
	});

	it('asks anonymous visitors to sign in, and refuses banned users', async () => {
		const { reviews } = await platformWithReviews([4]);
		const path = `/api/ratings/${reviews[0]!.id}/vote`;
		for (const answer of [await anonymous.post(path, { voteType: 'helpful' }), await anonymous.get(path)]) {
			expect(answer.status).toBe(401);
			expect(answer.body).toEqual({ message: 'Please sign in to vote on reviews' });
		}
		// The session middleware drops a banned user's session: they meet the sign-in message.
		const banned = await registerBanned(server);
		expect((await banned.client.post(path, { voteType: 'helpful' })).status).toBe(401);
		expect(await voteRows(reviews[0]!.id)).toHaveLength(0);
	});

	it.each([
		[{}, "The vote must be 'helpful' or 'unhelpful'."],
		[{ voteType: 'love' }, "The vote must be 'helpful' or 'unhelpful'."],
		[{ voteType: 1 }, "The vote must be 'helpful' or 'unhelpful'."],
	])('answers 400 for the body %j', async (body, message) => {
		const { reviews } = await platformWithReviews([4]);
		const voter = await registerVoter();
		const answer = await voter.client.post(`/api/ratings/${reviews[0]!.id}/vote`, body);
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ message });
	});

	it('answers 404 for an unknown review', async () => {
		const voter = await registerVoter();
		expect((await voter.client.post('/api/ratings/999999/vote', { voteType: 'helpful' })).status).toBe(404);
		expect((await voter.client.get('/api/ratings/999999/vote')).status).toBe(404);
		expect((await voter.client.get('/api/ratings/abc/vote')).status).toBe(404);
	});

	it('keeps the counts exact when 24 users vote and change their votes at once', async () => {
		const { platform, reviews } = await platformWithReviews([5]);
		const ratingId = reviews[0]!.id;
		const path = `/api/ratings/${ratingId}/vote`;
		const voters = await Promise.all(Array.from({ length: 24 }, () => registerVoter()));
		const expectCounts = async (helpfulCount: number, unhelpfulCount: number) => {
			const rows = await voteRows(ratingId);
			expect({
				helpfulCount: rows.filter((row) => row.voteType === 'helpful').length,
				unhelpfulCount: rows.filter((row) => row.voteType === 'unhelpful').length,
			}).toEqual({ helpfulCount, unhelpfulCount });
			expect((await listed(platform.id))[0]).toMatchObject({ helpfulCount, unhelpfulCount });
		};

		let answers = await Promise.all(voters.map((v) => v.client.post(path, { voteType: 'helpful' })));
		expect(answers.every((a) => a.status === 200 && a.body.voteType === 'helpful')).toBe(true);
		// The last answer to commit saw every vote before it.
		expect(Math.max(...answers.map((a) => a.body.helpfulCount))).toBe(24);
		await expectCounts(24, 0);

		// 10 switch to unhelpful, 8 take their vote back, 6 leave it.
		answers = await Promise.all(
			voters.slice(0, 18).map((v, i) => v.client.post(path, { voteType: i < 10 ? 'unhelpful' : 'helpful' })),
		);
		expect(answers.map((a) => a.body.voteType)).toEqual([
			...Array(10).fill('unhelpful'),
			...Array(8).fill(null),
		]);
		await expectCounts(6, 10);

		// Each voter sends both kinds at once: the end state is unknown, but one row per user at most.
		await Promise.all(
			voters.flatMap((v) => [
				v.client.post(path, { voteType: 'helpful' }),
				v.client.post(path, { voteType: 'unhelpful' }),
			]),
		);
		const rows = await voteRows(ratingId);
		expect(new Set(rows.map((row) => row.userId)).size).toBe(rows.length);
		await expectCounts(
			rows.filter((row) => row.voteType === 'helpful').length,
			rows.filter((row) => row.voteType === 'unhelpful').length,
		);
	});
});

describe('PUT /api/admin/users/{id}/vendor', () => {
	it('makes a user the representative of one platform, moves them, and ends it', async () => {
		const [first, second] = [await createPlatform(editor), await createPlatform(editor)];
		const user = await registerUser(server);
		const path = `/api/admin/users/${user.id}/vendor`;
		expect((await anonymous.get(`/api/platforms/${first.id}`)).body.isClaimed).toBe(false);

		let answer = await editor.client.put(path, { platformId: first.id });
		expect(answer.status).toBe(200);
		expect(answer.body).toMatchObject({ id: user.id, vendorPlatformId: first.id });
		expect((await anonymous.get(`/api/platforms/${first.id}`)).body.isClaimed).toBe(true);
		expect((await user.client.get('/api/user')).body.vendorPlatformId).toBe(first.id);
		const users = await editor.client.get(`/api/admin/users?search=${user.username}`);
		expect(users.body.users[0]).toMatchObject({ id: user.id, vendorPlatformId: first.id });

		answer = await editor.client.put(path, { platformId: second.id });
		expect(answer.body.vendorPlatformId).toBe(second.id);
		expect((await anonymous.get(`/api/platforms/${first.id}`)).body.isClaimed).toBe(false);
		const listedPlatforms = (await anonymous.get('/api/platforms')).body as {
			id: number;
			isClaimed: boolean;
		}[];
		expect(listedPlatforms.find((p) => p.id === second.id)?.isClaimed).toBe(true);

		answer = await editor.client.put(path, { platformId: null });
		expect(answer.status).toBe(200);
		expect(answer.body.vendorPlatformId).toBeNull();
		expect((await anonymous.get(`/api/platforms/${second.id}`)).body.isClaimed).toBe(false);
	});

	it.each([
		[{}, 'Platform id must be a platform id or null.'],
		[{ platformId: 'one' }, 'Platform id must be a platform id or null.'],
		[{ platformId: 1.5 }, 'Platform id must be a platform id or null.'],
		[{ platformId: 0 }, 'Platform id must be a platform id or null.'],
		[{ platformId: 999999 }, 'Platform not found'],
	])('answers 400 for the body %j', async (body, message) => {
		const user = await registerUser(server);
		const answer = await editor.client.put(`/api/admin/users/${user.id}/vendor`, body);
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ message });
	});

	it('answers 404 for an unknown user, and refuses everyone but editors', async () => {
		const platform = await createPlatform(editor);
		expect(
			(await editor.client.put('/api/admin/users/999999/vendor', { platformId: platform.id })).status,
		).toBe(404);
		const target = await registerUser(server);
		const path = `/api/admin/users/${target.id}/vendor`;
		expect((await anonymous.put(path, { platformId: platform.id })).status).toBe(401);
		const user = await registerUser(server);
		const refused = await user.client.put(path, { platformId: platform.id });
		expect(refused.status).toBe(403);
		expect(refused.body).toEqual({ message: 'Access denied. Editor privileges required.' });
		const banned = await registerBanned(server);
		expect((await banned.client.put(path, { platformId: platform.id })).status).toBe(401);
		expect((await target.client.get('/api/user')).body.vendorPlatformId).toBeNull();
	});
});

describe('POST and DELETE /api/ratings/{id}/reply', () => {
	/** A platform with two reviews and a representative (signed in). */
	async function claimedPlatform() {
		const { platform, reviews } = await platformWithReviews([2, 5]);
		const representative = await registerUser(server);
		expect(
			(await editor.client.put(`/api/admin/users/${representative.id}/vendor`, { platformId: platform.id }))
				.status,
		).toBe(200);
		return { platform, reviews, representative };
	}

	it('lets the representative reply once per review, edit by posting again, and delete', async () => {
		const { platform, reviews, representative } = await claimedPlatform();
		const path = `/api/ratings/${reviews[0]!.id}/reply`;

		let answer = await representative.client.post(path, { content: '  Thanks, we fixed the export.  ' });
		expect(answer.status).toBe(201);
		expect(answer.body).toMatchObject({ content: 'Thanks, we fixed the export.' });
		let review = (await listed(platform.id)).find((r) => r.id === reviews[0]!.id)!;
		expect(review.reply).toMatchObject({ content: 'Thanks, we fixed the export.' });

		answer = await representative.client.post(path, { content: 'Fixed in version 2.' });
		expect(answer.status).toBe(200);
		expect(answer.body.content).toBe('Fixed in version 2.');
		review = (await listed(platform.id)).find((r) => r.id === reviews[0]!.id)!;
		expect(review.reply!.content).toBe('Fixed in version 2.');
		const { reviewReplies } = server.tables;
		expect(
			await server.db.select().from(reviewReplies).where(eq(reviewReplies.ratingId, reviews[0]!.id)),
		).toHaveLength(1);

		expect((await representative.client.delete(path)).status).toBe(204);
		expect((await listed(platform.id)).find((r) => r.id === reviews[0]!.id)!.reply).toBeNull();
		expect((await representative.client.delete(path)).status).toBe(404);
	});

	it("refuses a representative replying to another platform's review, and every other user", async () => {
		const { reviews } = await claimedPlatform();
		const other = await claimedPlatform();
		const path = `/api/ratings/${reviews[0]!.id}/reply`;
		const body = { content: 'We disagree.' };

		const foreign = await other.representative.client.post(path, body);
		expect(foreign.status).toBe(403);
		expect(foreign.body).toEqual({ message: "Only the platform's representative can reply to its reviews." });
		// The review's own author, a plain user and an editor are not the platform's team.
		for (const client of [reviews[0]!.author.client, (await registerUser(server)).client, editor.client]) {
			expect((await client.post(path, body)).status).toBe(403);
		}
		expect((await anonymous.post(path, body)).status).toBe(401);
		expect((await anonymous.post(path, body)).body).toEqual({
			message: 'Please sign in to reply to reviews',
		});
		const banned = await registerBanned(server);
		expect((await banned.client.post(path, body)).status).toBe(401);
	});

	it('refuses a representative replying to a review they wrote before (issue 42, I-2)', async () => {
		const { platform, reviews } = await platformWithReviews([4]);
		const author = reviews[0]!.author;
		expect(
			(await editor.client.put(`/api/admin/users/${author.id}/vendor`, { platformId: platform.id })).status,
		).toBe(200);
		const answer = await author.client.post(`/api/ratings/${reviews[0]!.id}/reply`, { content: 'We agree.' });
		expect(answer.status).toBe(403);
		expect(answer.body).toEqual({ message: 'You cannot reply to your own review.' });
		expect((await listed(platform.id)).find((r) => r.id === reviews[0]!.id)!.reply).toBeNull();
	});

	it('lets an editor remove a reply, and nobody else but the representative', async () => {
		const { reviews, representative } = await claimedPlatform();
		const other = await claimedPlatform();
		const path = `/api/ratings/${reviews[1]!.id}/reply`;
		expect((await representative.client.post(path, { content: 'Thank you!' })).status).toBe(201);

		for (const client of [other.representative.client, (await registerUser(server)).client]) {
			const refused = await client.delete(path);
			expect(refused.status).toBe(403);
			expect(refused.body).toEqual({
				message: "Only the platform's representative or an editor can remove this reply.",
			});
		}
		expect((await anonymous.delete(path)).status).toBe(401);
		expect((await (await registerBanned(server)).client.delete(path)).status).toBe(401);
		expect((await editor.client.delete(path)).status).toBe(204);
		expect((await editor.client.delete(path)).status).toBe(404);
	});

	it.each([
		['no content', {}, 'Reply cannot be empty.'],
		['blank content', { content: '   ' }, 'Reply cannot be empty.'],
		['a number', { content: 42 }, 'Reply cannot be empty.'],
		['5,001 characters', { content: 'x'.repeat(5001) }, 'Reply must be at most 5000 characters long.'],
	])('answers 400 for %s', async (_label, body, message) => {
		const { reviews, representative } = await claimedPlatform();
		const answer = await representative.client.post(`/api/ratings/${reviews[0]!.id}/reply`, body);
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ message });
	});

	it('answers 404 for an unknown review', async () => {
		const { representative } = await claimedPlatform();
		expect((await representative.client.post('/api/ratings/999999/reply', { content: 'Hi' })).status).toBe(
			404,
		);
		expect((await editor.client.delete('/api/ratings/999999/reply')).status).toBe(404);
	});
});

describe('source labels and the weighted score (issue 47)', () => {
	it('labels every review organic or vendor-invited and incentivized or not, and filters by both', async () => {
		const platform = await createPlatform(editor);
		const rate = async (body: Record<string, unknown>) => {
			const author = await registerUser(server);
			const answer = await author.client.post(`/api/platforms/${platform.id}/ratings`, body);
			expect(answer.status, JSON.stringify(answer.body)).toBe(201);
			return answer.body.rating as { id: number; source: string; incentivized: boolean };
		};
		const organic = await rate({ rating: 5 });
		const invited = await rate({ rating: 1 });
		// Invitations come with the representative's links; here the row is marked as one would be.
		const { platformRatings } = server.tables;
		await server.db
			.update(platformRatings)
			.set({ source: 'vendor-invited' })
			.where(eq(platformRatings.id, invited.id));
		const incentivized = await rate({ rating: 1, incentivized: true });
		expect(organic).toMatchObject({ source: 'organic', incentivized: false });
		expect(incentivized).toMatchObject({ source: 'organic', incentivized: true });

		const all = await listed(platform.id);
		expect(all.map((review) => [review.id, review.source, review.incentivized])).toEqual([
			[incentivized.id, 'organic', true],
			[invited.id, 'vendor-invited', false],
			[organic.id, 'organic', false],
		]);
		const ids = async (query: string) => (await listed(platform.id, query)).map((review) => review.id);
		expect(await ids('?source=vendor-invited')).toEqual([invited.id]);
		expect(await ids('?source=organic')).toEqual([incentivized.id, organic.id]);
		expect(await ids('?incentivized=true')).toEqual([incentivized.id]);
		expect(await ids('?incentivized=false&source=organic')).toEqual([organic.id]);
		const total = await anonymous.get(`/api/platforms/${platform.id}/ratings?incentivized=false`);
		expect(total.headers.get('x-total-count')).toBe('2');

		for (const query of ['?source=paid', '?incentivized=yes']) {
			const refused = await anonymous.get(`/api/platforms/${platform.id}/ratings${query}`);
			expect(refused.status).toBe(400);
			expect(refused.body.message).toMatch(
				/^(Source must be one of: organic, vendor-invited\.|Incentivized must be 'true' or 'false'\.)$/,
			);
		}
		const badBody = await (await registerUser(server)).client.post(`/api/platforms/${platform.id}/ratings`, {
			rating: 4,
			incentivized: 'yes',
		});
		expect(badBody.status).toBe(400);
		expect(badBody.body.message).toBe('Incentivized must be true or false.');
	});

	it('gives GET /api/platforms/{id} a score beside the rating: 5, 1 (invited), 1 (incentivized) score 3.0, rating 2.33', async () => {
		const { platform, reviews } = await platformWithReviews([5, 1]);
		const { platformRatings } = server.tables;
		await server.db
			.update(platformRatings)
			.set({ source: 'vendor-invited' })
			.where(eq(platformRatings.id, reviews[1]!.id));
		const last = await (await registerUser(server)).client.post(`/api/platforms/${platform.id}/ratings`, {
			rating: 1,
			incentivized: true,
		});
		expect(last.body.platform).toEqual({ rating: 2.33, score: 3, reviewCount: 3 });
		const detail = await anonymous.get(`/api/platforms/${platform.id}`);
		expect(detail.body).toMatchObject({ rating: 2.33, score: 3, reviewCount: 3 });
		const listing = await anonymous.get(`/api/platforms?search=${encodeURIComponent(platform.name)}`);
		expect(listing.body.find((item: { id: number }) => item.id === platform.id)).toMatchObject({ score: 3 });
	});
});
