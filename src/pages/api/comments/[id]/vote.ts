import { requireActiveUser } from '@/server/auth/permissions';
import { getVote, vote } from '@/server/community/votes';
import { endpoint, json, readId, readJson } from '@/server/http/endpoint';
import { SIGN_IN_TO_VOTE, voteSchema } from '@/lib/validation/platforms';
import { NotSignedIn } from '@/server/errors';

export const prerender = false;

/** The signed-in user's vote on the comment: { voteType: 'helpful' | 'unhelpful' | null }. */
export const GET = endpoint('personal', async ({ params, locals }) => {
	if (!locals.user) throw new NotSignedIn(SIGN_IN_TO_VOTE);
	const user = requireActiveUser(locals);
	return json(await getVote(readId(params.id, 'comment id'), user.id));
});

/** Votes, changes the vote, or (same vote again) takes it back; answers the new counts. */
export const POST = endpoint('personal', async ({ params, request, locals }) => {
	if (!locals.user) throw new NotSignedIn(SIGN_IN_TO_VOTE);
	const user = requireActiveUser(locals);
	const commentId = readId(params.id, 'comment id');
	const { voteType } = await readJson(request, voteSchema);
	return json(await vote(commentId, user, voteType));
});
