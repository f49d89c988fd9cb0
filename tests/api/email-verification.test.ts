/**
 * Verified addresses: sign-up mails a link to SITE_URL/verify-email, the page's button confirms
 * it through POST /api/auth/verify-email (random tokens, stored hashed, single use, 48 hours,
 * voided by newer ones), the profile resends it (limited per account), an email change waits
 * for the new address's link, and the API says whose address is verified (the user, the admin
 * list, reviews). Sign-up still signs in at once.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstRow } from '@/server/db';
import type { TestServer } from '../support/server';
import { platformInput } from '../support/platform-fixtures';
import {
	TestClient,
	eventually,
	findVerifyLink,
	mailTo,
	newCredentials,
	outboxMails,
	registerUser,
	sha256Hex,
	startAccountServer,
	verificationToken,
	type Registered,
} from '../support/account-api';

let server: TestServer;

beforeAll(async () => {
	server = await startAccountServer();
});

afterAll(async () => {
	await server?.stop();
});

const HOUR = 3_600_000;
const INVALID = {
	message:
		'This verification link is invalid, has expired or was already used. You can ask for a new one from your profile.',
};
const MISSING = { message: 'The verification link is invalid or missing.' };
const ALREADY_VERIFIED = { message: 'Your email address is already verified.' };
const AUTH_REQUIRED = { message: 'Authentication required' };

async function storedUser(id: number) {
	return (await firstRow(
		server.db.select().from(server.tables.users).where(eq(server.tables.users.id, id)),
	))!;
}

async function tokenRows(userId: number) {
	const { emailVerificationTokens: tokens } = server.tables;
	return server.db.select().from(tokens).where(eq(tokens.userId, userId));
}

async function setUser(id: number, values: { role?: 'editor'; isBanned?: boolean; emailVerified?: boolean }) {
	await server.db.update(server.tables.users).set(values).where(eq(server.tables.users.id, id));
}

const confirm = (client: TestClient, token: string) => client.post('/api/auth/verify-email', { token });

/** A new account and the token of the link its sign-up mailed. */
async function signUp(): Promise<Registered & { token: string }> {
	const user = await registerUser(server);
	return { ...user, token: await verificationToken(server, user.email) };
}

describe('sign-up', () => {
	it('signs in at once, unverified, and mails SITE_URL/verify-email#token=… to the new address, no token in a query', async () => {
		const user = await registerUser(server);
		expect(user.answer.status).toBe(201);
		expect(user.answer.body).toMatchObject({ id: user.id, emailVerified: false });
		const me = await user.client.get('/api/user');
		expect(me.status).toBe(200);
		expect(me.body).toMatchObject({ id: user.id, emailVerified: false });

		const mail = await eventually(() =>
			outboxMails(server).find((text) => mailTo(text, user.email) && findVerifyLink(server, text)),
		);
		expect(mail).toMatch(/^Subject: Confirm your email for Retail Media Hub/m);
		const link = findVerifyLink(server, mail)!;
		expect(link.link).toBe(`${server.url}/verify-email#token=${link.token}`);
		// A fragment never reaches a server or its logs; a query would (issue 42, F-9).
		expect(mail).not.toMatch(/[?&]token=/);
		expect(link.token).toMatch(/^[a-z2-7]{32}$/);
	});

	it('stores only the SHA-256 of the token, with the address and an end 48 hours on', async () => {
		const startedAt = Date.now();
		const { id, email, token } = await signUp();
		const finishedAt = Date.now();
		const rows = await tokenRows(id);
		expect(rows).toHaveLength(1);
		expect(rows[0]!.id).toBe(sha256Hex(token));
		expect(rows[0]!.id).not.toContain(token);
		expect(rows[0]!.email).toBe(email);
		// 48 hours from the moment the server made it, somewhere between the two readings of the
		// clock, however long the sign-up took (stored to the second: a second's rounding).
		const expiresAt = rows[0]!.expiresAt.getTime();
		expect(expiresAt).toBeGreaterThanOrEqual(startedAt + 48 * HOUR - 1000);
		expect(expiresAt).toBeLessThanOrEqual(finishedAt + 48 * HOUR);
	});
});

describe('POST /api/auth/verify-email', () => {
	it("verifies the address (200) without a session, and ends the account's sessions", async () => {
		const user = await signUp();
		const answer = await confirm(new TestClient(server.url), user.token);
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({ message: `Your email ${user.email} is verified.` });
		expect((await storedUser(user.id)).emailVerified).toBe(true);
		// The mailbox's holder owns the account now; a session made before they confirmed ends.
		expect((await user.client.get('/api/user')).status).toBe(401);
		const again = await new TestClient(server.url).login(user.email, user.password);
		expect(again.body).toMatchObject({ id: user.id, emailVerified: true });
		expect(await tokenRows(user.id)).toHaveLength(0);
	});

	it('works once: the same token again is a 400 with a sentence', async () => {
		const user = await signUp();
		expect((await confirm(user.client, user.token)).status).toBe(200);
		const again = await confirm(user.client, user.token);
		expect(again.status).toBe(400);
		expect(again.body).toEqual(INVALID);
	});

	it('works once when two confirmations arrive together', async () => {
		const user = await signUp();
		const answers = await Promise.all([
			confirm(new TestClient(server.url), user.token),
			confirm(new TestClient(server.url), user.token),
		]);
		expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
	});

	it('refuses a wrong token (400) and verifies nothing', async () => {
		const user = await signUp();
		const wrong = `${user.token.slice(0, -1)}${user.token.endsWith('a') ? 'b' : 'a'}`;
		const answer = await confirm(user.client, wrong);
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual(INVALID);
		expect((await storedUser(user.id)).emailVerified).toBe(false);
	});

	it('refuses a token past its 48 hours (400)', async () => {
		const user = await signUp();
		const { emailVerificationTokens: tokens } = server.tables;
		await server.db
			.update(tokens)
			.set({ expiresAt: new Date(Date.now() - 1000) })
			.where(eq(tokens.userId, user.id));
		const answer = await confirm(user.client, user.token);
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual(INVALID);
		expect((await storedUser(user.id)).emailVerified).toBe(false);
	});

	it('refuses a link voided by a newer one, and takes the newer one', async () => {
		const user = await signUp();
		const skip = outboxMails(server).length;
		expect((await user.client.post('/api/profile/verification-mail')).status).toBe(200);
		const newer = await verificationToken(server, user.email, skip);
		expect(newer).not.toBe(user.token);
		const old = await confirm(user.client, user.token);
		expect(old.status).toBe(400);
		expect(old.body).toEqual(INVALID);
		expect((await confirm(user.client, newer)).status).toBe(200);
	});

	it("refuses a banned account's link (400): a ban voids it, and a banned account verifies nothing", async () => {
		const viaBan = await signUp();
		const editor = await registerUser(server);
		await setUser(editor.id, { role: 'editor' });
		expect((await editor.client.put(`/api/admin/users/${viaBan.id}/ban`)).status).toBe(200);
		expect(await tokenRows(viaBan.id)).toHaveLength(0);
		expect((await confirm(new TestClient(server.url), viaBan.token)).body).toEqual(INVALID);

		const bannedSince = await signUp();
		await setUser(bannedSince.id, { isBanned: true });
		const answer = await confirm(new TestClient(server.url), bannedSince.token);
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual(INVALID);
		expect((await storedUser(bannedSince.id)).emailVerified).toBe(false);
	});

	it.each([
		['a missing token', {}],
		['a token that is not a string', { token: 12345 }],
		['an empty token', { token: '' }],
		['a token that is too long', { token: 'a'.repeat(129) }],
	])('answers 400 with a message for %s', async (_label, body) => {
		const answer = await new TestClient(server.url).post('/api/auth/verify-email', body);
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual(MISSING);
	});

	it("lets whoever holds the link confirm: another user's, an editor's or a banned user's session", async () => {
		const other = await registerUser(server);
		const editor = await registerUser(server);
		await setUser(editor.id, { role: 'editor' });
		const banned = await registerUser(server);
		await setUser(banned.id, { isBanned: true });
		for (const client of [other.client, editor.client, banned.client]) {
			const owner = await signUp();
			const answer = await confirm(client, owner.token);
			expect(answer.status).toBe(200);
			expect((await storedUser(owner.id)).emailVerified).toBe(true);
			// The account's own sessions end (account-sessions.test.ts); the confirming one is untouched.
			expect((await owner.client.get('/api/user')).status).toBe(401);
		}
		expect((await storedUser(other.id)).emailVerified).toBe(false);
		expect((await other.client.get('/api/user')).status).toBe(200);
	});
});

describe('GET /verify-email (the page)', () => {
	it('asks for the button and confirms nothing by being opened (link scanners only GET)', async () => {
		const user = await signUp();
		const page = await new TestClient(server.url).get<string>(`/verify-email?token=${user.token}`);
		expect(page.status).toBe(200);
		expect(page.body).toContain('<title>Verify Email | Retail Media Hub</title>');
		expect(page.body).toContain('<meta name="robots" content="noindex');
		expect(page.headers.get('referrer-policy')).toBe('no-referrer');
		expect((await storedUser(user.id)).emailVerified).toBe(false);
		expect(await tokenRows(user.id)).toHaveLength(1);
	});

	it('is kept out of robots.txt', async () => {
		const robots = await new TestClient(server.url).get<string>('/robots.txt');
		expect(robots.body).toContain('Disallow: /verify-email');
	});
});

describe('POST /api/profile/verification-mail', () => {
	it('mails a new link to the current address (200) and voids the older one', async () => {
		const user = await signUp();
		const skip = outboxMails(server).length;
		const answer = await user.client.post('/api/profile/verification-mail');
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({ message: `We sent a new verification link to ${user.email}.` });
		const newer = await verificationToken(server, user.email, skip);
		expect(await tokenRows(user.id)).toHaveLength(1);
		expect((await confirm(user.client, user.token)).status).toBe(400);
		expect((await confirm(user.client, newer)).status).toBe(200);
	});

	it('answers 409 when the address is already verified', async () => {
		const user = await signUp();
		expect((await confirm(user.client, user.token)).status).toBe(200);
		const answer = await user.client.post('/api/profile/verification-mail');
		expect(answer.status).toBe(409);
		expect(answer.body).toEqual(ALREADY_VERIFIED);
	});

	it('answers 401 to a visitor and to the session of a banned user', async () => {
		const anonymous = await new TestClient(server.url).post('/api/profile/verification-mail');
		expect(anonymous.status).toBe(401);
		expect(anonymous.body).toEqual(AUTH_REQUIRED);
		const banned = await signUp();
		await setUser(banned.id, { isBanned: true });
		const answer = await banned.client.post('/api/profile/verification-mail');
		expect(answer.status).toBe(401);
		expect(await tokenRows(banned.id)).toEqual([expect.objectContaining({ id: sha256Hex(banned.token) })]);
	});

	it('serves an unverified editor like anyone', async () => {
		const editor = await registerUser(server);
		await setUser(editor.id, { role: 'editor' });
		expect((await editor.client.post('/api/profile/verification-mail')).status).toBe(200);
	});

	it('allows 5 verification mails an hour per account (resends and email changes together), then 429', async () => {
		const user = await signUp();
		for (let i = 0; i < 4; i++) {
			expect((await user.client.post('/api/profile/verification-mail')).status).toBe(200);
		}
		const change = await user.client.put('/api/profile/email', {
			email: newCredentials().email,
			currentPassword: user.password,
		});
		expect(change.status).toBe(200);
		const limited = await user.client.post('/api/profile/verification-mail');
		expect(limited.status).toBe(429);
		expect(limited.body.message).toMatch(/^Too many verification mails\. Please try again in/);
		expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
		const changeLimited = await user.client.put('/api/profile/email', {
			email: newCredentials().email,
			currentPassword: user.password,
		});
		expect(changeLimited.status).toBe(429);
		// Another account has its own allowance.
		const other = await signUp();
		expect((await other.client.post('/api/profile/verification-mail')).status).toBe(200);
	});
});

describe('email change through the verification link', () => {
	it('a newer change voids the link of an older one', async () => {
		const user = await signUp();
		const first = newCredentials().email;
		const second = newCredentials().email;
		const skip = outboxMails(server).length;
		await user.client.put('/api/profile/email', { email: first, currentPassword: user.password });
		const firstToken = await verificationToken(server, first, skip);
		await user.client.put('/api/profile/email', { email: second, currentPassword: user.password });
		const secondToken = await verificationToken(server, second, skip);
		expect((await confirm(user.client, firstToken)).body).toEqual(INVALID);
		expect((await confirm(user.client, secondToken)).status).toBe(200);
		expect(await storedUser(user.id)).toMatchObject({ email: second, emailVerified: true });
	});

	it('leaves an unverified account verified at its new address once confirmed', async () => {
		const user = await signUp();
		const newEmail = newCredentials().email;
		const skip = outboxMails(server).length;
		await user.client.put('/api/profile/email', { email: newEmail, currentPassword: user.password });
		expect((await storedUser(user.id)).emailVerified).toBe(false);
		const token = await verificationToken(server, newEmail, skip);
		expect((await confirm(user.client, token)).status).toBe(200);
		expect((await user.client.get('/api/user')).body).toMatchObject({
			email: newEmail,
			emailVerified: true,
		});
	});
});

describe('GET, POST and DELETE /api/profile/email: the change waiting for its link', () => {
	const NOTHING_WAITS = { message: 'There is no email change waiting for confirmation.' };

	it('shows the waiting address (null when none), resends its link and cancels it', async () => {
		const user = await signUp();
		// The sign-up's own link is not a change.
		expect((await user.client.get('/api/profile/email')).body).toEqual({ pendingEmail: null });
		const newEmail = newCredentials().email;
		let skip = outboxMails(server).length;
		await user.client.put('/api/profile/email', { email: newEmail, currentPassword: user.password });
		const first = await verificationToken(server, newEmail, skip);
		expect(await user.client.get('/api/profile/email')).toMatchObject({
			status: 200,
			body: { pendingEmail: newEmail },
		});

		skip = outboxMails(server).length;
		const resent = await user.client.post('/api/profile/email');
		expect(resent.status).toBe(200);
		expect(resent.body).toEqual({
			message: `We sent a new confirmation link to ${newEmail}. Your email stays ${user.email} until you open it.`,
			pendingEmail: newEmail,
		});
		const second = await verificationToken(server, newEmail, skip);
		expect((await confirm(user.client, first)).body).toEqual(INVALID);

		const cancelled = await user.client.delete('/api/profile/email');
		expect(cancelled.status).toBe(200);
		expect(cancelled.body).toEqual({
			message: `The change to ${newEmail} is cancelled. Your email stays ${user.email}.`,
		});
		expect((await user.client.get('/api/profile/email')).body).toEqual({ pendingEmail: null });
		expect((await confirm(user.client, second)).body).toEqual(INVALID);
		expect((await storedUser(user.id)).email).toBe(user.email);
	});

	it('answers 404 with a sentence to resend or cancel when nothing waits', async () => {
		const user = await signUp();
		for (const answer of [
			await user.client.post('/api/profile/email'),
			await user.client.delete('/api/profile/email'),
		]) {
			expect(answer.status).toBe(404);
			expect(answer.body).toEqual(NOTHING_WAITS);
		}
		// The sign-up's link still works: cancelling a change never voids it.
		expect((await confirm(user.client, user.token)).status).toBe(200);
	});

	it('answers 401 to a visitor and to a banned session; an editor has their own', async () => {
		const visitor = new TestClient(server.url);
		const banned = await signUp();
		await setUser(banned.id, { isBanned: true });
		for (const client of [visitor, banned.client]) {
			for (const answer of [
				await client.get('/api/profile/email'),
				await client.post('/api/profile/email'),
				await client.delete('/api/profile/email'),
			]) {
				expect(answer.status).toBe(401);
				expect(answer.body).toEqual(AUTH_REQUIRED);
			}
		}
		const editor = await signUp();
		await setUser(editor.id, { role: 'editor' });
		const newEmail = newCredentials().email;
		await editor.client.put('/api/profile/email', { email: newEmail, currentPassword: editor.password });
		expect((await editor.client.get('/api/profile/email')).body).toEqual({ pendingEmail: newEmail });
		expect((await editor.client.delete('/api/profile/email')).status).toBe(200);
	});
});

describe('emailVerified in the admin users list', () => {
	it('is a boolean on every row, true once the address is confirmed', async () => {
		const editor = await registerUser(server);
		await setUser(editor.id, { role: 'editor' });
		const unverified = await signUp();
		const verified = await signUp();
		expect((await confirm(verified.client, verified.token)).status).toBe(200);
		const list = async (search: string) =>
			(await editor.client.get(`/api/admin/users?search=${encodeURIComponent(search)}`)).body.users;
		expect((await list(unverified.username))[0]).toMatchObject({
			id: unverified.id,
			emailVerified: false,
		});
		expect((await list(verified.username))[0]).toMatchObject({ id: verified.id, emailVerified: true });
	});
});

describe('isVerified on reviews', () => {
	it("says whether the review's author has a verified address", async () => {
		const editor = await registerUser(server);
		await setUser(editor.id, { role: 'editor' });
		const created = await editor.client.post('/api/admin/platforms', platformInput());
		expect(created.status, JSON.stringify(created.body)).toBe(201);
		const path = `/api/platforms/${created.body.id}/ratings`;
		const author = await signUp();
		const rated = await author.client.post(path, { rating: 4, review: 'Useful.' });
		expect(rated.status).toBe(201);
		expect(rated.body.rating.isVerified).toBe(false);

		expect((await confirm(author.client, author.token)).status).toBe(200);
		// Read as a signed-in reader: an answer of their own, never one a shared cache kept.
		const listed = await author.client.get(path);
		expect(listed.body).toEqual([expect.objectContaining({ id: rated.body.rating.id, isVerified: true })]);
	});
});
