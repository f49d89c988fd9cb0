/**
 * Ratings with reviews: one per user and platform, rated again to change it. The platform's
 * rating (the average, one decimal) and reviewCount are recomputed from the rating rows in the
 * same IMMEDIATE transaction as the change, so they always equal the rows, however many
 * requests arrive at once.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { db, schema, type AppTransaction } from '@/server/db';
import { limits } from '@/server/auth/rate-limit';
import { assertPlatformExists, platformChanged } from '@/server/platforms';
import { PLATFORM_NOT_FOUND, type RatingInput } from '@/lib/validation/platforms';
import { averageRating } from '@/lib/ratings';
import { checkPostingLimit } from './posting-limits';
import { NotFound } from '@/server/errors';

const { platforms, platformRatings, users } = schema;

export type RatingJson = {
	id: number;
	rating: number;
	review: string | null;
	createdAt: Date;
	user: { username: string };
};

const ratingColumns = {
	id: platformRatings.id,
	rating: platformRatings.rating,
	review: platformRatings.review,
	createdAt: platformRatings.createdAt,
	username: users.username,
};

function ratingJson({
	username,
	...row
}: { username: string } & Omit<RatingJson, 'user'>): RatingJson {
	return { ...row, user: { username } };
}

/** A platform's ratings, newest first (a changed rating keeps its place: createdAt stays). */
export function listRatings(platformId: number): RatingJson[] {
	assertPlatformExists(platformId);
	return db()
		.select(ratingColumns)
		.from(platformRatings)
		.innerJoin(users, eq(platformRatings.userId, users.id))
		.where(eq(platformRatings.platformId, platformId))
		.orderBy(desc(platformRatings.createdAt), desc(platformRatings.id))
		.all()
		.map(ratingJson);
}


/** Recomputes a platform's rating and reviewCount from its rating rows. */
function refreshPlatformRating(tx: AppTransaction, platformId: number) {
	const totals = tx
		.select({
			sum: sql<number>`coalesce(sum(${platformRatings.rating}), 0)`,
			count: sql<number>`count(*)`,
		})
		.from(platformRatings)
		.where(eq(platformRatings.platformId, platformId))
		.get()!;
	const summary = { rating: averageRating(totals.sum, totals.count), reviewCount: totals.count };
	tx.update(platforms).set(summary).where(eq(platforms.id, platformId)).run();
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
 * the unique index), keeping the original createdAt.
 */
export function rate(platformId: number, userId: number, input: RatingInput): RateResult {
	checkPostingLimit(limits.ratingsPerUser, userId, 'ratings');
	const result = db().transaction(
		(tx) => {
			const platform = tx
				.select({ id: platforms.id })
				.from(platforms)
				.where(eq(platforms.id, platformId))
				.get();
			if (!platform) return undefined;
			const existing = tx
				.select({ id: platformRatings.id })
				.from(platformRatings)
				.where(and(eq(platformRatings.platformId, platformId), eq(platformRatings.userId, userId)))
				.get();
			const row = tx
				.insert(platformRatings)
				.values({ platformId, userId, rating: input.rating, review: input.review })
				.onConflictDoUpdate({
					target: [platformRatings.platformId, platformRatings.userId],
					set: { rating: input.rating, review: input.review, updatedAt: new Date() },
				})
				.returning({ id: platformRatings.id })
				.get();
			const rating = tx
				.select(ratingColumns)
				.from(platformRatings)
				.innerJoin(users, eq(platformRatings.userId, users.id))
				.where(eq(platformRatings.id, row.id))
				.get()!;
			return {
				created: !existing,
				rating: ratingJson(rating),
				platform: refreshPlatformRating(tx, platformId),
			};
		},
		{ behavior: 'immediate' },
	);
	if (!result) throw new NotFound(PLATFORM_NOT_FOUND);
	platformChanged({ id: platformId, kind: 'rated' });
	return result;
}
