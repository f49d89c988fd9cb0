/**
 * What signed-in users add to a platform (SPEC sections 3, 4 and 7): ratings with reviews,
 * comments that wait for moderation, helpful/unhelpful votes on comments, and the editors'
 * moderation of those comments.
 *
 * The denormalised numbers (a platform's rating and reviewCount, a comment's vote counts) are
 * recomputed from their rows inside the same IMMEDIATE transaction as the change, so they are
 * always equal to the rows, however many requests arrive at once.
 */
import { and, desc, eq, or, sql } from 'drizzle-orm';
import { db, schema } from './db';
import { HttpError } from './http';
import { assertCanVoteOn } from './auth/guardian';
import { limits, retryMessage, type RateLimiter } from './auth/rate-limit';
import { assertPlatformExists, platformChanged } from './platforms';
import {
	COMMENT_NOT_FOUND,
	PLATFORM_NOT_FOUND,
	type RatingInput,
} from '@/lib/validation/platforms';
import type { CommentStatus, VoteType } from '@db/schema';
import {
	canModerate,
	refusedTransitionMessage,
	type ModerationDecision,
} from '@/lib/comment-moderation';

const { platforms, platformRatings, platformComments, commentVotes, users } = schema;

type Transaction = Parameters<Parameters<ReturnType<typeof db>['transaction']>[0]>[0];

// ---------------------------------------------------------------- ratings

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

/** Average rounded half up to one decimal, in integer arithmetic (the seed uses the same rule). */
export function averageRating(sum: number, count: number): number {
	return count === 0 ? 0 : Math.round((sum * 10) / count) / 10;
}

/** Recomputes a platform's rating and reviewCount from its rating rows. */
function refreshPlatformRating(tx: Transaction, platformId: number) {
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

/** Counts one post against the user's hourly allowance, or answers 429. */
function checkLimit(limiter: RateLimiter, userId: number, what: string) {
	const key = String(userId);
	const wait = limiter.retryAfter(key);
	if (wait) throw new HttpError(429, retryMessage(wait, what));
	limiter.hit(key);
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
	checkLimit(limits.ratingsPerUser, userId, 'ratings');
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
	if (!result) throw new HttpError(404, PLATFORM_NOT_FOUND);
	platformChanged({ id: platformId, kind: 'rated' });
	return result;
}

// ---------------------------------------------------------------- comments

export type CommentJson = {
	id: number;
	platformId: number;
	comment: string;
	createdAt: Date;
	status: CommentStatus;
	/** Null once the author's account is gone (the UI shows 'Anonymous'). */
	user: { username: string } | null;
	helpfulVotes: number;
	unhelpfulVotes: number;
};

const commentColumns = {
	id: platformComments.id,
	platformId: platformComments.platformId,
	comment: platformComments.comment,
	createdAt: platformComments.createdAt,
	status: platformComments.status,
	username: users.username,
	helpfulVotes: platformComments.helpfulVotes,
	unhelpfulVotes: platformComments.unhelpfulVotes,
};

function commentJson({
	username,
	...row
}: { username: string | null } & Omit<CommentJson, 'user'>): CommentJson {
	return { ...row, user: username === null ? null : { username } };
}

/**
 * Approved comments, newest first, plus the viewer's own pending ones (marked by status) so
 * authors see what they posted while it waits for moderation.
 */
export function listComments(platformId: number, viewerId: number | null): CommentJson[] {
	assertPlatformExists(platformId);
	const approved = eq(platformComments.status, 'approved');
	const visible =
		viewerId === null
			? approved
			: or(
					approved,
					and(eq(platformComments.status, 'pending'), eq(platformComments.userId, viewerId)),
				);
	return db()
		.select(commentColumns)
		.from(platformComments)
		.leftJoin(users, eq(platformComments.userId, users.id))
		.where(and(eq(platformComments.platformId, platformId), visible))
		.orderBy(desc(platformComments.createdAt), desc(platformComments.id))
		.all()
		.map(commentJson);
}

/** Adds a comment; every comment starts pending until an editor approves it. */
export function addComment(platformId: number, userId: number, text: string): CommentJson {
	checkLimit(limits.commentsPerUser, userId, 'comments');
	assertPlatformExists(platformId);
	const { id } = db()
		.insert(platformComments)
		.values({ platformId, userId, comment: text, status: 'pending' })
		.returning({ id: platformComments.id })
		.get();
	return commentJson(
		db()
			.select(commentColumns)
			.from(platformComments)
			.leftJoin(users, eq(platformComments.userId, users.id))
			.where(eq(platformComments.id, id))
			.get()!,
	);
}

// ---------------------------------------------------------------- votes

export type VoteResult = {
	voteType: VoteType | null;
	helpfulVotes: number;
	unhelpfulVotes: number;
};

function findComment(tx: Transaction | ReturnType<typeof db>, commentId: number) {
	return tx
		.select({
			status: platformComments.status,
			userId: platformComments.userId,
			platformId: platformComments.platformId,
		})
		.from(platformComments)
		.where(eq(platformComments.id, commentId))
		.get();
}

function findVote(tx: Transaction | ReturnType<typeof db>, commentId: number, userId: number) {
	return tx
		.select({ id: commentVotes.id, voteType: commentVotes.voteType })
		.from(commentVotes)
		.where(and(eq(commentVotes.commentId, commentId), eq(commentVotes.userId, userId)))
		.get();
}

/**
 * The viewer's vote on a comment they can see (approved, or their own pending one); other
 * comments answer 404 as if absent.
 */
export function getVote(commentId: number, userId: number): { voteType: VoteType | null } {
	const comment = findComment(db(), commentId);
	const visible =
		comment &&
		(comment.status === 'approved' || (comment.status === 'pending' && comment.userId === userId));
	if (!visible) throw new HttpError(404, COMMENT_NOT_FOUND);
	return { voteType: findVote(db(), commentId, userId)?.voteType ?? null };
}

/** Recomputes a comment's helpful and unhelpful counts from its vote rows. */
function refreshVoteCounts(tx: Transaction, commentId: number) {
	const counts = tx
		.select({
			helpfulVotes: sql<number>`coalesce(sum(${commentVotes.voteType} = 'helpful'), 0)`,
			unhelpfulVotes: sql<number>`coalesce(sum(${commentVotes.voteType} = 'unhelpful'), 0)`,
		})
		.from(commentVotes)
		.where(eq(commentVotes.commentId, commentId))
		.get()!;
	tx.update(platformComments).set(counts).where(eq(platformComments.id, commentId)).run();
	return counts;
}

/**
 * SPEC 4: none -> helpful/unhelpful, and the user can change it. Voting the same way again
 * takes the vote back (a toggle). Only approved comments can be voted on, and never by their author.
 */
export function vote(commentId: number, userId: number, voteType: VoteType): VoteResult {
	const result = db().transaction(
		(tx) => {
			const comment = findComment(tx, commentId);
			if (!comment || comment.status !== 'approved') return undefined;
			assertCanVoteOn(userId, comment);
			const existing = findVote(tx, commentId, userId);
			let now: VoteType | null = voteType;
			if (!existing) {
				tx.insert(commentVotes).values({ commentId, userId, voteType }).run();
			} else if (existing.voteType === voteType) {
				tx.delete(commentVotes).where(eq(commentVotes.id, existing.id)).run();
				now = null;
			} else {
				tx.update(commentVotes).set({ voteType }).where(eq(commentVotes.id, existing.id)).run();
			}
			return { platformId: comment.platformId, vote: { voteType: now, ...refreshVoteCounts(tx, commentId) } };
		},
		{ behavior: 'immediate' },
	);
	if (!result) throw new HttpError(404, COMMENT_NOT_FOUND);
	// The comment's public vote counts changed.
	platformChanged({ id: result.platformId, kind: 'voted' });
	return result.vote;
}

// ---------------------------------------------------------------- moderation (editors)

/** A comment as the moderation list shows it (SPEC 3: with status, author and platform). */
export type ModerationCommentJson = {
	id: number;
	comment: string;
	status: CommentStatus;
	createdAt: Date;
	/** Null if the platform is gone (cannot happen with the cascade; the UI says 'Unknown Platform'). */
	platform: { id: number; name: string } | null;
	/** Null once the author's account is gone (the UI says 'Anonymous'). */
	author: { username: string; email: string } | null;
	helpfulVotes: number;
	unhelpfulVotes: number;
};

export type ModerationList = { comments: ModerationCommentJson[]; total: number };

const moderationColumns = {
	id: platformComments.id,
	comment: platformComments.comment,
	status: platformComments.status,
	createdAt: platformComments.createdAt,
	platformId: platforms.id,
	platformName: platforms.name,
	username: users.username,
	email: users.email,
	helpfulVotes: platformComments.helpfulVotes,
	unhelpfulVotes: platformComments.unhelpfulVotes,
};

function selectModeration(database: Transaction | ReturnType<typeof db>) {
	return database
		.select(moderationColumns)
		.from(platformComments)
		.leftJoin(platforms, eq(platformComments.platformId, platforms.id))
		.leftJoin(users, eq(platformComments.userId, users.id));
}

type ModerationRow = NonNullable<ReturnType<ReturnType<typeof selectModeration>['get']>>;

function moderationJson({
	platformId,
	platformName,
	username,
	email,
	...row
}: ModerationRow): ModerationCommentJson {
	return {
		...row,
		platform:
			platformId === null || platformName === null ? null : { id: platformId, name: platformName },
		author: username === null || email === null ? null : { username, email },
	};
}

/** Every comment (or those of one status), newest first, one page at a time. */
export function listCommentsForModeration(query: {
	status?: CommentStatus;
	limit: number;
	offset: number;
}): ModerationList {
	const where = query.status ? eq(platformComments.status, query.status) : undefined;
	const comments = selectModeration(db())
		.where(where)
		.orderBy(desc(platformComments.createdAt), desc(platformComments.id))
		.limit(query.limit)
		.offset(query.offset)
		.all()
		.map(moderationJson);
	const { total } = db()
		.select({ total: sql<number>`count(*)` })
		.from(platformComments)
		.where(where)
		.get()!;
	return { comments, total };
}

/**
 * Sets a comment's status along SPEC 4's transitions only (see src/lib/comment-moderation.ts);
 * anything else is a 400 that says why. When the set of approved (public) comments changed,
 * the platform is announced as 'commented' so anything generated from it is refreshed.
 */
export function moderateComment(
	commentId: number,
	status: ModerationDecision,
): ModerationCommentJson {
	const { comment, publicChange } = db().transaction(
		(tx) => {
			const current = findComment(tx, commentId);
			if (!current) throw new HttpError(404, COMMENT_NOT_FOUND);
			if (!canModerate(current.status, status)) {
				throw new HttpError(400, refusedTransitionMessage(current.status, status));
			}
			tx.update(platformComments).set({ status }).where(eq(platformComments.id, commentId)).run();
			const row = selectModeration(tx).where(eq(platformComments.id, commentId)).get()!;
			// Only approved comments are public; pending -> rejected changes nothing visible.
			return {
				comment: moderationJson(row),
				publicChange: current.status === 'approved' || status === 'approved',
			};
		},
		{ behavior: 'immediate' },
	);
	if (publicChange && comment.platform) {
		platformChanged({ id: comment.platform.id, kind: 'commented' });
	}
	return comment;
}

/** Deletes a comment; its votes go with it (ON DELETE CASCADE). */
export function deleteComment(commentId: number): void {
	const row = db()
		.delete(platformComments)
		.where(eq(platformComments.id, commentId))
		.returning({ platformId: platformComments.platformId, status: platformComments.status })
		.get();
	if (!row) throw new HttpError(404, COMMENT_NOT_FOUND);
	if (row.status === 'approved') platformChanged({ id: row.platformId, kind: 'commented' });
}
