/**
 * The newsletter queue survives crashes and is shared: sender processes
 * (tests/support/newsletter-sender.ts) run the real worker against one database and a real SMTP
 * server. One is killed with SIGKILL right after the SMTP server accepted a mail, several times;
 * each restart resumes, and the issue completes with every subscriber served and at most one
 * duplicate per kill (the mail in flight). Two senders side by side never send the same mail.
 * A sender claims a batch at a time and holds at most two (one in flight, one waiting).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@/server/auth/session';
import { and, eq } from 'drizzle-orm';
import { closeDatabase, db, newsletterDeliveries as deliveries, users } from '@/server/db';
import { createIssue, getIssue, scheduleIssue, sendIssue } from '@/server/newsletter/issues';
import { insertAccount, mailsPerAddress } from '../support/newsletter-fixture';
import { bundledScript } from '../support/bundled-script';
import { testDatabaseSettings } from '../support/postgres-databases';
import { startSmtp, type CapturedMail } from '../support/smtp';

const dir = mkdtempSync(join(tmpdir(), 'rmh-newsletter-crash-'));
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let editor: SessionUser;
let database: Awaited<ReturnType<typeof testDatabaseSettings>>;
const children = new Set<ChildProcess>();
/** A sender process loads the whole server code (bundled); on a busy machine that takes a while. */
const SLOW = 300_000;

beforeAll(async () => {
	smtp = await startSmtp();
	database = await testDatabaseSettings(dir);
	Object.assign(process.env, { ...database.env, SMTP_URL: smtp.url, NEWSLETTER_WORKER: '0' });
	const { id } = await insertAccount(db(), { role: 'editor', subscribed: false });
	editor = { id, email: 'editor@example.com', role: 'editor', isBanned: false } as SessionUser;
});
afterAll(async () => {
	for (const child of children) child.kill('SIGKILL');
	await closeDatabase();
	await database?.close();
	await smtp?.close();
	rmSync(dir, { recursive: true, force: true });
});

type Sender = {
	child: ChildProcess;
	ready: Promise<void>;
	/** Resolves with the exit code. */
	exited: Promise<number | null>;
	output: () => string;
};

/**
 * `leaseMs` short for the crash test (a killed sender's row is taken again soon); long where no
 * sender dies, since a lease shorter than a send lets another sender take a row still in flight.
 */
function startSender(concurrency: number, leaseMs: number, ratePerSecond = 1000): Sender {
	const child = spawn(process.execPath, [bundledScript('tests/support/newsletter-sender.ts')], {
		env: {
			...process.env,
			...database.env,
			SMTP_URL: smtp.url,
			NEWSLETTER_WORKER: '1',
			NEWSLETTER_CONCURRENCY: String(concurrency),
			NEWSLETTER_RATE_PER_SECOND: String(ratePerSecond),
			NEWSLETTER_LEASE_MS: String(leaseMs),
			NEWSLETTER_POLL_MS: '100',
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	children.add(child);
	let errors = '';
	let output = '';
	child.stderr!.on('data', (chunk) => (errors += chunk));
	child.stdout!.on('data', (chunk) => (output += chunk));
	const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
	exited.then(() => children.delete(child));
	const ready = new Promise<void>((resolve, reject) => {
		child.stdout!.on('data', (chunk) => String(chunk).includes('ready') && resolve());
		exited.then(() => reject(new Error(`The sender exited before it was ready:\n${errors}`)));
	});
	ready.catch(() => {});
	return { child, ready, exited, output: () => output };
}

/** Waits until `check` holds, polling (the senders work on their own). */
async function until(
	check: () => boolean | Promise<boolean>,
	what: string,
	timeoutMs = 120_000,
): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!(await check())) {
		if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 5));
	}
}

async function newSubscribers(count: number) {
	await db().update(users).set({ isNewsletterSubscribed: false });
	return Promise.all(Array.from({ length: count }, () => insertAccount(db())));
}

/** Every subscriber got exactly one of these mails, and nobody else got any. */
function expectOneMailEach(mails: CapturedMail[], subscribers: Array<{ email: string }>): void {
	const counts = mailsPerAddress(mails);
	expect(counts.size).toBe(subscribers.length);
	for (const subscriber of subscribers) expect(counts.get(subscriber.email)).toBe(1);
}

describe('a crash in the middle of a send', () => {
	it(
		'resumes after each SIGKILL and completes with at most one duplicate per kill',
		async () => {
			const subscribers = await newSubscribers(24);
			const issue = await sendIssue((await createIssue({ subject: 'Crash', content: 'Body' }, editor)).id);
			const start = smtp.mails.length;
			const kills = [5, 14];
			for (const after of kills) {
				const sender = startSender(1, 2_000);
				await sender.ready;
				// Killed the moment the SMTP server has accepted the mail: the worker has not yet
				// recorded it, which is the one mail a crash may send twice.
				await until(() => smtp.mails.length - start >= after, `${after} mails`);
				sender.child.kill('SIGKILL');
				await sender.exited;
				expect((await getIssue(issue.id)).status).toBe('sending');
			}
			const last = startSender(1, 2_000);
			await until(async () => (await getIssue(issue.id)).status === 'sent', 'the issue to complete');
			last.child.kill('SIGTERM');
			await last.exited;

			const counts = mailsPerAddress(smtp.mails.slice(start));
			for (const subscriber of subscribers)
				expect(counts.get(subscriber.email) ?? 0).toBeGreaterThanOrEqual(1);
			const duplicates = [...counts.values()].reduce((sum, n) => sum + n - 1, 0);
			expect(duplicates).toBeLessThanOrEqual(kills.length);
			expect(Math.max(...counts.values())).toBeLessThanOrEqual(2);
			expect((await getIssue(issue.id)).counts).toEqual({
				recipients: subscribers.length,
				queued: 0,
				sent: subscribers.length,
				failed: 0,
				skipped: 0,
				unsubscribedSince: 0,
			});
		},
		SLOW,
	);
});

describe('two senders on one database', () => {
	it(
		'share the queue without sending any mail twice',
		async () => {
			const subscribers = await newSubscribers(40);
			const issue = await sendIssue((await createIssue({ subject: 'Shared', content: 'Body' }, editor)).id);
			const start = smtp.mails.length;
			const senders = [startSender(3, 120_000), startSender(3, 120_000)];
			await Promise.all(senders.map((sender) => sender.ready));
			await until(async () => (await getIssue(issue.id)).status === 'sent', 'the issue to complete');
			for (const sender of senders) sender.child.kill('SIGTERM');
			await Promise.all(senders.map((sender) => sender.exited));

			expectOneMailEach(smtp.mails.slice(start), subscribers);
		},
		SLOW,
	);
});

describe('three senders and a scheduled issue', () => {
	it(
		'start it once, at its time and not before: every subscriber gets one mail',
		async () => {
			const subscribers = await newSubscribers(15);
			const start = smtp.mails.length;
			const senders = [startSender(3, 120_000), startSender(3, 120_000), startSender(3, 120_000)];
			await Promise.all(senders.map((sender) => sender.ready));
			const sendAt = new Date(Date.now() + 2000);
			const { id } = await scheduleIssue(
				(await createIssue({ subject: 'Scheduled', content: 'Body' }, editor)).id,
				sendAt,
			);
			await until(async () => (await getIssue(id)).status === 'sent', 'the scheduled issue to complete');
			for (const sender of senders) sender.child.kill('SIGTERM');
			await Promise.all(senders.map((sender) => sender.exited));

			const issue = await getIssue(id);
			expect(issue.sendStartedAt!.getTime()).toBeGreaterThanOrEqual(sendAt.getTime());
			expect(issue.counts).toMatchObject({ sent: subscribers.length, failed: 0, queued: 0 });
			// Exactly one sender started it.
			const starters = senders.filter((sender) => sender.output().includes('scheduled issues started'));
			expect(starters).toHaveLength(1);
			expectOneMailEach(smtp.mails.slice(start), subscribers);
		},
		SLOW,
	);
});

describe('claims', () => {
	it(
		'come a batch at a time: the mails in flight and one batch waiting beside them, never more',
		async () => {
			const subscribers = await newSubscribers(12);
			const issue = await sendIssue((await createIssue({ subject: 'Batches', content: 'Body' }, editor)).id);
			const start = smtp.mails.length;
			const claimed = async () =>
				(
					await db()
						.select({ id: deliveries.id })
						.from(deliveries)
						.where(and(eq(deliveries.issueId, issue.id), eq(deliveries.status, 'sending')))
				).length;
			// Two slots, one mail started per second: claimed rows wait for their turn.
			const sender = startSender(2, 600_000, 1);
			await sender.ready;
			let most = 0;
			const watch = async () => (most = Math.max(most, await claimed()));
			await until(async () => (await watch()) >= 4, 'a batch of two waiting beside the two slots');
			await until(async () => {
				await watch();
				return (await getIssue(issue.id)).status === 'sent';
			}, 'the issue to complete');
			sender.child.kill('SIGTERM');
			expect(await sender.exited).toBe(0);
			expect(most).toBe(4);
			expectOneMailEach(smtp.mails.slice(start), subscribers);
		},
		SLOW,
	);
});

describe('a stop (SIGTERM) in the middle of a send', () => {
	it(
		'hands back the mails not started, and the next start finishes the issue without duplicates',
		async () => {
			const subscribers = await newSubscribers(12);
			const issue = await sendIssue((await createIssue({ subject: 'Stopped', content: 'Body' }, editor)).id);
			const start = smtp.mails.length;
			// Four claimed at a time, one started per second: at the stop, some wait unstarted.
			// Leases of ten minutes: only mails handed back can be sent again within this test.
			const first = startSender(4, 600_000, 1);
			await first.ready;
			await until(() => smtp.mails.length - start >= 2, '2 mails');
			first.child.kill('SIGTERM');
			expect(await first.exited).toBe(0);
			expect(first.output()).toMatch(/"released":[1-9]/);
			const rows = await db().select().from(deliveries).where(eq(deliveries.issueId, issue.id));
			// Nothing is left claimed by the stopped sender: each row is settled or queued again.
			expect(rows.filter((row) => row.status === 'sending')).toEqual([]);
			expect((await getIssue(issue.id)).status).toBe('sending');

			const next = startSender(4, 600_000);
			await until(
				async () => (await getIssue(issue.id)).status === 'sent',
				'the next start to complete the issue',
			);
			next.child.kill('SIGTERM');
			expect(await next.exited).toBe(0);

			expectOneMailEach(smtp.mails.slice(start), subscribers);
			expect((await getIssue(issue.id)).counts).toEqual({
				recipients: subscribers.length,
				queued: 0,
				sent: subscribers.length,
				failed: 0,
				skipped: 0,
				unsubscribedSince: 0,
			});
		},
		SLOW,
	);
});
