/**
 * POST /api/admin/media/audio (editors): an episode's audio file as the request body (any
 * Content-Type; the bytes are sniffed), at most 200 MB. 201 with its id, address, size, type and
 * the duration read from it, which the episode form fills in. The session, role and the
 * editor's quota (by Content-Length) are checked from the headers, before the body is read;
 * the body goes to a temporary file. GET: one page of uploaded audio, newest first.
 */
import { TOTAL_COUNT_HEADER } from '@/lib/api-client';
import { mediaListQuerySchema } from '@/lib/validation/media';
import { requireEditor } from '@/server/auth/permissions';
import { endpoint, json, readQuery } from '@/server/http/endpoint';
import { InvalidInput } from '@/server/errors';
import { withUploadedBody } from '@/server/http/upload-file';
import { MAX_AUDIO_UPLOAD_BODY_BYTES } from '@/server/http/request-body';
import { listAudio, uploadAudio } from '@/server/media/audio';
import { assertWithinQuota, declaredUploadBytes } from '@/server/media/quota';

export const prerender = false;

export const GET = endpoint('personal', async ({ url, locals }) => {
	requireEditor(locals);
	const { items, total } = await listAudio(readQuery(url, mediaListQuerySchema));
	return json(items, 200, { [TOTAL_COUNT_HEADER]: String(total) });
});

export const POST = endpoint('personal', async ({ request, locals }) => {
	const editor = requireEditor(locals);
	await assertWithinQuota(editor, declaredUploadBytes(request));
	const audio = await withUploadedBody(request, MAX_AUDIO_UPLOAD_BODY_BYTES, async (file) => {
		if (file.bytes === 0) throw new InvalidInput('Send the audio file as the request body.');
		return uploadAudio(file, editor);
	});
	return json(audio, 201);
});
