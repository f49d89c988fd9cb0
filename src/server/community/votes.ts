/**
 * Helpful / unhelpful votes on comments and on reviews, by one set of rules: one vote per user
 * and item, changeable, the same vote again takes it back; never on one's own item. The item's
 * row is locked first and its counts are counted from the vote rows in the same transaction, so
 * they always equal the rows, however many votes arrive at once (on any node).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import {
	db,
	firstRow,
	integerPlaceholder,
	preparedSelect,
	platformRatings,
	transaction,
	type Reader,
	commentVotes,
	platformComments,
	reviewVotes,
} from '@/server/db';
import { assertCanVoteOn, assertCanVoteOnReview } from '@/server/auth/permissions';
import type { SessionUser } from '@/server/auth/session';
import { assertPlatformExists, platformChanged } from '@/server/platforms/directory';
import type { PlatformChangeKind } from '@/server/changes/content-changes';
import { COMMENT_NOT_FOUND, REVIEW_NOT_FOUND } from '@/lib/validation/platforms';
import { OWN_COMMENT_VOTE, OWN_REVIEW_VOTE } from '@/lib/validation/platform-messages';
import type { VoteType } from '@/lib/column-values';
import { NotFound } from '@/server/errors';
import { findComment } from './comments';
import { findReview } from './reviews';

/** What a vote answers for a comment (the SPEC's field names). */
export type VoteResult = {
	voteType: VoteType | null;
	helpfulVotes: number;
	unhelpfulVotes: number;
};

/** What a vote answers for a review (the review's own field names). */
export type ReviewVoteResult = {
	voteType: VoteType | null;
	helpfulCount: number;
	unhelpfulCount: number;
};

type Counts = { helpful: number; unhelpful: number };

/** An item open to votes, as the vote needs it. */
type Votable = { platformId: number; userId: number | null };

/** Who votes, as the rules need them. */
export type Voter = Pick<SessionUser, 'id' | 'emailVerified' | 'vendorPlatformId'>;

/** What can be voted on: where its votes are, and how one item is found. */
type VoteSubject = {
	/** The vote rows' table and columns; `item` names the voted item. */
	rows: () => {
		table: SQLiteTable;
		id: SQLiteColumn;
		item: SQLiteColumn;
		userId: SQLiteColumn;
		voteType: SQLiteColumn;
		/** The values of a new vote row. */
		values: (itemId: number, userId: number, voteType: VoteType) => Record<string, unknown>;
		/** The voted items' table, with the columns that tie an item to its platform. */
		items: { table: SQLiteTable; id: SQLiteColumn; platformId: SQLiteColumn };
	};
	/** The item if it exists and takes votes (locked with `lock`), else undefined. */
	find: (tx: Reader, itemId: number, lock: boolean) => Promise<Votable | undefined>;
	notFound: string;
	ownVote: string;
	/** Rules of the subject's own about who may vote on an item (throws the refusal). */
	assertVoter?: (voter: Voter, item: Votable) => void;
	/** Keeps counts stored beside the item in step, when it stores them. */
	store?: (tx: Reader, itemId: number, counts: Counts) => Promise<void>;
	/** The platform change the new counts are announced as. */
	change: PlatformChangeKind;
};

function findVote(tx: Reader, subject: VoteSubject, itemId: number, userId: number) {
	const rows = subject.rows();
	return firstRow(
		tx
			.select({ id: rows.id, voteType: sql<VoteType>`${rows.voteType}` })
			.from(rows.table)
			.where(and(eq(rows.item, itemId), eq(rows.userId, userId))),
	);
}

/** An item's helpful and unhelpful counts, counted from its vote rows. */
async function countVotes(tx: Reader, subject: VoteSubject, itemId: number): Promise<Counts> {
	const rows = subject.rows();
	const votesOf = (type: VoteType) =>
		sql<number>`count(*) filter (where ${rows.voteType} = ${type})`.mapWith(Number);
	const [counts] = await tx
		.select({ helpful: votesOf('helpful'), unhelpful: votesOf('unhelpful') })
		.from(rows.table)
		.where(eq(rows.item, itemId));
	return counts!;
}

/** The viewer's vote on an item that takes votes (others answer 404 as if absent). */
async function viewerVote(subject: VoteSubject, itemId: number, userId: number) {
	if (!(await subject.find(db(), itemId, false))) throw new NotFound(subject.notFound);
	return { voteType: (await findVote(db(), subject, itemId, userId))?.voteType ?? null };
}

/**
 * A vote goes from none to helpful or unhelpful, and the user can change it; the same vote
 * again takes it back (a toggle). Never by the item's author. The item's row is locked first,
 * so votes on one item take turns and its counts always equal the vote rows.
 */
async function castVote(
	subject: VoteSubject,
	itemId: number,
	voter: Voter,
	voteType: VoteType,
): Promise<{ voteType: VoteType | null } & Counts> {
	const rows = subject.rows();
	const userId = voter.id;
	const result = await transaction(async (tx) => {
		const item = await subject.find(tx, itemId, true);
		if (!item) return undefined;
		assertCanVoteOn(userId, item, subject.ownVote);
		subject.assertVoter?.(voter, item);
		const existing = await findVote(tx, subject, itemId, userId);
		let now: VoteType | null = voteType;
		if (!existing) {
			await tx.insert(rows.table).values(rows.values(itemId, userId, voteType) as never);
		} else if (existing.voteType === voteType) {
			await tx.delete(rows.table).where(eq(rows.id, existing.id));
			now = null;
		} else {
			await tx
				.update(rows.table)
				.set({ voteType } as never)
				.where(eq(rows.id, existing.id));
		}
		const counts = await countVotes(tx, subject, itemId);
		await subject.store?.(tx, itemId, counts);
		return { platformId: item.platformId, vote: { voteType: now, ...counts } };
	});
	if (!result) throw new NotFound(subject.notFound);
	platformChanged({ id: result.platformId, kind: subject.change });
	return result.vote;
}

/** Comments: only approved ones take votes; their counts are stored on the comment row. */
const commentVoting: VoteSubject = {
	rows: () => {
		return {
			table: commentVotes,
			id: commentVotes.id,
			item: commentVotes.commentId,
			userId: commentVotes.userId,
			voteType: commentVotes.voteType,
			values: (commentId, userId, voteType) => ({ commentId, userId, voteType }),
			items: { table: platformComments, id: platformComments.id, platformId: platformComments.platformId },
		};
	},
	find: async (tx, commentId, lock) => {
		const comment = await findComment(tx, commentId, { lock });
		return comment?.status === 'approved' ? comment : undefined;
	},
	notFound: COMMENT_NOT_FOUND,
	ownVote: OWN_COMMENT_VOTE,
	store: async (tx, commentId, counts) => {
		await tx
			.update(platformComments)
			.set({ helpfulVotes: counts.helpful, unhelpfulVotes: counts.unhelpful })
			.where(eq(platformComments.id, commentId));
	},
	// The comment's public vote counts changed.
	change: 'voted',
};

/** Reviews: every review takes votes; their counts are stored on the review row. */
const reviewVoting: VoteSubject = {
	rows: () => {
		return {
			table: reviewVotes,
			id: reviewVotes.id,
			item: reviewVotes.ratingId,
			userId: reviewVotes.userId,
			voteType: reviewVotes.voteType,
			values: (ratingId, userId, voteType) => ({ ratingId, userId, voteType }),
			items: { table: platformRatings, id: platformRatings.id, platformId: platformRatings.platformId },
		};
	},
	find: (tx, ratingId, lock) => findReview(tx, ratingId, { lock }),
	notFound: REVIEW_NOT_FOUND,
	ownVote: OWN_REVIEW_VOTE,
	assertVoter: assertCanVoteOnReview,
	store: async (tx, ratingId, counts) => {
		await tx
			.update(platformRatings)
			.set({ helpfulVotes: counts.helpful, unhelpfulVotes: counts.unhelpful })
			.where(eq(platformRatings.id, ratingId));
	},
	change: 'review-voted',
};

/**
 * The viewer's vote on a comment they can see: approved, or their own pending one (which
 * answers null, as it takes no votes); other comments answer 404 as if absent.
 */
export async function getVote(commentId: number, userId: number): Promise<{ voteType: VoteType | null }> {
	const comment = await findComment(db(), commentId);
	if (comment?.status === 'pending' && comment.userId === userId) return { voteType: null };
	return viewerVote(commentVoting, commentId, userId);
}

export async function vote(commentId: number, voter: Voter, voteType: VoteType): Promise<VoteResult> {
	const { helpful, unhelpful, ...rest } = await castVote(commentVoting, commentId, voter, voteType);
	return { ...rest, helpfulVotes: helpful, unhelpfulVotes: unhelpful };
}

/** The viewer's vote on a review: { voteType } (null for none); 404 for an unknown review. */
export function getReviewVote(ratingId: number, userId: number): Promise<{ voteType: VoteType | null }> {
	return viewerVote(reviewVoting, ratingId, userId);
}

export async function voteOnReview(
	ratingId: number,
	voter: Voter,
	voteType: VoteType,
): Promise<ReviewVoteResult> {
	const { helpful, unhelpful, ...rest } = await castVote(reviewVoting, ratingId, voter, voteType);
	return { ...rest, helpfulCount: helpful, unhelpfulCount: unhelpful };
}

/** The reader's own votes on one platform's reviews and comments, by item id (absent: no vote). */
export type PlatformVotes = {
	reviews: Record<number, VoteType>;
	comments: Record<number, VoteType>;
};

/**
 * A reader's votes on one platform's items of a subject, by item id: a statement prepared once,
 * as every platform page a signed-in reader opens asks it.
 */
function ownVotesOnPlatform(name: string, subject: VoteSubject) {
	return preparedSelect(name, (database) => {
		const rows = subject.rows();
		return database
			.select({ id: sql<number>`${rows.item}`, voteType: sql<VoteType>`${rows.voteType}` })
			.from(rows.table)
			.innerJoin(rows.items.table, eq(rows.items.id, rows.item))
			.where(
				and(
					eq(rows.items.platformId, integerPlaceholder('platformId')),
					eq(rows.userId, integerPlaceholder('userId')),
				),
			);
	});
}

const ownReviewVotes = ownVotesOnPlatform('own_review_votes', reviewVoting);
const ownCommentVotes = ownVotesOnPlatform('own_comment_votes', commentVoting);

/**
 * Every vote of the reader's on a platform's page in one read, so the page asks once instead of
 * once per item; 404 for an unknown platform.
 */
export async function getPlatformVotes(platformId: number, userId: number): Promise<PlatformVotes> {
	await assertPlatformExists(platformId);
	const [reviews, comments] = await Promise.all([
		ownReviewVotes({ platformId, userId }),
		ownCommentVotes({ platformId, userId }),
	]);
	const byId = (rows: { id: number; voteType: VoteType }[]) =>
		Object.fromEntries(rows.map((row) => [row.id, row.voteType]));
	return { reviews: byId(reviews), comments: byId(comments) };
}
