import { requireEditor } from '@/server/auth/permissions';
import { endpoint, json, readId, readJson } from '@/server/http/endpoint';
import { deletePlatform } from '@/server/platforms/directory';
import { savePlatform } from '@/server/admin/platforms';
import { platformFormSchema } from '@/lib/validation/platforms';

export const prerender = false;

// Editors only: the platform panel lives in the editor dashboard.

/** Replaces the platform's form fields (the form always sends all of them). */
export const PUT = endpoint('personal', async ({ params, request, locals }) => {
	const editor = requireEditor(locals);
	const id = readId(params.id, 'platform id');
	return json(await savePlatform(id, await readJson(request, platformFormSchema), { authorId: editor.id }));
});

/** Deletes the platform with its ratings, comments and votes. */
export const DELETE = endpoint('personal', async ({ params, locals }) => {
	requireEditor(locals);
	await deletePlatform(readId(params.id, 'platform id'));
	return json({ message: 'Platform deleted' });
});
