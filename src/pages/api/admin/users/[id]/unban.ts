import { unbanUser } from '@/server/admin/users';
import { requireEditor } from '@/server/auth/permissions';
import { endpoint, json, readId } from '@/server/http/endpoint';

export const prerender = false;

/** Lifts a ban (same rule as banning); the user can sign in again. Answers the user. */
export const PUT = endpoint('personal', async ({ locals, params }) => {
	const editor = requireEditor(locals);
	return json(await unbanUser(editor, readId(params.id, 'user id')));
});
