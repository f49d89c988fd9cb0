/**
 * Forgotten passwords: the neutral request, the mailed link (real SMTP, and the .eml outbox
 * used when no SMTP server is configured) and the single-use reset token.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { startSmtp } from '../support/smtp';
import {
	TestClient,
	eventually,
	findResetLink,
	findVerifyLink,
	laterMailWritten,
	outboxMails,
	registerUser,
	sha256Hex,
	signedInClient,
	startAccountServer,
} from '../support/account-api';

const NEUTRAL = 'If an account with that email exists, you will receive a password reset link.';
const INVALID_TOKEN = 'This password reset link is invalid or has expired.';
const MISSING_TOKEN = 'The password reset link is invalid or missing.';

async function resetRows(server: TestServer, userId: number) {
	return await server.db
		.select()
		.from(server.tables.passwordResetTokens)
		.where(eq(server.tables.passwordResetTokens.userId, userId));
}

describe('with an SMTP server', () => {
	let server: TestServer;
	let smtp: Awaited<ReturnType<typeof startSmtp>>;

	beforeAll(async () => {
		smtp = await startSmtp();
		server = await startAccountServer({ env: { SMTP_URL: smtp.url } });
	});

	afterAll(async () => {
		await server?.stop();
		await smtp?.close();
	});

	/** A reset mail, not the sign-up's verification mail to the same address. */
	const isResetMail = (mail: { text: string }) => !!findResetLink(server, mail.text);

	/** Asks for a reset of `email` and returns the token from the mail that arrives. */
	async function requestReset(email: string): Promise<string> {
		const already = smtp.mails.length;
		const answer = await new TestClient(server.url).post('/api/auth/forgot-password', { email });
		expect(answer.status).toBe(200);
		const mail = await eventually(() =>
			smtp.mails.slice(already).find((m) => m.to.includes(email) && isResetMail(m)),
		);
		const found = findResetLink(server, mail.text);
		expect(found, mail.text).toBeDefined();
		return found!.token;
	}

	describe('POST /api/auth/forgot-password', () => {
		it('answers the neutral message and mails a reset link for an existing account', async () => {
			const user = await registerUser(server);
			const answer = await new TestClient(server.url).post('/api/auth/forgot-password', {
				email: user.email,
			});
			expect(answer.status).toBe(200);
			expect(answer.body).toEqual({ message: NEUTRAL });

			const mail = await smtp.waitForMail(user.email, isResetMail);
			expect(mail.raw).toMatch(/^Subject: Reset your Retail Media Hub password/m);
			const found = findResetLink(server, mail.text);
			expect(found?.link).toBe(`${server.url}/reset-password#token=${found?.token}`);
			// A fragment never reaches a server or its logs; a query would (issue 42, F-9).
			expect(mail.raw).not.toMatch(/[?&]token=/);
			expect(found?.token).toMatch(/^[a-z2-7]{32}$/);
		});

		it('answers the very same for an unknown email and sends nothing', async () => {
			const known = await registerUser(server);
			const forKnown = await new TestClient(server.url).post('/api/auth/forgot-password', {
				email: known.email,
			});
			const unknownEmail = 'nobody-at-all@example.com';
			const forUnknown = await new TestClient(server.url).post('/api/auth/forgot-password', {
				email: unknownEmail,
			});
			expect(forUnknown.status).toBe(forKnown.status);
			expect(forUnknown.body).toEqual(forKnown.body);
			expect(forUnknown.body).toEqual({ message: NEUTRAL });
			// The known address gets its mail; by then the unknown one would have had its too.
			await smtp.waitForMail(known.email, isResetMail);
			await new Promise((resolve) => setTimeout(resolve, 200));
			expect(smtp.mails.some((m) => m.to.includes(unknownEmail))).toBe(false);
		});

		it('finds the account whatever the case of the typed email', async () => {
			const user = await registerUser(server);
			const answer = await new TestClient(server.url).post('/api/auth/forgot-password', {
				email: ` ${user.email.toUpperCase()} `,
			});
			expect(answer.status).toBe(200);
			const mail = await smtp.waitForMail(user.email, isResetMail);
			expect(findResetLink(server, mail.text)).toBeDefined();
		});

		it('stores only the SHA-256 of the token', async () => {
			const user = await registerUser(server);
			const before = Date.now();
			const token = await requestReset(user.email);
			const after = Date.now();
			const rows = await resetRows(server, user.id);
			expect(rows).toHaveLength(1);
			expect(rows[0]!.id).toBe(sha256Hex(token));
			const all = await server.db.select().from(server.tables.passwordResetTokens);
			expect(JSON.stringify(all)).not.toContain(token);
			// Valid for one hour from when the server made it, between the two readings of the
			// clock however long the request took (stored to the second: a second's rounding).
			const expiresAt = rows[0]!.expiresAt.getTime();
			expect(expiresAt).toBeGreaterThanOrEqual(before + 60 * 60_000 - 1000);
			expect(expiresAt).toBeLessThanOrEqual(after + 60 * 60_000);
		});

		it('voids the earlier token when a new one is requested', async () => {
			const user = await registerUser(server);
			const first = await requestReset(user.email);
			const second = await requestReset(user.email);
			expect(second).not.toBe(first);
			expect((await resetRows(server, user.id)).map((row) => row.id)).toEqual([sha256Hex(second)]);

			const client = new TestClient(server.url);
			const withFirst = await client.post('/api/auth/reset-password', {
				token: first,
				newPassword: 'first-try-pw',
			});
			expect(withFirst.status).toBe(400);
			expect(withFirst.body).toEqual({ message: INVALID_TOKEN });
			const withSecond = await client.post('/api/auth/reset-password', {
				token: second,
				newPassword: 'second-try-pw',
			});
			expect(withSecond.status).toBe(200);
		});

		it('issues no token for a banned account (same neutral answer)', async () => {
			const user = await registerUser(server);
			await server.db
				.update(server.tables.users)
				.set({ isBanned: true })
				.where(eq(server.tables.users.id, user.id));
			const answer = await new TestClient(server.url).post('/api/auth/forgot-password', {
				email: user.email,
			});
			expect(answer.status).toBe(200);
			expect(answer.body).toEqual({ message: NEUTRAL });
			expect(await resetRows(server, user.id)).toHaveLength(0);
		});

		it('works the same for a signed-in editor', async () => {
			const user = await registerUser(server);
			await server.db
				.update(server.tables.users)
				.set({ role: 'editor' })
				.where(eq(server.tables.users.id, user.id));
			const answer = await user.client.post('/api/auth/forgot-password', { email: user.email });
			expect(answer.status).toBe(200);
			expect(answer.body).toEqual({ message: NEUTRAL });
			await smtp.waitForMail(user.email, isResetMail);
			expect(await resetRows(server, user.id)).toHaveLength(1);
		});

		it.each([
			['no body at all', undefined, 'Please enter your email address.'],
			['a missing email', {}, 'Please enter your email address.'],
			['an email that is not a string', { email: 12 }, 'Please enter your email address.'],
			['an empty email', { email: '' }, 'Please enter your email address.'],
			['a blank email', { email: '   ' }, 'Please enter your email address.'],
			['a too long email', { email: `${'a'.repeat(250)}@x.io` }, 'Email is too long.'],
			['a malformed email', { email: 'not-an-email' }, 'Please enter a valid email address.'],
			['an email without a domain', { email: 'someone@' }, 'Please enter a valid email address.'],
		])('answers 400 with a message for %s', async (_label, body, message) => {
			const answer = await new TestClient(server.url).post('/api/auth/forgot-password', body);
			expect(answer.status).toBe(400);
			expect(answer.body).toEqual({ message });
		});
	});

	describe('POST /api/auth/reset-password', () => {
		it('sets the new password once, and ends every session of the user', async () => {
			const user = await registerUser(server);
			const other = await signedInClient(server, user.email, user.password);
			const token = await requestReset(user.email);

			const visitor = new TestClient(server.url);
			const answer = await visitor.post('/api/auth/reset-password', {
				token,
				newPassword: 'reset-secret',
			});
			expect(answer.status).toBe(200);
			expect(answer.body).toEqual({ message: 'Password reset successful' });
			// A reset does not sign anyone in.
			expect((await visitor.get('/api/user')).status).toBe(401);

			expect((await user.client.get('/api/user')).status).toBe(401);
			expect((await other.get('/api/user')).status).toBe(401);
			const sessions = await server.db
				.select()
				.from(server.tables.sessions)
				.where(eq(server.tables.sessions.userId, user.id));
			expect(sessions).toHaveLength(0);
			expect(await resetRows(server, user.id)).toHaveLength(0);

			expect((await new TestClient(server.url).login(user.email, 'reset-secret')).status).toBe(200);
			expect((await new TestClient(server.url).login(user.email, user.password)).status).toBe(401);

			const again = await visitor.post('/api/auth/reset-password', {
				token,
				newPassword: 'another-reset',
			});
			expect(again.status).toBe(400);
			expect(again.body).toEqual({ message: INVALID_TOKEN });
			expect((await new TestClient(server.url).login(user.email, 'reset-secret')).status).toBe(200);
		});

		describe('a link mailed before dies when the account changes', () => {
			/** Asks for a link, runs `change`, then tries the link: it must be refused. */
			async function expectVoidedBy(
				change: (user: Awaited<ReturnType<typeof registerUser>>) => Promise<unknown>,
			) {
				const user = await registerUser(server);
				const token = await requestReset(user.email);
				await change(user);
				const answer = await new TestClient(server.url).post('/api/auth/reset-password', {
					token,
					newPassword: 'attacker-choice',
				});
				expect(answer.status).toBe(400);
				expect(answer.body).toEqual({ message: INVALID_TOKEN });
				expect(await resetRows(server, user.id)).toHaveLength(0);
				return user;
			}

			it('after the owner changes the password', async () => {
				const user = await expectVoidedBy(async (u) => {
					const answer = await u.client.put('/api/profile/password', {
						currentPassword: u.password,
						newPassword: 'owner-new-pw',
					});
					expect(answer.status).toBe(200);
				});
				// The owner's change stands, and their session goes on.
				expect((await user.client.get('/api/user')).status).toBe(200);
				expect((await new TestClient(server.url).login(user.email, 'owner-new-pw')).status).toBe(200);
			});

			it('after the owner changes the email', async () => {
				const newEmail = `moved-${Date.now()}@example.com`;
				await expectVoidedBy(async (u) => {
					const answer = await u.client.put('/api/profile/email', {
						email: newEmail,
						currentPassword: u.password,
					});
					expect(answer.status).toBe(200);
					const mail = await smtp.waitForMail(newEmail, (m) => !!findVerifyLink(server, m.text));
					const { token } = findVerifyLink(server, mail.text)!;
					expect((await u.client.post('/api/auth/verify-email', { token })).status).toBe(200);
				});
			});

			it('after an editor sets the password', async () => {
				const editor = await registerUser(server);
				await server.db
					.update(server.tables.users)
					.set({ role: 'editor' })
					.where(eq(server.tables.users.id, editor.id));
				await expectVoidedBy(async (u) => {
					const answer = await editor.client.put(`/api/admin/users/${u.id}/password`, {
						password: 'editor-set-pw',
					});
					expect(answer.status).toBe(200);
				});
			});

			it('after a ban (and it stays dead after the unban)', async () => {
				const editor = await registerUser(server);
				await server.db
					.update(server.tables.users)
					.set({ role: 'editor' })
					.where(eq(server.tables.users.id, editor.id));
				await expectVoidedBy(async (u) => {
					expect((await editor.client.put(`/api/admin/users/${u.id}/ban`)).status).toBe(200);
					expect((await editor.client.put(`/api/admin/users/${u.id}/unban`)).status).toBe(200);
				});
			});
		});

		it('refuses an expired token with 400 and leaves the password alone', async () => {
			const user = await registerUser(server);
			const token = await requestReset(user.email);
			await server.db
				.update(server.tables.passwordResetTokens)
				.set({ expiresAt: new Date(Date.now() - 1000) })
				.where(eq(server.tables.passwordResetTokens.userId, user.id));
			const answer = await new TestClient(server.url).post('/api/auth/reset-password', {
				token,
				newPassword: 'too-late-pw',
			});
			expect(answer.status).toBe(400);
			expect(answer.body).toEqual({ message: INVALID_TOKEN });
			expect((await new TestClient(server.url).login(user.email, user.password)).status).toBe(200);
		});

		it('refuses a made-up token with 400', async () => {
			const answer = await new TestClient(server.url).post('/api/auth/reset-password', {
				token: 'a'.repeat(32),
				newPassword: 'whatever-pw',
			});
			expect(answer.status).toBe(400);
			expect(answer.body).toEqual({ message: INVALID_TOKEN });
		});

		it('keeps the token usable when the new password is refused by validation', async () => {
			const user = await registerUser(server);
			const token = await requestReset(user.email);
			const client = new TestClient(server.url);
			const short = await client.post('/api/auth/reset-password', { token, newPassword: '12345' });
			expect(short.status).toBe(400);
			expect(short.body).toEqual({
				message: 'Password must be at least 6 characters long.',
			});
			const ok = await client.post('/api/auth/reset-password', { token, newPassword: '123456' });
			expect(ok.status).toBe(200);
		});

		it.each([
			['no body at all', undefined, MISSING_TOKEN],
			['a missing token', { newPassword: 'abcdef' }, MISSING_TOKEN],
			['an empty token', { token: '', newPassword: 'abcdef' }, MISSING_TOKEN],
			['a token that is not a string', { token: 5, newPassword: 'abcdef' }, MISSING_TOKEN],
			['an absurdly long token', { token: 'a'.repeat(129), newPassword: 'abcdef' }, MISSING_TOKEN],
			['a missing password', { token: 'a'.repeat(32) }, 'Password is required.'],
			['an empty password', { token: 'a'.repeat(32), newPassword: '' }, 'Password is required.'],
			[
				'a password that is not a string',
				{ token: 'a'.repeat(32), newPassword: 123456 },
				'Password is required.',
			],
			[
				'a too short password',
				{ token: 'a'.repeat(32), newPassword: '12345' },
				'Password must be at least 6 characters long.',
			],
		])('answers 400 with a message for %s', async (_label, body, message) => {
			const answer = await new TestClient(server.url).post('/api/auth/reset-password', body);
			expect(answer.status).toBe(400);
			expect(answer.body).toEqual({ message });
		});
	});
});

describe('without SMTP (outbox folder)', () => {
	let server: TestServer;

	beforeAll(async () => {
		server = await startAccountServer();
	});

	afterAll(async () => {
		await server?.stop();
	});

	it('writes the reset mail as an .eml file and logs that it did, never the link', async () => {
		const user = await registerUser(server);
		const answer = await new TestClient(server.url).post('/api/auth/forgot-password', {
			email: user.email,
		});
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({ message: NEUTRAL });

		const mail = await eventually(() =>
			outboxMails(server).find((text) => text.includes(user.email) && findResetLink(server, text)),
		);
		expect(mail).toMatch(/^Subject: Reset your Retail Media Hub password/m);
		expect(mail.split(/\r?\n/)).toContain(`To: ${user.email}`);
		const inFile = findResetLink(server, mail);
		expect(inFile).toBeDefined();

		// A reset link in a log is a live key to the account: the log names the file only.
		// The log masks the address (j***@example.com): the file is what a developer needs.
		const masked = `${user.email[0]}***@${user.email.split('@')[1]}`;
		const line = await eventually(() =>
			server
				.logs()
				.split('\n')
				.filter((text) => text.startsWith('{'))
				.map((text) => JSON.parse(text) as Record<string, unknown>)
				.find(
					(entry) =>
						entry.msg === 'mail written to the outbox' &&
						entry.to === masked &&
						entry.mailSubject === 'Reset your Retail Media Hub password',
				),
		);
		expect(line).toMatchObject({ subject: 'mail', mailSubject: 'Reset your Retail Media Hub password' });
		expect(line.file).toMatch(/\.eml$/);
		expect(server.logs()).not.toContain(user.email);
		expect(findResetLink(server, server.logs())).toBeUndefined();
		expect(server.logs()).not.toContain(inFile!.token);

		const reset = await new TestClient(server.url).post('/api/auth/reset-password', {
			token: inFile!.token,
			newPassword: 'from-the-outbox',
		});
		expect(reset.status).toBe(200);
		expect((await new TestClient(server.url).login(user.email, 'from-the-outbox')).status).toBe(200);
	});

	it('writes nothing for an unknown email', async () => {
		const before = outboxMails(server).length;
		const answer = await new TestClient(server.url).post('/api/auth/forgot-password', {
			email: 'ghost@example.com',
		});
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({ message: NEUTRAL });
		await laterMailWritten(server);
		expect(outboxMails(server)).toHaveLength(before + 1);
		expect(server.logs()).not.toContain('ghost@example.com');
	});
});
