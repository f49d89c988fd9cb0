/**
 * How account changes end sessions: registering while signed in ends the session the browser
 * had, a session ends 90 days after it started however often it was extended, verifying the
 * sign-up address ends the other sessions, and changing the email (once the new address confirms
 * it) ends the other sessions and tells the old address.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstRow } from '@/server/db';
import type { TestServer } from '../support/server';
import {
	TestClient,
	changeEmailConfirmed,
	eventually,
	getUserWithCookie,
	laterMailWritten,
	mailTo,
	newCredentials,
	outboxMails,
	registerUser,
	sha256Hex,
	signedInClient,
	startAccountServer,
	verificationToken,
} from '../support/account-api';

const DAY = 86_400_000;
let server: TestServer;

beforeAll(async () => {
	server = await startAccountServer();
});

afterAll(async () => {
	await server?.stop();
});

async function sessionRow(token: string) {
	return await firstRow(
		server.db
			.select()
			.from(server.tables.sessions)
			.where(eq(server.tables.sessions.id, sha256Hex(token))),
	);
}

describe('POST /api/register while signed in', () => {
	it('ends the session the browser had, like signing in as someone else does', async () => {
		const first = await registerUser(server);
		const oldToken = first.client.sessionToken;
		expect(await sessionRow(oldToken)).toBeDefined();

		const second = newCredentials();
		const answer = await first.client.post('/api/register', second);
		expect(answer.status).toBe(201);
		expect((await first.client.get('/api/user')).body.email).toBe(second.email);
		expect(await sessionRow(oldToken)).toBeUndefined();
		expect((await getUserWithCookie(server, `session=${oldToken}`)).status).toBe(401);
	});
});

describe('the absolute session lifetime', () => {
	it('stores when the session started', async () => {
		const user = await registerUser(server);
		const row = (await sessionRow(user.client.sessionToken))!;
		expect(Math.abs(row.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
	});

	it('refuses a session started more than 90 days ago, even one extended yesterday', async () => {
		const user = await registerUser(server);
		const id = sha256Hex(user.client.sessionToken);
		await server.db
			.update(server.tables.sessions)
			.set({
				createdAt: new Date(Date.now() - 90 * DAY - 1000),
				expiresAt: new Date(Date.now() + 29 * DAY),
			})
			.where(eq(server.tables.sessions.id, id));
		expect((await user.client.get('/api/user')).status).toBe(401);
		expect(await sessionRow(user.client.sessionToken)).toBeUndefined();
	});

	it('extends a session no further than 90 days after it started', async () => {
		const user = await registerUser(server);
		const id = sha256Hex(user.client.sessionToken);
		const createdAt = Date.now() - 80 * DAY;
		await server.db
			.update(server.tables.sessions)
			.set({ createdAt: new Date(createdAt), expiresAt: new Date(Date.now() + 5 * DAY) })
			.where(eq(server.tables.sessions.id, id));
		const answer = await user.client.get('/api/user');
		expect(answer.status).toBe(200);
		expect((await sessionRow(user.client.sessionToken))!.expiresAt.getTime()).toBe(createdAt + 90 * DAY);
		// The cookie says the same.
		const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('session='));
		expect(cookie).toBeDefined();
		expect(new Date(cookie!.match(/Expires=([^;]+)/i)![1]!).getTime()).toBe(
			Math.floor((createdAt + 90 * DAY) / 1000) * 1000,
		);
	});
});

describe('verifying the sign-up address', () => {
	it("ends the account's other sessions and keeps the one confirming", async () => {
		// Whoever signed up with the address, or signed in since, is not its owner's guest.
		const user = await registerUser(server);
		const other = await signedInClient(server, user.email, user.password);
		const token = await verificationToken(server, user.email);
		const confirmed = await user.client.post('/api/auth/verify-email', { token });
		expect(confirmed.status).toBe(200);
		expect((await user.client.get('/api/user')).body).toMatchObject({ id: user.id, emailVerified: true });
		expect((await other.get('/api/user')).status).toBe(401);
	});

	it("confirmed from a browser without a session of the account (or another account's): every session ends", async () => {
		const squatter = await registerUser(server);
		const stranger = await registerUser(server);
		const token = await verificationToken(server, squatter.email);
		const confirmed = await stranger.client.post('/api/auth/verify-email', { token });
		expect(confirmed.status).toBe(200);
		expect((await squatter.client.get('/api/user')).status).toBe(401);
		// The confirming account is not touched.
		expect((await stranger.client.get('/api/user')).status).toBe(200);
		// The owner of the mailbox signs in with a password reset, as for any account.
		const rows = await server.db
			.select()
			.from(server.tables.sessions)
			.where(eq(server.tables.sessions.userId, squatter.id));
		expect(rows).toEqual([]);
	});
});

describe('PUT /api/profile/email', () => {
	it('on confirmation, ends the other sessions of the user, keeps this one, and mails the old address', async () => {
		const user = await registerUser(server);
		const other = await signedInClient(server, user.email, user.password);
		const newEmail = newCredentials().email;
		const skip = outboxMails(server).length;
		const answer = await user.client.put('/api/profile/email', {
			email: newEmail,
			currentPassword: user.password,
		});
		expect(answer.status).toBe(200);
		// Asking changes nothing yet: every session goes on.
		expect((await other.get('/api/user')).status).toBe(200);
		const token = await verificationToken(server, newEmail, skip);
		const confirmed = await user.client.post('/api/auth/verify-email', { token });
		expect(confirmed.status).toBe(200);
		expect((await user.client.get('/api/user')).body.email).toBe(newEmail);

		expect((await user.client.get('/api/user')).status).toBe(200);
		expect((await other.get('/api/user')).status).toBe(401);
		const rows = await server.db
			.select()
			.from(server.tables.sessions)
			.where(eq(server.tables.sessions.userId, user.id));
		expect(rows.map((row) => row.id)).toEqual([sha256Hex(user.client.sessionToken)]);

		const notice = await eventually(() =>
			outboxMails(server).find((text) => mailTo(text, user.email) && text.includes('account was changed')),
		);
		expect(notice).toMatch(/^Subject: The email of your Retail Media Hub account was changed/m);
		expect(notice).toContain('signed out everywhere else');
		expect(notice).toContain(`${server.url}/contact`);
		// The old address is not told where the account went.
		expect(notice).not.toContain(newEmail);
	});

	it('confirmed from a browser without a session of the account: every session ends', async () => {
		const user = await registerUser(server);
		const other = await signedInClient(server, user.email, user.password);
		const confirmed = await changeEmailConfirmed(
			server,
			user,
			newCredentials().email,
			new TestClient(server.url),
		);
		expect(confirmed.status).toBe(200);
		expect((await user.client.get('/api/user')).status).toBe(401);
		expect((await other.get('/api/user')).status).toBe(401);
	});

	it('ends nothing and mails nothing when the current password is wrong', async () => {
		const user = await registerUser(server);
		const other = await signedInClient(server, user.email, user.password);
		// The sign-up's verification mail is written after the answer: count from after it.
		await verificationToken(server, user.email);
		const before = outboxMails(server).length;
		const answer = await user.client.put('/api/profile/email', {
			email: newCredentials().email,
			currentPassword: 'wrong-one',
		});
		expect(answer.status).toBe(400);
		expect((await other.get('/api/user')).status).toBe(200);
		await laterMailWritten(server);
		expect(outboxMails(server)).toHaveLength(before + 1);
	});
});

describe('DELETE /api/profile/sessions ("Sign out everywhere")', () => {
	async function sessionCount(userId: number): Promise<number> {
		const { sessions } = server.tables;
		return (await server.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
	}

	it('ends every session of the user, this one too, and clears the cookie', async () => {
		const user = await registerUser(server);
		const second = await signedInClient(server, user.email, user.password);
		const bystander = await registerUser(server);
		expect(await sessionCount(user.id)).toBe(2);
		const ownToken = user.client.sessionToken;

		const answer = await user.client.delete('/api/profile/sessions');
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({ message: 'You are signed out everywhere.' });
		const cleared = answer.headers.getSetCookie().find((line) => line.startsWith('session='));
		expect(cleared).toMatch(/^session=;.*Max-Age=0/i);
		expect(await sessionCount(user.id)).toBe(0);
		expect((await getUserWithCookie(server, `session=${ownToken}`)).status).toBe(401);
		expect((await second.get('/api/user')).status).toBe(401);
		// Nobody else is signed out, and the password still signs in.
		expect((await bystander.client.get('/api/user')).status).toBe(200);
		await signedInClient(server, user.email, user.password);
	});

	it('answers 401 to an anonymous visitor', async () => {
		const answer = await new TestClient(server.url).delete('/api/profile/sessions');
		expect(answer.status).toBe(401);
		expect(answer.body).toEqual({ message: 'Authentication required' });
	});

	it('answers 401 to the session of a banned user (the ban already ended it)', async () => {
		const user = await registerUser(server);
		const { users } = server.tables;
		await server.db.update(users).set({ isBanned: true }).where(eq(users.id, user.id));
		expect((await user.client.delete('/api/profile/sessions')).status).toBe(401);
	});

	it('works for an editor', async () => {
		const editor = await registerUser(server);
		const { users } = server.tables;
		await server.db.update(users).set({ role: 'editor' }).where(eq(users.id, editor.id));
		expect((await editor.client.delete('/api/profile/sessions')).status).toBe(200);
		expect(await sessionCount(editor.id)).toBe(0);
	});

	it('refuses another site (403) and keeps the sessions', async () => {
		const user = await registerUser(server);
		const answer = await user.client.request('DELETE', '/api/profile/sessions', undefined, {
			origin: 'https://evil.example',
		});
		expect(answer.status).toBe(403);
		expect(await sessionCount(user.id)).toBe(1);
	});

	it('answers 405 to other methods', async () => {
		const user = await registerUser(server);
		const answer = await user.client.post('/api/profile/sessions');
		expect(answer.status).toBe(405);
		expect(answer.headers.get('allow')).toBe('DELETE');
		expect(await sessionCount(user.id)).toBe(1);
	});
});
