/**
 * POST /api/platforms/{id}/follow follows the platform, DELETE unfollows it: a signed-in,
 * unbanned user with a confirmed address (403 with a sentence otherwise); 404 for an unknown
 * platform. Both answer the caller's follows, as GET /api/profile/follows does.
 */
import { recordSignup } from '@/server/analytics/signups';
import { assertCanFollow, requireActiveUser } from '@/server/auth/permissions';
import { endpoint, json, readId, readJson } from '@/server/http/endpoint';
import { attributionBodySchema } from '@/lib/validation/analytics';
import { followPlatform, listFollows, unfollowPlatform } from '@/server/platforms/follows';
import { SIGN_IN_TO_FOLLOW } from '@/lib/validation/platform-messages';
import { NotSignedIn } from '@/server/errors';
import type { APIContext } from 'astro';

export const prerender = false;

function follower({ locals }: Pick<APIContext, 'locals'>) {
	if (!locals.user) throw new NotSignedIn(SIGN_IN_TO_FOLLOW);
	const user = requireActiveUser(locals);
	assertCanFollow(user);
	return user;
}

export const POST = endpoint('personal', async (context) => {
	// An id no platform can have is a 404 whoever asks, as on every other {id} route.
	const platformId = readId(context.params.id, 'platform id');
	const user = follower(context);
	const { attribution } = await readJson(context.request, attributionBodySchema);
	await followPlatform(user.id, platformId);
	await recordSignup('follow', attribution, context.request);
	return json({ follows: await listFollows(user.id) });
});

export const DELETE = endpoint('personal', async (context) => {
	// An id no platform can have is a 404 whoever asks, as on every other {id} route.
	const platformId = readId(context.params.id, 'platform id');
	const user = follower(context);
	await unfollowPlatform(user.id, platformId);
	return json({ follows: await listFollows(user.id) });
});
