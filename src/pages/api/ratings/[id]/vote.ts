/**
 * Helpful votes on a review (a platform rating), by the rules of comment votes: one per user,
 * changeable, the same vote again takes it back; a review's author, an account whose address is
 * not confirmed and the platform's representative get 403.
 */
import { requireActiveUser } from '@/server/auth/permissions';
import { getReviewVote, voteOnReview } from '@/server/community/votes';
import { endpoint, json, readId, readJson } from '@/server/http/endpoint';
import { SIGN_IN_TO_VOTE_ON_REVIEWS, voteSchema } from '@/lib/validation/platforms';
import { NotSignedIn } from '@/server/errors';

export const prerender = false;

/** The signed-in user's vote on the review: { voteType: 'helpful' | 'unhelpful' | null }. */
export const GET = endpoint('personal', async ({ params, locals }) => {
	if (!locals.user) throw new NotSignedIn(SIGN_IN_TO_VOTE_ON_REVIEWS);
	const user = requireActiveUser(locals);
	return json(await getReviewVote(readId(params.id, 'review id'), user.id));
});

/** Votes, changes the vote, or (same vote again) takes it back; answers the new counts. */
export const POST = endpoint('personal', async ({ params, request, locals }) => {
	if (!locals.user) throw new NotSignedIn(SIGN_IN_TO_VOTE_ON_REVIEWS);
	const user = requireActiveUser(locals);
	const ratingId = readId(params.id, 'review id');
	const { voteType } = await readJson(request, voteSchema);
	return json(await voteOnReview(ratingId, user, voteType));
});
