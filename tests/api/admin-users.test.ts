/**
 * User administration: the paged, searchable list
 * with its stat tiles, ban and unban (which end or restore access), and an editor setting
 * another user's password. Every endpoint is tried with every role.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstRow } from '@/server/db';
import type { Tables, TestServer } from '../support/server';
import { setUpRoles, startContentServer, type Roles } from '../support/content-fixtures';
import {
	TestClient,
	USER_FIELDS,
	eventually,
	outboxMails,
	registerUser,
	signedInClient,
	type Registered,
} from '../support/account-api';
import { registerEditor } from '../support/platform-fixtures';

let server: TestServer;
let roles: Roles;

beforeAll(async () => {
	server = await startContentServer();
	({ users } = server.tables);
	roles = await setUpRoles(server);
});
afterAll(async () => {
	await server?.stop();
});

// The tables of the server's engine, known once it runs.
let users: Tables['users'];

async function storedUser(id: number) {
	return (await firstRow(server.db.select().from(users).where(eq(users.id, id))))!;
}

async function sessionCount(userId: number): Promise<number> {
	return (await firstRow(
		server.db
			.select({ n: count() })
			.from(server.tables.sessions)
			.where(eq(server.tables.sessions.userId, userId)),
	))!.n;
}

/** A user signed in on two clients (two browsers), for checking that all sessions end. */
async function userWithTwoSessions(): Promise<Registered & { second: TestClient }> {
	const target = await registerUser(server);
	const second = await signedInClient(server, target.email, target.password);
	expect(await sessionCount(target.id)).toBe(2);
	return { ...target, second };
}

describe('roles', () => {
	type Call = (client: TestClient, targetId: number) => Promise<{ status: number; body: any }>;
	const cases: [string, Call][] = [
		['GET /api/admin/users', (c) => c.get('/api/admin/users')],
		['PUT ban', (c, id) => c.put(`/api/admin/users/${id}/ban`)],
		['PUT unban', (c, id) => c.put(`/api/admin/users/${id}/unban`)],
		['PUT password', (c, id) => c.put(`/api/admin/users/${id}/password`, { password: 'new-secret' })],
	];

	it.each(cases)('%s: anonymous 401, user 403, banned 401, editor 200', async (_name, call) => {
		const target = await registerUser(server);
		const anonymous = await call(roles.anonymous, target.id);
		expect(anonymous.status).toBe(401);
		expect(anonymous.body).toEqual({ message: 'Authentication required' });
		const user = await call(roles.user.client, target.id);
		expect(user.status).toBe(403);
		expect(user.body).toEqual({ message: 'Access denied. Editor privileges required.' });
		expect((await call(roles.banned.client, target.id)).status).toBe(401);
		expect((await storedUser(target.id)).isBanned).toBe(false);
		const editor = await call(roles.editor.client, target.id);
		expect(editor.status, JSON.stringify(editor.body)).toBe(200);
	});

	it('leaves the target untouched after refused calls', async () => {
		const target = await registerUser(server);
		const before = await storedUser(target.id);
		for (const client of [roles.anonymous, roles.user.client, roles.banned.client]) {
			await client.put(`/api/admin/users/${target.id}/ban`);
			await client.put(`/api/admin/users/${target.id}/password`, { password: 'hijacked!' });
		}
		const after = await storedUser(target.id);
		expect(after.isBanned).toBe(false);
		expect(after.passwordHash).toBe(before.passwordHash);
		expect((await target.client.get('/api/user')).status).toBe(200);
	});
});

describe('GET /api/admin/users', () => {
	it('answers a page of public user fields, the total and the four stats', async () => {
		const answer = await roles.editor.client.get('/api/admin/users');
		expect(answer.status).toBe(200);
		expect(Object.keys(answer.body).sort()).toEqual(['stats', 'total', 'users']);
		for (const user of answer.body.users) expect(Object.keys(user).sort()).toEqual([...USER_FIELDS]);
		const all = await server.db.select().from(users);
		expect(answer.body.total).toBe(all.length);
		expect(answer.body.stats).toMatchObject({
			totalUsers: all.length,
			editors: all.filter((u) => u.role === 'editor').length,
			bannedUsers: all.filter((u) => u.isBanned).length,
		});
		expect(Object.keys(answer.body.stats).sort()).toEqual([
			'bannedUsers',
			'editors',
			'newsletterSubscribers',
			'totalUsers',
		]);
		const banned = answer.body.users.find((u: { id: number }) => u.id === roles.banned.id);
		expect(banned).toMatchObject({ isBanned: true, role: 'user', username: roles.banned.username });
	});

	it('counts newsletter subscribers as the Newsletter tab does: who Send would reach', async () => {
		// An email-only member (no account) is a subscriber; an account that ticked the box but
		// never confirmed its address is not one the newsletter reaches.
		await server.db
			.insert(server.tables.newsletterMembers)
			.values({ email: `member-${Date.now()}@example.com`, status: 'confirmed', confirmedAt: new Date() });
		await server.db
			.update(users)
			.set({ isNewsletterSubscribed: true, emailVerified: false })
			.where(eq(users.id, roles.user.id));
		const stats = (await roles.editor.client.get('/api/admin/users')).body.stats;
		const newsletter = (await roles.editor.client.get('/api/admin/newsletters')).body;
		expect(newsletter.subscribers).toBeGreaterThan(0);
		expect(stats.newsletterSubscribers).toBe(newsletter.subscribers);
	});

	it('lists newest first', async () => {
		const older = await registerUser(server);
		const newer = await registerUser(server);
		const { body } = await roles.editor.client.get('/api/admin/users?limit=100');
		const ids = body.users.map((u: { id: number }) => u.id);
		expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
	});

	it('searches username and email on the server, ignoring case', async () => {
		const mixed = await registerUser(server, { username: `Zephyr_MixedCase_${process.pid}` });
		const byEmail = await registerUser(server, { email: `quokka.${process.pid}@Example.org` });
		for (const search of ['mixedcase', 'MIXEDCASE', 'zEpHyR_mIx']) {
			const { body } = await roles.editor.client.get(`/api/admin/users?search=${search}`);
			expect(body.users.map((u: { id: number }) => u.id)).toEqual([mixed.id]);
			expect(body.total).toBe(1);
		}
		for (const search of ['QUOKKA', 'quokka.', `${process.pid}@example.ORG`]) {
			const { body } = await roles.editor.client.get(`/api/admin/users?search=${encodeURIComponent(search)}`);
			expect(body.users.map((u: { id: number }) => u.id)).toEqual([byEmail.id]);
		}
	});

	it('keeps the stats over every user while the list is searched', async () => {
		const all = await roles.editor.client.get('/api/admin/users');
		const none = await roles.editor.client.get('/api/admin/users?search=nobody-has-this-name');
		expect(none.body.users).toEqual([]);
		expect(none.body.total).toBe(0);
		expect(none.body.stats).toEqual(all.body.stats);
	});

	it('treats LIKE wildcards in a search as plain characters', async () => {
		for (const search of ['%', '_', '\\', '%_%']) {
			const { status, body } = await roles.editor.client.get(
				`/api/admin/users?search=${encodeURIComponent(search)}`,
			);
			expect(status).toBe(200);
			const expected = (await server.db.select().from(users)).filter(
				(u) => u.username.toLowerCase().includes(search) || u.email.includes(search),
			);
			expect(body.total).toBe(expected.length);
		}
	});

	it('pages with limit and offset (default 50, at most 100)', async () => {
		for (let i = 0; i < 3; i++) await registerUser(server);
		const total = (await server.db.select().from(users)).length;
		const first = await roles.editor.client.get('/api/admin/users?limit=2&offset=0');
		const second = await roles.editor.client.get('/api/admin/users?limit=2&offset=2');
		expect(first.body.users).toHaveLength(2);
		expect(second.body.users).toHaveLength(2);
		expect(first.body.total).toBe(total);
		const firstIds = first.body.users.map((u: { id: number }) => u.id);
		const secondIds = second.body.users.map((u: { id: number }) => u.id);
		expect(firstIds.some((id: number) => secondIds.includes(id))).toBe(false);
		const everyone = await roles.editor.client.get('/api/admin/users?limit=100');
		expect(everyone.body.users.map((u: { id: number }) => u.id).slice(0, 4)).toEqual([
			...firstIds,
			...secondIds,
		]);
		const past = await roles.editor.client.get(`/api/admin/users?offset=${total}`);
		expect(past.body.users).toEqual([]);
		expect(past.body.total).toBe(total);
	});

	it('uses 50 as the default page size', async () => {
		// Rows straight into the table: signing up 50 people through the API only adds hashing time.
		const missing = 51 - (await server.db.select().from(users)).length;
		for (let i = 0; i < missing; i++) {
			await server.db.insert(users).values({
				username: `bulk_${process.pid}_${i}`,
				email: `bulk${i}.${process.pid}@example.com`,
				passwordHash: 'x',
			});
		}
		const { body } = await roles.editor.client.get('/api/admin/users');
		expect(body.users).toHaveLength(50);
		expect(body.total).toBeGreaterThan(50);
	});

	it.each(['limit=0', 'limit=101', 'limit=abc', 'offset=-1', `search=${'x'.repeat(201)}`])(
		'refuses %s with 400',
		async (query) => {
			const answer = await roles.editor.client.get(`/api/admin/users?${query}`);
			expect(answer.status).toBe(400);
			expect(typeof answer.body.message).toBe('string');
		},
	);
});

describe('ban and unban', () => {
	it('bans a user: every session ends at once, and signing in is refused (403)', async () => {
		const target = await userWithTwoSessions();
		const answer = await roles.editor.client.put(`/api/admin/users/${target.id}/ban`);
		expect(answer.status).toBe(200);
		expect(answer.body).toMatchObject({ id: target.id, isBanned: true });
		expect(Object.keys(answer.body).sort()).toEqual([...USER_FIELDS]);
		expect(await sessionCount(target.id)).toBe(0);
		expect((await target.client.get('/api/user')).status).toBe(401);
		expect((await target.second.get('/api/user')).status).toBe(401);
		const signIn = await target.client.login(target.email, target.password);
		expect(signIn.status).toBe(403);
		expect(signIn.body.message).toMatch(/banned/i);
	});

	it('unbans: the user can sign in again', async () => {
		const target = await registerUser(server);
		await roles.editor.client.put(`/api/admin/users/${target.id}/ban`);
		const answer = await roles.editor.client.put(`/api/admin/users/${target.id}/unban`);
		expect(answer.status).toBe(200);
		expect(answer.body).toMatchObject({ id: target.id, isBanned: false });
		expect((await storedUser(target.id)).isBanned).toBe(false);
		const signIn = await target.client.login(target.email, target.password);
		expect(signIn.status).toBe(200);
		expect((await target.client.get('/api/user')).status).toBe(200);
	});

	it('unbanning an active user keeps their session (nothing to end)', async () => {
		const target = await registerUser(server);
		const answer = await roles.editor.client.put(`/api/admin/users/${target.id}/unban`);
		expect(answer.status).toBe(200);
		expect((await target.client.get('/api/user')).status).toBe(200);
	});

	it('refuses to ban or unban oneself (403)', async () => {
		for (const action of ['ban', 'unban']) {
			const answer = await roles.editor.client.put(`/api/admin/users/${roles.editor.id}/${action}`);
			expect(answer.status).toBe(403);
			expect(answer.body).toEqual({ message: 'You cannot ban or unban yourself.' });
		}
		expect((await storedUser(roles.editor.id)).isBanned).toBe(false);
		expect((await roles.editor.client.get('/api/user')).status).toBe(200);
	});

	it('refuses to ban or unban another editor (403)', async () => {
		const other = await registerEditor(server);
		for (const action of ['ban', 'unban']) {
			const answer = await roles.editor.client.put(`/api/admin/users/${other.id}/${action}`);
			expect(answer.status).toBe(403);
			expect(answer.body).toEqual({ message: 'Editors cannot be banned or unbanned.' });
		}
		expect((await storedUser(other.id)).isBanned).toBe(false);
		expect((await other.client.get('/api/user')).status).toBe(200);
	});

	it('answers 404 for unknown or malformed ids', async () => {
		for (const id of ['999999', 'abc', '0', '-3']) {
			for (const action of ['ban', 'unban']) {
				const answer = await roles.editor.client.put(`/api/admin/users/${id}/${action}`);
				expect(answer.status).toBe(404);
			}
		}
		const answer = await roles.editor.client.put('/api/admin/users/999999/ban');
		expect(answer.body).toEqual({ message: 'User not found' });
	});
});

describe('PUT /api/admin/users/{id}/password', () => {
	it('sets the password: every session of the user ends, the old one fails, the new one works', async () => {
		const target = await userWithTwoSessions();
		const answer = await roles.editor.client.put(`/api/admin/users/${target.id}/password`, {
			password: 'brand-new-pass',
		});
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({ message: 'Password updated' });
		expect(await sessionCount(target.id)).toBe(0);
		expect((await target.client.get('/api/user')).status).toBe(401);
		expect((await target.second.get('/api/user')).status).toBe(401);
		expect((await new TestClient(server.url).login(target.email, target.password)).status).toBe(401);
		const fresh = await signedInClient(server, target.email, 'brand-new-pass');
		expect((await fresh.get('/api/user')).body.id).toBe(target.id);
		// The editor's own session is untouched.
		expect((await roles.editor.client.get('/api/user')).status).toBe(200);
	});

	it('accepts an equal confirmPassword', async () => {
		const target = await registerUser(server);
		const answer = await roles.editor.client.put(`/api/admin/users/${target.id}/password`, {
			password: 'user-two-pass',
			confirmPassword: 'user-two-pass',
		});
		expect(answer.status).toBe(200);
		await signedInClient(server, target.email, 'user-two-pass');
	});

	it("refuses setting another editor's password (403): no editor can take over another", async () => {
		const other = await registerEditor(server);
		const before = (await storedUser(other.id)).passwordHash;
		const answer = await roles.editor.client.put(`/api/admin/users/${other.id}/password`, {
			password: 'editor-two-pass',
			confirmPassword: 'editor-two-pass',
		});
		expect(answer.status).toBe(403);
		expect(answer.body).toEqual({ message: "Editors cannot set another editor's password." });
		expect((await storedUser(other.id)).passwordHash).toBe(before);
		// The other editor still signs in with their own password, and nobody else with the new one.
		await signedInClient(server, other.email, other.password);
		expect((await new TestClient(server.url).login(other.email, 'editor-two-pass')).status).toBe(401);
		// Besides the sign-up's verification mail, nothing went to the other editor.
		expect(
			outboxMails(server).some(
				(mail) => mail.includes(`To: ${other.email}`) && mail.includes('An editor set a new password'),
			),
		).toBe(false);
	});

	it('mails the account whenever an editor sets its password', async () => {
		const target = await registerUser(server);
		const answer = await roles.editor.client.put(`/api/admin/users/${target.id}/password`, {
			password: 'set-by-editor',
		});
		expect(answer.status).toBe(200);
		const mail = await eventually(() =>
			outboxMails(server).find(
				(text) => text.includes(`To: ${target.email}`) && text.includes('Subject: An editor set'),
			),
		);
		expect(mail).toContain('Subject: An editor set a new password for your Retail Media Hub account');
		expect(mail).toContain('If you did not, please contact us at once.');
		// The password itself never travels by mail.
		expect(mail).not.toContain('set-by-editor');
	});

	it("refuses changing one's own password here (403)", async () => {
		const before = (await storedUser(roles.editor.id)).passwordHash;
		const answer = await roles.editor.client.put(`/api/admin/users/${roles.editor.id}/password`, {
			password: 'my-new-pass',
		});
		expect(answer.status).toBe(403);
		expect(answer.body).toEqual({ message: 'Change your own password from your profile.' });
		expect((await storedUser(roles.editor.id)).passwordHash).toBe(before);
	});

	const MISMATCH = 'Please ensure passwords match and are not empty.';
	const SHORT = 'Password must be at least 6 characters long.';
	it.each([
		['no body', undefined, MISMATCH],
		['an empty object', {}, MISMATCH],
		['an empty password', { password: '' }, MISMATCH],
		['an empty confirmation', { password: 'abcdefg', confirmPassword: '' }, MISMATCH],
		['different passwords', { password: 'abcdefg', confirmPassword: 'abcdefh' }, MISMATCH],
		['5 characters', { password: 'abcde' }, SHORT],
		['5 equal characters', { password: 'abcde', confirmPassword: 'abcde' }, SHORT],
	])('answers 400 for %s', async (_name, body, message) => {
		const target = await registerUser(server);
		const before = (await storedUser(target.id)).passwordHash;
		const answer = await roles.editor.client.put(`/api/admin/users/${target.id}/password`, body);
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ message });
		expect((await storedUser(target.id)).passwordHash).toBe(before);
		expect((await target.client.get('/api/user')).status).toBe(200);
	});

	it('answers 400 for a password that is not text', async () => {
		const target = await registerUser(server);
		const answer = await roles.editor.client.put(`/api/admin/users/${target.id}/password`, {
			password: 12345678,
		});
		expect(answer.status).toBe(400);
	});

	it('answers 404 for an unknown user', async () => {
		const answer = await roles.editor.client.put('/api/admin/users/999999/password', {
			password: 'whatever-1',
		});
		expect(answer.status).toBe(404);
		expect(answer.body).toEqual({ message: 'User not found' });
	});
});
