import { requireActiveUser } from '@/server/auth/permissions';
import { listOwnPendingComments } from '@/server/community/comments';
import { getPlatformVotes } from '@/server/community/votes';
import { findOwnReview } from '@/server/community/reviews';
import { endpoint, json, readId } from '@/server/http/endpoint';
import { SIGN_IN_TO_VOTE } from '@/lib/validation/platforms';
import { NotSignedIn } from '@/server/errors';

export const prerender = false;

/**
 * The signed-in reader's own part of a platform page, one call per page: their votes on its
 * reviews and comments, their comments waiting for moderation (the public lists hold
 * neither) and their own review, which the paged list may not reach: { reviews: { [ratingId]:
 * 'helpful' | 'unhelpful' }, comments: { [commentId]: ... }, pendingComments: [comment, ...],
 * ownReview: review | null }.
 */
export const GET = endpoint('personal', async ({ params, locals }) => {
	if (!locals.user) throw new NotSignedIn(SIGN_IN_TO_VOTE);
	const user = requireActiveUser(locals);
	const platformId = readId(params.id, 'platform id');
	const [votes, pendingComments, ownReview] = await Promise.all([
		getPlatformVotes(platformId, user.id),
		listOwnPendingComments(platformId, user.id),
		findOwnReview(platformId, user.id),
	]);
	return json({ ...votes, pendingComments, ownReview });
});
