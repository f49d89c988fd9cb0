import { requireActiveUser } from '@/server/auth/permissions';
import { spendCostlyRead } from '@/server/auth/rate-limit';
import { clientKey } from '@/server/http/request-origin';
import { listReviews, rate } from '@/server/community/reviews';
import { endpoint, json, readId, readJson, readQuery, publicJson } from '@/server/http/endpoint';
import { SIGN_IN_TO_RATE, ratingListQuerySchema, ratingSchema } from '@/lib/validation/platforms';
import { NotSignedIn } from '@/server/errors';
import { TOTAL_COUNT_HEADER } from '@/lib/api-client';

export const prerender = false;

/**
 * A page of the platform's reviews (a plain array, as before paging): `sort` = newest (default) |
 * helpful | highest | lowest, `stars` = 1..5 for only those, the reviewer filters, `limit`
 * (default 20) and `offset` (at most MAX_REVIEW_OFFSET); each with helpfulCount,
 * unhelpfulCount, isVerified and reply; `theme` (with `themeSide`) for the reviews in one of
 * GET /api/platforms/{id}/themes. How many match in all is in X-Total-Count.
 */
export const GET = endpoint('public', async (ctx) => {
	const platformId = readId(ctx.params.id, 'platform id');
	const query = readQuery(ctx.url, ratingListQuerySchema);
	// A costly read when not kept: it spends the client's budget (read-budget.ts).
	await spendCostlyRead(clientKey(ctx));
	const { reviews, total } = await listReviews(platformId, query);
	return publicJson(reviews, ctx, { [TOTAL_COUNT_HEADER]: String(total) });
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
