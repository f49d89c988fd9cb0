/**
 * The signed-in user's own account: the /profile page's server-side protection, email, password
 * and newsletter, plus the home page's newsletter sign-up.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstRow } from '@/server/db';
import type { TestServer } from '../support/server';
import { articleBody } from '../support/content-fixtures';
import { episodeBody } from '../support/episode-fixtures';
import {
	TestClient,
	USER_FIELDS,
	changeEmailConfirmed,
	eventually,
	findVerifyLink,
	getUserWithCookie,
	mailTo,
	outboxMails,
	verificationToken,
	newCredentials,
	registerUser,
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

const AUTH_REQUIRED = { message: 'Authentication required' };

async function setRole(id: number, role: 'user' | 'editor') {
	await server.db.update(server.tables.users).set({ role }).where(eq(server.tables.users.id, id));
}

/** A user whose session exists but who has been banned since (through the database). */
async function bannedSession() {
	const user = await registerUser(server);
	await server.db
		.update(server.tables.users)
		.set({ isBanned: true })
		.where(eq(server.tables.users.id, user.id));
	return user;
}

async function storedUser(id: number) {
	return (await firstRow(
		server.db.select().from(server.tables.users).where(eq(server.tables.users.id, id)),
	))!;
}

describe('GET /profile (the page)', () => {
	/**
	 * A redirect to /auth (and back here after signing in), as the island's own guard sends
	 * visitors, with no page rendered.
	 */
	function expectSentToAuth(answer: { status: number; headers: Headers; body: unknown }) {
		expect(answer.status).toBe(302);
		expect(answer.headers.get('location')).toBe('/auth?next=%2Fprofile');
		expect(answer.body).toBeNull();
		// Whether a visitor is sent away depends on the session: no shared cache may keep it.
		expect(answer.headers.get('cache-control')).toBe('private, no-cache');
	}

	it('sends a visitor without a session to /auth without rendering the page', async () => {
		expectSentToAuth(await new TestClient(server.url).get('/profile'));
	});

	it('sends an unknown or malformed session token to /auth too', async () => {
		for (const cookie of ['session=abcdefghijklmnopqrstuvwxyz234567', 'session=../../etc']) {
			const answer = await new TestClient(server.url).request('GET', '/profile', undefined, {
				cookie,
			});
			expectSentToAuth(answer);
		}
	});

	it('sends the session of a banned user (refused by the middleware) to /auth', async () => {
		const user = await bannedSession();
		expectSentToAuth(await user.client.get('/profile'));
	});

	it('renders the page for a signed-in user, its canonical from SITE_URL, never cached as shared', async () => {
		const user = await registerUser(server);
		const answer = await user.client.get<string>('/profile');
		expect(answer.status).toBe(200);
		expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
		expect(answer.headers.get('cache-control')).toBe('private, no-cache');
		expect(answer.body).toContain('<title>Profile Settings | Retail Media Hub</title>');
		expect(answer.body).toContain(`<link rel="canonical" href="${server.url}/profile">`);
		expect(answer.body).toContain('ProfileSettings');
	});

	it('is never a generated file', async () => {
		await server.siteIdle();
		expect(existsSync(join(server.dir, 'site', 'index.html'))).toBe(true);
		expect(existsSync(join(server.dir, 'site', 'profile'))).toBe(false);
	});
});

describe('PUT /api/profile/email', () => {
	it('only asks: the account keeps its email until the link mailed to the new one is confirmed', async () => {
		const user = await registerUser(server);
		const newEmail = newCredentials().email;
		const answer = await user.client.put('/api/profile/email', {
			email: newEmail,
			currentPassword: user.password,
		});
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({
			message: `We sent a confirmation link to ${newEmail}. Your email stays ${user.email} until you open it.`,
			pendingEmail: newEmail,
		});
		expect((await user.client.get('/api/user')).body.email).toBe(user.email);
		expect((await new TestClient(server.url).login(newEmail, user.password)).status).toBe(401);

		const token = await verificationToken(server, newEmail);
		const confirmed = await new TestClient(server.url).post('/api/auth/verify-email', { token });
		expect(confirmed.status).toBe(200);
		expect(confirmed.body).toEqual({ message: `Your email is now ${newEmail}, and it is verified.` });
		expect((await storedUser(user.id)).email).toBe(newEmail);
		const withNew = await new TestClient(server.url).login(newEmail, user.password);
		expect(withNew.status).toBe(200);
		expect(withNew.body).toMatchObject({ id: user.id, email: newEmail, emailVerified: true });
		expect((await new TestClient(server.url).login(user.email, user.password)).status).toBe(401);
	});

	it('mails the link to the new address lower-cased and trimmed, and a notice to the current one', async () => {
		const user = await registerUser(server);
		const newEmail = newCredentials().email;
		const answer = await user.client.put('/api/profile/email', {
			email: ` ${newEmail.toUpperCase()} `,
			currentPassword: user.password,
		});
		expect(answer.status).toBe(200);
		expect(answer.body.pendingEmail).toBe(newEmail);
		const link = await eventually(() =>
			outboxMails(server).find((text) => mailTo(text, newEmail) && findVerifyLink(server, text)),
		);
		expect(link).toMatch(/^Subject: Confirm your new email for Retail Media Hub/m);
		expect(link).toContain('works once, for 48 hours');
		const notice = await eventually(() =>
			outboxMails(server).find(
				(text) => mailTo(text, user.email) && text.includes('A change of your Retail Media Hub email'),
			),
		);
		// It says how to reach the editors, and carries no link that would make the change.
		expect(notice).toContain(`${server.url}/contact`);
		expect(findVerifyLink(server, notice)).toBeUndefined();
		expect(notice).not.toContain(newEmail);
		expect((await storedUser(user.id)).email).toBe(user.email);
	});

	it('refuses at confirmation an address another account took in the meantime (409)', async () => {
		const user = await registerUser(server);
		const newEmail = newCredentials().email;
		const skip = outboxMails(server).length;
		expect(
			(await user.client.put('/api/profile/email', { email: newEmail, currentPassword: user.password }))
				.status,
		).toBe(200);
		const token = await verificationToken(server, newEmail, skip);
		await registerUser(server, { email: newEmail });
		const answer = await user.client.post('/api/auth/verify-email', { token });
		expect(answer.status).toBe(409);
		expect(answer.body).toEqual({ message: 'An account with this email already exists.' });
		expect((await storedUser(user.id)).email).toBe(user.email);
	});

	it('refuses the current email (in any case) with 400 "Please enter a new email address."', async () => {
		const user = await registerUser(server);
		const answer = await user.client.put('/api/profile/email', {
			email: user.email.toUpperCase(),
			currentPassword: user.password,
		});
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ message: 'Please enter a new email address.' });
	});

	it('refuses a wrong current password with 400 and keeps the email', async () => {
		const user = await registerUser(server);
		const answer = await user.client.put('/api/profile/email', {
			email: newCredentials().email,
			currentPassword: 'not-my-password',
		});
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ message: 'Current password is incorrect.' });
		expect((await storedUser(user.id)).email).toBe(user.email);
	});

	it("refuses another account's email, ignoring case, with 409", async () => {
		const other = await registerUser(server);
		const user = await registerUser(server);
		const answer = await user.client.put('/api/profile/email', {
			email: other.email.toUpperCase(),
			currentPassword: user.password,
		});
		expect(answer.status).toBe(409);
		expect(answer.body).toEqual({ message: 'An account with this email already exists.' });
		expect((await storedUser(user.id)).email).toBe(user.email);
	});

	it.each([
		['a missing email', { currentPassword: 'whatever' }, 'Please enter a new email address.'],
		[
			'an email that is not a string',
			{ email: 7, currentPassword: 'whatever' },
			'Please enter a new email address.',
		],
		['an empty email', { email: '', currentPassword: 'whatever' }, 'Please enter a new email address.'],
		[
			'an invalid email',
			{ email: 'nope@', currentPassword: 'whatever' },
			'Please enter a valid email address.',
		],
		['a missing password', { email: 'new@example.com' }, 'Password is required.'],
		[
			'a password that is not a string',
			{ email: 'new@example.com', currentPassword: false },
			'Password is required.',
		],
		['an empty password', { email: 'new@example.com', currentPassword: '' }, 'Password is required.'],
	])('answers 400 with a message for %s', async (_label, body, message) => {
		const user = await registerUser(server);
		const answer = await user.client.put('/api/profile/email', body);
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ message });
	});

	it('answers 401 to an anonymous visitor', async () => {
		const answer = await new TestClient(server.url).put('/api/profile/email', {
			email: 'x@example.com',
			currentPassword: 'whatever',
		});
		expect(answer.status).toBe(401);
		expect(answer.body).toEqual(AUTH_REQUIRED);
	});

	it('answers 401 to the session of a banned user', async () => {
		const user = await bannedSession();
		const answer = await user.client.put('/api/profile/email', {
			email: newCredentials().email,
			currentPassword: user.password,
		});
		expect(answer.status).toBe(401);
		expect((await storedUser(user.id)).email).toBe(user.email);
	});

	it('lets an editor change their email too', async () => {
		const user = await registerUser(server);
		await setRole(user.id, 'editor');
		const newEmail = newCredentials().email;
		const confirmed = await changeEmailConfirmed(server, user, newEmail);
		expect(confirmed.status).toBe(200);
		expect((await user.client.get('/api/user')).body).toMatchObject({
			email: newEmail,
			role: 'editor',
			emailVerified: true,
		});
	});
});

describe('PUT /api/profile/password', () => {
	it('changes the password: the new one signs in, the old one no longer does', async () => {
		const user = await registerUser(server);
		const answer = await user.client.put('/api/profile/password', {
			currentPassword: user.password,
			newPassword: 'brand-new-secret',
		});
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({ message: 'Password updated' });

		const withNew = await new TestClient(server.url).login(user.email, 'brand-new-secret');
		expect(withNew.status).toBe(200);
		const withOld = await new TestClient(server.url).login(user.email, user.password);
		expect(withOld.status).toBe(401);
	});

	it('keeps the current session but ends every other session of the user', async () => {
		const user = await registerUser(server);
		const other = await signedInClient(server, user.email, user.password);
		const otherCookie = other.sessionCookie;
		const stranger = await registerUser(server);
		expect((await other.get('/api/user')).status).toBe(200);

		const answer = await user.client.put('/api/profile/password', {
			currentPassword: user.password,
			newPassword: 'another-secret',
		});
		expect(answer.status).toBe(200);
		expect((await user.client.get('/api/user')).status).toBe(200);
		expect((await other.get('/api/user')).status).toBe(401);
		expect((await getUserWithCookie(server, otherCookie)).status).toBe(401);
		const rows = await server.db
			.select()
			.from(server.tables.sessions)
			.where(eq(server.tables.sessions.userId, user.id));
		expect(rows).toHaveLength(1);
		// Other people's sessions are untouched.
		expect((await stranger.client.get('/api/user')).status).toBe(200);
	});

	it('refuses a wrong current password with 400 and keeps the old password', async () => {
		const user = await registerUser(server);
		const hashBefore = (await storedUser(user.id)).passwordHash;
		const answer = await user.client.put('/api/profile/password', {
			currentPassword: 'not-my-password',
			newPassword: 'brand-new-secret',
		});
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ message: 'Current password is incorrect.' });
		expect((await storedUser(user.id)).passwordHash).toBe(hashBefore);
		expect((await new TestClient(server.url).login(user.email, user.password)).status).toBe(200);
	});

	it.each([
		['no body at all', undefined, 'Password is required.'],
		['a missing current password', { newPassword: 'abcdef' }, 'Password is required.'],
		['an empty current password', { currentPassword: '', newPassword: 'abcdef' }, 'Password is required.'],
		[
			'a current password that is not a string',
			{ currentPassword: 1, newPassword: 'abcdef' },
			'Password is required.',
		],
		['a missing new password', { currentPassword: 'whatever' }, 'Password is required.'],
		['an empty new password', { currentPassword: 'whatever', newPassword: '' }, 'Password is required.'],
		[
			'a new password that is not a string',
			{ currentPassword: 'whatever', newPassword: 1234567 },
			'Password is required.',
		],
		[
			'a too short new password',
			{ currentPassword: 'whatever', newPassword: '12345' },
			'Password must be at least 6 characters long.',
		],
		[
			'a too long new password',
			{ currentPassword: 'whatever', newPassword: 'x'.repeat(257) },
			'Password is too long.',
		],
	])('answers 400 with a message for %s', async (_label, body, message) => {
		const user = await registerUser(server);
		const answer = await user.client.put('/api/profile/password', body);
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ message });
	});

	it('answers 401 to an anonymous visitor', async () => {
		const answer = await new TestClient(server.url).put('/api/profile/password', {
			currentPassword: 'whatever',
			newPassword: 'whatever-else',
		});
		expect(answer.status).toBe(401);
		expect(answer.body).toEqual(AUTH_REQUIRED);
	});

	it('answers 401 to the session of a banned user and keeps the password', async () => {
		const user = await bannedSession();
		const hashBefore = (await storedUser(user.id)).passwordHash;
		const answer = await user.client.put('/api/profile/password', {
			currentPassword: user.password,
			newPassword: 'brand-new-secret',
		});
		expect(answer.status).toBe(401);
		expect((await storedUser(user.id)).passwordHash).toBe(hashBefore);
	});

	it('lets an editor change their password too', async () => {
		const user = await registerUser(server);
		await setRole(user.id, 'editor');
		const answer = await user.client.put('/api/profile/password', {
			currentPassword: user.password,
			newPassword: 'editor-secret',
		});
		expect(answer.status).toBe(200);
		expect((await new TestClient(server.url).login(user.email, 'editor-secret')).status).toBe(200);
	});
});

describe('PUT /api/profile/display-name', () => {
	it('sets the name bylines show, on articles and the podcast feed, and clears it back to the username', async () => {
		const author = await registerUser(server);
		await setRole(author.id, 'editor');
		const set = await author.client.put('/api/profile/display-name', { displayName: '  Dana Editor  ' });
		expect(set.status, JSON.stringify(set.body)).toBe(200);
		expect(Object.keys(set.body).sort()).toEqual([...USER_FIELDS]);
		expect(set.body).toMatchObject({ id: author.id, username: author.username, displayName: 'Dana Editor' });
		expect((await storedUser(author.id)).displayName).toBe('Dana Editor');
		expect((await author.client.get('/api/user')).body.displayName).toBe('Dana Editor');

		const article = await author.client.post('/api/news', articleBody());
		expect(article.status, JSON.stringify(article.body)).toBe(201);
		expect(article.body.author).toEqual({ username: author.username, name: 'Dana Editor' });
		const byline = await eventually(async () => {
			const page = await new TestClient(server.url).get(`/news/${article.body.slug}`);
			return page.status === 200 ? String(page.body) : undefined;
		});
		expect(byline).toContain('Dana Editor');
		const episode = await author.client.post('/api/podcasts', episodeBody());
		expect(episode.status, JSON.stringify(episode.body)).toBe(201);
		const feed = await eventually(async () => {
			const answer = String((await new TestClient(server.url).get('/podcast/rss')).body);
			return answer.includes(episode.body.title) ? answer : undefined;
		});
		expect(feed).toContain('<itunes:author>Dana Editor</itunes:author>');

		// Empty or null: the username stands again.
		for (const cleared of ['', null]) {
			const answer = await author.client.put('/api/profile/display-name', { displayName: cleared });
			expect(answer.status).toBe(200);
			expect(answer.body.displayName).toBeNull();
		}
		const again = await new TestClient(server.url).get(`/api/news/${article.body.id}`);
		expect(again.body.author).toEqual({ username: author.username, name: author.username });
	});

	it.each([
		['too long', { displayName: 'x'.repeat(61) }, 'The display name can be at most 60 characters.'],
		[
			'a control character',
			{ displayName: 'Dana\u0007' },
			'The display name cannot contain control characters.',
		],
		['a number', { displayName: 7 }, 'The display name must be text.'],
	])('refuses %s with 400 and a sentence', async (_label, body, message) => {
		const user = await registerUser(server);
		const answer = await user.client.put('/api/profile/display-name', body);
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ message });
		expect((await storedUser(user.id)).displayName).toBeNull();
	});

	it('needs a session', async () => {
		const answer = await new TestClient(server.url).put('/api/profile/display-name', { displayName: 'X' });
		expect(answer.status).toBe(401);
		expect(answer.body).toEqual(AUTH_REQUIRED);
	});
});

describe('PUT /api/profile/newsletter', () => {
	it('subscribes and unsubscribes, answering the updated user each time', async () => {
		const user = await registerUser(server);
		const on = await user.client.put('/api/profile/newsletter', { isNewsletterSubscribed: true });
		expect(on.status).toBe(200);
		expect(Object.keys(on.body).sort()).toEqual([...USER_FIELDS]);
		expect(on.body).toMatchObject({ id: user.id, isNewsletterSubscribed: true });
		expect((await storedUser(user.id)).isNewsletterSubscribed).toBe(true);
		expect((await user.client.get('/api/user')).body.isNewsletterSubscribed).toBe(true);

		const off = await user.client.put('/api/profile/newsletter', { isNewsletterSubscribed: false });
		expect(off.status).toBe(200);
		expect(off.body).toMatchObject({ id: user.id, isNewsletterSubscribed: false });
		expect((await storedUser(user.id)).isNewsletterSubscribed).toBe(false);
	});

	it('is idempotent (setting the same value twice is fine)', async () => {
		const user = await registerUser(server);
		for (let i = 0; i < 2; i++) {
			const answer = await user.client.put('/api/profile/newsletter', {
				isNewsletterSubscribed: true,
			});
			expect(answer.status).toBe(200);
			expect(answer.body.isNewsletterSubscribed).toBe(true);
		}
	});

	const NOT_BOOLEAN = 'The newsletter choice must be true or false.';
	it.each([
		['no body at all', undefined],
		['a missing value', {}],
		['the string "true"', { isNewsletterSubscribed: 'true' }],
		['the number 1', { isNewsletterSubscribed: 1 }],
		['null', { isNewsletterSubscribed: null }],
	])('answers 400 for %s and leaves the preference alone', async (_label, body) => {
		const user = await registerUser(server);
		const answer = await user.client.put('/api/profile/newsletter', body);
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ message: NOT_BOOLEAN });
		expect((await storedUser(user.id)).isNewsletterSubscribed).toBe(false);
	});

	it('answers 401 to an anonymous visitor', async () => {
		const answer = await new TestClient(server.url).put('/api/profile/newsletter', {
			isNewsletterSubscribed: true,
		});
		expect(answer.status).toBe(401);
		expect(answer.body).toEqual(AUTH_REQUIRED);
	});

	it('answers 401 to the session of a banned user', async () => {
		const user = await bannedSession();
		const answer = await user.client.put('/api/profile/newsletter', {
			isNewsletterSubscribed: true,
		});
		expect(answer.status).toBe(401);
		expect((await storedUser(user.id)).isNewsletterSubscribed).toBe(false);
	});

	it('works for an editor', async () => {
		const user = await registerUser(server);
		await setRole(user.id, 'editor');
		const answer = await user.client.put('/api/profile/newsletter', {
			isNewsletterSubscribed: true,
		});
		expect(answer.status).toBe(200);
		expect(answer.body).toMatchObject({ role: 'editor', isNewsletterSubscribed: true });
	});
});

describe('POST /api/newsletter/subscribe', () => {
	it('asks an anonymous visitor for the address to confirm (400 without one)', async () => {
		const answer = await new TestClient(server.url).post('/api/newsletter/subscribe');
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ message: 'Email is required.' });
	});

	it('subscribes the signed-in user (no body needed), saying the newsletter waits for verification', async () => {
		const user = await registerUser(server);
		const answer = await user.client.post('/api/newsletter/subscribe');
		expect(answer.status).toBe(200);
		expect(answer.body.message).toBe(
			'You are subscribed to our newsletter. We send the newsletter only to verified addresses, so you will not receive it until you confirm yours with the link we mailed you.',
		);
		expect(answer.body.user).toMatchObject({ emailVerified: false });
		expect((await storedUser(user.id)).isNewsletterSubscribed).toBe(true);

		const token = await verificationToken(server, user.email);
		expect((await user.client.post('/api/auth/verify-email', { token })).status).toBe(200);
		const verified = await user.client.post('/api/newsletter/subscribe');
		expect(verified.body.message).toBe('You are subscribed to our newsletter.');
	});

	it('subscribes a verified user with the plain sentence', async () => {
		const user = await registerUser(server);
		await server.db
			.update(server.tables.users)
			.set({ emailVerified: true })
			.where(eq(server.tables.users.id, user.id));
		const answer = await user.client.post('/api/newsletter/subscribe');
		expect(answer.status).toBe(200);
		expect(answer.body.message).toBe('You are subscribed to our newsletter.');
		expect(answer.body.user).toMatchObject({ id: user.id, isNewsletterSubscribed: true });
		expect((await storedUser(user.id)).isNewsletterSubscribed).toBe(true);
		expect((await user.client.get('/api/user')).body.isNewsletterSubscribed).toBe(true);
	});

	it('stays subscribed when called again', async () => {
		const user = await registerUser(server);
		expect((await user.client.post('/api/newsletter/subscribe')).status).toBe(200);
		const again = await user.client.post('/api/newsletter/subscribe');
		expect(again.status).toBe(200);
		expect(again.body.user.isNewsletterSubscribed).toBe(true);
	});

	it('uses the account, not an email sent in the body', async () => {
		const user = await registerUser(server);
		const other = await registerUser(server);
		const answer = await user.client.post('/api/newsletter/subscribe', { email: other.email });
		expect(answer.status).toBe(200);
		expect(answer.body.user.email).toBe(user.email);
		expect((await storedUser(other.id)).isNewsletterSubscribed).toBe(false);
	});

	it('treats the session of a banned user as none: the account is not subscribed', async () => {
		const user = await bannedSession();
		const answer = await user.client.post('/api/newsletter/subscribe');
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ message: 'Email is required.' });
		expect((await storedUser(user.id)).isNewsletterSubscribed).toBe(false);
	});

	it('subscribes an editor', async () => {
		const user = await registerUser(server);
		await setRole(user.id, 'editor');
		const answer = await user.client.post('/api/newsletter/subscribe');
		expect(answer.status).toBe(200);
		expect(answer.body.user).toMatchObject({ role: 'editor', isNewsletterSubscribed: true });
	});
});
