import { banUser } from '@/server/admin/users';
import { requireEditor } from '@/server/auth/permissions';
import { endpoint, json, readId } from '@/server/http/endpoint';

export const prerender = false;

/** Bans a non-editor other than oneself and ends their sessions; answers the user. */
export const PUT = endpoint('personal', async ({ locals, params }) => {
	const editor = requireEditor(locals);
	return json(await banUser(editor, readId(params.id, 'user id')));
});
