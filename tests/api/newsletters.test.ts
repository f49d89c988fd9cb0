/**
 * The newsletter API against the built server, with a real SMTP server inside the test: the
 * editors' endpoints (each validation error and each role), the send itself (every subscriber
 * gets exactly one mail, others none, temporary failures retried, permanent ones counted), and
 * unsubscribing from the mail without signing in: one-click from the List-Unsubscribe header
 * (RFC 8058) and the page that confirms and can undo.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstRow } from '@/server/db';
import {
	insertAccount,
	listUnsubscribeUrl,
	mailHeaders,
	mailPart,
	mailsPerAddress,
} from '../support/newsletter-fixture';
import type { TestServer } from '../support/server';
import { startSmtp } from '../support/smtp';
import { insertArticle, setUpRoles, startContentServer, type Roles } from '../support/content-fixtures';
import { type TestClient, decodeQuotedPrintable, eventually, registerUser } from '../support/account-api';

const REPLY_TO = 'letters@retailmediahub.example';
/** With characters HTML must escape, to see it printed as text. */
const POSTAL_ADDRESS = 'Retail Media Hub & Co, 1 Market Street <Suite 5>, Springfield';

let server: TestServer;
let roles: Roles;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
/** Special SMTP answers per address (451 = try later, 550 = refused). */
const answers = new Map<string, (attempt: number) => number | undefined>();

beforeAll(async () => {
	smtp = await startSmtp({ answer: (to, attempt) => answers.get(to)?.(attempt) });
	server = await startContentServer({
		env: {
			SMTP_URL: smtp.url,
			NEWSLETTER_POLL_MS: '100',
			NEWSLETTER_RETRY_BASE_MS: '100',
			NEWSLETTER_REPLY_TO: REPLY_TO,
			NEWSLETTER_POSTAL_ADDRESS: POSTAL_ADDRESS,
		},
	});
	roles = await setUpRoles(server);
	// Test sends go only to a verified address; the editor has not opened the sign-up link.
	await setEditorVerified(true);
});
afterAll(async () => {
	await server?.stop();
	await smtp?.close();
});

const BASE = '/api/admin/newsletters';
/** A send time never reached while the tests run. */
const FAR_AHEAD = '2099-01-01T09:00:00.000Z';
const valid = { subject: 'Weekly briefing', content: 'Read [the news](/news/1).' };

async function storedIssue(id: number) {
	return await firstRow(
		server.db.select().from(server.tables.newsletterIssues).where(eq(server.tables.newsletterIssues.id, id)),
	);
}

async function isSubscribed(userId: number): Promise<boolean> {
	return (await firstRow(
		server.db.select().from(server.tables.users).where(eq(server.tables.users.id, userId)),
	))!.isNewsletterSubscribed;
}

let suppressedCounter = 0;
/** A new suppressed address, written straight into the database. */
async function suppressed(): Promise<string> {
	const email = `suppressed${process.pid}x${++suppressedCounter}@example.com`;
	await server.db
		.insert(server.tables.newsletterSuppressions)
		.values({ email, reason: '550 Mailbox unavailable' });
	return email;
}

async function newDraft(body = valid): Promise<number> {
	const answer = await roles.editor.client.post(BASE, body);
	expect(answer.status, JSON.stringify(answer.body)).toBe(201);
	return answer.body.id;
}

async function setEditorVerified(emailVerified: boolean): Promise<void> {
	const { users } = server.tables;
	await server.db.update(users).set({ emailVerified }).where(eq(users.id, roles.editor.id));
}

/** Leaves exactly the given accounts subscribed (plus any the test adds afterwards). */
async function unsubscribeEveryone(): Promise<void> {
	await server.db.update(server.tables.users).set({ isNewsletterSubscribed: false });
}

async function issueFromList(id: number) {
	const answer = await roles.editor.client.get(BASE);
	return answer.body.issues.find((issue: { id: number }) => issue.id === id);
}

async function waitUntilSent(id: number) {
	return eventually(async () => ((await storedIssue(id))?.status === 'sent' ? true : undefined), 60_000);
}

describe('roles', () => {
	type Call = (client: TestClient) => Promise<{ status: number; body: any }>;
	const cases: [string, number, Call][] = [
		['GET list', 200, (c) => c.get(BASE)],
		['POST create', 201, (c) => c.post(BASE, valid)],
		['GET recent-articles', 200, (c) => c.get(`${BASE}/recent-articles`)],
		['PUT update', 200, async (c) => c.put(`${BASE}/${await newDraft()}`, valid)],
		['DELETE draft', 200, async (c) => c.delete(`${BASE}/${await newDraft()}`)],
		['POST test', 200, async (c) => c.post(`${BASE}/${await newDraft()}/test`)],
		['POST send', 202, async (c) => c.post(`${BASE}/${await newDraft()}/send`)],
		['POST preview', 200, (c) => c.post(`${BASE}/preview`, valid)],
		[
			'POST schedule',
			200,
			async (c) => c.post(`${BASE}/${await newDraft()}/schedule`, { sendAt: FAR_AHEAD }),
		],
		['DELETE schedule', 200, async (c) => c.delete(`${BASE}/${await newDraft()}/schedule`)],
		['GET suppressions', 200, (c) => c.get(`${BASE}/suppressions`)],
		['GET links', 200, async (c) => c.get(`${BASE}/${await newDraft()}/links`)],
		['GET subscribers', 200, (c) => c.get(`${BASE}/subscribers`)],
		['GET subscribers.csv', 200, (c) => c.get(`${BASE}/subscribers.csv`)],
		[
			'DELETE suppression',
			200,
			async (c) => c.delete(`${BASE}/suppressions?email=${encodeURIComponent(await suppressed())}`),
		],
	];

	it.each(cases)('%s: anonymous 401, user 403, banned 401, editor %i', async (_name, ok, call) => {
		const before = await server.db.select().from(server.tables.newsletterIssues);
		const anonymous = await call(roles.anonymous);
		expect(anonymous.status).toBe(401);
		expect(anonymous.body).toEqual({ message: 'Authentication required' });
		const user = await call(roles.user.client);
		expect(user.status).toBe(403);
		expect(user.body).toEqual({ message: 'Access denied. Editor privileges required.' });
		const banned = await call(roles.banned.client);
		expect(banned.status).toBe(401);
		// Refused calls changed nothing (the drafts the calls made as editor are the only news).
		const created = (await server.db.select().from(server.tables.newsletterIssues)).filter(
			(row) => !before.some((b) => b.id === row.id),
		);
		expect(created.every((row) => row.status === 'draft')).toBe(true);
		const editor = await call(roles.editor.client);
		expect(editor.status, JSON.stringify(editor.body)).toBe(ok);
	});
});

describe('POST and PUT: validation', () => {
	const bodies: [string, unknown, string][] = [
		['no subject', { content: 'x' }, 'Subject is required.'],
		['blank subject', { subject: '   ', content: 'x' }, 'Subject is required.'],
		['long subject', { subject: 'x'.repeat(201), content: 'x' }, 'Subject must be at most 200 characters.'],
		['no content', { subject: 'S' }, 'Content is required.'],
		['blank content', { subject: 'S', content: '' }, 'Content is required.'],
		['content not text', { subject: 'S', content: 42 }, 'Content is required.'],
		[
			'long content',
			{ subject: 'S', content: 'x'.repeat(100_001) },
			'Content must be at most 100000 characters.',
		],
	];

	it.each(bodies)('POST with %s is a 400', async (_name, body, message) => {
		const answer = await roles.editor.client.post(BASE, body);
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ message });
	});

	it.each(bodies)('PUT with %s is a 400 and leaves the draft as it was', async (_name, body, message) => {
		const id = await newDraft();
		const answer = await roles.editor.client.put(`${BASE}/${id}`, body);
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ message });
		expect(await storedIssue(id)).toMatchObject(valid);
	});

	it.each(bodies)('preview with %s is a 400', async (_name, body, message) => {
		const answer = await roles.editor.client.post(`${BASE}/preview`, body);
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ message });
	});

	it('refuses a body that is not JSON (400) or not declared JSON (415)', async () => {
		const broken = await roles.editor.client.post(BASE, '{"subject":');
		expect(broken.status).toBe(400);
		expect(broken.body).toEqual({ message: 'Request body is not valid JSON.' });
		const text = await roles.editor.client.post(BASE, 'subject=x', {
			'content-type': 'text/plain',
		});
		expect(text.status).toBe(415);
		expect(text.body).toEqual({ message: 'Content-Type must be application/json.' });
	});

	it('creates a draft with its id, trimmed, listed with zero counts', async () => {
		const answer = await roles.editor.client.post(BASE, {
			subject: '  Hello  ',
			content: ' Body ',
		});
		expect(answer.status).toBe(201);
		expect(answer.body).toMatchObject({
			id: expect.any(Number),
			subject: 'Hello',
			content: 'Body',
			status: 'draft',
			sendStartedAt: null,
			sentAt: null,
			counts: { recipients: 0, queued: 0, sent: 0, failed: 0, skipped: 0, unsubscribedSince: 0 },
		});
		expect(await issueFromList(answer.body.id)).toMatchObject({
			subject: 'Hello',
			status: 'draft',
		});
		expect((await storedIssue(answer.body.id))!.authorId).toBe(roles.editor.id);
	});

	it('updates a draft', async () => {
		const id = await newDraft();
		const answer = await roles.editor.client.put(`${BASE}/${id}`, {
			subject: 'New',
			content: 'Changed',
		});
		expect(answer.status).toBe(200);
		expect(answer.body).toMatchObject({ id, subject: 'New', content: 'Changed', status: 'draft' });
	});

	// PostgreSQL's text cannot hold a NUL: it was a 500 there. Both engines store the text without it.
	it('saves a subject and content holding a NUL, without the NUL', async () => {
		const id = await newDraft();
		const answer = await roles.editor.client.put(`${BASE}/${id}`, {
			subject: 'Sub\u0000ject',
			content: 'Bo\u0000dy',
		});
		expect(answer.status).toBe(200);
		expect(answer.body).toMatchObject({ id, subject: 'Subject', content: 'Body' });
		const created = await roles.editor.client.post(BASE, { subject: '\u0000Hi', content: 'Body\u0000' });
		expect(created.status).toBe(201);
		expect(created.body).toMatchObject({ subject: 'Hi', content: 'Body' });
		const blank = await roles.editor.client.post(BASE, { subject: '\u0000', content: 'Body' });
		expect(blank.status).toBe(400);
		expect(blank.body).toEqual({ message: 'Subject is required.' });
	});
});

describe('ids', () => {
	const calls: [string, (id: string) => Promise<{ status: number; body: any }>][] = [
		['PUT', (id) => roles.editor.client.put(`${BASE}/${id}`, valid)],
		['DELETE', (id) => roles.editor.client.delete(`${BASE}/${id}`)],
		['POST test', (id) => roles.editor.client.post(`${BASE}/${id}/test`)],
		['POST send', (id) => roles.editor.client.post(`${BASE}/${id}/send`)],
		['GET links', (id) => roles.editor.client.get(`${BASE}/${id}/links`)],
	];

	it.each(calls)('%s: a malformed id or an unknown issue is a 404', async (_name, call) => {
		const malformed = await call('abc');
		expect(malformed.status).toBe(404);
		expect(malformed.body).toEqual({ message: 'Invalid issue id.' });
		const unknown = await call('999999');
		expect(unknown.status).toBe(404);
		expect(unknown.body).toEqual({ message: 'Newsletter issue not found' });
	});
});

describe('drafts and sent issues', () => {
	it('deletes a draft', async () => {
		const id = await newDraft();
		const answer = await roles.editor.client.delete(`${BASE}/${id}`);
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({ message: 'Newsletter issue deleted' });
		expect(await storedIssue(id)).toBeUndefined();
	});

	it('sends once: a second send, a change or a delete of a sent issue is a 409', async () => {
		await unsubscribeEveryone();
		const id = await newDraft();
		const first = await roles.editor.client.post(`${BASE}/${id}/send`);
		expect(first.status).toBe(202);
		expect(first.body).toMatchObject({ id, sendStartedAt: expect.any(String) });
		const second = await roles.editor.client.post(`${BASE}/${id}/send`);
		expect(second.status).toBe(409);
		expect(second.body).toEqual({ message: 'This issue has already been sent.' });
		const put = await roles.editor.client.put(`${BASE}/${id}`, {
			subject: 'Changed',
			content: 'x',
		});
		expect(put.status).toBe(409);
		expect(put.body).toEqual({
			message: 'This issue has already been sent; it can no longer be changed.',
		});
		expect((await storedIssue(id))!.subject).toBe(valid.subject);
		const del = await roles.editor.client.delete(`${BASE}/${id}`);
		expect(del.status).toBe(409);
		expect(del.body).toEqual({ message: 'Only drafts can be deleted; this issue has been sent.' });
		expect(await storedIssue(id)).toBeDefined();
	});

	it('starts from the articles published since the last issue went out', async () => {
		const id = await newDraft();
		await unsubscribeEveryone();
		expect((await roles.editor.client.post(`${BASE}/${id}/send`)).status).toBe(202);
		const sentAt = (await storedIssue(id))!.sendStartedAt!;
		const older = await insertArticle(server, {
			title: 'Older story',
			createdAt: new Date(sentAt.getTime() - 1000),
		});
		const newer = await insertArticle(server, {
			title: 'Fresh story',
			createdAt: new Date(sentAt.getTime() + 1000),
		});
		const draft = await insertArticle(server, {
			title: 'Draft story',
			isPublished: false,
			createdAt: new Date(sentAt.getTime() + 1000),
		});
		const answer = await roles.editor.client.get(`${BASE}/recent-articles`);
		expect(answer.status).toBe(200);
		expect(answer.body.subject).toMatch(/weekly briefing/i);
		expect(answer.body.content).toContain(`[Fresh story](/news/${newer.slug})`);
		expect(answer.body.content).not.toContain(older.title);
		expect(answer.body.content).not.toContain(draft.title);
		expect(answer.body.articleCount).toBeGreaterThanOrEqual(1);
	});
});

describe('sending', () => {
	it('gives every subscriber exactly one mail and others none; retries 451s; counts a 550 as failed', async () => {
		await unsubscribeEveryone();
		const subscribers = await Promise.all(Array.from({ length: 12 }, () => insertAccount(server.db)));
		const outsiders = [
			await insertAccount(server.db, { subscribed: false }),
			await insertAccount(server.db, { banned: true }),
			// Subscribed, but the address was never verified: no newsletter.
			await insertAccount(server.db, { verified: false }),
		];
		const slow = subscribers[0]!;
		const refused = subscribers[1]!;
		answers.set(slow.email, (attempt) => (attempt <= 2 ? 451 : undefined));
		answers.set(refused.email, () => 550);
		const list = await roles.editor.client.get(BASE);
		expect(list.body.subscribers).toBe(subscribers.length);

		const id = await newDraft({ subject: 'Everyone once', content: 'See [this](/news/1).' });
		const start = smtp.mails.length;
		const sent = await roles.editor.client.post(`${BASE}/${id}/send`);
		expect(sent.status).toBe(202);
		expect(sent.body.status).toMatch(/sending|sent/);
		await waitUntilSent(id);

		const counts = mailsPerAddress(smtp.mails.slice(start));
		for (const subscriber of subscribers) {
			expect(counts.get(subscriber.email) ?? 0, subscriber.email).toBe(subscriber === refused ? 0 : 1);
		}
		for (const outsider of outsiders) expect(counts.has(outsider.email)).toBe(false);
		expect(counts.size).toBe(subscribers.length - 1);
		expect(smtp.offered.filter((to) => to === slow.email)).toHaveLength(3);
		const listed = await issueFromList(id);
		expect(listed).toMatchObject({
			status: 'sent',
			counts: {
				recipients: subscribers.length,
				queued: 0,
				sent: subscribers.length - 1,
				failed: 1,
				skipped: 0,
				unsubscribedSince: 0,
			},
			sendStartedAt: expect.any(String),
			sentAt: expect.any(String),
		});
	});

	it("refuses a test send (409) while the editor's own address is unverified, and mails nothing", async () => {
		const id = await newDraft({ subject: 'Not yet', content: 'Hello' });
		await setEditorVerified(false);
		const start = smtp.mails.length;
		const answer = await roles.editor.client.post(`${BASE}/${id}/test`);
		expect(answer.status).toBe(409);
		expect(answer.body).toEqual({
			message: 'Test mails go only to a verified address. Please verify your email from your profile first.',
		});
		// A mail the server starts afterwards (a sign-up's verification), waited for: a test mail
		// the refused request had started would have arrived too, however busy the machine.
		const later = await registerUser(server);
		await smtp.waitForMail(later.email);
		expect(smtp.mails.slice(start).some((mail) => mail.raw.includes('Not yet'))).toBe(false);
	});

	it('sends a test mail to the editor alone, marked as a test, whose unsubscribe link changes nothing', async () => {
		await unsubscribeEveryone();
		await insertAccount(server.db);
		await setEditorVerified(true);
		const { users } = server.tables;
		await server.db.update(users).set({ isNewsletterSubscribed: true }).where(eq(users.id, roles.editor.id));
		const id = await newDraft({ subject: 'Preview me', content: 'Hello' });
		const start = smtp.mails.length;
		const answer = await roles.editor.client.post(`${BASE}/${id}/test`);
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({
			message: `Test mail sent to ${roles.editor.email.toLowerCase()}.`,
		});
		const mail = await smtp.waitForMail(roles.editor.email.toLowerCase(), (m) => m.raw.includes('[Test]'));
		expect(mailHeaders(mail.raw).get('subject')).toBe('[Test] Preview me');
		expect(smtp.mails.length - start).toBe(1);
		expect((await storedIssue(id))!.status).toBe('draft');

		// The banner above the content, in both parts.
		const banner =
			'This is a test mail. Subscribers have not received it, and its unsubscribe link changes nothing.';
		const text = mailPart(mail, 'text/plain');
		const html = mailPart(mail, 'text/html');
		expect(text.startsWith(banner)).toBe(true);
		expect(html).toContain(banner);
		expect(html.indexOf(banner)).toBeLessThan(html.indexOf('Hello'));
		// No one-click header; the footer link opens a page that says it changes nothing.
		expect(mailHeaders(mail.raw).has('list-unsubscribe')).toBe(false);
		const link = text.match(/Unsubscribe: (\S+)/)?.[1];
		expect(link).toBe(`${server.url}/unsubscribe?test=1`);
		expect(html).toContain(`href="${server.url}/unsubscribe?test=1"`);
		const page = await fetch(link!);
		expect(page.status).toBe(200);
		expect(await page.text()).toContain('This link came from a test mail. It changes nothing');
		const posted = await fetch(link!, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
			body: 'action=unsubscribe',
		});
		expect(posted.status).toBe(200);
		expect(await isSubscribed(roles.editor.id)).toBe(true);
	});

	it('carries the Reply-To and the postal address (HTML and text footers)', async () => {
		await unsubscribeEveryone();
		const reader = await insertAccount(server.db);
		const id = await newDraft({ subject: `Footer for ${reader.email}`, content: 'Hi' });
		expect((await roles.editor.client.post(`${BASE}/${id}/send`)).status).toBe(202);
		await waitUntilSent(id);
		const mail = await smtp.waitForMail(reader.email, (m) => m.raw.includes('Footer for'));
		expect(mailHeaders(mail.raw).get('reply-to')).toBe(REPLY_TO);
		const text = mailPart(mail, 'text/plain');
		// Last in the text, under the unsubscribe line.
		expect(text.trimEnd().endsWith(POSTAL_ADDRESS)).toBe(true);
		expect(text.indexOf('Unsubscribe: ')).toBeLessThan(text.indexOf(POSTAL_ADDRESS));
		const html = mailPart(mail, 'text/html');
		expect(html).toContain('Retail Media Hub &amp; Co, 1 Market Street &lt;Suite 5&gt;, Springfield');
		expect(html).not.toContain(POSTAL_ADDRESS);
		expect(html.indexOf('>Unsubscribe</a>')).toBeLessThan(html.indexOf('1 Market Street'));
	});

	it('previews the mail itself: MJML HTML and the text part, with the footer, unsaved and unsent', async () => {
		const before = (await server.db.select().from(server.tables.newsletterIssues)).length;
		const answer = await roles.editor.client.post(`${BASE}/preview`, {
			subject: 'Preview <subject>',
			content: '## Section\n\nRead [the news](/news/1).',
		});
		expect(answer.status).toBe(200);
		const { subject, html, text } = answer.body;
		expect(subject).toBe('Preview <subject>');
		// MJML's layout: a full document with its table markup and the 600 px body.
		expect(html).toMatch(/^<!doctype html>/i);
		expect(html).toContain('<title>Preview &lt;subject&gt;</title>');
		expect(html).toMatch(/max-width:\s*600px/);
		expect(html).toContain(`href="${server.url}/news/1"`);
		expect(html).toContain('Retail Media Hub &amp; Co');
		expect(html).toContain(`href="${server.url}/unsubscribe?test=1"`);
		expect(html).not.toContain('This is a test mail');
		expect(text).toContain('Read the news');
		expect(text.trimEnd().endsWith(POSTAL_ADDRESS)).toBe(true);
		expect((await server.db.select().from(server.tables.newsletterIssues)).length).toBe(before);
	});
});

describe('unsubscribing from the mail', () => {
	async function mailTo(reader: { email: string }) {
		const id = await newDraft({ subject: `For ${reader.email}`, content: 'Hi' });
		expect((await roles.editor.client.post(`${BASE}/${id}/send`)).status).toBe(202);
		await waitUntilSent(id);
		// The issue, not the sign-up's verification mail to the same address.
		return smtp.waitForMail(reader.email, (mail) => mail.raw.includes(`For ${reader.email}`));
	}

	it('works in one click from the List-Unsubscribe header (RFC 8058), without a session', async () => {
		await unsubscribeEveryone();
		const reader = await insertAccount(server.db);
		const mail = await mailTo(reader);
		expect(mailHeaders(mail.raw).get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
		const url = listUnsubscribeUrl(mail);
		expect(url.startsWith(`${server.url}/api/newsletter/unsubscribe?token=`)).toBe(true);
		// What a mail provider sends: a form POST with exactly this body, no cookies.
		const response = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: 'List-Unsubscribe=One-Click',
		});
		expect(response.status).toBe(200);
		expect(await response.json()).toEqual({ message: 'You are unsubscribed from the newsletter.' });
		expect(await isSubscribed(reader.id)).toBe(false);
		// Repeating it is harmless.
		expect((await fetch(url, { method: 'POST' })).status).toBe(200);
		// The issue counts them as unsubscribed since.
		const sentIssue = (await roles.editor.client.get(BASE)).body.issues.find(
			(issue: { subject: string }) => issue.subject === `For ${reader.email}`,
		);
		expect(sentIssue.counts).toMatchObject({ recipients: 1, sent: 1, failed: 0, unsubscribedSince: 1 });

		// The next issue does not reach them.
		const other = await insertAccount(server.db);
		const start = smtp.mails.length;
		await mailTo(other);
		expect(mailsPerAddress(smtp.mails.slice(start)).has(reader.email)).toBe(false);
	});

	it('answers 400 for a missing or malformed token and 404 for an unknown one, for any role', async () => {
		for (const client of [roles.anonymous, roles.user.client, roles.banned.client, roles.editor.client]) {
			const missing = await client.post('/api/newsletter/unsubscribe');
			expect(missing.status).toBe(400);
			expect(missing.body).toEqual({ message: 'The unsubscribe link is incomplete.' });
			const malformed = await client.post('/api/newsletter/unsubscribe?token=abc');
			expect(malformed.status).toBe(400);
			expect(malformed.body).toEqual({ message: 'The unsubscribe link is not valid.' });
			const unknown = await client.post(`/api/newsletter/unsubscribe?token=${'a'.repeat(32)}`);
			expect(unknown.status).toBe(404);
			expect(unknown.body.message).toMatch(/not valid/);
		}
	});

	it('sends a browser that opens the header address to the page that asks first', async () => {
		await unsubscribeEveryone();
		const reader = await insertAccount(server.db);
		const url = listUnsubscribeUrl(await mailTo(reader));
		const token = new URL(url).searchParams.get('token');
		const response = await fetch(url, { redirect: 'manual' });
		expect(response.status).toBe(303);
		expect(response.headers.get('location')).toBe(`${server.url}/unsubscribe?token=${token}`);
		expect(await isSubscribed(reader.id)).toBe(true);
	});

	it('has a page that asks, confirms and can undo', async () => {
		await unsubscribeEveryone();
		const reader = await insertAccount(server.db);
		const mail = await mailTo(reader);
		// The parts are quoted-printable inside the multipart body.
		const link = decodeQuotedPrintable(mail.raw).match(
			/http:\/\/127\.0\.0\.1:\d+\/unsubscribe\?token=[a-z2-7]{32}/,
		)?.[0];
		expect(link).toBeDefined();
		const page = await fetch(link!);
		expect(page.status).toBe(200);
		// No Referer leaves the site; the page's own form keeps its Origin (see security-headers).
		expect(page.headers.get('referrer-policy')).toBe('same-origin');
		const html = await page.text();
		expect(html).toContain(reader.email);
		expect(html).toMatch(/>\s*Unsubscribe\s*<\/button>/);
		expect(await isSubscribed(reader.id)).toBe(true); // opening the page changes nothing

		const post = (action: string) =>
			fetch(link!, {
				method: 'POST',
				headers: { 'content-type': 'application/x-www-form-urlencoded' },
				body: `action=${action}`,
			});
		const confirmed = await (await post('unsubscribe')).text();
		expect(confirmed).toContain('You are unsubscribed.');
		expect(confirmed).toContain('Undo: subscribe again');
		expect(await isSubscribed(reader.id)).toBe(false);
		const undone = await (await post('resubscribe')).text();
		expect(undone).toContain('You are subscribed again.');
		expect(await isSubscribed(reader.id)).toBe(true);

		const unknown = await fetch(`${server.url}/unsubscribe?token=${'b'.repeat(32)}`);
		expect(unknown.status).toBe(404);
		expect(await unknown.text()).toContain('This unsubscribe link is not valid.');
	});
	/** The page link of a mail (the parts are quoted-printable inside the multipart body). */
	function pageLink(mail: { raw: string }): string {
		const link = decodeQuotedPrintable(mail.raw).match(
			/http:\/\/127\.0\.0\.1:\d+\/unsubscribe\?token=[a-z2-7]{32}/,
		)?.[0];
		expect(link).toBeDefined();
		return link!;
	}

	const postAction = (link: string, action: string) =>
		fetch(link, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: `action=${action}`,
		});

	/** A signed-up reader (who can use the profile) who is subscribed, with a verified address. */
	async function subscribedReader() {
		const reader = await registerUser(server);
		const { users } = server.tables;
		await server.db
			.update(users)
			.set({ isNewsletterSubscribed: true, emailVerified: true })
			.where(eq(users.id, reader.id));
		return reader;
	}

	it('voids a link once the account has another address, and never shows the new one', async () => {
		await unsubscribeEveryone();
		const reader = await subscribedReader();
		const mail = await mailTo(reader);
		const link = pageLink(mail);
		const oneClick = listUnsubscribeUrl(mail);
		// However the address changes (the profile, an editor, a confirmation link), the link dies.
		const newEmail = `moved-${reader.email}`;
		const { users } = server.tables;
		await server.db.update(users).set({ email: newEmail }).where(eq(users.id, reader.id));

		const page = await fetch(link);
		expect(page.status).toBe(404);
		const html = await page.text();
		expect(html).toContain('This unsubscribe link is not valid.');
		expect(html).not.toContain(newEmail);
		expect(html).not.toContain(reader.email);
		for (const action of ['unsubscribe', 'resubscribe']) {
			const answer = await postAction(link, action);
			expect(answer.status).toBe(404);
			expect(await answer.text()).not.toContain(newEmail);
		}
		const refused = await fetch(oneClick, { method: 'POST', body: 'List-Unsubscribe=One-Click' });
		expect(refused.status).toBe(404);
		expect(await isSubscribed(reader.id)).toBe(true);

		// Back on the address the mail went to, the link works again: it is bound to the address.
		await server.db.update(users).set({ email: reader.email }).where(eq(users.id, reader.id));
		expect((await fetch(link)).status).toBe(200);
	});

	it('cannot undo an opt-out made in the profile, nor override any later choice', async () => {
		await unsubscribeEveryone();
		const reader = await subscribedReader();
		const link = pageLink(await mailTo(reader));
		// The reader opts out in the profile; the old link offers no undo and refuses one.
		const optOut = await reader.client.put('/api/profile/newsletter', { isNewsletterSubscribed: false });
		expect(optOut.status).toBe(200);
		const page = await (await fetch(link)).text();
		expect(page).toContain('You are not subscribed.');
		expect(page).not.toContain('Undo: subscribe again');
		const undo = await postAction(link, 'resubscribe');
		expect(undo.status).toBe(400);
		expect(await undo.text()).toContain('This link can no longer subscribe you again.');
		expect(await isSubscribed(reader.id)).toBe(false);

		// The link unsubscribes, the profile subscribes and opts out again: the link's undo is gone.
		await reader.client.put('/api/profile/newsletter', { isNewsletterSubscribed: true });
		expect(await (await postAction(link, 'unsubscribe')).text()).toContain('Undo: subscribe again');
		await reader.client.put('/api/profile/newsletter', { isNewsletterSubscribed: true });
		await reader.client.put('/api/profile/newsletter', { isNewsletterSubscribed: false });
		expect((await postAction(link, 'resubscribe')).status).toBe(400);
		expect(await isSubscribed(reader.id)).toBe(false);
	});

	it('lets only the link that unsubscribed undo it', async () => {
		await unsubscribeEveryone();
		const reader = await subscribedReader();
		const first = pageLink(await mailTo(reader));
		const second = pageLink(await mailTo(reader));
		expect(await (await postAction(first, 'unsubscribe')).text()).toContain('You are unsubscribed.');
		expect((await postAction(second, 'resubscribe')).status).toBe(400);
		expect(await isSubscribed(reader.id)).toBe(false);
		expect(await (await postAction(first, 'resubscribe')).text()).toContain('You are subscribed again.');
		expect(await isSubscribed(reader.id)).toBe(true);
	});

	it("fills the recipient's link only where the mail's own template puts it, never in the content", async () => {
		await unsubscribeEveryone();
		const reader = await insertAccount(server.db);
		// Content that names the old fixed placeholder, in a link and in an image address.
		const placeholder = 'https://unsubscribe.invalid/__recipient__';
		const id = await newDraft({
			subject: `Placeholder for ${reader.email}`,
			content: `[Manage](${placeholder}) ![x](https://evil.example/pixel.png?u=${placeholder})`,
		});
		expect((await roles.editor.client.post(`${BASE}/${id}/send`)).status).toBe(202);
		await waitUntilSent(id);
		const mail = await smtp.waitForMail(reader.email);
		const decoded = decodeQuotedPrintable(mail.raw);
		const token = new URL(listUnsubscribeUrl(mail)).searchParams.get('token')!;
		// The footer carries the recipient's own link; the content keeps what the editor wrote.
		expect(decoded).toContain(`/unsubscribe?token=${token}`);
		// The content's link goes through /r/, to exactly what the editor wrote.
		expect((await roles.editor.client.get(`${BASE}/${id}/links`)).body).toEqual([
			{ url: placeholder, clicks: 0 },
		]);
		expect(decoded).toContain(`https://evil.example/pixel.png?u=${placeholder}`);
		expect(decoded).not.toMatch(new RegExp(`evil\\.example[^"\\s]*${token}`));
	});
});

describe('scheduling', () => {
	it.each([
		['no body', undefined, 'Send time is required.'],
		['no send time', {}, 'Send time is required.'],
		['a blank send time', { sendAt: ' ' }, 'Send time is required.'],
		['a send time that is not text', { sendAt: 5 }, 'Send time is required.'],
		[
			'a malformed send time',
			{ sendAt: 'tomorrow' },
			'Send time must be a date and time with its time zone (ISO 8601).',
		],
		[
			'a send time without a zone',
			{ sendAt: '2099-01-01T09:00:00' },
			'Send time must be a date and time with its time zone (ISO 8601).',
		],
		['a past send time', { sendAt: '2020-01-01T09:00:00Z' }, 'Send time must be in the future.'],
	])('POST schedule with %s is a 400 and leaves the draft unscheduled', async (_name, body, message) => {
		const id = await newDraft();
		const answer = await roles.editor.client.post(`${BASE}/${id}/schedule`, body);
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ message });
		expect((await storedIssue(id))!.sendAt).toBeNull();
	});

	it('schedules, moves and cancels a draft; a sent issue is a 409 and an unknown one a 404', async () => {
		const id = await newDraft();
		const scheduled = await roles.editor.client.post(`${BASE}/${id}/schedule`, { sendAt: FAR_AHEAD });
		expect(scheduled.status).toBe(200);
		expect(scheduled.body).toMatchObject({ id, status: 'draft', sendAt: FAR_AHEAD });
		const moved = await roles.editor.client.post(`${BASE}/${id}/schedule`, {
			sendAt: '2099-02-01T09:00:00+01:00',
		});
		expect(moved.body.sendAt).toBe('2099-02-01T08:00:00.000Z');
		expect((await issueFromList(id)).sendAt).toBe('2099-02-01T08:00:00.000Z');
		// A scheduled draft is not in the archive.
		expect((await fetch(`${server.url}/newsletter/${id}`)).status).toBe(404);
		const cancelled = await roles.editor.client.delete(`${BASE}/${id}/schedule`);
		expect(cancelled.status).toBe(200);
		expect(cancelled.body).toMatchObject({ id, status: 'draft', sendAt: null });

		await unsubscribeEveryone();
		expect((await roles.editor.client.post(`${BASE}/${id}/send`)).status).toBe(202);
		const late = await roles.editor.client.post(`${BASE}/${id}/schedule`, { sendAt: FAR_AHEAD });
		expect(late.status).toBe(409);
		expect((await roles.editor.client.delete(`${BASE}/${id}/schedule`)).status).toBe(409);
		expect((await roles.editor.client.post(`${BASE}/999999/schedule`, { sendAt: FAR_AHEAD })).status).toBe(
			404,
		);
		expect((await roles.editor.client.delete(`${BASE}/999999/schedule`)).status).toBe(404);
	});

	it('sends a scheduled issue at its time and not before; a cancelled one never', async () => {
		await unsubscribeEveryone();
		const reader = await insertAccount(server.db);
		const cancelledId = await newDraft({ subject: `Cancelled for ${reader.email}`, content: 'Never' });
		const id = await newDraft({ subject: `Scheduled for ${reader.email}`, content: 'On time' });
		const soon = new Date(Date.now() + 1500).toISOString();
		const later = new Date(Date.now() + 3000);
		expect((await roles.editor.client.post(`${BASE}/${cancelledId}/schedule`, { sendAt: soon })).status).toBe(
			200,
		);
		expect(
			(await roles.editor.client.post(`${BASE}/${id}/schedule`, { sendAt: later.toISOString() })).status,
		).toBe(200);
		expect((await roles.editor.client.delete(`${BASE}/${cancelledId}/schedule`)).status).toBe(200);

		const mail = await smtp.waitForMail(reader.email, (m) => m.raw.includes('Scheduled for'));
		expect(mail).toBeTruthy();
		await waitUntilSent(id);
		const issue = (await storedIssue(id))!;
		// Started at its time, not before (the times the server recorded).
		expect(issue.sendStartedAt!.getTime()).toBeGreaterThanOrEqual(later.getTime());
		expect(issue.sendAt).toBeNull();
		const [delivery] = await server.db
			.select()
			.from(server.tables.newsletterDeliveries)
			.where(eq(server.tables.newsletterDeliveries.issueId, id));
		expect(delivery!.sentAt!.getTime()).toBeGreaterThanOrEqual(later.getTime());
		// The cancelled one, due earlier, stayed a draft and mailed nobody.
		expect((await storedIssue(cancelledId))!.status).toBe('draft');
		expect(smtp.mails.some((m) => m.raw.includes('Cancelled for'))).toBe(false);
	});
});

describe('bounces', () => {
	it('suppresses an address a 550 refused: the next issue skips it, until an editor lifts it', async () => {
		await unsubscribeEveryone();
		const refused = await insertAccount(server.db);
		const other = await insertAccount(server.db);
		answers.set(refused.email, () => 550);
		await sendIssue('First bounce');
		const list = await roles.editor.client.get(`${BASE}/suppressions`);
		expect(list.status).toBe(200);
		const entry = list.body.suppressions.find((row: { email: string }) => row.email === refused.email);
		expect(entry).toMatchObject({
			email: refused.email,
			reason: expect.stringContaining('Mailbox unavailable'),
			createdAt: expect.any(String),
		});
		expect(list.body.suppressions.some((row: { email: string }) => row.email === other.email)).toBe(false);

		// The next issue is not even offered to the mail server for that address.
		answers.delete(refused.email);
		const offered = smtp.offered.length;
		const second = await sendIssue('After the bounce');
		expect(smtp.offered.slice(offered).filter((to) => to === refused.email)).toHaveLength(0);
		expect(
			mailsPerAddress(smtp.mails.filter((m) => m.raw.includes('After the bounce'))).get(other.email),
		).toBe(1);
		expect((await issueFromList(second)).counts).toMatchObject({ sent: 1, failed: 0 });

		const lifted = await roles.editor.client.delete(
			`${BASE}/suppressions?email=${encodeURIComponent(refused.email.toUpperCase())}`,
		);
		expect(lifted.status).toBe(200);
		expect(lifted.body).toEqual({ message: `Issues will go to ${refused.email} again.` });
		await sendIssue('After the lift');
		expect(
			mailsPerAddress(smtp.mails.filter((m) => m.raw.includes('After the lift'))).get(refused.email),
		).toBe(1);
	});

	it('retries a temporary failure (4xx) without suppressing the address', async () => {
		await unsubscribeEveryone();
		const slow = await insertAccount(server.db);
		answers.set(slow.email, (attempt) => (attempt === 1 ? 451 : undefined));
		await sendIssue('Temporary trouble');
		expect(smtp.offered.filter((to) => to === slow.email)).toHaveLength(2);
		const list = await roles.editor.client.get(`${BASE}/suppressions`);
		expect(list.body.suppressions.some((row: { email: string }) => row.email === slow.email)).toBe(false);
	});

	it('answers 400 for a missing or malformed address and 404 for one not suppressed', async () => {
		const missing = await roles.editor.client.delete(`${BASE}/suppressions`);
		expect(missing.status).toBe(400);
		expect(missing.body).toEqual({ message: 'Email is required.' });
		const malformed = await roles.editor.client.delete(`${BASE}/suppressions?email=nope`);
		expect(malformed.status).toBe(400);
		expect(malformed.body).toEqual({ message: 'Please enter a valid email address.' });
		const unknown = await roles.editor.client.delete(`${BASE}/suppressions?email=nobody-here%40example.com`);
		expect(unknown.status).toBe(404);
		expect(unknown.body).toEqual({ message: 'This address is not suppressed.' });
	});

	async function sendIssue(subject: string): Promise<number> {
		const id = await newDraft({ subject, content: 'Body' });
		expect((await roles.editor.client.post(`${BASE}/${id}/send`)).status).toBe(202);
		await waitUntilSent(id);
		return id;
	}
});

describe('the subscribers view', () => {
	it('lists accounts and members with their status and counts, searches, and exports CSV', async () => {
		await unsubscribeEveryone();
		const tag = `view${process.pid}`;
		const { newsletterMembers: members } = server.tables;
		const confirmedAccount = await insertAccount(server.db);
		const pendingAccount = await insertAccount(server.db, { verified: false });
		const suppressedAccount = await insertAccount(server.db);
		await server.db
			.insert(server.tables.newsletterSuppressions)
			.values({ email: suppressedAccount.email, reason: '550' });
		await server.db.insert(members).values([
			{ email: `${tag}-confirmed@example.com`, status: 'confirmed', confirmedAt: new Date() },
			{ email: `${tag}-pending@example.com`, status: 'pending' },
			{ email: `${tag}-gone@example.com`, status: 'unsubscribed', unsubscribedAt: new Date() },
		]);
		const all = await roles.editor.client.get(`${BASE}/subscribers`);
		expect(all.status).toBe(200);
		const status = (email: string) =>
			all.body.subscribers.find((row: { email: string }) => row.email === email);
		expect(status(confirmedAccount.email)).toMatchObject({ kind: 'account', status: 'confirmed' });
		expect(status(pendingAccount.email)).toMatchObject({ kind: 'account', status: 'pending' });
		expect(status(suppressedAccount.email)).toMatchObject({ kind: 'account', status: 'suppressed' });
		expect(status(`${tag}-confirmed@example.com`)).toMatchObject({ kind: 'member', status: 'confirmed' });
		expect(status(`${tag}-gone@example.com`)).toMatchObject({ kind: 'member', status: 'unsubscribed' });

		const searched = await roles.editor.client.get(`${BASE}/subscribers?q=${tag.toUpperCase()}`);
		expect(searched.body.counts).toEqual({ confirmed: 1, pending: 1, unsubscribed: 1, suppressed: 0 });
		expect(searched.body.subscribers.map((row: { email: string }) => row.email)).toEqual([
			`${tag}-confirmed@example.com`,
			`${tag}-gone@example.com`,
			`${tag}-pending@example.com`,
		]);
		const pending = await roles.editor.client.get(`${BASE}/subscribers?q=${tag}&status=pending`);
		expect(pending.body.subscribers.map((row: { email: string }) => row.email)).toEqual([
			`${tag}-pending@example.com`,
		]);

		const csv = await fetch(`${server.url}${BASE}/subscribers.csv?q=${tag}`, {
			headers: { cookie: roles.editor.client.sessionCookie },
		});
		expect(csv.status).toBe(200);
		expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
		expect(csv.headers.get('content-disposition')).toContain('attachment');
		const lines = (await csv.text()).trim().split('\r\n');
		expect(lines[0]).toBe('email,kind,status,since');
		expect(lines.slice(1).map((line) => line.split(',').slice(0, 3).join(','))).toEqual([
			`${tag}-confirmed@example.com,member,confirmed`,
			`${tag}-gone@example.com,member,unsubscribed`,
			`${tag}-pending@example.com,member,pending`,
		]);
	});

	it('answers 400 for an unknown status or a long search', async () => {
		for (const path of [`${BASE}/subscribers`, `${BASE}/subscribers.csv`]) {
			const status = await roles.editor.client.get(`${path}?status=maybe`);
			expect(status.status).toBe(400);
			expect(status.body).toEqual({
				message: 'Status must be confirmed, pending, unsubscribed or suppressed.',
			});
			const long = await roles.editor.client.get(`${path}?q=${'x'.repeat(255)}`);
			expect(long.status).toBe(400);
			expect(long.body).toEqual({ message: 'Search must be at most 254 characters.' });
		}
	});
});

describe('newsletter link clicks', () => {
	const CHROME =
		'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
	const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
	const follow = (url: string, userAgent = CHROME) =>
		fetch(url, { redirect: 'manual', headers: { 'user-agent': userAgent } });

	it('sends the content links through /r/{token}, which redirects and counts; unsubscribe links stay as they are', async () => {
		await unsubscribeEveryone();
		const reader = await insertAccount(server.db);
		const outside = 'https://example.org/report?utm=1&x=2';
		const id = await newDraft({
			subject: `Links for ${reader.email}`,
			content: `Read [the report](${outside}), [the news](/news/1) and [mail us](mailto:desk@example.org). [Leave](/unsubscribe)`,
		});
		expect((await roles.editor.client.post(`${BASE}/${id}/send`)).status).toBe(202);
		await waitUntilSent(id);
		const mail = await smtp.waitForMail(reader.email);
		const html = mailPart(mail, 'text/html');
		const text = mailPart(mail, 'text/plain');
		const tracked = [...new Set([...html.matchAll(/href="([^"]*\/r\/[\w-]{22})"/g)].map((m) => m[1]!))];
		expect(tracked).toHaveLength(2);
		for (const link of tracked) {
			expect(link.startsWith(`${server.url}/r/`)).toBe(true);
			expect(text).toContain(link);
		}
		expect(html).not.toContain('example.org/report');
		expect(html).not.toContain(`href="${server.url}/news/1"`);
		expect(html).toContain('href="mailto:desk@example.org"');
		// The site's own unsubscribe links: the content's, the footer's and the header's, untouched.
		expect(html).toContain(`href="${server.url}/unsubscribe"`);
		expect(html).toMatch(/href="http:\/\/127\.0\.0\.1:\d+\/unsubscribe\?token=[a-z2-7]{32}"/);
		expect(listUnsubscribeUrl(mail)).toMatch(/\/api\/newsletter\/unsubscribe\?token=[a-z2-7]{32}$/);

		const links = async () => {
			const answer = await roles.editor.client.get(`${BASE}/${id}/links`);
			expect(answer.status).toBe(200);
			return answer.body as Array<{ url: string; clicks: number }>;
		};
		// Most clicked first, then by address.
		expect(await links()).toEqual([
			{ url: `${server.url}/news/1`, clicks: 0 },
			{ url: outside, clicks: 0 },
		]);
		const targets = new Map<string, string>();
		for (const link of tracked) {
			const answer = await follow(link);
			expect(answer.status).toBe(302);
			expect(answer.headers.getSetCookie()).toEqual([]);
			expect(answer.headers.get('cache-control')).toContain('no-store');
			targets.set(answer.headers.get('location')!, link);
		}
		expect([...targets.keys()].sort()).toEqual([outside, `${server.url}/news/1`].sort());
		const report = targets.get(outside)!;
		expect((await follow(report)).status).toBe(302);
		// A mail scanner or crawler is redirected, not counted.
		const bot = await follow(report, GOOGLEBOT);
		expect(bot.status).toBe(302);
		expect(bot.headers.get('location')).toBe(outside);
		expect(await links()).toEqual([
			{ url: outside, clicks: 2 },
			{ url: `${server.url}/news/1`, clicks: 1 },
		]);
	});

	it('answers 404 for an unknown or malformed token and redirects nowhere', async () => {
		for (const path of [
			'/r/AAAAAAAAAAAAAAAAAAAAAA',
			'/r/short',
			`/r/${encodeURIComponent('https://evil.example/')}`,
			'/r/%2F%2Fevil.example',
		]) {
			const answer = await follow(`${server.url}${path}`);
			expect(answer.status, path).toBe(404);
			expect(answer.headers.get('location'), path).toBeNull();
			expect(await answer.json()).toEqual({ message: 'No such link.' });
		}
	});

	it('lists no links for a draft', async () => {
		const draft = await newDraft({ subject: 'Unsent links', content: 'See [this](https://example.org/x).' });
		expect((await roles.editor.client.get(`${BASE}/${draft}/links`)).body).toEqual([]);
	});
});
