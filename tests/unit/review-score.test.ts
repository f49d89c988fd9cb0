/**
 * A platform's score, by its published method (/methodology), in-process against a temporary
 * database with a fake clock: the weighted mean of its counted reviews, each weighing
 * 0.5^(age in days / 365), halved again if vendor-invited and if incentivized; the plain rating
 * stays beside it. Runs on the engine of TEST_DATABASE.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDatabase, db, platformRatings, platformRepresentatives, platforms, users } from '@/server/db';
import { rate, recountPlatforms } from '@/server/community/reviews';
import { getPlatform } from '@/server/platforms/directory';
import { insertAccount } from '../support/newsletter-fixture';
import { testDatabaseSettings } from '../support/postgres-databases';
import { testSlug } from '../support/slugs';

const dir = mkdtempSync(join(tmpdir(), 'rmh-score-'));
const DAY_MS = 24 * 60 * 60 * 1000;
let database: Awaited<ReturnType<typeof testDatabaseSettings>>;

beforeAll(async () => {
	database = await testDatabaseSettings(dir);
	Object.assign(process.env, { ...database.env, NEWSLETTER_WORKER: '0' });
});
afterEach(() => {
	vi.useRealTimers();
});
afterAll(async () => {
	await closeDatabase();
	await database?.close();
	rmSync(dir, { recursive: true, force: true });
});

async function newPlatform(name: string) {
	const [row] = await db()
		.insert(platforms)
		.values({ name, slug: testSlug(name), description: 'd', pricing: 'Free', category: 'Display' })
		.returning({ id: platforms.id });
	return row!.id;
}

/** A new reader's review; returns the review's id. */
async function review(platformId: number, stars: number, incentivized = false) {
	const author = await insertAccount(db());
	const { rating } = await rate(platformId, author.id, { rating: stars, review: null, incentivized });
	return { id: rating.id, userId: author.id };
}

describe('the platform score', () => {
	it('weighs a vendor-invited and an incentivized review half: 5, 1, 1 give 3.0 (the rating 2.33)', async () => {
		const platformId = await newPlatform('Score Ads');
		await review(platformId, 5);
		const invited = await review(platformId, 1);
		await db()
			.update(platformRatings)
			.set({ source: 'vendor-invited' })
			.where(eq(platformRatings.id, invited.id));
		await review(platformId, 1, true);
		// (5 x 1 + 1 x 0.5 + 1 x 0.5) / (1 + 0.5 + 0.5) = 3.0; the plain mean 7 / 3 = 2.33, kept to two decimals.
		const platform = await getPlatform(platformId);
		expect(platform.score).toBe(3);
		expect(platform.rating).toBe(2.33);
		expect(platform.reviewCount).toBe(3);
	});

	it('halves a review a year old, and the score stays as the clock moves on (fake clock)', async () => {
		vi.useFakeTimers({ toFake: ['Date'] });
		const start = new Date('2026-01-01T00:00:00Z');
		vi.setSystemTime(start);
		const platformId = await newPlatform('Half-life Ads');
		await review(platformId, 5);
		vi.setSystemTime(new Date(start.getTime() + 365 * DAY_MS));
		await review(platformId, 1);
		// The 5 is a year old: (5 x 0.5 + 1 x 1) / 1.5 = 2.33; the plain mean is 3.
		expect(await getPlatform(platformId)).toMatchObject({ score: 2.3, rating: 3 });
		const [stored] = await db()
			.select({ score: platforms.score })
			.from(platforms)
			.where(eq(platforms.id, platformId));
		expect(stored!.score).toBeCloseTo(3.5 / 1.5, 9);

		// Two more years: both weights halve twice more, so their ratio, and the score, are unchanged.
		vi.setSystemTime(new Date(start.getTime() + 3 * 365 * DAY_MS));
		await recountPlatforms([platformId]);
		const [later] = await db()
			.select({ score: platforms.score })
			.from(platforms)
			.where(eq(platforms.id, platformId));
		expect(later!.score).toBeCloseTo(3.5 / 1.5, 9);

		// A new 5 now outweighs both: (5 x 0.125 + 1 x 0.25 + 5 x 1) / 1.375 = 4.27.
		await review(platformId, 5);
		expect((await getPlatform(platformId)).score).toBe(4.3);
	});

	it('gives an affiliated or banned author’s review no weight', async () => {
		const platformId = await newPlatform('Excluded Ads');
		await review(platformId, 4);
		const affiliated = await review(platformId, 1);
		const banned = await review(platformId, 1);
		await db().insert(platformRepresentatives).values({ userId: affiliated.userId, platformId });
		await db().update(users).set({ isBanned: true }).where(eq(users.id, banned.userId));
		await recountPlatforms([platformId]);
		expect(await getPlatform(platformId)).toMatchObject({ score: 4, rating: 4, reviewCount: 1 });
	});
});
