/** GET /api/profile/follows: the platforms the signed-in user follows, `[{ platformId, name, followedAt }]` by name. */
import { requireUser } from '@/server/auth/permissions';
import { endpoint, json } from '@/server/http/endpoint';
import { listFollows } from '@/server/platforms/follows';

export const prerender = false;

export const GET = endpoint('personal', async ({ locals }) => {
	const user = requireUser(locals);
	return json(await listFollows(user.id));
});
