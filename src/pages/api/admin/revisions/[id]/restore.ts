import { requireEditor } from '@/server/auth/permissions';
import { restoreRevision } from '@/server/admin/revisions';
import { endpoint, json, readId } from '@/server/http/endpoint';

export const prerender = false;

/**
 * Makes the revision the item's current version (editors), saved like an edit: a new revision,
 * and the public pages follow. Answers the new revision.
 */
export const POST = endpoint('personal', async ({ params, locals }) => {
	const editor = requireEditor(locals);
	return json(await restoreRevision(readId(params.id, 'revision id'), editor.id));
});
