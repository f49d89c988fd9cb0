import { requireActiveUser } from '@/server/auth/permissions';
import { getPlatformVotes } from '@/server/community/votes';
import { endpoint, json, readId } from '@/server/http/endpoint';
import { SIGN_IN_TO_VOTE } from '@/lib/validation/platforms';
import { NotSignedIn } from '@/server/errors';

export const prerender = false;

/**
 * The signed-in reader's votes on the platform's reviews and comments, one call per page:
 * { reviews: { [ratingId]: 'helpful' | 'unhelpful' }, comments: { [commentId]: ... } }.
 */
export const GET = endpoint(async ({ params, locals }) => {
	if (!locals.user) throw new NotSignedIn(SIGN_IN_TO_VOTE);
	const user = requireActiveUser(locals);
	return json(await getPlatformVotes(readId(params.id, 'platform id'), user.id));
});
