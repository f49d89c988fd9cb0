/**
 * A platform's answers to its reviews: its representative (set by an editor) writes one reply
 * per review; writing again replaces the text (createdAt stays). The representative or an
 * editor removes it. Who may do which is auth/permissions.ts's to say; the review's row is
 * locked first, so two writes to one reply take turns.
 */
import { eq } from 'drizzle-orm';
import { transaction, reviewReplies } from '@/server/db';
import { assertCanRemoveReplyFor, assertCanReplyFor } from '@/server/auth/permissions';
import type { SessionUser } from '@/server/auth/session';
import { platformChanged } from '@/server/platforms/directory';
import { recordPartnerEvent } from '@/server/changes/partner-events';
import { REPLY_NOT_FOUND, REVIEW_NOT_FOUND } from '@/lib/validation/platforms';
import { NotFound } from '@/server/errors';
import type { ReviewReplyJson } from '@/lib/community-answers';
import { findReview, readReview } from './reviews';

export type ReplyResult = {
	/** True when the review had no reply before (the endpoint answers 201). */
	created: boolean;
	reply: ReviewReplyJson;
};

/** Writes or replaces the reply to a review of the representative's platform. */
export async function replyToReview(
	ratingId: number,
	user: SessionUser,
	content: string,
): Promise<ReplyResult> {
	const result = await transaction(async (tx) => {
		const rating = await findReview(tx, ratingId, { lock: true });
		if (!rating) return undefined;
		assertCanReplyFor(user, rating);
		const before = (await readReview(tx, ratingId))!.reply;
		await tx
			.insert(reviewReplies)
			.values({ ratingId, authorId: user.id, content })
			.onConflictDoUpdate({
				target: reviewReplies.ratingId,
				set: { content, authorId: user.id, updatedAt: new Date() },
			});
		const { reply } = (await readReview(tx, ratingId))!;
		const created = before === null;
		await recordPartnerEvent(tx, {
			type: 'review.replied',
			data: { id: ratingId, platformId: rating.platformId, created, reply },
		});
		return { platformId: rating.platformId, created, reply: reply! };
	});
	if (!result) throw new NotFound(REVIEW_NOT_FOUND);
	platformChanged({ id: result.platformId, kind: 'replied' });
	return { created: result.created, reply: result.reply };
}

/** Removes a review's reply (its platform's representative, or an editor). */
export async function removeReply(ratingId: number, user: SessionUser): Promise<void> {
	const platformId = await transaction(async (tx) => {
		const rating = await findReview(tx, ratingId, { lock: true });
		if (!rating) throw new NotFound(REVIEW_NOT_FOUND);
		assertCanRemoveReplyFor(user, rating.platformId);
		const removed = await tx
			.delete(reviewReplies)
			.where(eq(reviewReplies.ratingId, ratingId))
			.returning({ id: reviewReplies.id });
		if (removed.length === 0) throw new NotFound(REPLY_NOT_FOUND);
		return rating.platformId;
	});
	platformChanged({ id: platformId, kind: 'replied' });
}
