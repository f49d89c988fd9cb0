import { requireActiveUser } from '@/server/auth/permissions';
import { listRatings, rate } from '@/server/community/ratings';
import { endpoint, json, publicJson, readId, readJson } from '@/server/http';
import { SIGN_IN_TO_RATE, ratingSchema } from '@/lib/validation/platforms';
import { NotSignedIn } from '@/server/errors';

export const prerender = false;

export const GET = endpoint(async ({ params, locals }) =>
	publicJson(await listRatings(readId(params.id, 'platform id')), locals),
);

/**
 * Rates the platform (or changes the user's rating). A banned user's session is refused by the
 * session middleware, so they meet the sign-in message here and the ban message at sign-in;
 * requireActiveUser is the second line should a banned user's session ever get through.
 */
export const POST = endpoint(async ({ params, request, locals }) => {
	if (!locals.user) throw new NotSignedIn(SIGN_IN_TO_RATE);
	const user = requireActiveUser(locals);
	const platformId = readId(params.id, 'platform id');
	const input = await readJson(request, ratingSchema);
	const { created, ...result } = await rate(platformId, user.id, input);
	return json(result, created ? 201 : 200);
});
