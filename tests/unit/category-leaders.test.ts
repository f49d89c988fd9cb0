/**
 * Category leaders (issue 47), in-process against a temporary database with a fake clock: per
 * category, the platforms with at least LEADERS_MIN_REVIEWS (10) counted reviews ranked by score,
 * the top three; the quarter named 'YYYY-Qn'; a quarter that ended kept as it was awarded by the
 * housekeeping chore, while the running one is live. Runs on the engine of TEST_DATABASE.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { categoryLeaders, closeDatabase, db, platforms, users } from '@/server/db';
import { rate, recountPlatforms } from '@/server/community/reviews';
import { categoryLeadersOf, keepQuarterLeaders, leadershipOf } from '@/server/community/leaders';
import { changeBus, type ContentChange } from '@/server/changes/content-changes';
import { quarterOf } from '@/lib/quarters';
import { insertAccount } from '../support/newsletter-fixture';
import { testDatabaseSettings } from '../support/postgres-databases';
import { testSlug } from '../support/slugs';

const dir = mkdtempSync(join(tmpdir(), 'rmh-leaders-'));
let database: Awaited<ReturnType<typeof testDatabaseSettings>>;

beforeAll(async () => {
	database = await testDatabaseSettings(dir);
	// The default minimum, 10, whatever the developer's environment says.
	Object.assign(process.env, { ...database.env, NEWSLETTER_WORKER: '0', LEADERS_MIN_REVIEWS: '' });
});
afterEach(() => {
	vi.useRealTimers();
});
afterAll(async () => {
	await closeDatabase();
	await database?.close();
	rmSync(dir, { recursive: true, force: true });
});

async function newPlatform(name: string, category: string) {
	const [row] = await db()
		.insert(platforms)
		.values({ name, slug: testSlug(name), description: 'd', pricing: 'Free', category })
		.returning({ id: platforms.id });
	return { id: row!.id, category };
}

/** A new reader's review of each star in `stars`, through the rating service; their authors' ids. */
async function reviews(platformId: number, stars: number[]): Promise<number[]> {
	const authors: number[] = [];
	for (const rating of stars) {
		const author = await insertAccount(db());
		await rate(platformId, author.id, { rating, review: null, incentivized: false });
		authors.push(author.id);
	}
	return authors;
}

const times = (count: number, stars: number) => Array.from({ length: count }, () => stars);

/** The leaders' names and numbers of one category in an answer. */
function inCategory(answer: Awaited<ReturnType<typeof categoryLeadersOf>>, category: string) {
	return answer.categories
		.find((entry) => entry.category === category)
		?.leaders.map(({ name, score, reviewCount }) => ({ name, score, reviewCount }));
}

describe('quarterOf', () => {
	it('names the UTC calendar quarter as YYYY-Qn', () => {
		expect(quarterOf(new Date('2026-01-01T00:00:00Z'))).toBe('2026-Q1');
		expect(quarterOf(new Date('2026-03-31T23:59:59Z'))).toBe('2026-Q1');
		expect(quarterOf(new Date('2026-04-01T00:00:00Z'))).toBe('2026-Q2');
		expect(quarterOf(new Date('2026-09-30T12:00:00Z'))).toBe('2026-Q3');
		expect(quarterOf(new Date('2026-12-31T23:59:59Z'))).toBe('2026-Q4');
	});
});

describe('the running quarter', () => {
	it('ranks by score the platforms with at least 10 counted reviews, and keeps the top three', async () => {
		const category = 'Video';
		const top = await newPlatform('Leader Top', category);
		const second = await newPlatform('Leader Second', category);
		const third = await newPlatform('Leader Third', category);
		const fourth = await newPlatform('Leader Fourth', category);
		const few = await newPlatform('Leader Few', category);
		const trimmed = await newPlatform('Leader Trimmed', category);
		await reviews(top.id, times(10, 5));
		await reviews(second.id, [...times(9, 4), 5]);
		await reviews(third.id, times(12, 4));
		await reviews(fourth.id, times(10, 3));
		// Nine perfect reviews: the highest score, one review short of the minimum.
		await reviews(few.id, times(9, 5));
		// Eleven perfect reviews, two of them by authors then banned: nine counted.
		const authors = await reviews(trimmed.id, times(11, 5));
		for (const userId of authors.slice(0, 2)) {
			await db().update(users).set({ isBanned: true }).where(eq(users.id, userId));
		}
		await recountPlatforms([trimmed.id]);

		const answer = await categoryLeadersOf();
		expect(answer.quarter).toMatch(/^\d{4}-Q[1-4]$/);
		expect(answer.quarter).toBe(quarterOf(new Date()));
		expect(inCategory(answer, category)).toEqual([
			{ name: 'Leader Top', score: 5, reviewCount: 10 },
			{ name: 'Leader Second', score: 4.1, reviewCount: 10 },
			{ name: 'Leader Third', score: 4, reviewCount: 12 },
		]);
		const [first] = answer.categories.find((entry) => entry.category === category)!.leaders;
		expect(Object.keys(first!).sort()).toEqual(['id', 'name', 'reviewCount', 'score', 'slug']);

		expect(await leadershipOf(top)).toEqual({ quarter: answer.quarter, rank: 1, category });
		expect(await leadershipOf(third)).toMatchObject({ rank: 3 });
		for (const left of [fourth, few, trimmed]) expect(await leadershipOf(left)).toBeNull();

		// The tenth review puts the short platform on top.
		await reviews(few.id, [5]);
		expect(inCategory(await categoryLeadersOf(), category)?.map((leader) => leader.name)).toEqual([
			'Leader Few',
			'Leader Top',
			'Leader Second',
		]);
		expect(await leadershipOf(third)).toBeNull();
	});

	it('lists a category without a qualifying platform with no leaders', async () => {
		await reviews((await newPlatform('Leader Lonely', 'Search')).id, times(3, 5));
		expect(inCategory(await categoryLeadersOf(), 'Search')).toEqual([]);
	});
});

describe('a past quarter', () => {
	it('is kept as awarded while the running one is live (fake clock)', async () => {
		vi.useFakeTimers({ toFake: ['Date'] });
		vi.setSystemTime(new Date('2026-11-15T12:00:00Z'));
		const category = 'Social';
		await reviews((await newPlatform('Award Gold', category)).id, times(10, 5));
		await reviews((await newPlatform('Award Silver', category)).id, times(10, 4));
		await keepQuarterLeaders(Date.now());
		// Kept again in a later round of the same quarter: the same rows.
		await keepQuarterLeaders(Date.now());
		const awarded = [
			{ name: 'Award Gold', score: 5, reviewCount: 10 },
			{ name: 'Award Silver', score: 4, reviewCount: 10 },
		];
		expect(inCategory(await categoryLeadersOf(), category)).toEqual(awarded);
		const rows = await db()
			.select({ rank: categoryLeaders.rank })
			.from(categoryLeaders)
			.where(eq(categoryLeaders.category, category));
		expect(rows.map((row) => row.rank).sort()).toEqual([1, 2]);

		// The next quarter: a new platform outranks both (as many perfect reviews, and more of them).
		vi.setSystemTime(new Date('2027-01-10T09:00:00Z'));
		await reviews((await newPlatform('Award Newcomer', category)).id, times(11, 5));
		const heard: ContentChange[] = [];
		const unsubscribe = changeBus.changes.subscribe((change) => heard.push(change));
		try {
			await keepQuarterLeaders(Date.now());
			await keepQuarterLeaders(Date.now());
		} finally {
			unsubscribe();
		}
		// The first round of the new quarter announces it, once.
		expect(heard.filter((change) => change.kind === 'leaders')).toEqual([
			{ kind: 'leaders', quarter: '2027-Q1' },
		]);

		const live = await categoryLeadersOf();
		expect(live.quarter).toBe('2027-Q1');
		expect(inCategory(live, category)?.map((leader) => leader.name)).toEqual([
			'Award Newcomer',
			'Award Gold',
			'Award Silver',
		]);
		const past = await categoryLeadersOf('2026-Q4');
		expect(past.quarter).toBe('2026-Q4');
		expect(inCategory(past, category)).toEqual(awarded);

		// Later rounds of the new quarter leave the past one as it was.
		vi.setSystemTime(new Date('2027-03-31T23:00:00Z'));
		await keepQuarterLeaders(Date.now());
		expect(inCategory(await categoryLeadersOf('2026-Q4'), category)).toEqual(awarded);
		expect(await categoryLeadersOf('2025-Q2')).toEqual({ quarter: '2025-Q2', categories: [] });
	});
});
