/**
 * POST /api/admin/media/audio (editors): an episode's audio file as the request body (any
 * Content-Type; the bytes are sniffed), at most 200 MB. 201 with its address, size, type and
 * the duration read from it, which the episode form fills in.
 */
import { requireEditor } from '@/server/auth/permissions';
import { endpoint, HttpError, json } from '@/server/http/endpoint';
import {
	BODY_TOO_LARGE,
	BodyAborted,
	BodyTooLarge,
	MAX_AUDIO_UPLOAD_BODY_BYTES,
	declaresTooLargeBody,
	readCappedBody,
} from '@/server/http/request-body';
import { uploadAudio } from '@/server/media/audio';

export const prerender = false;

export const POST = endpoint('personal', async ({ request, locals }) => {
	requireEditor(locals);
	if (declaresTooLargeBody(request.headers.get('content-length'), MAX_AUDIO_UPLOAD_BODY_BYTES)) {
		throw new HttpError(413, BODY_TOO_LARGE);
	}
	let bytes: Buffer;
	try {
		bytes = request.body ? await readCappedBody(request.body, MAX_AUDIO_UPLOAD_BODY_BYTES) : Buffer.alloc(0);
	} catch (error) {
		if (error instanceof BodyTooLarge) throw new HttpError(413, error.message);
		if (error instanceof BodyAborted) throw new HttpError(400, error.message);
		throw error;
	}
	if (bytes.byteLength === 0) throw new HttpError(400, 'Send the audio file as the request body.');
	return json(await uploadAudio(bytes), 201);
});
