/**
 * The market map: every platform (or one category's) placed by what its reviews say. Both axes
 * run from 0 to 100 and are computed from the counted reviews only (not banned authors', not
 * the platform's own representative's), in one grouped read:
 *
 * - satisfaction: the platform's score (the weighted mean of its counted reviews, kept on its
 *   row: /methodology) pulled toward the neutral 3 as if it had SATISFACTION_PRIOR more reviews
 *   of 3 (so two 5-star reviews do not outrank two hundred 4.8s), then mapped from 1..5 onto
 *   0..100;
 * - presence: review volume weighted by recency (a review of the last 90 days counts 1, of the
 *   last year 0.5, older 0.25), on a log scale relative to the most present platform shown.
 */
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { db, platformRatings, platforms } from '@/server/db';
import type { MarketMapQuery } from '@/lib/validation/platforms';
import { countedReview } from './reviews';
import { DAY_MS } from '@/lib/durations';

export type MarketMapPoint = {
	id: number;
	slug: string;
	name: string;
	satisfaction: number;
	presence: number;
	reviewCount: number;
};

/** How many neutral (3) reviews a platform's mean score is blended with. */
export const SATISFACTION_PRIOR = 5;
const NEUTRAL_SCORE = 3;
const RECENT_DAYS = 90;
const YEAR_DAYS = 365;

/** The score (1..5) of `reviews` counted reviews, blended with the neutral prior, onto 0..100. */
export function satisfactionOf(score: number, reviews: number): number {
	const mean = (SATISFACTION_PRIOR * NEUTRAL_SCORE + score * reviews) / (SATISFACTION_PRIOR + reviews);
	return Math.round(((mean - 1) / 4) * 100);
}

/** The recency-weighted volume, on a log scale where the most present platform is 100. */
export function presenceOf(weight: number, largest: number): number {
	return largest === 0 ? 0 : Math.round((100 * Math.log1p(weight)) / Math.log1p(largest));
}

/** The map of every platform, or of one category's, by name. */
export async function marketMap(
	{ category }: MarketMapQuery = {},
	now = new Date(),
): Promise<MarketMapPoint[]> {
	const recent = new Date(now.getTime() - RECENT_DAYS * DAY_MS);
	const year = new Date(now.getTime() - YEAR_DAYS * DAY_MS);
	const countWhere = (condition: ReturnType<typeof gte>) =>
		sql<number>`count(${platformRatings.id}) filter (where ${condition})`.mapWith(Number);
	const rows = await db()
		.select({
			id: platforms.id,
			slug: platforms.slug,
			name: platforms.name,
			reviewCount: sql<number>`count(${platformRatings.id})`.mapWith(Number),
			score: platforms.score,
			recent: countWhere(gte(platformRatings.createdAt, recent)),
			lastYear: countWhere(and(gte(platformRatings.createdAt, year), lt(platformRatings.createdAt, recent))!),
		})
		.from(platforms)
		.leftJoin(platformRatings, and(eq(platformRatings.platformId, platforms.id), countedReview()))
		.where(category ? eq(platforms.category, category) : undefined)
		.groupBy(platforms.id, platforms.slug, platforms.name, platforms.score)
		.orderBy(platforms.name, platforms.id);
	const weights = rows.map(
		(row) => row.recent + 0.5 * row.lastYear + 0.25 * (row.reviewCount - row.recent - row.lastYear),
	);
	const largest = Math.max(0, ...weights);
	return rows.map((row, index) => ({
		id: row.id,
		slug: row.slug,
		name: row.name,
		satisfaction: satisfactionOf(row.score, row.reviewCount),
		presence: presenceOf(weights[index]!, largest),
		reviewCount: row.reviewCount,
	}));
}
