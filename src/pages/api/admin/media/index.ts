import { TOTAL_COUNT_HEADER } from '@/lib/api-client';
import { mediaAltSchema, mediaListQuerySchema } from '@/lib/validation/media';
import { requireEditor } from '@/server/auth/permissions';
import { InvalidInput } from '@/server/errors';
import { endpoint, json, parseWith, readQuery } from '@/server/http/endpoint';
import { withUploadForm } from '@/server/http/multipart';
import { listMedia, uploadMedia } from '@/server/media/library';
import { assertWithinQuota } from '@/server/media/quota';

export const prerender = false;

/** One page of the library (24 images), newest first, searched by alt text and name; X-Total-Count. */
export const GET = endpoint('personal', async ({ url, locals }) => {
	requireEditor(locals);
	const { items, total } = await listMedia(readQuery(url, mediaListQuerySchema));
	return json(items, 200, { [TOTAL_COUNT_HEADER]: String(total) });
});

/**
 * Uploads an image: multipart/form-data with `file` and `alt`; 201 with the image and its
 * variants, or 200 with the library's earlier copy of the same image (`alreadyInLibrary`). The session and role are checked from the headers, before the body is read, and
 * so is the editor's quota (already used up: 413); the file's own size is checked once read.
 */
export const POST = endpoint('personal', async ({ request, locals }) => {
	const editor = requireEditor(locals);
	await assertWithinQuota(editor, 1);
	const item = await withUploadForm(request, async (form) => {
		const alt = parseWith(mediaAltSchema, form.fields.get('alt') ?? undefined);
		if (!form.file) throw new InvalidInput('Choose an image file to upload.', 'file');
		return uploadMedia({ file: form.file, name: form.file.name, alt }, editor);
	});
	return json(item, item.alreadyInLibrary ? 200 : 201);
});
