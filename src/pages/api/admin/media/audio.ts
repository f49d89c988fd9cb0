/**
 * POST /api/admin/media/audio (editors): an episode's audio file as the request body (any
 * Content-Type; the bytes are sniffed), at most 200 MB. 201 with its address, size, type and
 * the duration read from it, which the episode form fills in.
 */
import { requireEditor } from '@/server/auth/permissions';
import { endpoint, json } from '@/server/http/endpoint';
import { InvalidInput } from '@/server/errors';
import { readUploadBody } from '@/server/http/multipart';
import { MAX_AUDIO_UPLOAD_BODY_BYTES } from '@/server/http/request-body';
import { uploadAudio } from '@/server/media/audio';

export const prerender = false;

export const POST = endpoint('personal', async ({ request, locals }) => {
	requireEditor(locals);
	const bytes = await readUploadBody(request, MAX_AUDIO_UPLOAD_BODY_BYTES);
	if (bytes.byteLength === 0) throw new InvalidInput('Send the audio file as the request body.');
	return json(await uploadAudio(bytes), 201);
});
