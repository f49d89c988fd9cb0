/**
 * Password guessing over HTTP, behind a trusted proxy so each TestClient is its own address:
 * attempts sent at once meet the limit, guessing from other addresses cannot lock the owner
 * out at theirs, spread guessing still ends in 429, a reset or password change clears the
 * account's counters, and the profile's current-password checks are limited like sign-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import {
	TestClient,
	changeEmailConfirmed,
	eventually,
	findResetLink,
	outboxMails,
	registerUser,
	startAccountServer,
	type Registered,
} from '../support/account-api';

const INVALID_LOGIN = { message: 'Invalid email or password.' };
const LOGIN_LIMITED = /^Too many sign-in attempts\. Please try again in \d+ minutes\.$/;
const PASSWORD_LIMITED = /^Too many password attempts\. Please try again in \d+ minutes\.$/;

let server: TestServer;

beforeAll(async () => {
	server = await startAccountServer();
});

afterAll(async () => {
	await server?.stop();
});

/** `times` wrong sign-ins for `email` from one new address; each must be a plain 401. */
async function guessFromNewAddress(email: string, times: number): Promise<TestClient> {
	const attacker = new TestClient(server.url);
	for (let i = 0; i < times; i++) {
		const answer = await attacker.login(email, `guess-${i}`);
		expect(answer.status, `guess ${i + 1}`).toBe(401);
		expect(answer.body).toEqual(INVALID_LOGIN);
	}
	return attacker;
}

/** Signs in from the owner's own address (the client they registered with). */
async function ownerSignsIn(owner: Registered, password = owner.password) {
	return new TestClient(server.url, owner.client.address).login(owner.email, password);
}

async function resetThroughMail(email: string, newPassword: string): Promise<void> {
	const before = outboxMails(server).length;
	expect((await new TestClient(server.url).post('/api/auth/forgot-password', { email })).status).toBe(200);
	const mail = await eventually(() =>
		outboxMails(server)
			.slice(before)
			.find((text) => text.includes(email) && findResetLink(server, text)),
	);
	const link = findResetLink(server, mail);
	expect(link).toBeDefined();
	const answer = await new TestClient(server.url).post('/api/auth/reset-password', {
		token: link!.token,
		newPassword,
	});
	expect(answer.status).toBe(200);
}

describe('sign-in attempts sent at once', () => {
	it('60 at once (59 wrong, then the right one): at most 5 are checked, the rest answer 429', async () => {
		const owner = await registerUser(server);
		const attacker = new TestClient(server.url);
		const passwords = [...Array.from({ length: 59 }, (_, i) => `wrong-${i}`), owner.password];
		const answers = await Promise.all(passwords.map((password) => attacker.login(owner.email, password)));
		const statuses = answers.map((a) => a.status);
		const count = (status: number) => statuses.filter((s) => s === status).length;
		expect(count(401)).toBeLessThanOrEqual(5);
		expect(count(401) + count(429)).toBe(60);
		for (const answer of answers.filter((a) => a.status === 429)) {
			expect(answer.body.message).toMatch(LOGIN_LIMITED);
		}
		// The right password sent last did not slip through while the wrong ones were hashed.
		expect(answers.at(-1)!.status).toBe(429);
		// 60 requests at once: give a busy machine the time.
	}, 90_000);
});

describe('guessing one account from other addresses', () => {
	it('stops each guessing address after 5 failures, while the owner signs in at theirs', async () => {
		const owner = await registerUser(server);
		for (let round = 0; round < 2; round++) {
			const attacker = await guessFromNewAddress(owner.email, 5);
			const sixth = await attacker.login(owner.email, owner.password);
			expect(sixth.status).toBe(429);
			expect(sixth.body.message).toMatch(LOGIN_LIMITED);
		}
		const answer = await ownerSignsIn(owner);
		expect(answer.status).toBe(200);
		expect(answer.body.id).toBe(owner.id);
	});

	it('answers 429 to spread guessing once the account has 10 failures, from any new address', async () => {
		const owner = await registerUser(server);
		await guessFromNewAddress(owner.email, 4);
		await guessFromNewAddress(owner.email, 3);
		await guessFromNewAddress(owner.email, 3);
		for (let i = 0; i < 3; i++) {
			const fresh = await new TestClient(server.url).login(owner.email, owner.password);
			expect(fresh.status).toBe(429);
			expect(fresh.body.message).toMatch(LOGIN_LIMITED);
		}
		// The owner's own address is not held back by the account-wide count.
		expect((await ownerSignsIn(owner)).status).toBe(200);
	});

	it('limits an unknown email the same way (nothing tells whether it exists)', async () => {
		const email = `nobody-${Date.now()}@example.com`;
		await guessFromNewAddress(email, 5);
		await guessFromNewAddress(email, 5);
		const fresh = await new TestClient(server.url).login(email, 'one-more');
		expect(fresh.status).toBe(429);
		expect(fresh.body.message).toMatch(LOGIN_LIMITED);
	});

	it('a reset clears the account: the owner signs in from a new address afterwards', async () => {
		const owner = await registerUser(server);
		await guessFromNewAddress(owner.email, 5);
		await guessFromNewAddress(owner.email, 5);
		const phone = new TestClient(server.url);
		expect((await phone.login(owner.email, owner.password)).status).toBe(429);

		await resetThroughMail(owner.email, 'after-the-reset');
		const answer = await phone.login(owner.email, 'after-the-reset');
		expect(answer.status).toBe(200);
		expect(answer.body.id).toBe(owner.id);
	});

	it("after an email change, the owner's address is still theirs for the new email", async () => {
		const owner = await registerUser(server);
		const newEmail = `renamed-${owner.id}@example.com`;
		const changed = await changeEmailConfirmed(server, owner, newEmail);
		expect(changed.status).toBe(200);
		await guessFromNewAddress(newEmail, 5);
		await guessFromNewAddress(newEmail, 5);
		expect((await new TestClient(server.url).login(newEmail, owner.password)).status).toBe(429);
		expect((await ownerSignsIn({ ...owner, email: newEmail })).status).toBe(200);
	});

	it('a password change clears the account too', async () => {
		const owner = await registerUser(server);
		await guessFromNewAddress(owner.email, 5);
		await guessFromNewAddress(owner.email, 5);
		const changed = await owner.client.put('/api/profile/password', {
			currentPassword: owner.password,
			newPassword: 'changed-in-time',
		});
		expect(changed.status).toBe(200);
		expect((await new TestClient(server.url).login(owner.email, 'changed-in-time')).status).toBe(200);
	});
});

describe('current-password checks of the profile', () => {
	it.each([
		[
			'PUT /api/profile/password',
			(u: Registered, current: string) =>
				u.client.put('/api/profile/password', { currentPassword: current, newPassword: 'never-set-pw' }),
		],
		[
			'PUT /api/profile/email',
			(u: Registered, current: string) =>
				u.client.put('/api/profile/email', { email: `never-${u.id}@example.com`, currentPassword: current }),
		],
	] as const)('%s: 5 wrong current passwords, then 429 (even for the right one)', async (_label, call) => {
		const user = await registerUser(server);
		for (let i = 0; i < 5; i++) {
			const answer = await call(user, `wrong-current-${i}`);
			expect(answer.status, `try ${i + 1}`).toBe(400);
			expect(answer.body).toEqual({ message: 'Current password is incorrect.' });
		}
		for (let i = 0; i < 20; i++) {
			const answer = await call(user, i === 19 ? user.password : `wrong-again-${i}`);
			expect(answer.status, `try ${i + 6}`).toBe(429);
			expect(answer.body.message).toMatch(PASSWORD_LIMITED);
		}
	});

	it('a right current password starts the count afresh', async () => {
		const user = await registerUser(server);
		for (let round = 0; round < 2; round++) {
			for (let i = 0; i < 4; i++) {
				expect(
					(
						await user.client.put('/api/profile/password', {
							currentPassword: 'nope',
							newPassword: 'whatever',
						})
					).status,
				).toBe(400);
			}
			const next = `round-${round}-pw`;
			const ok = await user.client.put('/api/profile/password', {
				currentPassword: user.password,
				newPassword: next,
			});
			expect(ok.status, `round ${round}`).toBe(200);
			user.password = next;
		}
	});
});
