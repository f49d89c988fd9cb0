import { requireEditor } from '@/server/auth/permissions';
import { endpoint, json, readId } from '@/server/http/endpoint';
import { deleteAudio } from '@/server/media/audio';

export const prerender = false;

/** Deletes an uploaded audio file; 409 naming the episodes while one uses it. */
export const DELETE = endpoint('personal', async ({ params, locals }) => {
	requireEditor(locals);
	await deleteAudio(readId(params.id, 'audio id'));
	return json({ message: 'Audio file deleted' });
});
