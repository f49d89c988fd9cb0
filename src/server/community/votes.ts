/**
 * Helpful / unhelpful votes on comments: one per user and comment, the same vote again takes it
 * back. A comment's counts are recomputed from the vote rows in the same IMMEDIATE transaction,
 * so they always equal the rows.
 */
import { and, eq, sql } from 'drizzle-orm';
import { db, schema, type AppTransaction, type Reader } from '@/server/db';
import { assertCanVoteOn } from '@/server/auth/guardian';
import { platformChanged } from '@/server/platforms';
import { COMMENT_NOT_FOUND } from '@/lib/validation/platforms';
import type { VoteType } from '@db/schema';
import { NotFound } from '@/server/errors';
import { findComment } from './comments';

const { platformComments, commentVotes } = schema;

export type VoteResult = {
	voteType: VoteType | null;
	helpfulVotes: number;
	unhelpfulVotes: number;
};


function findVote(tx: Reader, commentId: number, userId: number) {
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
	if (!visible) throw new NotFound(COMMENT_NOT_FOUND);
	return { voteType: findVote(db(), commentId, userId)?.voteType ?? null };
}

/** Recomputes a comment's helpful and unhelpful counts from its vote rows. */
function refreshVoteCounts(tx: AppTransaction, commentId: number) {
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
 * A vote goes from none to helpful or unhelpful, and the user can change it. Voting the same way again
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
	if (!result) throw new NotFound(COMMENT_NOT_FOUND);
	// The comment's public vote counts changed.
	platformChanged({ id: result.platformId, kind: 'voted' });
	return result.vote;
}
