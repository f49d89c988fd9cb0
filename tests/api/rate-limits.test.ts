/**
 * Rate limits on sign-in, sign-up and reset requests. These run on servers of their own so
 * the counters they fill cannot disturb other tests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../support/http';
import { startServer, type TestServer } from '../support/server';
import { mailDestinationKey } from '@/server/auth/rate-limit';
import {
	TestClient,
	eventually,
	findResetLink,
	laterMailWritten,
	mailTo,
	newCredentials,
	outboxMails,
	registerUser,
	startAccountServer,
} from '../support/account-api';

const LOGIN_LIMITED = { message: 'Too many sign-in attempts. Please try again in 15 minutes.' };
const INVALID_LOGIN = { message: 'Invalid email or password.' };

/** Fails `times` sign-ins with `client`, each with a fresh unknown email. */
async function failLogins(client: Client, times: number, headers: () => Record<string, string> = () => ({})) {
	for (let i = 0; i < times; i++) {
		const answer = await client.post(
			'/api/login',
			{ email: newCredentials().email, password: 'wrong-password' },
			headers(),
		);
		expect(answer.status, `failure ${i + 1}`).toBe(401);
		expect(answer.body).toEqual(INVALID_LOGIN);
	}
}

describe('behind a trusted proxy (each client has its own address)', () => {
	let server: TestServer;

	beforeAll(async () => {
		server = await startAccountServer();
	});

	afterAll(async () => {
		await server?.stop();
	});

	describe('POST /api/login per account', () => {
		it('answers 429 to the 6th try from one address after 5 failures, even with the right password', async () => {
			const user = await registerUser(server);
			const client = new TestClient(server.url);
			for (let i = 0; i < 5; i++) {
				const answer = await client.login(i % 2 ? user.email.toUpperCase() : user.email, `wrong-${i}`);
				expect(answer.status).toBe(401);
				expect(answer.body).toEqual(INVALID_LOGIN);
			}
			const sixth = await client.login(user.email, user.password);
			expect(sixth.status).toBe(429);
			expect(sixth.body).toEqual(LOGIN_LIMITED);
			expect(sixth.headers.getSetCookie().some((c) => c.startsWith('session=') && c.length > 9)).toBe(false);

			// The hard stop belongs to the account at that address: guesses from one address
			// cannot lock the owner out elsewhere (password-guessing.test.ts has the rest) ...
			const elsewhere = await new TestClient(server.url).login(user.email, user.password);
			expect(elsewhere.status).toBe(200);
			// ... and the account's existing session and other accounts carry on.
			expect((await user.client.get('/api/user')).status).toBe(200);
			const other = await registerUser(server);
			expect((await client.login(other.email, other.password)).status).toBe(200);
		});

		it('starts counting afresh after a successful sign-in', async () => {
			const user = await registerUser(server);
			const client = new TestClient(server.url);
			for (let round = 0; round < 2; round++) {
				for (let i = 0; i < 4; i++) {
					expect((await client.login(user.email, 'wrong-password')).status).toBe(401);
				}
				const ok = await client.login(user.email, user.password);
				expect(ok.status, `round ${round}`).toBe(200);
			}
		});

		it('limits an unknown email the same way (nothing tells whether it exists)', async () => {
			const client = new TestClient(server.url);
			const email = newCredentials().email;
			for (let i = 0; i < 5; i++) {
				expect((await client.login(email, 'wrong-password')).status).toBe(401);
			}
			const sixth = await client.login(email, 'wrong-password');
			expect(sixth.status).toBe(429);
			expect(sixth.body).toEqual(LOGIN_LIMITED);
		});
	});

	describe('POST /api/login per client', () => {
		it('answers 429 after 30 failures across different emails, then even to a right password', async () => {
			const user = await registerUser(server);
			const client = new TestClient(server.url);
			await failLogins(client, 30);
			const next = await client.login(user.email, user.password);
			expect(next.status).toBe(429);
			expect(next.body).toEqual(LOGIN_LIMITED);
			// Another client is not affected.
			expect((await new TestClient(server.url).login(user.email, user.password)).status).toBe(200);
		});
	});

	describe('POST /api/register per client', () => {
		it('answers 429 to the 21st sign-up from one address within an hour', async () => {
			const client = new TestClient(server.url);
			for (let i = 0; i < 20; i++) {
				const answer = await client.post('/api/register', newCredentials());
				expect(answer.status, `sign-up ${i + 1}`).toBe(201);
			}
			const next = await client.post('/api/register', newCredentials());
			expect(next.status).toBe(429);
			expect(next.body).toEqual({
				message: 'Too many sign-ups from this address. Please try again in 60 minutes.',
			});
			expect((await new TestClient(server.url).post('/api/register', newCredentials())).status).toBe(201);
		});
	});

	describe('POST /api/auth/forgot-password (issue 42, F-8: throttled silently)', () => {
		const NEUTRAL = {
			message: 'If an account with that email exists, you will receive a password reset link.',
		};
		/** The reset mails in the outbox addressed to `email`. */
		const resetMails = (email: string) =>
			outboxMails(server).filter((text) => mailTo(text, email) && !!findResetLink(server, text));

		it("lets the owner ask for a reset after a stranger's many requests for the address", async () => {
			const user = await registerUser(server);
			const stranger = new TestClient(server.url);
			for (let i = 0; i < 8; i++) {
				const answer = await stranger.post('/api/auth/forgot-password', {
					email: i % 2 ? user.email.toUpperCase() : user.email,
				});
				expect(answer.status, `request ${i + 1}`).toBe(200);
				expect(answer.body).toEqual(NEUTRAL);
			}
			// The stranger's share for this address was 5 mails; the rest were dropped without a word.
			await eventually(() => (resetMails(user.email).length === 5 ? true : undefined));
			const own = await new TestClient(server.url).post('/api/auth/forgot-password', { email: user.email });
			expect(own.status).toBe(200);
			expect(own.body).toEqual(NEUTRAL);
			await eventually(() => (resetMails(user.email).length === 6 ? true : undefined));
		});

		it('answers as for success to the 21st request from one client, and sends nothing for it', async () => {
			const client = new TestClient(server.url);
			for (let i = 0; i < 20; i++) {
				const answer = await client.post('/api/auth/forgot-password', { email: newCredentials().email });
				expect(answer.status).toBe(200);
			}
			const user = await registerUser(server);
			const next = await client.post('/api/auth/forgot-password', { email: user.email });
			expect(next.status).toBe(200);
			expect(next.body).toEqual(NEUTRAL);
			await laterMailWritten(server);
			expect(resetMails(user.email)).toHaveLength(0);
		});
	});

	describe('mails per destination mailbox', () => {
		/** The mails in the outbox addressed to any spelling of the mailbox `local`@gmail.com. */
		const mailsToMailbox = (local: string) =>
			outboxMails(server).filter((text) => {
				const to = text.split(/\r?\n/).find((line) => line.startsWith('To: '));
				return !!to && mailDestinationKey(to.slice(4)) === `${local}@gmail.com`;
			});

		it('sends at most 10 an hour to one mailbox, however many accounts and variants ask', async () => {
			const local = `victim${newCredentials().username.replace('_', '')}`;
			const dotted = `${local.slice(0, 3)}.${local.slice(3)}`;
			// Three throw-away accounts at variants of one Gmail mailbox: 3 verification mails.
			const accounts = [];
			for (const email of [
				`${dotted}+a@gmail.com`,
				`${local}+b@googlemail.com`,
				`${local.toUpperCase()}@gmail.com`,
			]) {
				accounts.push(await registerUser(server, { email }));
			}
			// Six resends (2 each) and a newsletter sign-up from a stranger: 10 in all.
			for (const account of accounts) {
				for (let i = 0; i < 2; i++) {
					const resent = await account.client.post('/api/profile/verification-mail');
					expect(resent.status, JSON.stringify(resent.body)).toBe(200);
				}
			}
			const signUp = await new TestClient(server.url).post('/api/newsletter/subscribe', {
				email: `${dotted}+news@gmail.com`,
			});
			expect(signUp.status).toBe(202);
			await eventually(() => (mailsToMailbox(local).length === 10 ? true : undefined));

			// Signed in, the requester is told (and an account's own limit is not spent by it).
			const limited = { message: 'Too many mails to this address. Please try again in 60 minutes.' };
			const resend = await accounts[0]!.client.post('/api/profile/verification-mail');
			expect(resend.status).toBe(429);
			expect(resend.body).toEqual(limited);
			expect(Number(resend.headers.get('retry-after'))).toBeGreaterThan(0);
			const change = await accounts[1]!.client.put('/api/profile/email', {
				email: `${local}+moved@gmail.com`,
				currentPassword: accounts[1]!.password,
			});
			expect(change.status).toBe(429);
			expect(change.body).toEqual(limited);
			// Anonymous flows answer as always, and send nothing.
			const again = await new TestClient(server.url).post('/api/newsletter/subscribe', {
				email: `${local}+again@gmail.com`,
			});
			expect(again.status).toBe(202);
			const reset = await new TestClient(server.url).post('/api/auth/forgot-password', {
				email: accounts[2]!.email,
			});
			expect(reset.status).toBe(200);
			const fourth = await registerUser(server, { email: `${dotted}+d@gmail.com` });
			expect(fourth.answer.status).toBe(201);
			await laterMailWritten(server);
			expect(mailsToMailbox(local)).toHaveLength(10);

			// Another mailbox has its own share, and the refused account may still mail elsewhere.
			const moved = await accounts[0]!.client.put('/api/profile/email', {
				email: newCredentials().email,
				currentPassword: accounts[0]!.password,
			});
			expect(moved.status).toBe(200);
		});
	});
});

describe('without a trusted proxy (the default set-up)', () => {
	let server: TestServer;

	beforeAll(async () => {
		server = await startServer();
	});

	afterAll(async () => {
		await server?.stop();
	});

	it('limits one client to 30 failed sign-ins across different emails', async () => {
		const registered = await new Client(server.url).post('/api/register', newCredentials());
		expect(registered.status).toBe(201);
		const client = new Client(server.url);
		await failLogins(client, 30);
		const next = await client.login(registered.body.email, 'wrong-password');
		expect(next.status).toBe(429);
		expect(next.body).toEqual(LOGIN_LIMITED);
	});

	it('does not let a client escape the limit by inventing X-Forwarded-For addresses', async () => {
		// A server of its own: the test above already spent this client's allowance.
		const fresh = await startServer();
		try {
			let n = 0;
			const spoofed = () => ({ 'x-forwarded-for': `203.0.113.${++n}` });
			const client = new Client(fresh.url);
			await failLogins(client, 30, spoofed);
			const next = await client.post(
				'/api/login',
				{ email: newCredentials().email, password: 'wrong-password' },
				spoofed(),
			);
			expect(next.status).toBe(429);
			expect(next.body).toEqual(LOGIN_LIMITED);
			// The invented addresses were dropped: the failures counted against the real one.
			const plain = await client.login(newCredentials().email, 'wrong-password');
			expect(plain.status).toBe(429);
		} finally {
			await fresh.stop();
		}
		// It starts a server of its own and signs in 31 times: give a busy machine the time.
	}, 90_000);
});
