/**
 * Email-only newsletter members with double opt-in, against the built server with a real SMTP
 * server: subscribing by email (the same 202 whatever the address), the mailed confirmation link
 * (hashed, single use, expiring), rate limits per address and per client, issues only for
 * confirmed members, their one-click unsubscribe, and the merge into an account that verifies
 * the same address. Runs on both engines.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '@/server/auth/tokens';
import { firstRow } from '@/server/db';
import { insertAccount, listUnsubscribeUrl, mailPart, mailsPerAddress } from '../support/newsletter-fixture';
import type { TestServer } from '../support/server';
import { startSmtp } from '../support/smtp';
import { setUpRoles, startContentServer, type Roles } from '../support/content-fixtures';
import { TestClient, eventually, registerUser } from '../support/account-api';
import { createPlatform } from '../support/platform-fixtures';

let server: TestServer;
let roles: Roles;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

const ACCEPTED =
	"Thanks! Please check your inbox: unless this address is subscribed already, we're mailing it a link to confirm your subscription.";
const INVALID = 'This confirmation link is invalid or has expired. Sign up again to get a new one.';
const ALREADY_CONFIRMED =
	'This link is no longer needed: your subscription is already confirmed, and the weekly briefing comes to you.';

beforeAll(async () => {
	smtp = await startSmtp();
	server = await startContentServer({ env: { SMTP_URL: smtp.url, NEWSLETTER_POLL_MS: '100' } });
	roles = await setUpRoles(server);
});
afterAll(async () => {
	await server?.stop();
	await smtp?.close();
});

let counter = 0;
const newAddress = () => `member${process.pid}x${++counter}@example.com`;

async function member(email: string) {
	const { newsletterMembers } = server.tables;
	return firstRow(server.db.select().from(newsletterMembers).where(eq(newsletterMembers.email, email)));
}

/** The confirmation link mailed to the address (the latest, after `skip` earlier ones). */
async function confirmationLink(email: string): Promise<string> {
	const mail = await smtp.waitForMail(email, (m) =>
		m.raw.includes('Confirm your Retail Media Hub newsletter'),
	);
	const link = mailPart(mail, 'text/plain').match(
		/https?:\/\/\S+\/newsletter\/confirm#token=[a-z2-7]{32}/,
	)?.[0];
	expect(link, 'confirmation link').toBeTruthy();
	return link!;
}

const tokenOf = (link: string) => new URLSearchParams(new URL(link).hash.slice(1)).get('token')!;

/** Subscribes and confirms a new address through the API, as a visitor would. */
async function confirmedMember(email = newAddress()): Promise<string> {
	expect((await new TestClient(server.url).post('/api/newsletter/subscribe', { email })).status).toBe(202);
	const token = tokenOf(await confirmationLink(email));
	expect((await new TestClient(server.url).post('/api/newsletter/confirm', { token })).status).toBe(200);
	return email;
}

async function sendIssue(subject: string): Promise<number> {
	const created = await roles.editor.client.post('/api/admin/newsletters', {
		subject,
		content: 'Hello members',
	});
	expect(created.status).toBe(201);
	expect((await roles.editor.client.post(`/api/admin/newsletters/${created.body.id}/send`)).status).toBe(202);
	const { newsletterIssues } = server.tables;
	await eventually(async () => {
		const row = await firstRow(
			server.db.select().from(newsletterIssues).where(eq(newsletterIssues.id, created.body.id)),
		);
		return row?.status === 'sent' ? true : undefined;
	}, 60_000);
	return created.body.id;
}

describe('POST /api/newsletter/subscribe (signed out)', () => {
	it('answers 202, stores a pending member, and mails a confirmation link whose token is kept only hashed', async () => {
		const email = newAddress();
		const answer = await new TestClient(server.url).post('/api/newsletter/subscribe', {
			email: ` ${email.toUpperCase()} `,
		});
		expect(answer.status).toBe(202);
		expect(answer.body).toEqual({ message: ACCEPTED });
		expect(await member(email)).toMatchObject({ status: 'pending', confirmedAt: null });
		const link = await confirmationLink(email);
		expect(link.startsWith(`${server.url}/newsletter/confirm#token=`)).toBe(true);
		// The confirmation's token is in the fragment, never a query: no server or log sees it.
		expect(link).not.toContain('?');
		const { newsletterMemberTokens } = server.tables;
		const stored = await server.db.select().from(newsletterMemberTokens);
		expect(stored.some((row) => row.id === tokenOf(link))).toBe(false);
		const row = stored.find((row) => row.id === hashToken(tokenOf(link)));
		expect(row).toMatchObject({ purpose: 'confirm' });
		expect(row!.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 47 * 60 * 60 * 1000);
	});

	it('gives the same answer for a new, a pending, a confirmed and an account holder’s address', async () => {
		const confirmed = await confirmedMember();
		const pending = newAddress();
		await new TestClient(server.url).post('/api/newsletter/subscribe', { email: pending });
		const account = await insertAccount(server.db);
		const answers = [];
		for (const email of [newAddress(), pending, confirmed, account.email]) {
			const answer = await new TestClient(server.url).post('/api/newsletter/subscribe', { email });
			answers.push({ status: answer.status, body: answer.body });
		}
		expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
		expect(answers[0]).toEqual({ status: 202, body: { message: ACCEPTED } });
		expect((await member(confirmed))!.status).toBe('confirmed');
	});

	it.each([
		['no body', undefined, 'Email is required.'],
		['no email', {}, 'Email is required.'],
		['a blank email', { email: '  ' }, 'Email is required.'],
		['not an email', { email: 'not-an-address' }, 'Please enter a valid email address.'],
		['a long email', { email: `${'a'.repeat(250)}@example.com` }, 'Email is too long.'],
		['an email that is not text', { email: 42 }, 'Email is required.'],
	])('answers 400 for %s', async (_name, body, message) => {
		const before = (await server.db.select().from(server.tables.newsletterMembers)).length;
		const answer = await new TestClient(server.url).post('/api/newsletter/subscribe', body);
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ message });
		expect((await server.db.select().from(server.tables.newsletterMembers)).length).toBe(before);
	});

	it('limits sign-ups per address (3 an hour) and per client (20 an hour) with a 429', async () => {
		const email = newAddress();
		for (let i = 0; i < 3; i += 1) {
			expect((await new TestClient(server.url).post('/api/newsletter/subscribe', { email })).status).toBe(
				202,
			);
		}
		const refused = await new TestClient(server.url).post('/api/newsletter/subscribe', { email });
		expect(refused.status).toBe(429);
		expect(refused.body.message).toMatch(/^Too many newsletter sign-ups\. Please try again in/);

		const client = new TestClient(server.url);
		for (let i = 0; i < 20; i += 1) {
			expect((await client.post('/api/newsletter/subscribe', { email: newAddress() })).status).toBe(202);
		}
		const tooMany = await client.post('/api/newsletter/subscribe', { email: newAddress() });
		expect(tooMany.status).toBe(429);
		// Another client is not held back.
		expect(
			(await new TestClient(server.url).post('/api/newsletter/subscribe', { email: newAddress() })).status,
		).toBe(202);
	});
});

describe('roles', () => {
	it('subscribes the account of a signed-in user or editor, mailing the typed address nothing', async () => {
		for (const who of [roles.user, roles.editor]) {
			const typed = newAddress();
			const answer = await who.client.post('/api/newsletter/subscribe', { email: typed });
			expect(answer.status).toBe(200);
			expect(answer.body.user).toMatchObject({ id: who.id, isNewsletterSubscribed: true });
			expect(await member(typed)).toBeUndefined();
		}
	});

	it('treats a banned session as signed out: the typed address gets a confirmation link', async () => {
		const typed = newAddress();
		const answer = await roles.banned.client.post('/api/newsletter/subscribe', { email: typed });
		expect(answer.status).toBe(202);
		expect(answer.body).toEqual({ message: ACCEPTED });
		expect((await member(typed))!.status).toBe('pending');
	});

	it('lets anyone holding a confirmation link confirm it (anonymous, user, banned, editor)', async () => {
		for (const client of [roles.anonymous, roles.user.client, roles.banned.client, roles.editor.client]) {
			const email = newAddress();
			await new TestClient(server.url).post('/api/newsletter/subscribe', { email });
			const answer = await client.post('/api/newsletter/confirm', {
				token: tokenOf(await confirmationLink(email)),
			});
			expect(answer.status).toBe(200);
			expect((await member(email))!.status).toBe('confirmed');
		}
	});
});

describe('POST /api/newsletter/confirm', () => {
	it('confirms once: the link is single use', async () => {
		const email = newAddress();
		await new TestClient(server.url).post('/api/newsletter/subscribe', { email });
		const token = tokenOf(await confirmationLink(email));
		expect((await member(email))!.status).toBe('pending');
		const answer = await roles.anonymous.post('/api/newsletter/confirm', { token });
		expect(answer.status).toBe(200);
		expect(answer.body.message).toMatch(/^Your subscription is confirmed\./);
		expect(await member(email)).toMatchObject({ status: 'confirmed', confirmedAt: expect.any(Date) });
		const again = await roles.anonymous.post('/api/newsletter/confirm', { token });
		expect(again.status).toBe(400);
		expect(again.body).toEqual({ message: INVALID });
	});

	it('refuses an expired link, and a newer link voids the older one', async () => {
		const email = newAddress();
		await new TestClient(server.url).post('/api/newsletter/subscribe', { email });
		const first = tokenOf(await confirmationLink(email));
		const { newsletterMemberTokens: tokens } = server.tables;
		await server.db
			.update(tokens)
			.set({ expiresAt: new Date(Date.now() - 1000) })
			.where(eq(tokens.id, hashToken(first)));
		const expired = await roles.anonymous.post('/api/newsletter/confirm', { token: first });
		expect(expired.status).toBe(400);
		expect(expired.body).toEqual({ message: INVALID });
		expect((await member(email))!.status).toBe('pending');

		const start = smtp.mails.length;
		await new TestClient(server.url).post('/api/newsletter/subscribe', { email });
		await eventually(() => (smtp.mails.length > start ? true : undefined));
		const second = tokenOf(await confirmationLink(email));
		expect(second).not.toBe(first);
		expect((await roles.anonymous.post('/api/newsletter/confirm', { token: second })).status).toBe(200);
	});

	it('tells the holder of a replaced link that the address is confirmed, once a newer link confirmed it', async () => {
		const email = newAddress();
		await new TestClient(server.url).post('/api/newsletter/subscribe', { email });
		const first = tokenOf(await confirmationLink(email));
		const start = smtp.mails.length;
		await new TestClient(server.url).post('/api/newsletter/subscribe', { email });
		await eventually(() => (smtp.mails.length > start ? true : undefined));
		const second = tokenOf(await confirmationLink(email));
		// Replaced, and nothing confirmed yet: the older link is dead.
		expect((await roles.anonymous.post('/api/newsletter/confirm', { token: first })).body).toEqual({
			message: INVALID,
		});
		expect((await roles.anonymous.post('/api/newsletter/confirm', { token: second })).status).toBe(200);
		const replaced = await roles.anonymous.post('/api/newsletter/confirm', { token: first });
		expect(replaced).toMatchObject({ status: 200, body: { message: ALREADY_CONFIRMED } });
		expect((await member(email))!.status).toBe('confirmed');
	});

	it('mails a confirmed address nothing when it signs up again: the answer holds either way', async () => {
		const email = await confirmedMember();
		const before = smtp.mails.filter((mail) => mail.raw.includes(email)).length;
		const answer = await new TestClient(server.url).post('/api/newsletter/subscribe', { email });
		expect(answer.body).toEqual({ message: ACCEPTED });
		expect(ACCEPTED).toContain('unless this address is subscribed already');
		// A later sign-up's mail arrives, so one for this address would have too.
		const later = newAddress();
		await new TestClient(server.url).post('/api/newsletter/subscribe', { email: later });
		await confirmationLink(later);
		expect(smtp.mails.filter((mail) => mail.raw.includes(email)).length).toBe(before);
	});

	it.each([
		['no body', undefined, 'The confirmation link is invalid or missing.', 400],
		['no token', {}, 'The confirmation link is invalid or missing.', 400],
		['a malformed token', { token: 'abc' }, 'The confirmation link is invalid or missing.', 400],
		['a token that is not text', { token: 7 }, 'The confirmation link is invalid or missing.', 400],
		['an unknown token', { token: 'a'.repeat(32) }, INVALID, 400],
	])('answers 400 for %s', async (_name, body, message, status) => {
		const answer = await roles.anonymous.post('/api/newsletter/confirm', body);
		expect(answer.status).toBe(status);
		expect(answer.body).toEqual({ message });
	});
});

describe('issues for members', () => {
	it('go to confirmed members only, once each, with a one-click unsubscribe that works', async () => {
		await server.db.update(server.tables.users).set({ isNewsletterSubscribed: false });
		await server.db.update(server.tables.newsletterMembers).set({ status: 'unsubscribed' });
		const confirmed = [await confirmedMember(), await confirmedMember()];
		const pending = newAddress();
		await new TestClient(server.url).post('/api/newsletter/subscribe', { email: pending });
		const list = await roles.editor.client.get('/api/admin/newsletters');
		expect(list.body.subscribers).toBe(2);

		const start = smtp.mails.length;
		await sendIssue('For members');
		const counts = mailsPerAddress(smtp.mails.slice(start).filter((m) => m.raw.includes('For members')));
		expect(counts.get(confirmed[0]!)).toBe(1);
		expect(counts.get(confirmed[1]!)).toBe(1);
		expect(counts.has(pending)).toBe(false);
		expect(counts.size).toBe(2);

		const mail = await smtp.waitForMail(confirmed[0]!, (m) => m.raw.includes('For members'));
		const response = await fetch(listUnsubscribeUrl(mail), {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: 'List-Unsubscribe=One-Click',
		});
		expect(response.status).toBe(200);
		expect(await member(confirmed[0]!)).toMatchObject({
			status: 'unsubscribed',
			unsubscribedAt: expect.any(Date),
		});

		const next = smtp.mails.length;
		await sendIssue('After the unsubscribe');
		const later = mailsPerAddress(
			smtp.mails.slice(next).filter((m) => m.raw.includes('After the unsubscribe')),
		);
		expect(later.has(confirmed[0]!)).toBe(false);
		expect(later.get(confirmed[1]!)).toBe(1);
	});

	it("lets only the link that unsubscribed a member undo it: an older issue's link cannot subscribe them again", async () => {
		await server.db.update(server.tables.users).set({ isNewsletterSubscribed: false });
		await server.db.update(server.tables.newsletterMembers).set({ status: 'unsubscribed' });
		const email = await confirmedMember();
		const start = smtp.mails.length;
		await sendIssue('Older issue');
		await sendIssue('Newer issue');
		const pageOf = (subject: string) => {
			const mail = smtp.mails.slice(start).find((m) => m.raw.includes(subject) && m.raw.includes(email));
			const token = new URL(listUnsubscribeUrl(mail!)).searchParams.get('token');
			return `${server.url}/unsubscribe?token=${token}`;
		};
		const older = pageOf('Older issue');
		const newer = pageOf('Newer issue');
		const postAction = (link: string, action: string) =>
			fetch(link, {
				method: 'POST',
				headers: { 'content-type': 'application/x-www-form-urlencoded' },
				body: `action=${action}`,
			});
		expect(await (await postAction(newer, 'unsubscribe')).text()).toContain('Undo: subscribe again');

		// The older mail (forwarded, say) offers no undo, refuses one, and re-sending its
		// unsubscribe changes nothing (nor takes the undo over).
		expect(await (await fetch(older)).text()).not.toContain('Undo: subscribe again');
		expect(await (await postAction(older, 'unsubscribe')).text()).not.toContain('Undo: subscribe again');
		const refused = await postAction(older, 'resubscribe');
		expect(refused.status).toBe(400);
		expect(await refused.text()).toContain(
			'This link can no longer subscribe you again. Sign up for the newsletter again and confirm the link we mail you.',
		);
		expect((await member(email))!.status).toBe('unsubscribed');

		// The link that unsubscribed undoes it, once; after that, neither link can.
		expect(await (await postAction(newer, 'resubscribe')).text()).toContain('You are subscribed again.');
		expect((await member(email))!.status).toBe('confirmed');
		expect(await (await postAction(older, 'unsubscribe')).text()).toContain('Undo: subscribe again');
		expect((await postAction(newer, 'resubscribe')).status).toBe(400);
		expect((await member(email))!.status).toBe('unsubscribed');

		// A fresh double opt-in is a later choice: the last link's undo is gone with it.
		const before = smtp.mails.length;
		expect((await new TestClient(server.url).post('/api/newsletter/subscribe', { email })).status).toBe(202);
		const again = await smtp.waitForMail(
			email,
			(m) => smtp.mails.indexOf(m) >= before && m.raw.includes('Confirm your Retail Media Hub newsletter'),
		);
		const link = mailPart(again, 'text/plain').match(/newsletter\/confirm#token=([a-z2-7]{32})/)?.[1];
		const confirmed = await roles.anonymous.post('/api/newsletter/confirm', { token: link });
		expect(confirmed.status).toBe(200);
		expect((await member(email))!.status).toBe('confirmed');
		const { newsletterMemberTokens: tokens } = server.tables;
		const links = await server.db
			.select()
			.from(tokens)
			.where(eq(tokens.memberId, (await member(email))!.id));
		expect(links.filter((row) => row.purpose === 'unsubscribe')).toHaveLength(2);
		expect(links.filter((row) => row.unsubscribedAt !== null)).toEqual([]);
	});

	it('merges a member into the account that signs up and verifies the same address: one mail, as the account', async () => {
		await server.db.update(server.tables.users).set({ isNewsletterSubscribed: false });
		await server.db.update(server.tables.newsletterMembers).set({ status: 'unsubscribed' });
		const email = await confirmedMember();
		const account = await registerUser(server, { email });
		expect((await member(email))!.status).toBe('confirmed');
		const verification = await smtp.waitForMail(email, (m) => m.raw.includes('/verify-email#token='));
		const token = mailPart(verification, 'text/plain').match(/verify-email#token=([a-z2-7]+)/)?.[1];
		expect((await account.client.post('/api/auth/verify-email', { token })).status).toBe(200);
		expect(await member(email)).toBeUndefined();
		const { users } = server.tables;
		const stored = await firstRow(server.db.select().from(users).where(eq(users.id, account.id)));
		expect(stored).toMatchObject({ isNewsletterSubscribed: true, emailVerified: true });

		const start = smtp.mails.length;
		await sendIssue('After the merge');
		const counts = mailsPerAddress(smtp.mails.slice(start).filter((m) => m.raw.includes('After the merge')));
		expect(counts.get(email)).toBe(1);
	});
});

describe('the subscriber search', () => {
	it('reads %, _ and \\ as themselves, not as LIKE wildcards', async () => {
		const tag = `lit${process.pid}x${++counter}`;
		const { newsletterMembers } = server.tables;
		const addresses = {
			underscore: `${tag}_a@example.com`,
			percent: `${tag}%a@example.com`,
			backslash: `${tag}\\a@example.com`,
			plain: `${tag}ba@example.com`,
		};
		await server.db.insert(newsletterMembers).values(Object.values(addresses).map((email) => ({ email })));
		const search = async (text: string) => {
			const answer = await roles.editor.client.get(
				`/api/admin/newsletters/subscribers?q=${encodeURIComponent(`${tag}${text}a`)}`,
			);
			expect(answer.status).toBe(200);
			return answer.body.subscribers.map((row: { email: string }) => row.email);
		};
		expect(await search('_')).toEqual([addresses.underscore]);
		expect(await search('%')).toEqual([addresses.percent]);
		expect(await search('\\')).toEqual([addresses.backslash]);
	});
});

describe('platform followers', () => {
	it('who never subscribed are not on the subscriber list, in its counts or in the CSV', async () => {
		// A follower who got one digest: digests go through the newsletter's delivery queue.
		const platform = await createPlatform(roles.editor);
		const follower = await insertAccount(server.db, { subscribed: false });
		const { platformDigests, newsletterDeliveries } = server.tables;
		const now = new Date();
		const [digest] = await server.db
			.insert(platformDigests)
			.values({ platformId: platform.id, status: 'queued', since: now, sendAt: now, closedAt: now })
			.returning({ id: platformDigests.id });
		await server.db
			.insert(newsletterDeliveries)
			.values({ digestId: digest!.id, userId: follower.id, status: 'sent', nextAttemptAt: now });

		const list = await roles.editor.client.get(
			`/api/admin/newsletters/subscribers?q=${encodeURIComponent(follower.email)}`,
		);
		expect(list.status).toBe(200);
		expect(list.body.subscribers).toEqual([]);
		expect(list.body.counts).toEqual({ confirmed: 0, pending: 0, unsubscribed: 0, suppressed: 0 });
		const unsubscribed = await roles.editor.client.get(
			'/api/admin/newsletters/subscribers?status=unsubscribed',
		);
		expect(unsubscribed.body.subscribers.map((row: { email: string }) => row.email)).not.toContain(
			follower.email,
		);
		const csv = await fetch(`${server.url}/api/admin/newsletters/subscribers.csv`, {
			headers: { cookie: roles.editor.client.sessionCookie },
		});
		expect(csv.status).toBe(200);
		expect(await csv.text()).not.toContain(follower.email);
	});
});
