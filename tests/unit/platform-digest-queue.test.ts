/**
 * The followers' digest on the newsletter's queue, in-process against a temporary database with
 * the time passed explicitly: changes inside the window join one digest; two senders looking
 * at once queue it once; a claim whose worker died is taken again after the lease, and the mail
 * goes out once. Runs on the engine of TEST_DATABASE.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	closeDatabase,
	db,
	newsletterDeliveries,
	platformChanges,
	platformDigests,
	platformFollows,
	platforms,
	themeJobs,
	transaction,
} from '@/server/db';
import { deliver } from '@/server/newsletter/delivery';
import { DIGEST_THEMES_HOLD_MS, nextDigestAt, queueDueDigests } from '@/server/newsletter/digests';
import { claimDeliveries } from '@/server/newsletter/queue';
import { noteForFollowers } from '@/server/platforms/digest-window';
import { insertAccount, mailPart } from '../support/newsletter-fixture';
import { testDatabaseSettings } from '../support/postgres-databases';
import { startSmtp } from '../support/smtp';
import { testSlug } from '../support/slugs';

const dir = mkdtempSync(join(tmpdir(), 'rmh-digest-'));
const WINDOW_MS = 60_000;
const LEASE_MS = 30_000;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let database: Awaited<ReturnType<typeof testDatabaseSettings>>;

beforeAll(async () => {
	smtp = await startSmtp();
	database = await testDatabaseSettings(dir);
	Object.assign(process.env, {
		...database.env,
		SMTP_URL: smtp.url,
		SITE_URL: 'https://briefing.example.com',
		NEWSLETTER_WORKER: '0',
		NEWSLETTER_LEASE_MS: String(LEASE_MS),
		FOLLOW_DIGEST_INTERVAL_MS: String(WINDOW_MS),
	});
});
afterAll(async () => {
	await closeDatabase();
	await database?.close();
	await smtp?.close();
	rmSync(dir, { recursive: true, force: true });
});

/** A pricing change recorded at `at`, noted for the followers as updatePlatform does. */
async function change(platformId: number, at: Date, to: string) {
	await transaction(async (tx) => {
		await tx.insert(platformChanges).values({
			platformId,
			field: 'pricing',
			fromValue: JSON.stringify('Free'),
			toValue: JSON.stringify(to),
			at,
		});
		await noteForFollowers(tx, platformId, at);
	});
}

describe('the followers digest on the queue', () => {
	it('gathers a window into one digest, queued once, sent once after a lost lease', async () => {
		const [platform] = await db()
			.insert(platforms)
			.values({
				name: 'Digest Ads',
				slug: testSlug('Digest Ads'),
				description: 'd',
				pricing: 'Free',
				category: 'Display',
			})
			.returning({ id: platforms.id });
		const platformId = platform!.id;
		const reader = await insertAccount(db(), { subscribed: false });
		const start = new Date(Date.now() - 10 * WINDOW_MS);

		// Nobody follows yet: nothing is opened.
		await change(platformId, new Date(start.getTime() - 1000), 'CPC $0.10');
		expect(await db().select().from(platformDigests)).toEqual([]);

		await db().insert(platformFollows).values({ userId: reader.id, platformId });
		await change(platformId, start, 'CPC $0.20');
		await change(platformId, new Date(start.getTime() + 1000), 'CPC $0.30');
		const open = await db().select().from(platformDigests).where(eq(platformDigests.platformId, platformId));
		expect(open).toHaveLength(1);
		expect(open[0]!.sendAt.getTime()).toBe(start.getTime() + WINDOW_MS);
		expect((await nextDigestAt())?.getTime()).toBe(start.getTime() + WINDOW_MS);

		// Not due a moment before the window ends; due at its end, taken by one of two senders.
		expect(await queueDueDigests(new Date(start.getTime() + WINDOW_MS - 1))).toEqual([]);
		const due = new Date(start.getTime() + WINDOW_MS);
		const [first, second] = await Promise.all([queueDueDigests(due), queueDueDigests(due)]);
		expect([...first!, ...second!]).toEqual([open[0]!.id]);
		const rows = await db()
			.select()
			.from(newsletterDeliveries)
			.where(eq(newsletterDeliveries.digestId, open[0]!.id));
		expect(rows.map((row) => ({ userId: row.userId, issueId: row.issueId, status: row.status }))).toEqual([
			{ userId: reader.id, issueId: null, status: 'queued' },
		]);

		// A worker claims the row and dies: after the lease another takes it, and sends it once.
		const claimedAt = new Date();
		expect(await claimDeliveries(5, LEASE_MS, claimedAt)).toHaveLength(1);
		expect(await claimDeliveries(5, LEASE_MS, new Date(claimedAt.getTime() + 1000))).toEqual([]);
		const [again] = await claimDeliveries(5, LEASE_MS, new Date(claimedAt.getTime() + LEASE_MS));
		expect(again?.digestId).toBe(open[0]!.id);
		expect((await deliver(again!)).status).toBe('sent');
		expect(await claimDeliveries(5, LEASE_MS, new Date(claimedAt.getTime() + 3 * LEASE_MS))).toEqual([]);

		const mails = smtp.mails.filter((mail) => mail.to.includes(reader.email));
		expect(mails).toHaveLength(1);
		const text = mailPart(mails[0]!, 'text/plain');
		expect(text).toContain('Pricing: Free → CPC $0.20');
		expect(text).toContain('Pricing: Free → CPC $0.30');
		// Before the follow: not in this digest.
		expect(text).not.toContain('CPC $0.10');

		// The next change opens a new window.
		await change(platformId, new Date(due.getTime() + 1), 'CPC $0.40');
		expect(await db().select().from(platformDigests).where(eq(platformDigests.status, 'open'))).toHaveLength(
			1,
		);
	});

	it("holds a due digest while its platform's themes are recomputed, at most DIGEST_THEMES_HOLD_MS", async () => {
		// Only this test's digests are open.
		await db().update(platformDigests).set({ status: 'queued' });
		const start = new Date(Date.now() + 100 * WINDOW_MS);
		const due = new Date(start.getTime() + WINDOW_MS);
		const open = async (name: string) => {
			const [platform] = await db()
				.insert(platforms)
				.values({ name, slug: testSlug(name), description: 'd', pricing: 'Free', category: 'Display' })
				.returning({ id: platforms.id });
			const reader = await insertAccount(db(), { subscribed: false });
			await db().insert(platformFollows).values({ userId: reader.id, platformId: platform!.id });
			await change(platform!.id, start, 'CPC $0.50');
			await db().insert(themeJobs).values({ platformId: platform!.id, nextAttemptAt: start, changes: 1 });
			const [digest] = await db()
				.select()
				.from(platformDigests)
				.where(eq(platformDigests.platformId, platform!.id));
			return { platformId: platform!.id, digestId: digest!.id };
		};
		const recomputed = await open('Held Ads');
		const stuck = await open('Stuck Ads');

		// Due, but both platforms' themes are still being recomputed: nothing goes, and the
		// worker is not told a due time it would wake for at once.
		expect((await nextDigestAt(new Date(due.getTime() - 1)))?.getTime()).toBe(due.getTime());
		expect(await queueDueDigests(due)).toEqual([]);
		expect(await nextDigestAt(due)).toBeUndefined();

		// One recompute ends: its digest goes, with the themes it wrote.
		await db().delete(themeJobs).where(eq(themeJobs.platformId, recomputed.platformId));
		expect(await queueDueDigests(new Date(due.getTime() + 1000))).toEqual([recomputed.digestId]);

		// The other never ends: its digest goes once the hold is over.
		const bound = due.getTime() + DIGEST_THEMES_HOLD_MS;
		expect(await queueDueDigests(new Date(bound - 1))).toEqual([]);
		expect(await queueDueDigests(new Date(bound))).toEqual([stuck.digestId]);
	});
});
