/**
 * Housekeeping (src/server/housekeeping/rounds.ts) on each engine in turn: a round deletes the
 * expired sessions, links (preview links too) and finished rate-limit windows and keeps the live ones; on
 * PostgreSQL, of two rounds started together (two nodes), one runs and the other skips.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { MemoryCounterStore } from '@/server/auth/rate-limit/counter-store.memory';
import { siteCounterStore } from '@/server/auth/rate-limit/site-counters';
import {
	db,
	emailVerificationTokens,
	engine,
	newsletterMembers,
	newsletterMemberTokens,
	passwordResetTokens,
	platformRatings,
	platforms,
	platformThemes,
	previewLinks,
	rawRows,
	reviewThemes,
	sessions,
	themeJobs,
	transaction,
	users,
} from '@/server/db';
import { eq, inArray, sql } from 'drizzle-orm';
import { fillWebsiteDomains, scoreUnscoredPlatforms } from '@/server/community/reviews';
import { queueUnthemedPlatforms, readThemes, runThemeJobs } from '@/server/community/themes';
import { queueThemes } from '@/server/community/theme-queue';
import { HOUSEKEEPING_CHORES } from '@/server/app/chores';
import { housekeepingRound, type Chore } from '@/server/housekeeping/rounds';
import { insertAccount } from '../support/newsletter-fixture';
import { ENGINES, engineSwitch } from '../support/each-engine';

const engines = engineSwitch('rmh-housekeeping-');
const T0 = Date.UTC(2030, 0, 1);
const MINUTE = 60_000;

const ids = async <Row extends { id: string }>(rows: Promise<Row[]>) =>
	(await rows).map((row) => row.id).sort();

describe.each(ENGINES)('housekeeping on %s', (name) => {
	beforeAll(() => engines.choose(name));

	it('deletes expired sessions, links and rate-limit windows, and keeps the live ones', async () => {
		const { id: userId, email } = await insertAccount(db());
		const before = new Date(T0 - 1);
		const after = new Date(T0 + MINUTE);
		await db()
			.insert(sessions)
			.values([
				{
					id: 'session-expired',
					userId,
					expiresAt: before,
					createdAt: new Date(T0 - 60 * MINUTE),
				},
				{
					id: 'session-live',
					userId,
					expiresAt: after,
					createdAt: new Date(T0 - 60 * MINUTE),
				},
			]);
		await db()
			.insert(passwordResetTokens)
			.values([
				{ id: 'reset-expired', userId, expiresAt: before },
				{ id: 'reset-live', userId, expiresAt: after },
			]);
		await db()
			.insert(emailVerificationTokens)
			.values([
				{ id: 'verify-expired', userId, email, expiresAt: before },
				{ id: 'verify-live', userId, email, expiresAt: after },
			]);
		const [member] = await db()
			.insert(newsletterMembers)
			.values({ email: `member-${name}@example.com` })
			.returning();
		await db()
			.insert(newsletterMemberTokens)
			.values([
				{
					id: 'confirm-expired',
					memberId: member!.id,
					purpose: 'confirm',
					expiresAt: before,
				},
				{
					id: 'confirm-live',
					memberId: member!.id,
					purpose: 'confirm',
					expiresAt: after,
				},
				{
					id: 'unsubscribe-forever',
					memberId: member!.id,
					purpose: 'unsubscribe',
					expiresAt: null,
				},
			]);
		await db()
			.insert(previewLinks)
			.values([
				{
					id: 'preview-expired',
					subjectType: 'article',
					subjectId: 1,
					expiresAt: before,
				},
				{
					id: 'preview-live',
					subjectType: 'article',
					subjectId: 1,
					expiresAt: after,
				},
			]);
		const store = siteCounterStore();
		await store.increment('hk:ended', MINUTE, T0 - 2 * MINUTE);
		await store.increment('hk:live', MINUTE, T0);

		expect(await housekeepingRound(HOUSEKEEPING_CHORES, T0)).toBe(true);

		expect(await ids(db().select().from(sessions))).toEqual(['session-live']);
		expect(await ids(db().select().from(passwordResetTokens))).toEqual(['reset-live']);
		expect(await ids(db().select().from(emailVerificationTokens))).toEqual(['verify-live']);
		expect(await ids(db().select().from(newsletterMemberTokens))).toEqual([
			'confirm-live',
			'unsubscribe-forever',
		]);
		expect(await ids(db().select().from(previewLinks))).toEqual(['preview-live']);
		expect((await store.count('hk:live', T0)).count).toBe(1);
		if (name === 'postgres') {
			const { rows } = await engine()
				.postgres()!
				.$client.query<{ key: string }>('select key from rate_limit_counters');
			expect(rows.map((row) => row.key)).toEqual(['hk:live']);
		} else {
			expect((store as MemoryCounterStore).size).toBe(1);
		}
	});

	it('recounts a platform rated before its sub-score counts were kept', async () => {
		expect(HOUSEKEEPING_CHORES.map((chore) => chore.run)).toContain(scoreUnscoredPlatforms);
		const { id: userId } = await insertAccount(db());
		// As a migrated database has it: reviewed and scored, its averages kept, no counts.
		const [platform] = await db()
			.insert(platforms)
			.values({
				name: `Counted ${name}`,
				slug: `counted-${name}`,
				description: 'Rated before the counts.',
				pricing: 'CPM',
				category: 'DSP',
				rating: 4,
				score: 4,
				reviewCount: 1,
				stars4: 1,
				supportAverage: 3,
			})
			.returning({ id: platforms.id });
		await db().insert(platformRatings).values({ platformId: platform!.id, userId, rating: 4, support: 3 });

		await scoreUnscoredPlatforms();

		const [row] = await db().select().from(platforms).where(eq(platforms.id, platform!.id));
		expect(row).toMatchObject({
			supportAverage: 3,
			supportCount: 1,
			easeOfUseCount: 0,
			measurementCount: 0,
			valueForMoneyCount: 0,
		});
	});

	it('recounts a platform whose rating was kept to one decimal', async () => {
		const users3 = await Promise.all([1, 2, 3].map(() => insertAccount(db())));
		// As a database kept it before two decimals: 5, 1 and 1 stars, rating 2.3.
		const [platform] = await db()
			.insert(platforms)
			.values({
				name: `Decimals ${name}`,
				slug: `decimals-${name}`,
				description: 'Rated before two decimals.',
				pricing: 'CPM',
				category: 'DSP',
				rating: 2.3,
				score: 2.3,
				reviewCount: 3,
				stars1: 2,
				stars5: 1,
				easeOfUseCount: 0,
				supportCount: 0,
				measurementCount: 0,
				valueForMoneyCount: 0,
			})
			.returning({ id: platforms.id });
		await db()
			.insert(platformRatings)
			.values(users3.map(({ id }, i) => ({ platformId: platform!.id, userId: id, rating: i === 0 ? 5 : 1 })));

		await scoreUnscoredPlatforms();

		const [row] = await db().select().from(platforms).where(eq(platforms.id, platform!.id));
		expect(row).toMatchObject({ rating: 2.33, reviewCount: 3 });
	});

	it('fills the website domain of a platform saved before it was kept, and recounts it', async () => {
		expect(HOUSEKEEPING_CHORES.map((chore) => chore.run)).toContain(fillWebsiteDomains);
		const { id: staffId } = await insertAccount(db());
		const { id: buyerId } = await insertAccount(db());
		await db()
			.update(users)
			.set({ workDomain: `vendor-${name}.co.uk` })
			.where(eq(users.id, staffId));
		// As a migrated database has it: a website, no domain kept, the staff's review still counted.
		const [platform] = await db()
			.insert(platforms)
			.values({
				name: `Domained ${name}`,
				slug: `domained-${name}`,
				description: 'Saved before the domain.',
				pricing: 'CPM',
				category: 'DSP',
				websiteUrl: `https://ads.vendor-${name}.co.uk/retail`,
				rating: 3,
				score: 3,
				reviewCount: 2,
			})
			.returning({ id: platforms.id });
		await db()
			.insert(platformRatings)
			.values([
				{ platformId: platform!.id, userId: staffId, rating: 5 },
				{ platformId: platform!.id, userId: buyerId, rating: 1 },
			]);

		await fillWebsiteDomains();

		const [row] = await db().select().from(platforms).where(eq(platforms.id, platform!.id));
		expect(row).toMatchObject({
			websiteDomain: `vendor-${name}.co.uk`,
			rating: 1,
			reviewCount: 1,
		});
	});

	it('computes the themes of platforms reviewed before themes existed, and queues them once', async () => {
		// As a database from before themes has them: reviewed and scored, no theme job, no theme.
		const reviewed = async (slug: string, pros: string[]) => {
			const [platform] = await db()
				.insert(platforms)
				.values({
					name: slug,
					slug,
					description: 'Reviewed before themes.',
					pricing: 'CPM',
					category: 'DSP',
					rating: 4,
					score: 4,
					reviewCount: pros.length,
					stars4: pros.length,
					easeOfUseCount: 0,
					supportCount: 0,
					measurementCount: 0,
					valueForMoneyCount: 0,
				})
				.returning({ id: platforms.id });
			for (const text of pros) {
				const { id: userId } = await insertAccount(db());
				await db()
					.insert(platformRatings)
					.values({ platformId: platform!.id, userId, rating: 4, pros: text });
			}
			return platform!.id;
		};
		const themed = await reviewed(`themed-${name}`, [
			'Self-serve dashboards are great.',
			'The self-serve dashboard saves us hours.',
			'Great self-serve dashboard; clear invoices.',
		]);
		// Its reviews make no theme: computed once all the same, then never queued again.
		const quiet = await reviewed(`quiet-${name}`, ['Friendly account manager.']);
		const jobsOf = async (id: number) =>
			(await db().select().from(themeJobs).where(eq(themeJobs.platformId, id))).length;
		expect(await jobsOf(themed)).toBe(0);

		expect(await housekeepingRound(HOUSEKEEPING_CHORES)).toBe(true);
		expect([await jobsOf(themed), await jobsOf(quiet)]).toEqual([1, 1]);
		// A second node's round meanwhile queues nothing more.
		expect(await queueUnthemedPlatforms()).toBe(0);

		expect(await runThemeJobs()).toBeGreaterThanOrEqual(2);
		const found = await readThemes(themed);
		expect(found.likes).toEqual([expect.objectContaining({ theme: 'self-serve dashboard', count: 3 })]);
		expect(await readThemes(quiet)).toEqual({ likes: [], dislikes: [] });
		const computed = await db()
			.select({ at: platforms.themesComputedAt })
			.from(platforms)
			.where(inArray(platforms.id, [themed, quiet]));
		expect(computed.map((row) => row.at)).toEqual([expect.any(Date), expect.any(Date)]);

		// The mentions are written as a new generation, and the platform points to it; a second
		// recompute that finds the same themes writes nothing (theme-generations.test.ts has the
		// changes).
		const mentionsOf = async (id: number) =>
			(
				await db()
					.select({ generation: reviewThemes.generation })
					.from(reviewThemes)
					.where(eq(reviewThemes.platformId, id))
			).map((row) => row.generation);
		const pointer = async (id: number) =>
			(await db().select({ at: platforms.themesGeneration }).from(platforms).where(eq(platforms.id, id)))[0]!
				.at;
		expect([await pointer(themed), await mentionsOf(themed)]).toEqual([1, [1, 1, 1]]);
		await transaction((tx) => queueThemes(tx, themed));
		expect(await runThemeJobs()).toBe(1);
		expect([await pointer(themed), await mentionsOf(themed)]).toEqual([1, [1, 1, 1]]);

		// Nothing missing now: the next round queues nothing.
		expect(await housekeepingRound(HOUSEKEEPING_CHORES)).toBe(true);
		expect([await jobsOf(themed), await jobsOf(quiet)]).toEqual([0, 0]);
		expect(await queueUnthemedPlatforms()).toBe(0);
		expect(
			(await db().select().from(platformThemes).where(eq(platformThemes.platformId, themed))).length,
		).toBe(1);
	});

	it("writes a large platform's mentions in review id order, more reviews than one statement takes", async () => {
		const [platform] = await db()
			.insert(platforms)
			.values({
				name: `many-${name}`,
				slug: `many-${name}`,
				description: 'Many reviews.',
				pricing: 'CPM',
				category: 'DSP',
			})
			.returning({ id: platforms.id });
		const platformId = platform!.id;
		// Over 500 reviews (one delete's worth), each in two themes a side: in theme order, each
		// theme's rows would come newest first, the ids going down and up again.
		const phrases = ['self-serve dashboard', 'audience targeting', 'reporting api', 'clean room'];
		for (let i = 0; i < 520; i++) {
			const { id: userId } = await insertAccount(db());
			await db()
				.insert(platformRatings)
				.values({
					platformId,
					userId,
					rating: 4,
					pros: `Great ${phrases[i % 4]} and a solid ${phrases[(i + 1) % 4]}.`,
					cons: i % 2 ? 'The invoice is slow.' : null,
				});
		}
		await transaction((tx) => queueThemes(tx, platformId));
		expect(await runThemeJobs()).toBe(1);
		const mentions = async () =>
			db()
				.select({ ratingId: reviewThemes.ratingId, generation: reviewThemes.generation })
				.from(reviewThemes)
				.where(eq(reviewThemes.platformId, platformId));
		const first = await mentions();
		expect(new Set(first.map((row) => row.ratingId)).size).toBeGreaterThan(500);
		if (name === 'sqlite') {
			// Written in review id order: each statement changes a few neighbouring index pages
			// (rowids count up in the order the rows were inserted).
			const order = (
				await rawRows<{ rating_id: number }>(
					sql`select rating_id from review_themes where platform_id = ${platformId} order by rowid`,
				)
			).map((row) => Number(row.rating_id));
			expect(order).toEqual([...order].sort((a, b) => a - b));
		}
		await transaction((tx) => queueThemes(tx, platformId));
		expect(await runThemeJobs()).toBe(1);
		// Found again as they are: left as they were.
		const second = await mentions();
		expect(second.length).toBe(first.length);
		expect(new Set(second.map((row) => row.generation))).toEqual(new Set([1]));
	});

	// Only PostgreSQL has several nodes; SQLite has one, which always runs its round.
	if (name === 'postgres')
		it('runs a round on one node at a time: of two started together, one skips', async () => {
			let runs = 0;
			let release!: () => void;
			const held = new Promise<void>((resolve) => (release = resolve));
			let started!: () => void;
			const running = new Promise<void>((resolve) => (started = resolve));
			const slow: Chore = {
				name: 'slow',
				run: async () => {
					runs += 1;
					started();
					await held;
				},
			};
			const first = housekeepingRound([slow], T0);
			await running;
			// The second "node" asks while the first holds the lock (each round takes a connection of its own).
			const second = await housekeepingRound([slow], T0);
			release();
			expect([await first, second]).toEqual([true, false]);
			expect(runs).toBe(1);
			// Once the first finished, the next round runs.
			expect(await housekeepingRound([slow], T0)).toBe(true);
			expect(runs).toBe(2);
		});
});
