/**
 * Abuse limits (hardening item 5). In process, against a temporary database and with the
 * limits' clock replaced (setRateLimitClock), each limit answers 429 with a message once used up
 * and lets the caller try again after its window, not a moment before. Over HTTP, one check per
 * limit that the endpoint's answer is that 429 with a JSON message.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { authenticate, createAccount, register, requestPasswordReset } from '@/server/auth/accounts';
import { setRateLimitClock, type Counter } from '@/server/auth/rate-limit';
import { siteCounterStore } from '@/server/auth/rate-limit/site-counters';
import { addComment } from '@/server/community/comments';
import { rate } from '@/server/community/reviews';
import { closeDatabase, db, passwordResetTokens, platformComments, platforms } from '@/server/db';
import { DomainError } from '@/server/errors';
import { statusOfDomainError } from '@/server/http/endpoint';
import { TestClient, newCredentials, registerUser } from '../support/account-api';
import { postgresTestDatabase, type TestPostgres } from '../support/postgres-databases';
import { testEngine, type TestServer } from '../support/server';
import { startSecurityServer } from '../support/security-roles';
import { testSlug } from '../support/slugs';

const dir = mkdtempSync(join(tmpdir(), 'rmh-security-limits-'));
process.env.DATABASE_PATH = join(dir, 'app.db');
process.env.OUTBOX_DIR = join(dir, 'outbox');
process.env.SMTP_URL = '';

const MINUTE = 60_000;
let now = Date.UTC(2031, 0, 1);
let counter = 0;

/** A fresh key or name per call, so the tests never share a counter. */
const unique = (prefix: string) => `${prefix}${++counter}`;

/**
 * Runs `action` and answers the refusal it throws, with the status the API answers it with (or
 * fails if it does not throw one).
 */
async function refusal(action: () => unknown): Promise<{ status: number; message: string }> {
	try {
		await action();
	} catch (error) {
		if (error instanceof DomainError) return { status: statusOfDomainError(error), message: error.message };
		throw error;
	}
	throw new Error('expected a refusal, but the call succeeded');
}

async function expectLimited(action: () => unknown, message: string): Promise<void> {
	const error = await refusal(action);
	expect(error.status).toBe(429);
	expect(error.message).toBe(message);
}

let postgres: TestPostgres | undefined;

beforeAll(async () => {
	// The services run in this process, on the engine of the run (the file above otherwise).
	if (testEngine() === 'postgres') {
		postgres = await postgresTestDatabase();
		process.env.DATABASE_URL = postgres.url;
	}
	db();
	setRateLimitClock(() => now);
});

afterEach(async () => {
	// Every test starts a fresh hour, far from the windows of the tests before it.
	now += 24 * 60 * MINUTE;
});

afterAll(async () => {
	setRateLimitClock(null);
	await closeDatabase();
	await postgres?.close();
	rmSync(dir, { recursive: true, force: true });
});

/**
 * Counters of the site's store whose window is still open, read from the store itself: the
 * shared table on PostgreSQL, the node's memory otherwise (its map, read directly so that a
 * counter kept at zero is seen too).
 */
async function liveCounters(): Promise<number> {
	if (postgres) {
		const { rows } = await postgres.db.execute<{ n: number }>(
			sql`select count(*)::int as n from rate_limit_counters where reset_at > ${new Date(now)}`,
		);
		return rows[0]!.n;
	}
	const kept = (siteCounterStore() as unknown as { counters: { entries(): Iterable<[string, Counter]> } })
		.counters;
	let live = 0;
	for (const [, counter] of kept.entries()) if (counter.resetAt > now) live += 1;
	return live;
}

async function newAccount() {
	const credentials = newCredentials({
		username: unique('limit_user_'),
		email: `${unique('limit')}@example.com`,
	});
	const user = await createAccount(credentials);
	return { ...credentials, id: user.id };
}

async function newPlatform(): Promise<number> {
	const [row] = await db()
		.insert(platforms)
		.values({
			name: unique('Limited platform '),
			slug: testSlug(unique('Limited platform ')),
			description: 'x',
			pricing: 'CPM',
			category: 'DSP',
		})
		.returning({ id: platforms.id });
	return row!.id;
}

describe('in process, with a fake clock', () => {
	// biome-ignore lint/correctness/noComponentHookFactories: a constant-style name for a message, not a React component
	const LOGIN = (wait: string) => `Too many sign-in attempts. Please try again in ${wait}.`;

	it('sign-in per account and client: 5 failures, then 429 (even with the right password) until 15 minutes pass', async () => {
		const account = await newAccount();
		const client = unique('client');
		for (let i = 0; i < 5; i++) {
			const error = await refusal(() => authenticate(account.email, 'wrong-password', client));
			expect(error.status).toBe(401);
		}
		await expectLimited(() => authenticate(account.email, account.password, client), LOGIN('15 minutes'));
		// Another address is not stopped by these five.
		expect((await authenticate(account.email, account.password, unique('client'))).id).toBe(account.id);
		now += 15 * MINUTE - 1000;
		await expectLimited(() => authenticate(account.email, account.password, client), LOGIN('a minute'));
		now += 1000;
		const user = await authenticate(account.email, account.password, client);
		expect(user.id).toBe(account.id);
	});

	it('sign-in per account from new addresses: 10 failures an hour, then 30 a day; known addresses go on', async () => {
		const account = await newAccount();
		const home = unique('client');
		expect((await authenticate(account.email, account.password, home)).id).toBe(account.id);
		const guess = async () => {
			const error = await refusal(() => authenticate(account.email, 'wrong-password', unique('client')));
			expect(error.status).toBe(401);
		};
		for (let i = 0; i < 10; i++) await guess();
		await expectLimited(
			() => authenticate(account.email, account.password, unique('client')),
			LOGIN('60 minutes'),
		);
		expect((await authenticate(account.email, account.password, home)).id).toBe(account.id);
		// Each new hour allows 10 more, until the day's 30 are spent: then the wait is the day's.
		for (let hour = 1; hour < 3; hour++) {
			now += 60 * MINUTE;
			for (let i = 0; i < 10; i++) await guess();
		}
		now += 60 * MINUTE;
		await expectLimited(
			() => authenticate(account.email, account.password, unique('client')),
			LOGIN('1260 minutes'),
		);
		expect((await authenticate(account.email, account.password, home)).id).toBe(account.id);
	});

	it('sign-in checks at most the limit when many attempts run at once', async () => {
		const account = await newAccount();
		const client = unique('client');
		const attempts = Array.from({ length: 20 }, (_, i) =>
			refusal(() => authenticate(account.email, i === 19 ? account.password : `wrong-${i}`, client)),
		);
		const statuses = (await Promise.all(attempts)).map((error) => error.status);
		// Never more than the limit. Fewer may be checked: an attempt counts against several
		// limits one after another and gives its place back when a later one refuses it, so
		// on PostgreSQL, where attempts interleave, another attempt may have been refused by a
		// place that was held only for that moment.
		const checked = statuses.filter((s) => s === 401).length;
		expect(checked).toBeGreaterThan(0);
		expect(checked).toBeLessThanOrEqual(5);
		expect(statuses.filter((s) => s === 429)).toHaveLength(20 - checked);
	});

	it('sign-in per client: 30 failures on any emails, then 429 for every account until 15 minutes pass', async () => {
		const account = await newAccount();
		const client = unique('client');
		for (let i = 0; i < 30; i++) {
			expect(
				(await refusal(() => authenticate(`${unique('nobody')}@example.com`, 'wrong', client))).status,
			).toBe(401);
		}
		await expectLimited(() => authenticate(account.email, account.password, client), LOGIN('15 minutes'));
		// Another client is not affected.
		expect((await authenticate(account.email, account.password, unique('client'))).id).toBe(account.id);
		now += 15 * MINUTE;
		expect((await authenticate(account.email, account.password, client)).id).toBe(account.id);
	});

	it('a refused sign-in adds no counter, whichever account it names', async () => {
		const account = await newAccount();
		const client = unique('client');
		for (let i = 0; i < 30; i++) {
			expect(
				(await refusal(() => authenticate(`${unique('nobody')}@example.com`, 'wrong', client))).status,
			).toBe(401);
		}
		const before = await liveCounters();
		for (let i = 0; i < 20; i++) {
			await expectLimited(
				() => authenticate(`${unique('nobody')}@example.com`, 'wrong', client),
				LOGIN('15 minutes'),
			);
		}
		await expectLimited(() => authenticate(account.email, account.password, client), LOGIN('15 minutes'));
		expect(await liveCounters()).toBe(before);
	});

	it('a sign-in refused for its account adds no counter for its client', async () => {
		const account = await newAccount();
		for (let i = 0; i < 10; i++) await refusal(() => authenticate(account.email, 'wrong', unique('client')));
		const before = await liveCounters();
		for (let i = 0; i < 5; i++) {
			await expectLimited(() => authenticate(account.email, 'wrong', unique('client')), LOGIN('60 minutes'));
		}
		expect(await liveCounters()).toBe(before);
	});

	it('registration per client: 20 sign-ups an hour, then 429 until the hour is over', async () => {
		const client = unique('client');
		for (let i = 0; i < 20; i++) {
			await register(
				newCredentials({ username: unique('reg_'), email: `${unique('reg')}@example.com` }),
				client,
			);
		}
		const next = () =>
			register(newCredentials({ username: unique('reg_'), email: `${unique('reg')}@example.com` }), client);
		await expectLimited(next, 'Too many sign-ups from this address. Please try again in 60 minutes.');
		now += 30 * MINUTE;
		await expectLimited(next, 'Too many sign-ups from this address. Please try again in 30 minutes.');
		now += 30 * MINUTE;
		const user = await next();
		expect(user.role).toBe('user');
	});

	it('password reset per (address, client): 5 requests, then dropped without a word until 15 minutes pass', async () => {
		const account = await newAccount();
		const client = unique('client');
		const liveToken = async () =>
			(await db().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, account.id)))[0]
				?.id;
		for (let i = 0; i < 5; i++) await requestPasswordReset(account.email, client);
		const fifth = await liveToken();
		expect(fifth).toBeDefined();
		// Issue 42, F-8: no 429 that a stranger could keep up; the request issues nothing.
		expect(await requestPasswordReset(account.email, client)).toBeUndefined();
		expect(await liveToken()).toBe(fifth);
		// The owner, from another client, is not blocked.
		await requestPasswordReset(account.email, unique('client'));
		const owners = await liveToken();
		expect(owners).not.toBe(fifth);
		now += 15 * MINUTE;
		await requestPasswordReset(account.email, client);
		expect(await liveToken()).not.toBe(owners);
	});

	it('password reset per client: 20 requests on any emails, then dropped without a word until 15 minutes pass', async () => {
		const client = unique('client');
		for (let i = 0; i < 20; i++) await requestPasswordReset(`${unique('nobody')}@example.com`, client);
		const account = await newAccount();
		const liveToken = async () =>
			(await db().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, account.id)))[0]
				?.id;
		expect(await requestPasswordReset(account.email, client)).toBeUndefined();
		expect(await liveToken()).toBeUndefined();
		now += 15 * MINUTE;
		await requestPasswordReset(account.email, client);
		expect(await liveToken()).toBeDefined();
	});

	it('comments per user: 20 an hour, then 429 until the hour is over; other users may go on', async () => {
		const [author, other] = [await newAccount(), await newAccount()];
		const platform = await newPlatform();
		for (let i = 0; i < 20; i++) await addComment(platform, author.id, `Comment ${i}`);
		await expectLimited(
			() => addComment(platform, author.id, 'One too many'),
			'Too many comments. Please try again in 60 minutes.',
		);
		expect((await addComment(platform, other.id, 'Someone else')).status).toBe('pending');
		now += 60 * MINUTE - 1;
		await expectLimited(
			() => addComment(platform, author.id, 'Still too soon'),
			'Too many comments. Please try again in a minute.',
		);
		now += 1;
		expect((await addComment(platform, author.id, 'A new hour')).comment).toBe('A new hour');
		const stored = (await db().select().from(platformComments)).filter((c) => c.userId === author.id);
		expect(stored).toHaveLength(21);
	});

	it('ratings per user: 60 an hour (changes count too), then 429 until the hour is over', async () => {
		const user = await newAccount();
		const platforms = [await newPlatform(), await newPlatform()];
		for (let i = 0; i < 60; i++)
			await rate(platforms[i % 2]!, user.id, { rating: (i % 5) + 1, review: null });
		await expectLimited(
			() => rate(platforms[0]!, user.id, { rating: 1, review: 'late' }),
			'Too many ratings. Please try again in 60 minutes.',
		);
		now += 60 * MINUTE;
		const result = await rate(platforms[0]!, user.id, { rating: 1, review: 'on time' });
		expect(result.rating.review).toBe('on time');
	});
});

describe('over HTTP, each limit answers 429 with a JSON message', () => {
	let server: TestServer;

	beforeAll(async () => {
		server = await startSecurityServer();
	}, 120_000);

	afterAll(async () => {
		await server?.stop();
	});

	function expect429(answer: { status: number; body: any; headers: Headers }, message: RegExp) {
		expect(answer.status).toBe(429);
		expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
		expect(answer.body.message).toMatch(message);
	}

	it('POST /api/login per account and client', async () => {
		const user = await registerUser(server);
		const client = new TestClient(server.url);
		for (let i = 0; i < 5; i++) expect((await client.login(user.email, 'wrong')).status).toBe(401);
		expect429(await client.login(user.email, user.password), /^Too many sign-in attempts/);
	});

	it('POST /api/login per account from new addresses', async () => {
		const user = await registerUser(server);
		for (let i = 0; i < 10; i++)
			expect((await new TestClient(server.url).login(user.email, 'wrong')).status).toBe(401);
		expect429(
			await new TestClient(server.url).login(user.email, user.password),
			/^Too many sign-in attempts/,
		);
	});

	it('PUT /api/profile/password and /api/profile/email per account and client', async () => {
		const user = await registerUser(server);
		for (let i = 0; i < 5; i++) {
			expect(
				(
					await user.client.put('/api/profile/password', {
						currentPassword: 'wrong',
						newPassword: 'whatever',
					})
				).status,
			).toBe(400);
		}
		expect429(
			await user.client.put('/api/profile/password', {
				currentPassword: user.password,
				newPassword: 'whatever',
			}),
			/^Too many password attempts/,
		);
		expect429(
			await user.client.put('/api/profile/email', {
				email: 'x@example.com',
				currentPassword: user.password,
			}),
			/^Too many password attempts/,
		);
	});

	it('POST /api/login per client', async () => {
		const client = new TestClient(server.url);
		for (let i = 0; i < 30; i++)
			expect((await client.login(newCredentials().email, 'wrong')).status).toBe(401);
		expect429(await client.login(newCredentials().email, 'wrong'), /^Too many sign-in attempts/);
	});

	it('POST /api/register per client', async () => {
		const client = new TestClient(server.url);
		for (let i = 0; i < 20; i++)
			expect((await client.post('/api/register', newCredentials())).status).toBe(201);
		expect429(await client.post('/api/register', newCredentials()), /^Too many sign-ups from this address/);
	});

	it('POST /api/auth/forgot-password never answers 429 (issue 42, F-8)', async () => {
		const email = newCredentials().email;
		const client = new TestClient(server.url);
		for (let i = 0; i < 25; i++) {
			const answer = await client.post('/api/auth/forgot-password', {
				email: i % 2 ? email : newCredentials().email,
			});
			expect(answer.status).toBe(200);
			expect(answer.body).toEqual({
				message: 'If an account with that email exists, you will receive a password reset link.',
			});
		}
	});

	it('POST /api/platforms/{id}/comments and /ratings per user', async () => {
		const user = await registerUser(server);
		const platform = (await user.client.get('/api/platforms')).body[0].id as number;
		for (let i = 0; i < 20; i++) {
			expect(
				(await user.client.post(`/api/platforms/${platform}/comments`, { comment: `Comment ${i}` })).status,
			).toBe(201);
		}
		expect429(
			await user.client.post(`/api/platforms/${platform}/comments`, { comment: 'One too many' }),
			/^Too many comments/,
		);
		for (let i = 0; i < 60; i++) {
			expect([200, 201]).toContain(
				(await user.client.post(`/api/platforms/${platform}/ratings`, { rating: (i % 5) + 1 })).status,
			);
		}
		expect429(
			await user.client.post(`/api/platforms/${platform}/ratings`, { rating: 3 }),
			/^Too many ratings/,
		);
	});
});
