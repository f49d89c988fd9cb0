/**
 * Sign-up, sign-in, sign-out and the session behind them, over real HTTP against the built
 * server and its own SQLite database.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstRow } from '@/server/db';
import type { TestServer } from '../support/server';
import {
	TestClient,
	USER_FIELDS,
	getUserWithCookie,
	newCredentials,
	registerUser,
	sessionSetCookie,
	sha256Hex,
	signedInClient,
	startAccountServer,
} from '../support/account-api';

let server: TestServer;

beforeAll(async () => {
	server = await startAccountServer();
});

afterAll(async () => {
	await server?.stop();
});

const INVALID_LOGIN = 'Invalid email or password.';
const BANNED_MESSAGE = 'Your account has been banned. Please contact us if you think this is a mistake.';

async function setRole(id: number, role: 'user' | 'editor') {
	await server.db.update(server.tables.users).set({ role }).where(eq(server.tables.users.id, id));
}

async function setBanned(id: number, isBanned: boolean) {
	await server.db.update(server.tables.users).set({ isBanned }).where(eq(server.tables.users.id, id));
}

async function sessionRows(userId: number) {
	return await server.db
		.select()
		.from(server.tables.sessions)
		.where(eq(server.tables.sessions.userId, userId));
}

describe('POST /api/register', () => {
	it('creates the account, answers 201 with the public user and signs it in', async () => {
		const client = new TestClient(server.url);
		const credentials = newCredentials();
		const before = Date.now();
		const answer = await client.post('/api/register', credentials);

		expect(answer.status).toBe(201);
		expect(Object.keys(answer.body).sort()).toEqual([...USER_FIELDS]);
		expect(answer.body).toMatchObject({
			id: expect.any(Number),
			username: credentials.username,
			email: credentials.email,
			role: 'user',
			isBanned: false,
			isNewsletterSubscribed: false,
		});
		const createdAt = Date.parse(answer.body.createdAt);
		expect(createdAt).toBeGreaterThanOrEqual(before - 1000);
		expect(createdAt).toBeLessThanOrEqual(Date.now() + 1000);

		const me = await client.get('/api/user');
		expect(me.status).toBe(200);
		expect(me.body).toEqual(answer.body);
	});

	it('sets an HttpOnly, SameSite=Lax session cookie for the whole site, valid 30 days', async () => {
		const { answer } = await registerUser(server);
		const cookie = sessionSetCookie(answer.headers);
		expect(cookie).toBeDefined();
		expect(cookie).toMatch(/^session=[a-z2-7]{32};/);
		expect(cookie).toMatch(/;\s*HttpOnly/i);
		expect(cookie).toMatch(/;\s*SameSite=Lax/i);
		expect(cookie).toMatch(/;\s*Path=\//i);
		// The test site is plain http, so the cookie must not be Secure (or browsers drop it).
		expect(cookie).not.toMatch(/;\s*Secure/i);
		const expires = Date.parse(cookie!.match(/Expires=([^;]+)/i)![1]!);
		const days = (expires - Date.now()) / 86_400_000;
		expect(days).toBeGreaterThan(29);
		expect(days).toBeLessThanOrEqual(30);
	});

	it('stores the email lower-cased and the username as typed (trimmed)', async () => {
		const credentials = newCredentials();
		const client = new TestClient(server.url);
		const answer = await client.post('/api/register', {
			...credentials,
			email: `  ${credentials.email.toUpperCase()} `,
			username: ` ${credentials.username.toUpperCase()} `,
		});
		expect(answer.status).toBe(201);
		expect(answer.body.email).toBe(credentials.email);
		expect(answer.body.username).toBe(credentials.username.toUpperCase());
	});

	it('never stores the password itself', async () => {
		const { id, password } = await registerUser(server);
		const row = (await firstRow(
			server.db.select().from(server.tables.users).where(eq(server.tables.users.id, id)),
		))!;
		expect(row.passwordHash).not.toContain(password);
		expect(row.passwordHash).toMatch(/^\$argon2id\$/);
	});

	it('refuses an email that is taken, ignoring case (409 naming the email)', async () => {
		const email = newCredentials().email.replace('user', 'Alice');
		await registerUser(server, { email });
		const answer = await new TestClient(server.url).post(
			'/api/register',
			newCredentials({ email: email.toLowerCase() }),
		);
		expect(answer.status).toBe(409);
		expect(answer.body).toEqual({ message: 'An account with this email already exists.' });
		expect(answer.body.message).toMatch(/email/i);
		expect(sessionSetCookie(answer.headers)).toBeUndefined();
	});

	it('refuses a username that is taken, ignoring case (409 naming the username)', async () => {
		const username = newCredentials().username.replace('user', 'Alice');
		await registerUser(server, { username });
		const answer = await new TestClient(server.url).post(
			'/api/register',
			newCredentials({ username: username.toLowerCase() }),
		);
		expect(answer.status).toBe(409);
		expect(answer.body).toEqual({ message: 'This username is already taken.' });
		expect(answer.body.message).toMatch(/username/i);
	});

	const valid = { email: 'valid@example.com', username: 'valid_name', password: 'secret12' };
	it.each([
		['no body at all', undefined, 'Email is required.'],
		['a missing email', { ...valid, email: undefined }, 'Email is required.'],
		['an email that is not a string', { ...valid, email: 42 }, 'Email is required.'],
		['an empty email', { ...valid, email: '' }, 'Email is required.'],
		['a blank email', { ...valid, email: '   ' }, 'Email is required.'],
		['an invalid email', { ...valid, email: 'not-an-email' }, 'Please enter a valid email address.'],
		['an email without a domain', { ...valid, email: 'bob@' }, 'Please enter a valid email address.'],
		['a too long email', { ...valid, email: `${'a'.repeat(250)}@x.io` }, 'Email is too long.'],
		['a missing username', { ...valid, username: undefined }, 'Username is required.'],
		['a username that is not a string', { ...valid, username: ['bob'] }, 'Username is required.'],
		['an empty username', { ...valid, username: '' }, 'Username is required.'],
		['a too short username', { ...valid, username: 'ab' }, 'Username must be at least 3 characters long.'],
		[
			'a too long username',
			{ ...valid, username: 'a'.repeat(31) },
			'Username must be at most 30 characters long.',
		],
		[
			'a username with spaces',
			{ ...valid, username: 'bad name' },
			'Username may use letters, digits, dots, dashes and underscores.',
		],
		[
			'a username with markup',
			{ ...valid, username: '<b>bob</b>' },
			'Username may use letters, digits, dots, dashes and underscores.',
		],
		['a missing password', { ...valid, password: undefined }, 'Password is required.'],
		['a password that is not a string', { ...valid, password: 123456 }, 'Password is required.'],
		['an empty password', { ...valid, password: '' }, 'Password is required.'],
		['a too short password', { ...valid, password: '12345' }, 'Password must be at least 6 characters long.'],
		['a too long password', { ...valid, password: 'x'.repeat(257) }, 'Password is too long.'],
		['a JSON array', [], 'The request body must be an object.'],
		['JSON null', 'null', 'The request body must be an object.'],
	])('answers 400 with a message for %s', async (_label, body, message) => {
		const answer = await new TestClient(server.url).post('/api/register', body);
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ message });
		expect(sessionSetCookie(answer.headers)).toBeUndefined();
	});

	it('accepts a password of exactly 6 characters', async () => {
		const answer = await new TestClient(server.url).post(
			'/api/register',
			newCredentials({ password: '123456' }),
		);
		expect(answer.status).toBe(201);
	});

	it('ignores a role sent by the client (no self-promotion to editor)', async () => {
		const answer = await new TestClient(server.url).post('/api/register', {
			...newCredentials(),
			role: 'editor',
			isBanned: true,
			isNewsletterSubscribed: true,
		});
		expect(answer.status).toBe(201);
		expect(answer.body).toMatchObject({
			role: 'user',
			isBanned: false,
			isNewsletterSubscribed: false,
		});
	});
});

describe('POST /api/login', () => {
	it('signs in: 200 with the public user and a new session cookie', async () => {
		const { email, password, id } = await registerUser(server);
		const client = new TestClient(server.url);
		const answer = await client.login(email, password);
		expect(answer.status).toBe(200);
		expect(Object.keys(answer.body).sort()).toEqual([...USER_FIELDS]);
		expect(answer.body).toMatchObject({ id, email, role: 'user', isBanned: false });
		const cookie = sessionSetCookie(answer.headers);
		expect(cookie).toMatch(/^session=[a-z2-7]{32};.*HttpOnly/i);
		expect(cookie).toMatch(/SameSite=Lax/i);
		expect((await client.get('/api/user')).body.id).toBe(id);
	});

	it('ignores case and surrounding spaces in the email', async () => {
		const { email, password, id } = await registerUser(server);
		const answer = await new TestClient(server.url).login(`  ${email.toUpperCase()}  `, password);
		expect(answer.status).toBe(200);
		expect(answer.body.id).toBe(id);
	});

	it('gives the same answer for an unknown email and for a wrong password', async () => {
		const { email } = await registerUser(server);
		const unknown = await new TestClient(server.url).login('nobody-here@example.com', 'whatever1');
		const wrong = await new TestClient(server.url).login(email, 'wrong-password');
		expect(unknown.status).toBe(401);
		expect(wrong.status).toBe(401);
		expect(unknown.body).toEqual({ message: INVALID_LOGIN });
		expect(wrong.body).toEqual(unknown.body);
		expect(sessionSetCookie(unknown.headers)).toBeUndefined();
		expect(sessionSetCookie(wrong.headers)).toBeUndefined();
	});

	it('does not accept the password in another case', async () => {
		const { email, password } = await registerUser(server, { password: 'CaseSensitive1' });
		expect(password).toBe('CaseSensitive1');
		const answer = await new TestClient(server.url).login(email, 'casesensitive1');
		expect(answer.status).toBe(401);
	});

	it('refuses a banned user with 403 and the ban message, even with the right password', async () => {
		const { email, password, id } = await registerUser(server);
		await setBanned(id, true);
		const client = new TestClient(server.url);
		const answer = await client.login(email, password);
		expect(answer.status).toBe(403);
		expect(answer.body).toEqual({ message: BANNED_MESSAGE });
		expect(sessionSetCookie(answer.headers)).toBeUndefined();
		expect((await client.get('/api/user')).status).toBe(401);
	});

	it('gives a banned user with a wrong password the plain invalid-login answer', async () => {
		const { email, id } = await registerUser(server);
		await setBanned(id, true);
		const answer = await new TestClient(server.url).login(email, 'wrong-password');
		expect(answer.status).toBe(401);
		expect(answer.body).toEqual({ message: INVALID_LOGIN });
	});

	it('signs an editor in with role editor', async () => {
		const { email, password, id } = await registerUser(server);
		await setRole(id, 'editor');
		const answer = await new TestClient(server.url).login(email, password);
		expect(answer.status).toBe(200);
		expect(answer.body).toMatchObject({ id, role: 'editor' });
	});

	it('starts a separate session for every sign-in', async () => {
		const { email, password, id, client: first } = await registerUser(server);
		const second = await signedInClient(server, email, password);
		expect(second.sessionToken).not.toBe(first.sessionToken);
		expect(await sessionRows(id)).toHaveLength(2);
		expect((await first.get('/api/user')).status).toBe(200);
		expect((await second.get('/api/user')).status).toBe(200);
	});

	it.each([
		['no body at all', undefined, 'Email is required.'],
		['a missing email', { password: 'secret12' }, 'Email is required.'],
		['an email that is not a string', { email: true, password: 'secret12' }, 'Email is required.'],
		['an empty email', { email: '', password: 'secret12' }, 'Email is required.'],
		['an invalid email', { email: 'nope', password: 'secret12' }, 'Please enter a valid email address.'],
		['a missing password', { email: 'a@example.com' }, 'Password is required.'],
		[
			'a password that is not a string',
			{ email: 'a@example.com', password: 1234567 },
			'Password is required.',
		],
		['an empty password', { email: 'a@example.com', password: '' }, 'Password is required.'],
		['a too long password', { email: 'a@example.com', password: 'x'.repeat(257) }, 'Password is too long.'],
	])('answers 400 with a message for %s', async (_label, body, message) => {
		const answer = await new TestClient(server.url).post('/api/login', body);
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ message });
	});

	it('answers a too short password with the invalid-login message, not a password rule', async () => {
		const { email } = await registerUser(server);
		const answer = await new TestClient(server.url).login(email, 'abc');
		expect(answer.status).toBe(401);
		expect(answer.body).toEqual({ message: INVALID_LOGIN });
	});
});

describe('GET /api/user', () => {
	it('answers 401 "Authentication required" to an anonymous visitor', async () => {
		const answer = await new TestClient(server.url).get('/api/user');
		expect(answer.status).toBe(401);
		expect(answer.body).toEqual({ message: 'Authentication required' });
		expect(sessionSetCookie(answer.headers)).toBeUndefined();
	});

	it('returns exactly the public fields of the signed-in user', async () => {
		const { client, id, email, username } = await registerUser(server);
		const answer = await client.get('/api/user');
		expect(answer.status).toBe(200);
		expect(Object.keys(answer.body).sort()).toEqual([...USER_FIELDS]);
		expect(answer.body).toEqual({
			id,
			username,
			displayName: null,
			email,
			role: 'user',
			isBanned: false,
			isNewsletterSubscribed: false,
			// A new account has not opened its verification link yet.
			emailVerified: false,
			createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
			vendorPlatformId: null,
		});
		expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
	});

	it('shows role editor for an editor, taken fresh from the database', async () => {
		const { client, id } = await registerUser(server);
		await setRole(id, 'editor');
		const answer = await client.get('/api/user');
		expect(answer.status).toBe(200);
		expect(answer.body.role).toBe('editor');
	});

	it('answers 401 to an existing session once the user is banned, and drops that session', async () => {
		const { client, id } = await registerUser(server);
		const cookie = client.sessionCookie;
		expect((await client.get('/api/user')).status).toBe(200);
		await setBanned(id, true);
		const answer = await client.get('/api/user');
		expect(answer.status).toBe(401);
		expect(answer.body).toEqual({ message: 'Authentication required' });
		expect(await sessionRows(id)).toHaveLength(0);
		// Lifting the ban does not bring the old session back.
		await setBanned(id, false);
		expect((await getUserWithCookie(server, cookie)).status).toBe(401);
	});

	it.each([
		['garbage', 'session=garbage'],
		['a well-formed but unknown token', `session=${'a'.repeat(32)}`],
		['a token with the wrong alphabet', `session=${'A'.repeat(32)}`],
	])('answers 401 to %s in the cookie and clears it', async (_label, cookie) => {
		const answer = await getUserWithCookie(server, cookie);
		expect(answer.status).toBe(401);
		expect(answer.body).toEqual({ message: 'Authentication required' });
		const cleared = sessionSetCookie(answer.headers);
		expect(cleared).toMatch(/^session=;/);
		expect(cleared).toMatch(/Max-Age=0/i);
	});
});

describe('sessions', () => {
	it('stores only the SHA-256 of the cookie token', async () => {
		const { client, id } = await registerUser(server);
		const token = client.sessionToken;
		expect(token).toMatch(/^[a-z2-7]{32}$/);
		const rows = await sessionRows(id);
		expect(rows).toHaveLength(1);
		expect(rows[0]!.id).toBe(sha256Hex(token));
		expect(rows[0]!.id).toMatch(/^[0-9a-f]{64}$/);
		const all = await server.db.select().from(server.tables.sessions);
		expect(all.some((row) => row.id === token)).toBe(false);
		expect(JSON.stringify(all)).not.toContain(token);
	});

	it('refuses an expired session and deletes it', async () => {
		const { client, id } = await registerUser(server);
		await server.db
			.update(server.tables.sessions)
			.set({ expiresAt: new Date(Date.now() - 1000) })
			.where(eq(server.tables.sessions.userId, id));
		const answer = await client.get('/api/user');
		expect(answer.status).toBe(401);
		expect(await sessionRows(id)).toHaveLength(0);
	});

	it('extends a session used in the second half of its life (sliding expiry)', async () => {
		const { client, id } = await registerUser(server);
		const tenDays = Date.now() + 10 * 86_400_000;
		await server.db
			.update(server.tables.sessions)
			.set({ expiresAt: new Date(tenDays) })
			.where(eq(server.tables.sessions.userId, id));
		const answer = await client.get('/api/user');
		expect(answer.status).toBe(200);
		const cookie = sessionSetCookie(answer.headers);
		expect(cookie).toMatch(new RegExp(`^session=${client.sessionToken};`));
		const [row] = await sessionRows(id);
		expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
	});

	it('leaves a fresh session alone (no new cookie on every request)', async () => {
		const { client } = await registerUser(server);
		const answer = await client.get('/api/user');
		expect(answer.status).toBe(200);
		expect(sessionSetCookie(answer.headers)).toBeUndefined();
	});
});

describe('user answers', () => {
	it('never carry the password or its hash (register, login, user, profile, newsletter)', async () => {
		const user = await registerUser(server);
		const { passwordHash } = (await firstRow(
			server.db.select().from(server.tables.users).where(eq(server.tables.users.id, user.id)),
		))!;
		const answers = [
			user.answer,
			await user.client.login(user.email, user.password),
			await user.client.get('/api/user'),
			await user.client.put('/api/profile/newsletter', { isNewsletterSubscribed: true }),
			await user.client.post('/api/newsletter/subscribe'),
			await user.client.put('/api/profile/email', {
				email: newCredentials().email,
				currentPassword: user.password,
			}),
		];
		for (const answer of answers) {
			expect(answer.status).toBeLessThan(300);
			const text = JSON.stringify(answer.body);
			expect(text).not.toContain(passwordHash);
			expect(text).not.toContain(user.password);
			expect(text).not.toMatch(/password/i);
		}
	});
});

describe('POST /api/logout', () => {
	it('ends the session: the cookie is cleared and the old token no longer works', async () => {
		const { client, id } = await registerUser(server);
		const oldCookie = client.sessionCookie;
		const answer = await client.post('/api/logout');
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({ message: 'Successfully logged out!' });
		expect(sessionSetCookie(answer.headers)).toMatch(/^session=;.*Max-Age=0/i);
		expect(client.sessionCookie).toBe('');
		expect(await sessionRows(id)).toHaveLength(0);

		const replay = await getUserWithCookie(server, oldCookie);
		expect(replay.status).toBe(401);
		expect((await client.get('/api/user')).status).toBe(401);
	});

	it('ends only its own session, not the other sessions of the user', async () => {
		const { client, email, password, id } = await registerUser(server);
		const other = await signedInClient(server, email, password);
		expect((await client.post('/api/logout')).status).toBe(200);
		expect(await sessionRows(id)).toHaveLength(1);
		expect((await other.get('/api/user')).status).toBe(200);
	});

	it('answers 200 to an anonymous visitor too (nothing to end)', async () => {
		const answer = await new TestClient(server.url).post('/api/logout');
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({ message: 'Successfully logged out!' });
	});

	it('signs an editor out as well', async () => {
		const { client, id } = await registerUser(server);
		await setRole(id, 'editor');
		expect((await client.post('/api/logout')).status).toBe(200);
		expect((await client.get('/api/user')).status).toBe(401);
	});

	it('ignores a body (the client sends none)', async () => {
		const { client } = await registerUser(server);
		const answer = await client.post('/api/logout', { anything: true });
		expect(answer.status).toBe(200);
		expect((await client.get('/api/user')).status).toBe(401);
	});
});
