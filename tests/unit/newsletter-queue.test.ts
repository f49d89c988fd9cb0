/**
 * The newsletter queue and its sender, in-process against a temporary database and a real SMTP
 * server (smtp-server): recipients decided again at send time, temporary failures retried with
 * back-off, permanent ones recorded, leases that let a dead worker's rows be taken again, and
 * the rendered mail. Time is passed to the claim explicitly, so nothing waits on the clock.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setNewsletter, setBanned } from '@/server/auth/accounts';
import type { SessionUser } from '@/server/auth/session';
import {
	closeDatabase,
	db,
	newsletterDeliveries,
	newsletterIssues,
	newsletterLinks,
	newsletterUnsubscribeTokens,
	users,
} from '@/server/db';
import { deliver, newsletterMail, retryDelayMs } from '@/server/newsletter/delivery';
import { createIssue, getIssue, sendIssue } from '@/server/newsletter/issues';
import { claimDeliveries, settleDelivery } from '@/server/newsletter/queue';
import { metrics } from '@/server/runtime/metrics';
import { insertAccount, mailHeaders, mailsPerAddress } from '../support/newsletter-fixture';
import { testDatabaseSettings } from '../support/postgres-databases';
import { startSmtp } from '../support/smtp';
import { testSlug } from '../support/slugs';

const dir = mkdtempSync(join(tmpdir(), 'rmh-newsletter-'));
const LEASE_MS = 60_000;
const RETRY_BASE_MS = 1_000;
const MAX_ATTEMPTS = 3;
/** Addresses the SMTP server answers specially (set per test before sending). */
const answers = new Map<string, (attempt: number) => number | undefined>();
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let editor: SessionUser;
let database: Awaited<ReturnType<typeof testDatabaseSettings>>;

beforeAll(async () => {
	smtp = await startSmtp({ answer: (to, attempt) => answers.get(to)?.(attempt) });
	database = await testDatabaseSettings(dir);
	Object.assign(process.env, {
		...database.env,
		SMTP_URL: smtp.url,
		SITE_URL: 'https://briefing.example.com',
		NEWSLETTER_WORKER: '0',
		NEWSLETTER_LEASE_MS: String(LEASE_MS),
		NEWSLETTER_RETRY_BASE_MS: String(RETRY_BASE_MS),
		NEWSLETTER_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
	});
	const { id } = await insertAccount(db(), { role: 'editor', subscribed: false });
	editor = { id, email: 'editor@example.com', role: 'editor', isBanned: false } as SessionUser;
});
afterAll(async () => {
	await closeDatabase();
	await database?.close();
	await smtp?.close();
	rmSync(dir, { recursive: true, force: true });
});

function deliveriesOf(issueId: number) {
	return db()
		.select()
		.from(newsletterDeliveries)
		.where(eq(newsletterDeliveries.issueId, issueId))
		.orderBy(newsletterDeliveries.id);
}

/** Claims and sends everything due at `now`, one batch after another (or `rounds` batches). */
async function drain(now = new Date(), rounds = Infinity): Promise<number> {
	let handled = 0;
	for (let round = 0; round < rounds; round++) {
		const rows = await claimDeliveries(5, LEASE_MS, now);
		if (rows.length === 0) return handled;
		await Promise.all(rows.map((row) => deliver(row)));
		handled += rows.length;
	}
	return handled;
}

function newIssue(subject = 'Weekly briefing') {
	return createIssue({ subject, content: 'Read [the news](/news/1).' }, editor);
}

describe('recipients', () => {
	it('queues each subscriber once, and skips at send time those who left since', async () => {
		const stays = await insertAccount(db());
		const unsubscribes = await insertAccount(db());
		const banned = await insertAccount(db());
		const deleted = await insertAccount(db());
		const never = await insertAccount(db(), { subscribed: false });
		const bannedBefore = await insertAccount(db(), { banned: true });
		const issue = await sendIssue((await newIssue()).id);
		expect(issue.status).toBe('sending');
		const queued = new Set((await deliveriesOf(issue.id)).map((row) => row.userId));
		for (const account of [stays, unsubscribes, banned, deleted]) expect(queued.has(account.id)).toBe(true);
		expect(queued.has(never.id)).toBe(false);
		expect(queued.has(bannedBefore.id)).toBe(false);

		await setNewsletter(unsubscribes.id, false);
		await setBanned(banned.id, true);
		await db().delete(users).where(eq(users.id, deleted.id));
		const before = smtp.mails.length;
		await drain();

		const got = mailsPerAddress(smtp.mails.slice(before));
		expect(got.get(stays.email)).toBe(1);
		for (const account of [unsubscribes, banned, deleted, never, bannedBefore])
			expect(got.has(account.email)).toBe(false);
		const after = await getIssue(issue.id);
		expect(after.status).toBe('sent');
		expect(after.sentAt).toBeInstanceOf(Date);
		expect(after.counts).toEqual({
			recipients: queued.size,
			queued: 0,
			sent: queued.size - 3,
			failed: 0,
			skipped: 3,
			unsubscribedSince: 0,
		});
		// Settled: nothing is left to claim.
		expect(await drain()).toBe(0);
	});

	it('queues only verified addresses, and skips at send time one that is no longer verified', async () => {
		await db().update(users).set({ isNewsletterSubscribed: false });
		const verified = await insertAccount(db());
		const unverified = await insertAccount(db(), { verified: false });
		const unverifiedSince = await insertAccount(db());
		const issue = await sendIssue((await newIssue('Verified only')).id);
		const queued = new Set((await deliveriesOf(issue.id)).map((row) => row.userId));
		expect(queued).toEqual(new Set([verified.id, unverifiedSince.id]));

		// An operator marks the address unverified again (a bounce, a complaint) before its turn.
		await db().update(users).set({ emailVerified: false }).where(eq(users.id, unverifiedSince.id));
		const before = smtp.mails.length;
		await drain();
		const got = mailsPerAddress(smtp.mails.slice(before));
		expect(got.get(verified.email)).toBe(1);
		expect(got.has(unverified.email)).toBe(false);
		expect(got.has(unverifiedSince.email)).toBe(false);
		expect((await getIssue(issue.id)).counts).toEqual({
			recipients: 2,
			queued: 0,
			sent: 1,
			failed: 0,
			skipped: 1,
			unsubscribedSince: 0,
		});
	});

	it('completes an issue with no subscribers at once', async () => {
		await db().update(users).set({ isNewsletterSubscribed: false });
		const issue = await sendIssue((await newIssue()).id);
		expect(issue.status).toBe('sent');
		expect(issue.counts).toEqual({
			recipients: 0,
			queued: 0,
			sent: 0,
			failed: 0,
			skipped: 0,
			unsubscribedSince: 0,
		});
	});
});

describe('failures', () => {
	it('retries a 451 with a growing wait, records a 550, and gives up after the last try', async () => {
		await db().update(users).set({ isNewsletterSubscribed: false });
		const later = await insertAccount(db());
		const refused = await insertAccount(db());
		const busy = await insertAccount(db());
		answers.set(later.email, (attempt) => (attempt <= 2 ? 451 : undefined));
		answers.set(refused.email, () => 550);
		answers.set(busy.email, () => 451);
		const issue = await sendIssue((await newIssue('Retries')).id);
		const start = Date.now();
		await drain(new Date(start));

		const rows = async () => new Map((await deliveriesOf(issue.id)).map((row) => [row.userId, row]));
		let now = await rows();
		expect(now.get(refused.id)).toMatchObject({ status: 'failed', attempts: 1 });
		expect(now.get(refused.id)!.lastError).toMatch(/Mailbox unavailable/);
		for (const id of [later.id, busy.id]) {
			const row = now.get(id)!;
			expect(row).toMatchObject({ status: 'queued', attempts: 1 });
			expect(row.lastError).toMatch(/Try again later/);
			expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(start + RETRY_BASE_MS);
		}
		// Not due yet: nothing is claimed.
		expect(await claimDeliveries(5, LEASE_MS, new Date(start))).toEqual([]);

		// Due once both retries are: a moment taken from the rows, not a guess of how long the
		// first round took (a busy machine can take longer than any fixed guess).
		const due = Math.max(...[later.id, busy.id].map((id) => now.get(id)!.nextAttemptAt.getTime()));
		const secondTry = Date.now();
		await drain(new Date(due), 1);
		now = await rows();
		// The second wait is twice the first.
		expect(now.get(busy.id)).toMatchObject({ status: 'queued', attempts: 2 });
		expect(now.get(busy.id)!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(secondTry + 2 * RETRY_BASE_MS);

		await drain(new Date(start + 3_600_000));
		now = await rows();
		expect(now.get(later.id)).toMatchObject({ status: 'sent', attempts: 3, sentTo: later.email });
		expect(now.get(busy.id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
		expect(now.get(busy.id)!.lastError).toMatch(/Gave up after 3 tries/);
		expect(smtp.offered.filter((to) => to === later.email)).toHaveLength(3);
		expect(smtp.offered.filter((to) => to === refused.email)).toHaveLength(1);
		expect(smtp.offered.filter((to) => to === busy.email)).toHaveLength(MAX_ATTEMPTS);
		expect(mailsPerAddress(smtp.mails).get(later.email)).toBe(1);
		expect(await getIssue(issue.id)).toMatchObject({
			status: 'sent',
			counts: { recipients: 3, queued: 0, sent: 1, failed: 2, skipped: 0, unsubscribedSince: 0 },
		});
	});
});

describe('completion', () => {
	it('marks an issue sent when its last two deliveries settle at the same time', async () => {
		// On PostgreSQL each settle runs in its own transaction on its own connection; without a
		// lock on the issue, each could see the other's delivery as still sending.
		const issues: number[] = [];
		for (let round = 0; round < 15; round += 1) {
			await db().update(users).set({ isNewsletterSubscribed: false });
			await insertAccount(db());
			await insertAccount(db());
			const issue = await sendIssue((await newIssue(`Together ${round}`)).id);
			const claimed = await claimDeliveries(5, LEASE_MS, new Date());
			expect(claimed).toHaveLength(2);
			await Promise.all(
				claimed.map((row) => settleDelivery(row, { status: 'sent', sentTo: 'x@example.com' })),
			);
			issues.push(issue.id);
		}
		const statuses = await Promise.all(issues.map(async (id) => (await getIssue(id)).status));
		expect(statuses).toEqual(issues.map(() => 'sent'));
	});
});

describe('the queue depth metric', () => {
	/** newsletter_queue_depth as a scrape of /metrics reads it. */
	async function scrapedDepth(): Promise<number> {
		const text = await metrics().registry.getSingleMetricAsString('newsletter_queue_depth');
		const value = /^newsletter_queue_depth (\S+)$/m.exec(text)?.[1];
		return Number(value);
	}

	it('counts the mails queued or being sent, from the database shared by every node', async () => {
		await db().update(users).set({ isNewsletterSubscribed: false });
		const before = await scrapedDepth();
		for (let n = 0; n < 3; n += 1) await insertAccount(db());
		await sendIssue((await newIssue('Counted')).id);
		expect(await scrapedDepth()).toBe(before + 3);
		// Claimed (being sent) still counts; settled no longer does.
		const claimed = await claimDeliveries(2, LEASE_MS, new Date());
		expect(await scrapedDepth()).toBe(before + 3);
		for (const row of claimed) await settleDelivery(row, { status: 'sent', sentTo: 'x@example.com' });
		expect(await scrapedDepth()).toBe(before + 1);
		await drain();
		expect(await scrapedDepth()).toBe(before);
	});
});

describe('back-off', () => {
	it('doubles the wait with each try, up to an hour', async () => {
		expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, 1_000))).toEqual([
			1_000, 2_000, 4_000, 8_000,
		]);
		expect(retryDelayMs(30, 60_000)).toBe(3_600_000);
	});
});

describe('leases', () => {
	it('takes a claimed row again only after its lease, and the old holder cannot settle it', async () => {
		await db().update(users).set({ isNewsletterSubscribed: false });
		await insertAccount(db());
		const issue = await sendIssue((await newIssue('Leases')).id);
		const start = new Date();
		const [first] = await claimDeliveries(5, LEASE_MS, start);
		expect(first).toMatchObject({ issueId: issue.id, attempts: 1 });
		// A second worker finds nothing while the lease holds.
		expect(await claimDeliveries(5, LEASE_MS, new Date(start.getTime() + LEASE_MS - 1))).toEqual([]);
		const [again] = await claimDeliveries(5, LEASE_MS, new Date(start.getTime() + LEASE_MS));
		expect(again).toMatchObject({ id: first!.id, attempts: 2 });
		await settleDelivery(first!, { status: 'failed', error: 'late' });
		expect((await deliveriesOf(issue.id))[0]).toMatchObject({ status: 'sending', lastError: null });
		await settleDelivery(again!, { status: 'sent', sentTo: 'x@example.com' });
		expect((await getIssue(issue.id)).status).toBe('sent');
	});
});

describe('the mail', () => {
	it('has a sanitized HTML part with absolute links, a text part and one-click unsubscribe headers', async () => {
		const reader = await insertAccount(db());
		const [issue] = await db()
			.insert(newsletterIssues)
			.values({
				subject: 'Hello <readers> & friends',
				slug: testSlug('Hello <readers> & friends'),
				content:
					'# Top story\n\nRead [the article](/news/7) and ![chart](/images/c.png).\n\n<script>alert(1)</script><a href="javascript:alert(2)">x</a>',
			})
			.returning();
		const mail = await newsletterMail(issue!, { userId: reader.id, email: reader.email });
		expect(mail.to).toBe(reader.email);
		// The content's link goes through the site's own /r/{token}, which knows where it leads.
		const links = await db().select().from(newsletterLinks).where(eq(newsletterLinks.issueId, issue!.id));
		expect(links).toEqual([
			expect.objectContaining({ url: 'https://briefing.example.com/news/7', clicks: 0 }),
		]);
		const tracked = `https://briefing.example.com/r/${links[0]!.token}`;
		expect(links[0]!.token).toMatch(/^[\w-]{22}$/);
		expect(mail.html).toContain(`href="${tracked}"`);
		expect(mail.html).not.toContain('href="https://briefing.example.com/news/7"');
		expect(mail.html).toContain('src="https://briefing.example.com/images/c.png"');
		expect(mail.html).not.toMatch(/<script|javascript:/i);
		expect(mail.html).toContain('Hello &lt;readers&gt; &amp; friends');
		// MJML writes the table layout and inlines the link style.
		expect(mail.html).toMatch(/<table/);
		expect(mail.html).toMatch(
			/<a [^>]*href="https:\/\/briefing.example.com\/r\/[\w-]{22}"[^>]*style="[^"]*color/,
		);
		expect(mail.text).toMatch(/^Hello <readers> & friends\n/);
		expect(mail.text).toMatch(/top story/i);
		expect(mail.text).toContain(`Read the article [${tracked}]`);
		expect(mail.text).not.toMatch(/<(script|a|p|table)\b/i);
		const pageLink = mail.text.match(/https:\/\/briefing\.example\.com\/unsubscribe\?token=([a-z2-7]{32})/);
		expect(pageLink).not.toBeNull();
		expect(mail.html).toContain(`/unsubscribe?token=${pageLink![1]}`);
		expect(mail.headers).toEqual({
			'List-Unsubscribe': `<https://briefing.example.com/api/newsletter/unsubscribe?token=${pageLink![1]}>`,
			'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
		});
		// Each mail has its own token, stored only as a hash.
		const other = await newsletterMail(issue!, { userId: reader.id, email: reader.email });
		expect(other.text).not.toContain(pageLink![1]);
		// The link's token is the issue's, the same in every mail: it names no recipient.
		expect(other.html).toContain(`href="${tracked}"`);
		expect(
			await db().select().from(newsletterLinks).where(eq(newsletterLinks.issueId, issue!.id)),
		).toHaveLength(1);
		const stored = await db().select().from(newsletterUnsubscribeTokens);
		expect(stored.some((row) => row.id === pageLink![1])).toBe(false);
	});

	it('reaches the SMTP server with both parts and the headers', async () => {
		await db().update(users).set({ isNewsletterSubscribed: false });
		const reader = await insertAccount(db());
		await sendIssue((await newIssue('On the wire')).id);
		await drain();
		const mail = await smtp.waitForMail(reader.email);
		const headers = mailHeaders(mail.raw);
		expect(headers.get('subject')).toBe('On the wire');
		expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
		expect(headers.get('list-unsubscribe')).toMatch(
			/^<https:\/\/briefing\.example\.com\/api\/newsletter\/unsubscribe\?token=[a-z2-7]{32}>$/,
		);
		expect(headers.get('content-type')).toMatch(/multipart\/alternative/);
		expect(mail.raw).toMatch(/Content-Type: text\/plain/);
		expect(mail.raw).toMatch(/Content-Type: text\/html/);
	});
});
