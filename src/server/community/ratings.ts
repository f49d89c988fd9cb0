/**
 * Ratings with reviews: one per user and platform, rated again to change it. The platform's
 * rating (the average, one decimal) and reviewCount are recomputed from the rating rows in the
 * same IMMEDIATE transaction as the change, so they always equal the rows, however many
 * requests arrive at once. Each review is read with its helpful / unhelpful counts (counted
 * from its vote rows, so never out of step with them) and its representative's reply.
 */
import { and, asc, desc, eq, sql, type Column, type SQL } from 'drizzle-orm';
import {
	db,
	firstRow,
	qualified,
	transaction,
	type Reader,
	platformRatings,
	platforms,
	reviewReplies,
	reviewVotes,
	users,
} from '@/server/db';
import { lockedForUpdate } from '@/server/db/sql';
import { limits } from '@/server/auth/rate-limit';
import { assertPlatformExists, platformChanged } from '@/server/platforms/directory';
import { PLATFORM_NOT_FOUND, type RatingInput, type RatingListQuery } from '@/lib/validation/platforms';
import type { VoteType } from '@db/schema';
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
	/** Readers who found the review helpful / not helpful (one vote each). */
	helpfulCount: number;
	unhelpfulCount: number;
	/** The platform representative's answer, shown as 'Response from {platform}'. */
	reply: ReviewReplyJson | null;
};

export type ReviewReplyJson = { content: string; createdAt: Date; updatedAt: Date };

/** How many votes of one kind a review has, counted from its vote rows. */
function reviewVoteCount(ratingId: Column, type: VoteType) {
	return sql<number>`(select count(*) from ${reviewVotes} where ${reviewVotes.ratingId} = ${qualified(ratingId)} and ${reviewVotes.voteType} = ${type})`.mapWith(
		Number,
	);
}

function ratingColumns() {
	return {
		id: platformRatings.id,
		rating: platformRatings.rating,
		review: platformRatings.review,
		createdAt: platformRatings.createdAt,
		username: users.username,
		isVerified: users.emailVerified,
		helpfulCount: reviewVoteCount(platformRatings.id, 'helpful'),
		unhelpfulCount: reviewVoteCount(platformRatings.id, 'unhelpful'),
		replyContent: reviewReplies.content,
		replyCreatedAt: reviewReplies.createdAt,
		replyUpdatedAt: reviewReplies.updatedAt,
	};
}

type RatingRow = Omit<RatingJson, 'user' | 'reply'> & {
	username: string;
	replyContent: string | null;
	replyCreatedAt: Date | null;
	replyUpdatedAt: Date | null;
};

function ratingJson({
	username,
	replyContent,
	replyCreatedAt,
	replyUpdatedAt,
	...row
}: RatingRow): RatingJson {
	const reply =
		replyContent !== null && replyCreatedAt && replyUpdatedAt
			? { content: replyContent, createdAt: replyCreatedAt, updatedAt: replyUpdatedAt }
			: null;
	return { ...row, user: { username }, reply };
}

/** Reviews with their author and reply; `where` picks which. */
function selectRatings(handle: Reader, where: SQL | undefined) {
	return handle
		.select(ratingColumns())
		.from(platformRatings)
		.innerJoin(users, eq(platformRatings.userId, users.id))
		.leftJoin(reviewReplies, eq(reviewReplies.ratingId, platformRatings.id))
		.where(where);
}

/**
 * The order of a listing. Newest first is the default (a changed rating keeps its place:
 * createdAt stays); the others fall back to it on ties.
 */
function reviewOrder(sort: RatingListQuery['sort']): SQL[] {
	const newest = [desc(platformRatings.createdAt), desc(platformRatings.id)];
	switch (sort) {
		case 'helpful':
			return [desc(reviewVoteCount(platformRatings.id, 'helpful')), ...newest];
		case 'highest':
			return [desc(platformRatings.rating), ...newest];
		case 'lowest':
			return [asc(platformRatings.rating), ...newest];
		default:
			return newest;
	}
}

/** A platform's ratings in the asked order, all or only those with `stars` stars. */
export async function listRatings(
	platformId: number,
	{ sort, stars }: Partial<RatingListQuery> = {},
): Promise<RatingJson[]> {
	await assertPlatformExists(platformId);
	const rows = await selectRatings(
		db(),
		and(
			eq(platformRatings.platformId, platformId),
			stars === undefined ? undefined : eq(platformRatings.rating, stars),
		),
	).orderBy(...reviewOrder(sort ?? 'newest'));
	return rows.map(ratingJson);
}

/**
 * A review's platform and author, or undefined. With `lock`, its row stays locked until the
 * transaction ends (votes and replies on one review take turns).
 */
export function findRating(tx: Reader, ratingId: number, { lock = false } = {}) {
	const query = tx
		.select({ platformId: platformRatings.platformId, userId: platformRatings.userId })
		.from(platformRatings)
		.where(eq(platformRatings.id, ratingId));
	return firstRow(lock ? lockedForUpdate(query) : query);
}

/** One review as listings show it (after a change), or undefined. */
export async function readRating(tx: Reader, ratingId: number): Promise<RatingJson | undefined> {
	const row = await firstRow(selectRatings(tx, eq(platformRatings.id, ratingId)));
	return row && ratingJson(row);
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
			lockedForUpdate(tx.select({ id: platforms.id }).from(platforms).where(eq(platforms.id, platformId))),
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
		return {
			created: !existing,
			rating: (await readRating(tx, row!.id))!,
			platform: await refreshPlatformRating(tx, platformId),
		};
	});
	if (!result) throw new NotFound(PLATFORM_NOT_FOUND);
	platformChanged({ id: platformId, kind: 'rated' });
	return result;
}
