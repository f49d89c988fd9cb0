/**
 * Ratings, comments and comment votes: who may post, the validation rules,
 * one rating and one vote per user, exact aggregates under concurrent requests, the pending
 * comment only its author sees, and the per-user rate limits.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { firstRow } from '@/server/db';
import type { Tables, TestServer } from '../support/server';
import { TestClient, registerUser, startAccountServer, type Registered } from '../support/account-api';
import {
	createPlatform,
	expectedAverage,
	registerBanned,
	registerEditor,
} from '../support/platform-fixtures';

let server: TestServer;
let editor: Registered;
let alice: Registered;
let bob: Registered;
let anonymous: TestClient;

beforeAll(async () => {
	// Some tests change rows behind the app's back (a moderation status, a deleted account), which
	// a shared cache sees only after API_CACHE_TTL_MS: these answers are read uncached.
	server = await startAccountServer({ env: { API_CACHE_TTL_MS: '0' } });
	({ platformRatings, platformComments, commentVotes, platforms } = server.tables);
	[editor, alice, bob] = await Promise.all([
		registerEditor(server),
		registerUser(server),
		registerUser(server),
	]);
	anonymous = new TestClient(server.url);
});
afterAll(async () => {
	await server?.stop();
});

// The tables of the server's engine, known once it runs.
let platformRatings: Tables['platformRatings'];
let platformComments: Tables['platformComments'];
let commentVotes: Tables['commentVotes'];
let platforms: Tables['platforms'];

async function ratingRows(platformId: number) {
	return await server.db.select().from(platformRatings).where(eq(platformRatings.platformId, platformId));
}

async function storedPlatform(platformId: number) {
	return (await firstRow(server.db.select().from(platforms).where(eq(platforms.id, platformId))))!;
}

async function setCommentStatus(commentId: number, status: 'pending' | 'approved' | 'rejected') {
	await server.db.update(platformComments).set({ status }).where(eq(platformComments.id, commentId));
}

async function voteRows(commentId: number) {
	return await server.db.select().from(commentVotes).where(eq(commentVotes.commentId, commentId));
}

/** The comment's stored counts next to the counts of its vote rows. */
async function countsAndRows(commentId: number) {
	const comment = (await firstRow(
		server.db.select().from(platformComments).where(eq(platformComments.id, commentId)),
	))!;
	const rows = await voteRows(commentId);
	return {
		stored: { helpfulVotes: comment.helpfulVotes, unhelpfulVotes: comment.unhelpfulVotes },
		fromRows: {
			helpfulVotes: rows.filter((row) => row.voteType === 'helpful').length,
			unhelpfulVotes: rows.filter((row) => row.voteType === 'unhelpful').length,
		},
	};
}

async function approvedComment(platformId: number, author: Registered, text = 'A helpful comment.') {
	const answer = await author.client.post(`/api/platforms/${platformId}/comments`, {
		comment: text,
	});
	expect(answer.status, JSON.stringify(answer.body)).toBe(201);
	await setCommentStatus(answer.body.id, 'approved');
	return answer.body as { id: number };
}

describe('ratings', () => {
	let platformId: number;
	beforeAll(async () => {
		platformId = (await createPlatform(editor)).id;
	});

	it('lists no ratings for a new platform, publicly', async () => {
		const answer = await anonymous.get(`/api/platforms/${platformId}/ratings`);
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual([]);
	});

	it('asks anonymous visitors to sign in (401) and stores nothing', async () => {
		const answer = await anonymous.post(`/api/platforms/${platformId}/ratings`, { rating: 5 });
		expect(answer.status).toBe(401);
		expect(answer.body).toEqual({ message: 'Please sign in to rate platforms' });
		expect(await ratingRows(platformId)).toHaveLength(0);
	});

	it('refuses a banned user: the session is dropped (401), and signing in says why (403)', async () => {
		const banned = await registerBanned(server);
		const answer = await banned.client.post(`/api/platforms/${platformId}/ratings`, { rating: 1 });
		expect(answer.status).toBe(401);
		expect(answer.body.message).toBe('Please sign in to rate platforms');
		expect(await ratingRows(platformId)).toHaveLength(0);
		const signIn = await banned.client.login(banned.email, banned.password);
		expect(signIn.status).toBe(403);
		expect(signIn.body.message).toMatch(/banned/i);
	});

	it('rates for a signed-in user (201), trimming the review, and updates the platform', async () => {
		const answer = await alice.client.post(`/api/platforms/${platformId}/ratings`, {
			rating: 4,
			review: '  Solid reporting.  ',
		});
		expect(answer.status).toBe(201);
		expect(Object.keys(answer.body).sort()).toEqual(['platform', 'rating']);
		expect(answer.body.rating).toMatchObject({
			rating: 4,
			review: 'Solid reporting.',
			user: { username: alice.username },
		});
		expect(Object.keys(answer.body.rating).sort()).toEqual([
			'companySize',
			'cons',
			'createdAt',
			'editedAt',
			'helpfulCount',
			'id',
			'incentivized',
			'industry',
			'isAffiliated',
			'isVerified',
			'pros',
			'rating',
			'reply',
			'review',
			'reviewerRole',
			'source',
			'subRatings',
			'unhelpfulCount',
			'user',
			'verifiedWorkEmail',
		]);
		expect(Number.isNaN(Date.parse(answer.body.rating.createdAt))).toBe(false);
		expect(answer.body.platform).toEqual({ rating: 4, score: 4, reviewCount: 1 });
		expect(await storedPlatform(platformId)).toMatchObject({ rating: 4, reviewCount: 1 });
	});

	it('defaults a missing rating to 5 and drops a blank review', async () => {
		const answer = await bob.client.post(`/api/platforms/${platformId}/ratings`, { review: '   ' });
		expect(answer.status).toBe(201);
		expect(answer.body.rating).toMatchObject({
			rating: 5,
			review: null,
			user: { username: bob.username },
		});
		expect(answer.body.platform).toEqual({ rating: 4.5, score: 4.5, reviewCount: 2 });
		const noBody = await (await registerUser(server)).client.post(`/api/platforms/${platformId}/ratings`);
		expect(noBody.status).toBe(201);
		expect(noBody.body.rating.rating).toBe(5);
		expect(noBody.body.platform).toMatchObject({ rating: expectedAverage([4, 5, 5]), reviewCount: 3 });
	});

	it.each([
		['0', 0],
		['6', 6],
		['2.5', 2.5],
		["'abc'", 'abc'],
		["'3' as text", '3'],
		['true', true],
	])('refuses rating %s with 400 and changes nothing', async (_label, rating) => {
		const before = await storedPlatform(platformId);
		const answer = await alice.client.post(`/api/platforms/${platformId}/ratings`, { rating });
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ message: 'Rating must be a whole number from 1 to 5.' });
		expect(await storedPlatform(platformId)).toMatchObject({
			rating: before.rating,
			reviewCount: before.reviewCount,
		});
		const mine = (await ratingRows(platformId)).find((row) => row.userId === alice.id);
		expect(mine?.rating).toBe(4);
	});

	it('refuses a review longer than 5000 characters', async () => {
		const answer = await alice.client.post(`/api/platforms/${platformId}/ratings`, {
			rating: 3,
			review: 'r'.repeat(5001),
		});
		expect(answer.status).toBe(400);
		expect(answer.body.message).toBe('Review must be at most 5000 characters long.');
	});

	it('strips NUL and bidirectional controls from a review, keeping line breaks', async () => {
		// A platform of its own, so the counts the next tests check stay as they are.
		const ownPlatform = (await createPlatform(editor)).id;
		const reviewer = await registerUser(server);
		const answer = await reviewer.client.post(`/api/platforms/${ownPlatform}/ratings`, {
			rating: 3,
			review: 'Good\u0000 tools.\nReport \u202Etxt.exe\u202C works.',
		});
		expect(answer.status).toBe(201);
		expect(answer.body.rating.review).toBe('Good tools.\nReport txt.exe works.');
		const stored = (await ratingRows(ownPlatform)).find((row) => row.userId === reviewer.id);
		expect(stored!.review).toBe('Good tools.\nReport txt.exe works.');
		// A review of nothing but controls is no review.
		const blank = await reviewer.client.post(`/api/platforms/${ownPlatform}/ratings`, {
			rating: 3,
			review: '\u202E\u0000',
		});
		expect(blank.status).toBe(200);
		expect(blank.body.rating.review).toBeNull();
	});

	it('rating again replaces the user’s rating (200): same count, new average, one row', async () => {
		const before = (await ratingRows(platformId)).find((row) => row.userId === alice.id)!;
		const answer = await alice.client.post(`/api/platforms/${platformId}/ratings`, {
			rating: 1,
			review: 'Changed my mind.',
		});
		expect(answer.status).toBe(200);
		expect(answer.body.rating).toMatchObject({
			id: before.id,
			rating: 1,
			review: 'Changed my mind.',
		});
		expect(answer.body.platform).toMatchObject({ rating: expectedAverage([1, 5, 5]), reviewCount: 3 });
		const mine = (await ratingRows(platformId)).filter((row) => row.userId === alice.id);
		expect(mine).toHaveLength(1);
		expect(mine[0]!.createdAt.getTime()).toBe(before.createdAt.getTime());
		const platform = await anonymous.get(`/api/platforms/${platformId}`);
		expect(platform.body).toMatchObject({ rating: 3.67, reviewCount: 3 });
	});

	it('lets one user never change another user’s rating', async () => {
		const alicesBefore = (await ratingRows(platformId)).find((row) => row.userId === alice.id)!;
		const answer = await bob.client.post(`/api/platforms/${platformId}/ratings`, {
			rating: 2,
			review: 'Bob again.',
		});
		expect(answer.status).toBe(200);
		expect(answer.body.rating.user.username).toBe(bob.username);
		const alicesAfter = (await ratingRows(platformId)).find((row) => row.userId === alice.id)!;
		expect(alicesAfter).toEqual(alicesBefore);
		expect((await ratingRows(platformId)).filter((row) => row.userId === bob.id)).toHaveLength(1);
	});

	it('lists ratings newest first with the author’s username only', async () => {
		const answer = await anonymous.get(`/api/platforms/${platformId}/ratings`);
		expect(answer.status).toBe(200);
		expect(answer.body).toHaveLength(3);
		const times = answer.body.map((r: { createdAt: string }) => Date.parse(r.createdAt));
		expect([...times].sort((a, b) => b - a)).toEqual(times);
		expect(answer.body.at(-1)).toMatchObject({
			rating: 1,
			review: 'Changed my mind.',
			user: { username: alice.username },
		});
		for (const rating of answer.body) {
			expect(Object.keys(rating).sort()).toEqual([
				'companySize',
				'cons',
				'createdAt',
				'editedAt',
				'helpfulCount',
				'id',
				'incentivized',
				'industry',
				'isAffiliated',
				'isVerified',
				'pros',
				'rating',
				'reply',
				'review',
				'reviewerRole',
				'source',
				'subRatings',
				'unhelpfulCount',
				'user',
				'verifiedWorkEmail',
			]);
			expect(Object.keys(rating.user)).toEqual(['username']);
		}
	});

	it('answers 404 for a missing platform or a malformed id', async () => {
		for (const path of ['/api/platforms/999999/ratings', '/api/platforms/abc/ratings']) {
			const list = await anonymous.get(path);
			expect(list.status).toBe(404);
			const post = await alice.client.post(path, { rating: 3 });
			expect(post.status).toBe(404);
		}
		const missing = await alice.client.post('/api/platforms/999999/ratings', { rating: 3 });
		expect(missing.body).toEqual({ message: 'Platform not found' });
		expect(
			await server.db.select().from(platformRatings).where(eq(platformRatings.platformId, 999999)),
		).toHaveLength(0);
	});

	it('keeps reviewCount and the average exact when 30 users rate at once, and again when they all change', async () => {
		const target = (await createPlatform(editor)).id;
		const raters = await Promise.all(Array.from({ length: 30 }, () => registerUser(server)));
		const first = raters.map((_, i) => Math.min(5, (i % 4) + 2));
		const answers = await Promise.all(
			raters.map((rater, i) => rater.client.post(`/api/platforms/${target}/ratings`, { rating: first[i] })),
		);
		expect(answers.map((a) => a.status)).toEqual(Array(30).fill(201));
		let stored = await storedPlatform(target);
		expect(stored.reviewCount).toBe(30);
		expect(stored.rating).toBe(expectedAverage(first));
		expect(await ratingRows(target)).toHaveLength(30);

		const second = first.map((value, i) => (i % 2 === 0 ? 1 : value));
		const changes = await Promise.all(
			raters.map((rater, i) => rater.client.post(`/api/platforms/${target}/ratings`, { rating: second[i] })),
		);
		expect(changes.map((a) => a.status)).toEqual(Array(30).fill(200));
		stored = await storedPlatform(target);
		expect(stored.reviewCount).toBe(30);
		expect(stored.rating).toBe(expectedAverage(second));
		expect(stored.rating).not.toBe(expectedAverage(first));
		const listed = await anonymous.get(`/api/platforms/${target}`);
		expect(listed.body).toMatchObject({ rating: expectedAverage(second), reviewCount: 30 });
	});

	it('limits a user to 60 rating posts an hour (429)', async () => {
		const rater = await registerUser(server);
		for (let i = 0; i < 60; i += 1) {
			const answer = await rater.client.post(`/api/platforms/${platformId}/ratings`, {
				rating: (i % 5) + 1,
			});
			expect(answer.status).toBeLessThan(300);
		}
		const limited = await rater.client.post(`/api/platforms/${platformId}/ratings`, { rating: 5 });
		expect(limited.status).toBe(429);
		expect(limited.body.message).toMatch(/^Too many ratings\. Please try again in /);
		const row = (await ratingRows(platformId)).find((r) => r.userId === rater.id);
		expect(row?.rating).toBe(5); // the 60th post (i = 59) was a 5, the refused one changed nothing
		// Other users are not affected.
		const other = await registerUser(server);
		expect((await other.client.post(`/api/platforms/${platformId}/ratings`, { rating: 3 })).status).toBe(201);
	});
});

describe('comments', () => {
	let platformId: number;
	beforeAll(async () => {
		platformId = (await createPlatform(editor)).id;
	});

	it('lists no comments for a new platform, publicly', async () => {
		const answer = await anonymous.get(`/api/platforms/${platformId}/comments`);
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual([]);
	});

	it('asks anonymous visitors to sign in (401) and stores nothing', async () => {
		const answer = await anonymous.post(`/api/platforms/${platformId}/comments`, { comment: 'Hi' });
		expect(answer.status).toBe(401);
		expect(answer.body).toEqual({ message: 'Please sign in to comment' });
		const banned = await registerBanned(server);
		const asBanned = await banned.client.post(`/api/platforms/${platformId}/comments`, {
			comment: 'Hi',
		});
		expect(asBanned.status).toBe(401);
		expect(asBanned.body.message).toBe('Please sign in to comment');
		expect(
			await server.db.select().from(platformComments).where(eq(platformComments.platformId, platformId)),
		).toHaveLength(0);
	});

	it.each([
		['empty', { comment: '' }, 'Comment cannot be empty.'],
		['whitespace', { comment: ' \n\t ' }, 'Comment cannot be empty.'],
		['missing', {}, 'Comment cannot be empty.'],
		['not text', { comment: 42 }, 'Comment cannot be empty.'],
		['too long', { comment: 'c'.repeat(5001) }, 'Comment must be at most 5000 characters long.'],
	])('refuses an %s comment with 400', async (_label, body, message) => {
		const answer = await alice.client.post(`/api/platforms/${platformId}/comments`, body);
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ message });
	});

	let pendingId: number;

	it('adds a trimmed comment as pending (201)', async () => {
		const answer = await alice.client.post(`/api/platforms/${platformId}/comments`, {
			comment: '  Great support team.  ',
		});
		expect(answer.status).toBe(201);
		expect(answer.body).toMatchObject({
			platformId,
			comment: 'Great support team.',
			status: 'pending',
			user: { username: alice.username },
			helpfulVotes: 0,
			unhelpfulVotes: 0,
		});
		expect(Object.keys(answer.body).sort()).toEqual([
			'comment',
			'createdAt',
			'helpfulVotes',
			'id',
			'platformId',
			'status',
			'unhelpfulVotes',
			'user',
		]);
		pendingId = answer.body.id;
		const row = await firstRow(
			server.db.select().from(platformComments).where(eq(platformComments.id, pendingId)),
		);
		expect(row).toMatchObject({
			status: 'pending',
			userId: alice.id,
			comment: 'Great support team.',
		});
	});

	it('strips NUL and bidirectional controls from a comment, and refuses one made of nothing else', async () => {
		const writer = await registerUser(server);
		const answer = await writer.client.post(`/api/platforms/${platformId}/comments`, {
			comment: 'Safe\u0000 text \u202Egnp.exe\u202C and \u2066isolated\u2069\u0007.',
		});
		expect(answer.status).toBe(201);
		expect(answer.body.comment).toBe('Safe text gnp.exe and isolated.');
		const row = await firstRow(
			server.db.select().from(platformComments).where(eq(platformComments.id, answer.body.id)),
		);
		expect(row!.comment).toBe('Safe text gnp.exe and isolated.');
		const empty = await writer.client.post(`/api/platforms/${platformId}/comments`, {
			comment: '\u202E\u0000 \u2067',
		});
		expect(empty.status).toBe(400);
		expect(empty.body).toEqual({ message: 'Comment cannot be empty.' });
	});

	it('shows a pending comment to its author only, in their own call; the public list holds none', async () => {
		const mine = await alice.client.get(`/api/platforms/${platformId}/my-votes`);
		expect(mine.body.pendingComments.map((c: { id: number; status: string }) => [c.id, c.status])).toEqual([
			[pendingId, 'pending'],
		]);
		expect((await bob.client.get(`/api/platforms/${platformId}/my-votes`)).body.pendingComments).toEqual([]);
		expect((await alice.client.get(`/api/platforms/${platformId}/comments`)).body).toEqual([]);
		expect((await bob.client.get(`/api/platforms/${platformId}/comments`)).body).toEqual([]);
		expect((await anonymous.get(`/api/platforms/${platformId}/comments`)).body).toEqual([]);
		expect((await editor.client.get(`/api/platforms/${platformId}/comments`)).body).toEqual([]);
	});

	it('shows approved comments to everyone, newest first, and hides rejected ones even from the author', async () => {
		await setCommentStatus(pendingId, 'approved');
		const second = await bob.client.post(`/api/platforms/${platformId}/comments`, {
			comment: 'Rejected one.',
		});
		await setCommentStatus(second.body.id, 'rejected');
		const third = await bob.client.post(`/api/platforms/${platformId}/comments`, {
			comment: 'Newest.',
		});
		await setCommentStatus(third.body.id, 'approved');
		const bobsPending = await bob.client.post(`/api/platforms/${platformId}/comments`, {
			comment: 'Waiting.',
		});

		const forAnyone = await anonymous.get(`/api/platforms/${platformId}/comments`);
		expect(forAnyone.body.map((c: { id: number }) => c.id)).toEqual([third.body.id, pendingId]);
		expect(forAnyone.body[1]).toMatchObject({
			status: 'approved',
			user: { username: alice.username },
		});
		const forAlice = await alice.client.get(`/api/platforms/${platformId}/comments`);
		expect(forAlice.body.map((c: { id: number }) => c.id)).toEqual([third.body.id, pendingId]);
		const forBob = await bob.client.get(`/api/platforms/${platformId}/comments`);
		expect(forBob.body).toEqual(forAnyone.body);
		const bobsOwn = await bob.client.get(`/api/platforms/${platformId}/my-votes`);
		expect(bobsOwn.body.pendingComments.map((c: { id: number }) => c.id)).toEqual([bobsPending.body.id]);
	});

	it('shows a comment whose author account is gone with user null', async () => {
		const leaver = await registerUser(server);
		const comment = await approvedComment(platformId, leaver, 'Soon anonymous.');
		await server.db.delete(server.tables.users).where(eq(server.tables.users.id, leaver.id));
		const listed = await anonymous.get(`/api/platforms/${platformId}/comments`);
		expect(listed.body.find((c: { id: number }) => c.id === comment.id)).toMatchObject({
			user: null,
		});
	});

	it('answers 404 for a missing platform or a malformed id', async () => {
		const post = await alice.client.post('/api/platforms/999999/comments', { comment: 'Hello' });
		expect(post.status).toBe(404);
		expect(post.body).toEqual({ message: 'Platform not found' });
		expect((await anonymous.get('/api/platforms/999999/comments')).status).toBe(404);
		expect((await anonymous.get('/api/platforms/abc/comments')).status).toBe(404);
	});

	it('limits a user to 20 comments an hour (429)', async () => {
		const chatty = await registerUser(server);
		for (let i = 0; i < 20; i += 1) {
			const answer = await chatty.client.post(`/api/platforms/${platformId}/comments`, {
				comment: `Note ${i}`,
			});
			expect(answer.status).toBe(201);
		}
		const limited = await chatty.client.post(`/api/platforms/${platformId}/comments`, {
			comment: 'One more',
		});
		expect(limited.status).toBe(429);
		expect(limited.body.message).toMatch(/^Too many comments\. Please try again in /);
		const stored = await server.db
			.select()
			.from(platformComments)
			.where(eq(platformComments.userId, chatty.id));
		expect(stored).toHaveLength(20);
	});
});

describe('comment votes', () => {
	let platformId: number;
	let commentId: number;
	beforeAll(async () => {
		platformId = (await createPlatform(editor)).id;
	});
	beforeEach(async () => {
		commentId = (await approvedComment(platformId, editor)).id;
	});

	it('asks anonymous visitors to sign in for reading and casting votes (401)', async () => {
		const read = await anonymous.get(`/api/comments/${commentId}/vote`);
		expect(read.status).toBe(401);
		expect(read.body).toEqual({ message: 'Please sign in to vote on comments' });
		const cast = await anonymous.post(`/api/comments/${commentId}/vote`, { voteType: 'helpful' });
		expect(cast.status).toBe(401);
		expect(cast.body).toEqual({ message: 'Please sign in to vote on comments' });
		const banned = await registerBanned(server);
		const asBanned = await banned.client.post(`/api/comments/${commentId}/vote`, {
			voteType: 'helpful',
		});
		expect(asBanned.status).toBe(401);
		expect(await voteRows(commentId)).toHaveLength(0);
	});

	it('votes, changes the vote, and takes it back by voting the same way again', async () => {
		const path = `/api/comments/${commentId}/vote`;
		expect((await alice.client.get(path)).body).toEqual({ voteType: null });

		const helpful = await alice.client.post(path, { voteType: 'helpful' });
		expect(helpful.status).toBe(200);
		expect(helpful.body).toEqual({ voteType: 'helpful', helpfulVotes: 1, unhelpfulVotes: 0 });
		expect((await alice.client.get(path)).body).toEqual({ voteType: 'helpful' });

		const moved = await alice.client.post(path, { voteType: 'unhelpful' });
		expect(moved.body).toEqual({ voteType: 'unhelpful', helpfulVotes: 0, unhelpfulVotes: 1 });
		expect(await voteRows(commentId)).toHaveLength(1);

		const off = await alice.client.post(path, { voteType: 'unhelpful' });
		expect(off.body).toEqual({ voteType: null, helpfulVotes: 0, unhelpfulVotes: 0 });
		expect((await alice.client.get(path)).body).toEqual({ voteType: null });
		expect(await voteRows(commentId)).toHaveLength(0);

		const again = await alice.client.post(path, { voteType: 'helpful' });
		expect(again.body).toEqual({ voteType: 'helpful', helpfulVotes: 1, unhelpfulVotes: 0 });
		const listed = await anonymous.get(`/api/platforms/${platformId}/comments`);
		expect(listed.body.find((c: { id: number }) => c.id === commentId)).toMatchObject({
			helpfulVotes: 1,
			unhelpfulVotes: 0,
		});
	});

	it('keeps each user’s vote their own', async () => {
		const path = `/api/comments/${commentId}/vote`;
		await alice.client.post(path, { voteType: 'helpful' });
		const bobs = await bob.client.post(path, { voteType: 'unhelpful' });
		expect(bobs.body).toEqual({ voteType: 'unhelpful', helpfulVotes: 1, unhelpfulVotes: 1 });
		expect((await alice.client.get(path)).body).toEqual({ voteType: 'helpful' });
		expect((await bob.client.get(path)).body).toEqual({ voteType: 'unhelpful' });
		// Bob voting 'helpful' moves Bob's vote; Alice's stays.
		const moved = await bob.client.post(path, { voteType: 'helpful' });
		expect(moved.body).toEqual({ voteType: 'helpful', helpfulVotes: 2, unhelpfulVotes: 0 });
		// Bob taking his back leaves Alice's.
		const off = await bob.client.post(path, { voteType: 'helpful' });
		expect(off.body).toEqual({ voteType: null, helpfulVotes: 1, unhelpfulVotes: 0 });
		const rows = await voteRows(commentId);
		expect(rows.map((row) => [row.userId, row.voteType])).toEqual([[alice.id, 'helpful']]);
	});

	it.each([
		['unknown', { voteType: 'love' }],
		['missing', {}],
		['upper case', { voteType: 'HELPFUL' }],
	])('refuses an %s voteType with 400', async (_label, body) => {
		const answer = await alice.client.post(`/api/comments/${commentId}/vote`, body);
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({
			message: "The vote must be 'helpful' or 'unhelpful'.",
		});
		expect(await voteRows(commentId)).toHaveLength(0);
	});

	it('refuses a vote on one’s own comment (403 with a sentence), for a user and for an editor', async () => {
		const path = `/api/comments/${commentId}/vote`;
		// The comment of this block is the editor's own.
		for (const voteType of ['helpful', 'unhelpful']) {
			const own = await editor.client.post(path, { voteType });
			expect(own.status).toBe(403);
			expect(own.body).toEqual({ message: 'You cannot vote on your own comment.' });
		}
		const alices = await approvedComment(platformId, alice, 'Alice’s own.');
		const ownByUser = await alice.client.post(`/api/comments/${alices.id}/vote`, {
			voteType: 'helpful',
		});
		expect(ownByUser.status).toBe(403);
		expect(ownByUser.body).toEqual({ message: 'You cannot vote on your own comment.' });
		expect(await voteRows(commentId)).toHaveLength(0);
		expect(await voteRows(alices.id)).toHaveLength(0);
		expect((await countsAndRows(alices.id)).stored).toEqual({ helpfulVotes: 0, unhelpfulVotes: 0 });
		// Reading one's (absent) vote stays allowed; anyone else still votes.
		expect((await alice.client.get(`/api/comments/${alices.id}/vote`)).body).toEqual({
			voteType: null,
		});
		const others = await editor.client.post(`/api/comments/${alices.id}/vote`, {
			voteType: 'helpful',
		});
		expect(others.status).toBe(200);
		expect(others.body).toEqual({ voteType: 'helpful', helpfulVotes: 1, unhelpfulVotes: 0 });
	});

	it('allows votes only on approved comments; others are not found (404)', async () => {
		const pending = await bob.client.post(`/api/platforms/${platformId}/comments`, {
			comment: 'Pending.',
		});
		const rejected = await approvedComment(platformId, bob, 'To reject.');
		await setCommentStatus(rejected.id, 'rejected');
		for (const id of [pending.body.id, rejected.id, 999999]) {
			const answer = await alice.client.post(`/api/comments/${id}/vote`, { voteType: 'helpful' });
			expect(answer.status).toBe(404);
			expect(answer.body).toEqual({ message: 'Comment not found' });
			expect(await voteRows(id)).toHaveLength(0);
		}
		expect((await alice.client.post('/api/comments/abc/vote', { voteType: 'helpful' })).status).toBe(404);
		// Reading: the author sees (no) vote on their own pending comment; others get 404.
		expect((await bob.client.get(`/api/comments/${pending.body.id}/vote`)).body).toEqual({
			voteType: null,
		});
		expect((await alice.client.get(`/api/comments/${pending.body.id}/vote`)).status).toBe(404);
		expect((await alice.client.get(`/api/comments/${rejected.id}/vote`)).status).toBe(404);
		expect((await alice.client.get('/api/comments/999999/vote')).status).toBe(404);
	});

	it('keeps the counts equal to the vote rows when 20 users vote and change votes at once', async () => {
		const voters = await Promise.all(Array.from({ length: 20 }, () => registerUser(server)));
		const path = `/api/comments/${commentId}/vote`;
		const expectConsistent = async (helpful: number, unhelpful: number) => {
			const { stored, fromRows } = await countsAndRows(commentId);
			expect(stored).toEqual(fromRows);
			expect(stored).toEqual({ helpfulVotes: helpful, unhelpfulVotes: unhelpful });
		};

		// Round 1: everyone votes helpful.
		let answers = await Promise.all(voters.map((v) => v.client.post(path, { voteType: 'helpful' })));
		expect(answers.every((a) => a.status === 200 && a.body.voteType === 'helpful')).toBe(true);
		await expectConsistent(20, 0);

		// Round 2: the first 8 switch to unhelpful, the next 6 take their vote back, 6 do nothing.
		answers = await Promise.all(
			voters.slice(0, 14).map((v, i) => v.client.post(path, { voteType: i < 8 ? 'unhelpful' : 'helpful' })),
		);
		expect(answers.map((a) => a.body.voteType)).toEqual([
			...Array(8).fill('unhelpful'),
			...Array(6).fill(null),
		]);
		await expectConsistent(6, 8);

		// Round 3: every voter fires both kinds at once; the end state is unknown but must add up.
		await Promise.all(
			voters.flatMap((v) => [
				v.client.post(path, { voteType: 'helpful' }),
				v.client.post(path, { voteType: 'unhelpful' }),
			]),
		);
		const { stored, fromRows } = await countsAndRows(commentId);
		expect(stored).toEqual(fromRows);
		expect((await voteRows(commentId)).length).toBeLessThanOrEqual(20);
		const perUser = new Set((await voteRows(commentId)).map((row) => row.userId));
		expect(perUser.size).toBe((await voteRows(commentId)).length);
		const listed = await anonymous.get(`/api/platforms/${platformId}/comments`);
		expect(listed.body.find((c: { id: number }) => c.id === commentId)).toMatchObject(stored);
	});
});
