/**
 * GET /api/platforms/{id}/my-votes: the reader's own votes on a platform's reviews and comments
 * and their comments waiting for moderation in one answer, for each role (anonymous, user, banned user, editor), never another platform's or
 * another reader's votes, private to the reader, and its validation.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { TestClient, registerUser, startAccountServer, type Registered } from '../support/account-api';
import { createPlatform, registerBanned, registerEditor } from '../support/platform-fixtures';

let server: TestServer;
let editor: Registered;
let alice: Registered;
let bob: Registered;
let anonymous: TestClient;
let platformId: number;
let otherPlatformId: number;
const reviews: number[] = [];
const comments: number[] = [];
let otherReview: number;
let otherComment: number;

/** Marks the account's address confirmed, as its verification link would: review votes need it. */
async function confirmAddress(user: Registered): Promise<Registered> {
	const { users } = server.tables;
	await server.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
	return user;
}

async function review(platform: number, author: Registered): Promise<number> {
	const answer = await author.client.post(`/api/platforms/${platform}/ratings`, {
		rating: 4,
		review: 'Solid self-serve tooling.',
	});
	expect(answer.status, JSON.stringify(answer.body)).toBe(201);
	return answer.body.rating?.id ?? answer.body.id;
}

async function approvedComment(platform: number, author: Registered): Promise<number> {
	const answer = await author.client.post(`/api/platforms/${platform}/comments`, { comment: 'Useful.' });
	expect(answer.status, JSON.stringify(answer.body)).toBe(201);
	const { platformComments } = server.tables;
	await server.db
		.update(platformComments)
		.set({ status: 'approved' })
		.where(eq(platformComments.id, answer.body.id));
	return answer.body.id;
}

async function voteOn(voter: Registered, item: 'ratings' | 'comments', id: number, voteType: string) {
	const answer = await voter.client.post(`/api/${item}/${id}/vote`, { voteType });
	expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

beforeAll(async () => {
	server = await startAccountServer({ env: { API_CACHE_TTL_MS: '0' } });
	editor = await confirmAddress(await registerEditor(server));
	alice = await confirmAddress(await registerUser(server));
	bob = await confirmAddress(await registerUser(server));
	anonymous = new TestClient(server.url);
	[platformId, otherPlatformId] = [(await createPlatform(editor)).id, (await createPlatform(editor)).id];
	const authors = [await registerUser(server), await registerUser(server)];
	for (const author of authors) {
		reviews.push(await review(platformId, author));
		comments.push(await approvedComment(platformId, author));
	}
	otherReview = await review(otherPlatformId, authors[0]!);
	otherComment = await approvedComment(otherPlatformId, authors[0]!);
	await voteOn(alice, 'ratings', reviews[0]!, 'helpful');
	await voteOn(alice, 'ratings', reviews[1]!, 'unhelpful');
	await voteOn(alice, 'comments', comments[1]!, 'unhelpful');
	await voteOn(alice, 'ratings', otherReview, 'helpful');
	await voteOn(alice, 'comments', otherComment, 'helpful');
	await voteOn(bob, 'comments', comments[0]!, 'helpful');
	await voteOn(editor, 'ratings', reviews[1]!, 'helpful');
});
afterAll(async () => {
	await server?.stop();
});

describe('GET /api/platforms/{id}/my-votes', () => {
	const path = () => `/api/platforms/${platformId}/my-votes`;

	it("answers a user's own votes on the platform's reviews and comments, and no one else's", async () => {
		const answer = await alice.client.get(path());
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({
			reviews: { [reviews[0]!]: 'helpful', [reviews[1]!]: 'unhelpful' },
			comments: { [comments[1]!]: 'unhelpful' },
			pendingComments: [],
			ownReview: null,
		});
		// Personal: no cache may keep it.
		expect(answer.headers.get('cache-control')).toBe('private, no-store');
	});

	it("answers an editor's own votes the same way", async () => {
		const answer = await editor.client.get(path());
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({
			reviews: { [reviews[1]!]: 'helpful' },
			comments: {},
			pendingComments: [],
			ownReview: null,
		});
	});

	it('follows a vote taken back', async () => {
		await voteOn(bob, 'comments', comments[0]!, 'helpful');
		expect((await bob.client.get(path())).body).toEqual({
			reviews: {},
			comments: {},
			pendingComments: [],
			ownReview: null,
		});
	});

	it("answers the reader's own review, which the paged public list may not reach", async () => {
		const author = await confirmAddress(await registerUser(server));
		const id = await review(otherPlatformId, author);
		const own = (await author.client.get(`/api/platforms/${otherPlatformId}/my-votes`)).body.ownReview;
		expect(own).toMatchObject({ id, rating: 4, review: 'Solid self-serve tooling.' });
		expect(own.user.username).toBe(author.username);
		// Only on that platform's page.
		expect((await author.client.get(path())).body.ownReview).toBeNull();
	});

	it("answers the reader's own comments waiting for moderation, never another reader's", async () => {
		const posted = await bob.client.post(`/api/platforms/${platformId}/comments`, {
			comment: "Bob's, waiting.",
		});
		expect(posted.status, JSON.stringify(posted.body)).toBe(201);
		const own = await bob.client.get(path());
		expect(own.body.pendingComments.map((c: { id: number; status: string }) => [c.id, c.status])).toEqual([
			[posted.body.id, 'pending'],
		]);
		expect((await alice.client.get(path())).body.pendingComments).toEqual([]);
		// Nor on another platform's page.
		expect((await bob.client.get(`/api/platforms/${otherPlatformId}/my-votes`)).body.pendingComments).toEqual(
			[],
		);
	});

	it('asks anonymous visitors and banned users to sign in (401)', async () => {
		const asAnonymous = await anonymous.get(path());
		expect(asAnonymous.status).toBe(401);
		expect(asAnonymous.body).toEqual({ message: 'Please sign in to vote on comments' });
		const banned = await registerBanned(server);
		const asBanned = await banned.client.get(path());
		expect(asBanned.status).toBe(401);
		expect(typeof asBanned.body.message).toBe('string');
	});

	it('answers 404 with a message for an unknown platform, and 400 or 404 for an id that is none', async () => {
		const unknown = await alice.client.get('/api/platforms/999999/my-votes');
		expect(unknown.status).toBe(404);
		expect(typeof unknown.body.message).toBe('string');
		for (const bad of ['abc', '-1', '1.5']) {
			const answer = await alice.client.get(`/api/platforms/${bad}/my-votes`);
			expect([400, 404], `${bad}: ${JSON.stringify(answer.body)}`).toContain(answer.status);
			expect(typeof answer.body.message).toBe('string');
		}
	});
});
