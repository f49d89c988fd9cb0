import { setUserPassword } from '@/server/admin/users';
import { requireEditor } from '@/server/auth/permissions';
import { endpoint, json, readId, readJson } from '@/server/http/endpoint';
import { adminPasswordSchema } from '@/lib/validation/admin';

export const prerender = false;

/** Sets another user's password (body password, optional confirmPassword); ends their sessions. */
export const PUT = endpoint('personal', async ({ locals, params, request }) => {
	const editor = requireEditor(locals);
	const id = readId(params.id, 'user id');
	const { password } = await readJson(request, adminPasswordSchema);
	await setUserPassword(editor, id, password);
	return json({ message: 'Password updated' });
});
