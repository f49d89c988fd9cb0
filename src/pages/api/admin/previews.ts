import { requireEditor } from '@/server/auth/permissions';
import { createPreviewLink } from '@/server/content/previews';
import { endpoint, json, readJson } from '@/server/http/endpoint';
import { previewRequestSchema } from '@/lib/validation/admin';

export const prerender = false;

/**
 * `{ type, id }` answers 201 `{ url, expiresAt }`: a link on SITE_URL that shows the item as
 * its public page would, to anyone, for 7 days or until the item is deleted (editors).
 */
export const POST = endpoint('personal', async ({ locals, request }) => {
	const editor = requireEditor(locals);
	const input = await readJson(request, previewRequestSchema);
	return json(await createPreviewLink(input, editor.id), 201);
});
