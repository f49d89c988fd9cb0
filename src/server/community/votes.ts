/**
 * Helpful / unhelpful votes on comments: one per user and comment, the same vote again takes it
 * back. A comment's counts are recomputed from the vote rows in the same IMMEDIATE transaction,
 * so they always equal the rows.
 */
import { and, eq, sql } from 'drizzle-orm';
import { db, firstRow, transaction, type Reader, commentVotes, platformComments } from '@/server/db';
import { assertCanVoteOn } from '@/server/auth/permissions';
import { platformChanged } from '@/server/platforms';
import { COMMENT_NOT_FOUND } from '@/lib/validation/platforms';
import type { VoteType } from '@db/schema';
import { NotFound } from '@/server/errors';
import { findComment } from './comments';

export type VoteResult = {
	voteType: VoteType | null;
	helpfulVotes: number;
	unhelpfulVotes: number;
};

function findVote(tx: Reader, commentId: number, userId: number) {
	return firstRow(
		tx
			.select({ id: commentVotes.id, voteType: commentVotes.voteType })
			.from(commentVotes)
			.where(and(eq(commentVotes.commentId, commentId), eq(commentVotes.userId, userId))),
	);
}

/**
 * The viewer's vote on a comment they can see (approved, or their own pending one); other
 * comments answer 404 as if absent.
 */
export async function getVote(commentId: number, userId: number): Promise<{ voteType: VoteType | null }> {
	const comment = await findComment(db(), commentId);
	const visible =
		comment &&
		(comment.status === 'approved' || (comment.status === 'pending' && comment.userId === userId));
	if (!visible) throw new NotFound(COMMENT_NOT_FOUND);
	return { voteType: (await findVote(db(), commentId, userId))?.voteType ?? null };
}

/** Recomputes a comment's helpful and unhelpful counts from its vote rows. */
async function refreshVoteCounts(tx: Reader, commentId: number) {
	const votesOf = (type: VoteType) =>
		sql<number>`count(*) filter (where ${commentVotes.voteType} = ${type})`.mapWith(Number);
	const [counts] = await tx
		.select({ helpfulVotes: votesOf('helpful'), unhelpfulVotes: votesOf('unhelpful') })
		.from(commentVotes)
		.where(eq(commentVotes.commentId, commentId));
	await tx.update(platformComments).set(counts!).where(eq(platformComments.id, commentId));
	return counts!;
}

/**
 * A vote goes from none to helpful or unhelpful, and the user can change it. Voting the same way again
 * takes the vote back (a toggle). Only approved comments can be voted on, and never by their author.
 * The comment's row is locked first, so votes on one comment (on any node) take turns and its
 * counts always equal the vote rows.
 */
export async function vote(commentId: number, userId: number, voteType: VoteType): Promise<VoteResult> {
	const result = await transaction(async (tx) => {
		const comment = await findComment(tx, commentId, { lock: true });
		if (!comment || comment.status !== 'approved') return undefined;
		assertCanVoteOn(userId, comment);
		const existing = await findVote(tx, commentId, userId);
		let now: VoteType | null = voteType;
		if (!existing) {
			await tx.insert(commentVotes).values({ commentId, userId, voteType });
		} else if (existing.voteType === voteType) {
			await tx.delete(commentVotes).where(eq(commentVotes.id, existing.id));
			now = null;
		} else {
			await tx.update(commentVotes).set({ voteType }).where(eq(commentVotes.id, existing.id));
		}
		return {
			platformId: comment.platformId,
			vote: { voteType: now, ...(await refreshVoteCounts(tx, commentId)) },
		};
	});
	if (!result) throw new NotFound(COMMENT_NOT_FOUND);
	// The comment's public vote counts changed.
	platformChanged({ id: result.platformId, kind: 'voted' });
	return result.vote;
}
