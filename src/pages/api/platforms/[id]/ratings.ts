import { requireActiveUser } from '@/server/auth/permissions';
import { listReviews, rate } from '@/server/community/reviews';
import { endpoint, json, readId, readJson, readQuery, publicJson } from '@/server/http/endpoint';
import { SIGN_IN_TO_RATE, ratingListQuerySchema, ratingSchema } from '@/lib/validation/platforms';
import { NotSignedIn } from '@/server/errors';

export const prerender = false;

/**
 * The platform's reviews: `sort` = newest (default) | helpful | highest | lowest, `stars` = 1..5
 * for only those; each with helpfulCount, unhelpfulCount, isVerified and reply.
 */
export const GET = endpoint('public', async ({ params, url }) => {
	const platformId = readId(params.id, 'platform id');
	return publicJson(await listReviews(platformId, readQuery(url, ratingListQuerySchema)), { url });
});

/**
 * Rates the platform (or changes the user's rating). A banned user's session is refused by the
 * session middleware, so they meet the sign-in message here and the ban message at sign-in;
 * requireActiveUser is the second line should a banned user's session ever get through.
 */
export const POST = endpoint('personal', async ({ params, request, locals }) => {
	if (!locals.user) throw new NotSignedIn(SIGN_IN_TO_RATE);
	const user = requireActiveUser(locals);
	const platformId = readId(params.id, 'platform id');
	const input = await readJson(request, ratingSchema);
	const { created, ...result } = await rate(platformId, user.id, input);
	return json(result, created ? 201 : 200);
});
