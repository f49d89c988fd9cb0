import { requireEditor } from '@/server/auth/permissions';
import { revokePreviewLink } from '@/server/content/previews';
import { InvalidInput } from '@/server/errors';
import { endpoint } from '@/server/http/endpoint';
import { PREVIEW_LINK_ID, PREVIEW_LINK_ID_MESSAGE } from '@/lib/validation/admin';

export const prerender = false;

/**
 * Revokes one preview link (editors): 204; 400 for an id that is not a link's id (64 hex
 * characters, as POST and GET answer it); 404 for one that names no link.
 */
export const DELETE = endpoint('personal', async ({ params, locals }) => {
	requireEditor(locals);
	const id = params.id ?? '';
	if (!PREVIEW_LINK_ID.test(id)) throw new InvalidInput(PREVIEW_LINK_ID_MESSAGE);
	await revokePreviewLink(id);
	return new Response(null, { status: 204 });
});
