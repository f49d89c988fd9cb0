import { requireEditor } from '@/server/auth/permissions';
import { itemRevisions } from '@/server/admin/revisions';
import { endpoint, json, readQuery } from '@/server/http/endpoint';
import { revisionListQuerySchema } from '@/lib/validation/admin';

export const prerender = false;

/**
 * `?type=article|page|platform|episode&id=N` (editors): the item's revisions, newest first, as
 * `[{ id, createdAt, author, summary }]`; 404 when there is no such item.
 */
export const GET = endpoint('personal', async ({ url, locals }) => {
	requireEditor(locals);
	const { type, id } = readQuery(url, revisionListQuerySchema);
	return json(await itemRevisions(type, id));
});
