/**
 * POST /api/admin/media/audio (editors): an episode's audio file as the request body (any
 * Content-Type; the bytes are sniffed), at most 200 MB. 201 with its address, size, type and
 * the duration read from it, which the episode form fills in. The session and role are
 * checked from the headers, before the body is read; the body goes to a temporary file.
 */
import { requireEditor } from '@/server/auth/permissions';
import { endpoint, json } from '@/server/http/endpoint';
import { InvalidInput } from '@/server/errors';
import { withUploadedBody } from '@/server/http/upload-file';
import { MAX_AUDIO_UPLOAD_BODY_BYTES } from '@/server/http/request-body';
import { uploadAudio } from '@/server/media/audio';

export const prerender = false;

export const POST = endpoint('personal', async ({ request, locals }) => {
	requireEditor(locals);
	const audio = await withUploadedBody(request, MAX_AUDIO_UPLOAD_BODY_BYTES, async (file) => {
		if (file.bytes === 0) throw new InvalidInput('Send the audio file as the request body.');
		return uploadAudio(file);
	});
	return json(audio, 201);
});
