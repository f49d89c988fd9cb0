/**
 * Comment moderation: the editors' list with author and platform, the status filter and
 * paging, only the allowed transitions (pending to approved or rejected, approved to rejected,
 * rejected to approved), and deletion with votes.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstRow } from '@/server/db';
import type { Tables, TestServer } from '../support/server';
import { setUpRoles, startContentServer, type Roles } from '../support/content-fixtures';
import { registerUser, type TestClient } from '../support/account-api';
import { createPlatform } from '../support/platform-fixtures';

let server: TestServer;
let roles: Roles;
let platform: { id: number; slug: string; name: string };

beforeAll(async () => {
	server = await startContentServer();
	({ platformComments, commentVotes } = server.tables);
	roles = await setUpRoles(server);
	platform = await createPlatform(roles.editor);
});
afterAll(async () => {
	await server?.stop();
});

// The tables of the server's engine, known once it runs.
let platformComments: Tables['platformComments'];
let commentVotes: Tables['commentVotes'];
type Status = 'pending' | 'approved' | 'rejected';

let minute = 0;

/** A comment row written straight into the table (exact status and age). */
async function insertComment(
	values: { status?: Status; userId?: number | null; platformId?: number; comment?: string } = {},
) {
	minute += 1;
	const [row] = await server.db
		.insert(platformComments)
		.values({
			platformId: values.platformId ?? platform.id,
			userId: values.userId === undefined ? roles.user.id : values.userId,
			comment: values.comment ?? `Comment number ${minute}`,
			status: values.status ?? 'pending',
			createdAt: new Date(Date.UTC(2030, 0, 1, 0, minute)),
		})
		.returning();
	return row!;
}

async function storedStatus(id: number) {
	return (await firstRow(server.db.select().from(platformComments).where(eq(platformComments.id, id))))
		?.status;
}

const MODERATION_FIELDS = [
	'author',
	'comment',
	'createdAt',
	'helpfulVotes',
	'id',
	'platform',
	'status',
	'unhelpfulVotes',
];

describe('roles', () => {
	type Call = (client: TestClient, id: number) => Promise<{ status: number; body: any }>;
	const cases: [string, Call][] = [
		['GET /api/admin/comments', (c) => c.get('/api/admin/comments')],
		['PATCH moderate', (c, id) => c.patch(`/api/admin/comments/${id}/moderate`, { status: 'approved' })],
		['DELETE', (c, id) => c.delete(`/api/admin/comments/${id}`)],
	];

	it.each(cases)('%s: anonymous 401, user 403, banned 401, editor 200', async (_name, call) => {
		const comment = await insertComment();
		expect((await call(roles.anonymous, comment.id)).status).toBe(401);
		const user = await call(roles.user.client, comment.id);
		expect(user.status).toBe(403);
		expect(user.body).toEqual({ message: 'Access denied. Editor privileges required.' });
		expect((await call(roles.banned.client, comment.id)).status).toBe(401);
		expect(await storedStatus(comment.id)).toBe('pending');
		const editor = await call(roles.editor.client, comment.id);
		expect(editor.status, JSON.stringify(editor.body)).toBe(200);
	});
});

describe('GET /api/admin/comments', () => {
	it('lists comments of every status with author, email and platform, newest first', async () => {
		const pending = await insertComment({ status: 'pending' });
		const rejected = await insertComment({ status: 'rejected' });
		const answer = await roles.editor.client.get('/api/admin/comments?limit=100');
		expect(answer.status).toBe(200);
		expect(Object.keys(answer.body).sort()).toEqual(['comments', 'total']);
		const [first, second] = answer.body.comments;
		expect(first.id).toBe(rejected.id);
		expect(second.id).toBe(pending.id);
		expect(Object.keys(first).sort()).toEqual(MODERATION_FIELDS);
		expect(first).toMatchObject({
			comment: rejected.comment,
			status: 'rejected',
			platform: { id: platform.id, slug: platform.slug, name: platform.name },
			author: { username: roles.user.username, email: roles.user.email },
			helpfulVotes: 0,
			unhelpfulVotes: 0,
		});
		expect(Date.parse(first.createdAt)).toBe(rejected.createdAt.getTime());
		const total = (await server.db.select().from(platformComments)).length;
		expect(answer.body.total).toBe(total);
	});

	it('shows a comment whose author is gone with author null', async () => {
		const orphan = await insertComment({ userId: null });
		const { body } = await roles.editor.client.get('/api/admin/comments?limit=100');
		const found = body.comments.find((c: { id: number }) => c.id === orphan.id);
		expect(found.author).toBeNull();
	});

	it('filters by status; blank means all', async () => {
		await insertComment({ status: 'approved' });
		const all = await server.db.select().from(platformComments);
		for (const status of ['pending', 'approved', 'rejected'] as const) {
			const { body } = await roles.editor.client.get(`/api/admin/comments?status=${status}&limit=100`);
			const expected = all.filter((c) => c.status === status);
			expect(body.total).toBe(expected.length);
			expect(body.comments.every((c: { status: string }) => c.status === status)).toBe(true);
			expect(body.comments).toHaveLength(expected.length);
		}
		const blank = await roles.editor.client.get('/api/admin/comments?status=');
		expect(blank.body.total).toBe(all.length);
	});

	it('pages with limit and offset', async () => {
		for (let i = 0; i < 5; i++) await insertComment();
		const total = (await server.db.select().from(platformComments)).length;
		const first = await roles.editor.client.get('/api/admin/comments?limit=3');
		const second = await roles.editor.client.get('/api/admin/comments?limit=3&offset=3');
		const everything = await roles.editor.client.get('/api/admin/comments?limit=100');
		expect(first.body.comments).toHaveLength(3);
		expect(first.body.total).toBe(total);
		expect([...first.body.comments, ...second.body.comments].map((c: { id: number }) => c.id)).toEqual(
			everything.body.comments.slice(0, 6).map((c: { id: number }) => c.id),
		);
	});

	it.each(['status=spam', 'limit=0', 'limit=101', 'offset=-2'])('refuses %s with 400', async (query) => {
		const answer = await roles.editor.client.get(`/api/admin/comments?${query}`);
		expect(answer.status).toBe(400);
		expect(typeof answer.body.message).toBe('string');
	});
});

describe('PATCH /api/admin/comments/{id}/moderate', () => {
	const moderate = (id: number, status: unknown) =>
		roles.editor.client.patch(`/api/admin/comments/${id}/moderate`, { status });

	it('walks the allowed transitions: pending -> approved -> rejected -> approved', async () => {
		const comment = await insertComment();
		const approved = await moderate(comment.id, 'approved');
		expect(approved.status).toBe(200);
		expect(Object.keys(approved.body).sort()).toEqual(MODERATION_FIELDS);
		expect(approved.body).toMatchObject({ id: comment.id, status: 'approved' });
		expect(await storedStatus(comment.id)).toBe('approved');
		expect((await moderate(comment.id, 'rejected')).body.status).toBe('rejected');
		expect((await moderate(comment.id, 'approved')).body.status).toBe('approved');
		expect(await storedStatus(comment.id)).toBe('approved');
	});

	it('lets a pending comment be rejected', async () => {
		const comment = await insertComment();
		expect((await moderate(comment.id, 'rejected')).status).toBe(200);
		expect(await storedStatus(comment.id)).toBe('rejected');
	});

	it.each([
		['approved', 'approved', 'This comment is already approved.'],
		['rejected', 'rejected', 'This comment is already rejected.'],
	] as const)('refuses %s -> %s with 400', async (from, to, message) => {
		const comment = await insertComment({ status: from });
		const answer = await moderate(comment.id, to);
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ message });
		expect(await storedStatus(comment.id)).toBe(from);
	});

	it.each(['pending', 'spam', '', null, 1])('refuses status %j with 400', async (status) => {
		const comment = await insertComment({ status: 'approved' });
		const answer = await moderate(comment.id, status);
		expect(answer.status).toBe(400);
		expect(answer.body.message).toMatch(/status/);
		expect(await storedStatus(comment.id)).toBe('approved');
	});

	it('answers 404 for an unknown comment', async () => {
		const answer = await moderate(999999, 'approved');
		expect(answer.status).toBe(404);
		expect(answer.body).toEqual({ message: 'Comment not found' });
		expect((await moderate(Number.NaN, 'approved')).status).toBe(404);
	});

	it('makes an approved comment public and a rejected one disappear again', async () => {
		const author = await registerUser(server);
		const posted = await author.client.post(`/api/platforms/${platform.id}/comments`, {
			comment: 'Worth moderating.',
		});
		expect(posted.status).toBe(201);
		const publicIds = async () =>
			(await roles.anonymous.get(`/api/platforms/${platform.id}/comments`)).body.map(
				(c: { id: number }) => c.id,
			);
		expect(await publicIds()).not.toContain(posted.body.id);
		await moderate(posted.body.id, 'approved');
		expect(await publicIds()).toContain(posted.body.id);
		await moderate(posted.body.id, 'rejected');
		expect(await publicIds()).not.toContain(posted.body.id);
	});
});

describe('DELETE /api/admin/comments/{id}', () => {
	it('deletes the comment and its votes', async () => {
		// Written by the editor: authors cannot vote on their own comments.
		const comment = await insertComment({ status: 'approved', userId: roles.editor.id });
		const vote = await roles.user.client.post(`/api/comments/${comment.id}/vote`, {
			voteType: 'helpful',
		});
		expect(vote.status).toBe(200);
		expect(
			await server.db.select().from(commentVotes).where(eq(commentVotes.commentId, comment.id)),
		).toHaveLength(1);
		const answer = await roles.editor.client.delete(`/api/admin/comments/${comment.id}`);
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({ message: 'Comment deleted' });
		expect(await storedStatus(comment.id)).toBeUndefined();
		expect(
			await server.db.select().from(commentVotes).where(eq(commentVotes.commentId, comment.id)),
		).toHaveLength(0);
		const again = await roles.editor.client.delete(`/api/admin/comments/${comment.id}`);
		expect(again.status).toBe(404);
		expect(again.body).toEqual({ message: 'Comment not found' });
	});

	it('shows the helpful and unhelpful counts in the list before deletion', async () => {
		const comment = await insertComment({ status: 'approved', userId: roles.editor.id });
		await roles.user.client.post(`/api/comments/${comment.id}/vote`, { voteType: 'unhelpful' });
		const { body } = await roles.editor.client.get('/api/admin/comments?status=approved&limit=100');
		const found = body.comments.find((c: { id: number }) => c.id === comment.id);
		expect(found).toMatchObject({ helpfulVotes: 0, unhelpfulVotes: 1 });
	});
});
