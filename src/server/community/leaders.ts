/**
 * Category leaders (issue 47; /methodology and the README state the rules): each quarter, per
 * category, the platforms with at least LEADERS_MIN_REVIEWS counted reviews ranked by their
 * score (the one kept on the platform row by the rating service, never computed again here);
 * the top three lead.
 *
 * The running quarter is read live from the platform rows. Past quarters are read as awarded
 * from category_leaders, which the housekeeping chore (keepQuarterLeaders) writes for the
 * running quarter each round: once the quarter is over, the last round's rows stay untouched.
 */
import { and, asc, desc, eq, gte, inArray, lt, notInArray, sql } from 'drizzle-orm';
import { categoryLeaders, db, platforms, transaction } from '@/server/db';
import { config } from '@/server/runtime/config';
import { publishChange } from '@/server/changes/content-changes';
import { PLATFORM_CATEGORIES } from '@/lib/categories';
import { quarterOf } from '@/lib/quarters';
import { shownScore } from '@/lib/review-score';

/** How many platforms lead each category. */
export const LEADERS_PER_CATEGORY = 3;

export type Leader = { id: number; slug: string; name: string; score: number; reviewCount: number };
export type CategoryLeaders = { category: string; leaders: Leader[] };
export type LeadersAnswer = { quarter: string; categories: CategoryLeaders[] };

/** A leader as the service reads it: full-precision score (kept so), shown rounded. */
type LeaderRow = Leader & { category: string };

/** Categories in the directory's order, any unlisted one after them by name. */
function byCategoryOrder(a: string, b: string): number {
	const rank = (category: string) => {
		const index = (PLATFORM_CATEGORIES as readonly string[]).indexOf(category);
		return index === -1 ? PLATFORM_CATEGORIES.length : index;
	};
	return rank(a) - rank(b) || a.localeCompare(b);
}

/**
 * The platforms ranked now, per category: those with enough counted reviews, highest score
 * first (ties: more reviews, then name, then id), the top three of each. `category` narrows it.
 */
async function rankedNow(category?: string): Promise<LeaderRow[]> {
	const rows = await db()
		.select({
			id: platforms.id,
			slug: platforms.slug,
			name: platforms.name,
			category: platforms.category,
			score: platforms.score,
			reviewCount: platforms.reviewCount,
		})
		.from(platforms)
		.where(
			and(
				gte(platforms.reviewCount, config().leadersMinReviews),
				category === undefined ? undefined : eq(platforms.category, category),
			),
		)
		.orderBy(
			asc(platforms.category),
			desc(platforms.score),
			desc(platforms.reviewCount),
			asc(platforms.name),
			asc(platforms.id),
		);
	const taken = new Map<string, number>();
	return rows.filter((row) => {
		const count = taken.get(row.category) ?? 0;
		taken.set(row.category, count + 1);
		return count < LEADERS_PER_CATEGORY;
	});
}

/** Every category the directory has platforms in (the running quarter lists them all). */
async function directoryCategories(): Promise<string[]> {
	const rows = await db().selectDistinct({ category: platforms.category }).from(platforms);
	return rows.map((row) => row.category);
}

function grouped(categories: string[], rows: LeaderRow[]): CategoryLeaders[] {
	const all = [...new Set([...categories, ...rows.map((row) => row.category)])].sort(byCategoryOrder);
	return all.map((category) => ({
		category,
		leaders: rows
			.filter((row) => row.category === category)
			.map(({ id, slug, name, score, reviewCount }) => ({
				id,
				slug,
				name,
				score: shownScore(score),
				reviewCount,
			})),
	}));
}

/**
 * The leaders of `quarter` (the running one when not given or when it is the running one):
 * live, with every category the directory has (empty leaders where none qualifies); a past or
 * future quarter as awarded, with the categories that had leaders then (none: an empty list).
 */
export async function categoryLeadersOf(quarter?: string, now = new Date()): Promise<LeadersAnswer> {
	const current = quarterOf(now);
	if (quarter === undefined || quarter === current) {
		const [categories, rows] = await Promise.all([directoryCategories(), rankedNow()]);
		return { quarter: current, categories: grouped(categories, rows) };
	}
	const rows = await db()
		.select({
			id: platforms.id,
			slug: platforms.slug,
			name: platforms.name,
			category: categoryLeaders.category,
			score: categoryLeaders.score,
			reviewCount: categoryLeaders.reviewCount,
		})
		.from(categoryLeaders)
		.innerJoin(platforms, eq(platforms.id, categoryLeaders.platformId))
		.where(eq(categoryLeaders.quarter, quarter))
		.orderBy(asc(categoryLeaders.category), asc(categoryLeaders.rank));
	return { quarter, categories: grouped([], rows) };
}

/** Where a platform leads its category in the running quarter, or null (its page's badge). */
export async function leadershipOf(
	platform: { id: number; category: string },
	now = new Date(),
): Promise<{ quarter: string; rank: number; category: string } | null> {
	const ranked = await rankedNow(platform.category);
	const index = ranked.findIndex((row) => row.id === platform.id);
	return index === -1 ? null : { quarter: quarterOf(now), rank: index + 1, category: platform.category };
}

/**
 * The platforms whose page may gain or lose the leader badge when platform `platformId` is
 * rated: those of its category with enough counted reviews to be ranked (the rated one's own
 * pages are regenerated anyway).
 */
export async function leaderCandidates(platformId: number): Promise<{ id: number; slug: string }[]> {
	const ofRated = db()
		.select({ category: platforms.category })
		.from(platforms)
		.where(eq(platforms.id, platformId));
	return db()
		.select({ id: platforms.id, slug: platforms.slug })
		.from(platforms)
		.where(and(inArray(platforms.category, ofRated), gte(platforms.reviewCount, config().leadersMinReviews)));
}

/**
 * Housekeeping chore: writes the running quarter's leaders as they stand into category_leaders
 * (each row upserted by quarter, category and rank; rows no longer leading deleted), so a quarter
 * that ends keeps the leaders of its last round. Idempotent, and two nodes writing at once
 * write the same rows. The first round of a new quarter announces it: the leader badges and
 * /leaders name the new quarter.
 */
export async function keepQuarterLeaders(nowMs: number): Promise<void> {
	const quarter = quarterOf(new Date(nowMs));
	const rows = await rankedNow();
	const ranked = rows.map((row, index) => ({
		row,
		rank: rows.slice(0, index).filter((earlier) => earlier.category === row.category).length + 1,
	}));
	const started = await transaction(async (tx) => {
		const [kept] = await tx
			.select({ n: sql<number>`count(*)`.mapWith(Number) })
			.from(categoryLeaders)
			.where(eq(categoryLeaders.quarter, quarter));
		for (const { row, rank } of ranked) {
			await tx
				.insert(categoryLeaders)
				.values({
					quarter,
					category: row.category,
					rank,
					platformId: row.id,
					score: row.score,
					reviewCount: row.reviewCount,
				})
				.onConflictDoUpdate({
					target: [categoryLeaders.quarter, categoryLeaders.category, categoryLeaders.rank],
					set: { platformId: row.id, score: row.score, reviewCount: row.reviewCount },
				});
		}
		// Categories that lost leaders, and ranks past the last one left.
		const categories = [...new Set(rows.map((row) => row.category))];
		await tx
			.delete(categoryLeaders)
			.where(
				and(
					eq(categoryLeaders.quarter, quarter),
					categories.length ? notInArray(categoryLeaders.category, categories) : undefined,
				),
			);
		for (const category of categories) {
			const last = ranked.filter((entry) => entry.row.category === category).length;
			await tx
				.delete(categoryLeaders)
				.where(
					and(
						eq(categoryLeaders.quarter, quarter),
						eq(categoryLeaders.category, category),
						sql`${categoryLeaders.rank} > ${last}`,
					),
				);
		}
		const [earlier] = await tx
			.select({ n: sql<number>`count(*)`.mapWith(Number) })
			.from(categoryLeaders)
			.where(lt(categoryLeaders.quarter, quarter));
		// A quarter kept for the first time while earlier ones are: the quarter has turned.
		return kept!.n === 0 && earlier!.n > 0 && ranked.length > 0;
	});
	if (started) publishChange({ kind: 'leaders', quarter });
}
