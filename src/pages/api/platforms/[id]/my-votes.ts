import { requireActiveUser } from '@/server/auth/permissions';
import { listOwnPendingComments } from '@/server/community/comments';
import { getPlatformVotes } from '@/server/community/votes';
import { endpoint, json, readId } from '@/server/http/endpoint';
import { SIGN_IN_TO_VOTE } from '@/lib/validation/platforms';
import { NotSignedIn } from '@/server/errors';

export const prerender = false;

/**
 * The signed-in reader's own part of a platform page, one call per page: their votes on its
 * reviews and comments and their comments waiting for moderation (the public lists hold
 * neither): { reviews: { [ratingId]: 'helpful' | 'unhelpful' }, comments: { [commentId]: ... },
 * pendingComments: [comment, ...] }.
 */
export const GET = endpoint('personal', async ({ params, locals }) => {
	if (!locals.user) throw new NotSignedIn(SIGN_IN_TO_VOTE);
	const user = requireActiveUser(locals);
	const platformId = readId(params.id, 'platform id');
	const [votes, pendingComments] = await Promise.all([
		getPlatformVotes(platformId, user.id),
		listOwnPendingComments(platformId, user.id),
	]);
	return json({ ...votes, pendingComments });
});
