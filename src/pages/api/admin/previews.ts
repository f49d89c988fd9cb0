import { requireEditor } from '@/server/auth/permissions';
import { createPreviewLink, listPreviewLinks } from '@/server/content/previews';
import { endpoint, json, readJson, readQuery } from '@/server/http/endpoint';
import { previewListQuerySchema, previewRequestSchema } from '@/lib/validation/admin';

export const prerender = false;

/**
 * `{ type, id }` answers 201 `{ id, url, expiresAt }`: a link on SITE_URL that shows the item as
 * its public page would, to anyone, for 7 days or until the item is deleted or published, its
 * creator stops being an editor, or an editor revokes it (DELETE /api/admin/previews/{id});
 * 409 when the item has 20 live links already (editors).
 */
export const POST = endpoint('personal', async ({ locals, request }) => {
	const editor = requireEditor(locals);
	const input = await readJson(request, previewRequestSchema);
	return json(await createPreviewLink(input, editor.id), 201);
});

/**
 * `?type=article|page|episode&id=N` (editors): the item's live links, oldest first, as
 * `[{ id, createdAt, expiresAt, createdBy }]` (their addresses are not kept); 404 for no item.
 */
export const GET = endpoint('personal', async ({ url, locals }) => {
	requireEditor(locals);
	return json(await listPreviewLinks(readQuery(url, previewListQuerySchema)));
});
