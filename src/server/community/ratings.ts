/**
 * Ratings with reviews: one per user and platform, rated again to change it. The platform's
 * rating (the average, one decimal) and reviewCount are recomputed from the rating rows in the
 * same IMMEDIATE transaction as the change, so they always equal the rows, however many
 * requests arrive at once.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { db, firstRow, transaction, type Reader, platformRatings, platforms, users } from '@/server/db';
import { lockedForUpdate } from '@/server/db/sql';
import { limits } from '@/server/auth/rate-limit';
import { assertPlatformExists, platformChanged } from '@/server/platforms';
import { PLATFORM_NOT_FOUND, type RatingInput } from '@/lib/validation/platforms';
import { averageRating } from '@/lib/ratings';
import { checkPostingLimit } from './posting-limits';
import { NotFound } from '@/server/errors';

export type RatingJson = {
	id: number;
	rating: number;
	review: string | null;
	createdAt: Date;
	user: { username: string };
	/** The author's address is verified: the review comes from a reachable person. */
	isVerified: boolean;
};

function ratingColumns() {
	return {
		id: platformRatings.id,
		rating: platformRatings.rating,
		review: platformRatings.review,
		createdAt: platformRatings.createdAt,
		username: users.username,
		isVerified: users.emailVerified,
	};
}

function ratingJson({
	username,
	...row
}: { username: string } & Omit<RatingJson, 'user'>): RatingJson {
	return { ...row, user: { username } };
}

/** A platform's ratings, newest first (a changed rating keeps its place: createdAt stays). */
export async function listRatings(platformId: number): Promise<RatingJson[]> {
	await assertPlatformExists(platformId);
	const rows = await db()
		.select(ratingColumns())
		.from(platformRatings)
		.innerJoin(users, eq(platformRatings.userId, users.id))
		.where(eq(platformRatings.platformId, platformId))
		.orderBy(desc(platformRatings.createdAt), desc(platformRatings.id));
	return rows.map(ratingJson);
}

/**
 * Recomputes a platform's rating and reviewCount from its rating rows. Runs in the transaction
 * that changed a rating, after the platform row was locked, so two ratings of one platform
 * recompute one after the other and the totals always equal the rows.
 */
async function refreshPlatformRating(tx: Reader, platformId: number) {
	const [totals] = await tx
		.select({
			sum: sql<number>`coalesce(sum(${platformRatings.rating}), 0)`.mapWith(Number),
			count: sql<number>`count(*)`.mapWith(Number),
		})
		.from(platformRatings)
		.where(eq(platformRatings.platformId, platformId));
	const summary = { rating: averageRating(totals!.sum, totals!.count), reviewCount: totals!.count };
	await tx.update(platforms).set(summary).where(eq(platforms.id, platformId));
	return summary;
}

export type RateResult = {
	/** True when this was the user's first rating of the platform (the endpoint answers 201). */
	created: boolean;
	rating: RatingJson;
	platform: { rating: number; reviewCount: number };
};

/**
 * One rating per user and platform: rating again replaces the score and review (an upsert on
 * the unique index), keeping the original createdAt. The platform row is locked first, which
 * also serializes concurrent ratings of one platform for the recompute.
 */
export async function rate(platformId: number, userId: number, input: RatingInput): Promise<RateResult> {
	await checkPostingLimit(limits.ratingsPerUser, userId, 'ratings');
	const result = await transaction(async (tx) => {
		const platform = await firstRow(
			lockedForUpdate(
				tx.select({ id: platforms.id }).from(platforms).where(eq(platforms.id, platformId)),
			),
		);
		if (!platform) return undefined;
		const existing = await firstRow(
			tx
				.select({ id: platformRatings.id })
				.from(platformRatings)
				.where(and(eq(platformRatings.platformId, platformId), eq(platformRatings.userId, userId))),
		);
		const [row] = await tx
			.insert(platformRatings)
			.values({ platformId, userId, rating: input.rating, review: input.review })
			.onConflictDoUpdate({
				target: [platformRatings.platformId, platformRatings.userId],
				set: { rating: input.rating, review: input.review, updatedAt: new Date() },
			})
			.returning({ id: platformRatings.id });
		const [rating] = await tx
			.select(ratingColumns())
			.from(platformRatings)
			.innerJoin(users, eq(platformRatings.userId, users.id))
			.where(eq(platformRatings.id, row!.id));
		return {
			created: !existing,
			rating: ratingJson(rating!),
			platform: await refreshPlatformRating(tx, platformId),
		};
	});
	if (!result) throw new NotFound(PLATFORM_NOT_FOUND);
	platformChanged({ id: platformId, kind: 'rated' });
	return result;
}
