import { mediaAltUpdateSchema } from '@/lib/validation/media';
import { requireEditor } from '@/server/auth/permissions';
import { endpoint, json, readId, readJson } from '@/server/http/endpoint';
import { deleteMedia, getMedia, updateMediaAlt } from '@/server/media/library';

export const prerender = false;

/** One image with its variants. */
export const GET = endpoint('personal', async ({ params, locals }) => {
	requireEditor(locals);
	return json(await getMedia(readId(params.id, 'image id')));
});

/** Changes the alt text (`{ alt }`). */
export const PATCH = endpoint('personal', async ({ params, request, locals }) => {
	requireEditor(locals);
	const id = readId(params.id, 'image id');
	const { alt } = await readJson(request, mediaAltUpdateSchema);
	return json(await updateMediaAlt(id, alt));
});

/** Deletes the image and its files; 409 naming what uses it while something does. */
export const DELETE = endpoint('personal', async ({ params, locals }) => {
	requireEditor(locals);
	await deleteMedia(readId(params.id, 'image id'));
	return json({ message: 'Image deleted' });
});
