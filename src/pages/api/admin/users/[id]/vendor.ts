import { setRepresentative } from '@/server/admin/users';
import { requireEditor } from '@/server/auth/permissions';
import { endpoint, json, readId, readJson } from '@/server/http/endpoint';
import { vendorSchema } from '@/lib/validation/admin';

export const prerender = false;

/**
 * `{ platformId: N }` makes the user that platform's representative (they answer its reviews);
 * `{ platformId: null }` ends it. Answers the user, with vendorPlatformId.
 */
export const PUT = endpoint('personal', async ({ locals, params, request }) => {
	requireEditor(locals);
	const userId = readId(params.id, 'user id');
	const { platformId } = await readJson(request, vendorSchema);
	return json(await setRepresentative(userId, platformId));
});
