import { setDisplayName } from '@/server/auth/accounts';
import { requireUser } from '@/server/auth/permissions';
import { endpoint, json, readJson } from '@/server/http/endpoint';
import { displayNameSchema } from '@/lib/validation/auth';

export const prerender = false;

/** The name the user's bylines show; null or empty clears it. Answers the user. */
export const PUT = endpoint('personal', async ({ request, locals }) => {
	const user = requireUser(locals);
	const { displayName } = await readJson(request, displayNameSchema);
	return json(await setDisplayName(user.id, displayName));
});
