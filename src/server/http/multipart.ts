/**
 * Reads an upload's body within its own cap (readUploadBody: episode audio as raw bytes), and a
 * multipart/form-data upload (the media library's) within its own body cap, counted as
 * the bytes arrive, before anything parses it: text fields as strings, the `file` part as bytes.
 */
import { log } from '@/server/runtime/log';
import { withoutNul } from '@/lib/visible-text';
import { HttpError } from './endpoint';
import {
	BODY_TOO_LARGE,
	BodyAborted,
	BodyTooLarge,
	MAX_UPLOAD_BODY_BYTES,
	declaresTooLargeBody,
	readCappedBody,
} from './request-body';

/** Longest file name kept (it is only shown and searched). */
const MAX_FILE_NAME_LENGTH = 200;

export type UploadForm = {
	fields: Map<string, string>;
	file: { name: string; bytes: Buffer } | null;
};

/** The file name as shown: no path, no control characters, bounded. */
function cleanName(name: string): string {
	// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
	const base = (name.split(/[\\/]/).at(-1) ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
	return base.slice(0, MAX_FILE_NAME_LENGTH) || 'image';
}

/**
 * An upload's body within its own cap, counted as the bytes arrive: 413 for a body declared or
 * found over the cap, 400 for one the client gave up on.
 */
export async function readUploadBody(request: Request, cap: number): Promise<Buffer> {
	if (declaresTooLargeBody(request.headers.get('content-length'), cap)) {
		throw new HttpError(413, BODY_TOO_LARGE);
	}
	try {
		return request.body ? await readCappedBody(request.body, cap) : Buffer.alloc(0);
	} catch (error) {
		if (error instanceof BodyTooLarge) throw new HttpError(413, error.message);
		if (!(error instanceof BodyAborted)) throw error;
		log().warn('the client aborted the request body');
		throw new HttpError(400, error.message);
	}
}

export async function readUpload(request: Request): Promise<UploadForm> {
	const type = request.headers.get('content-type') ?? '';
	if (!/^multipart\/form-data\b/i.test(type)) {
		throw new HttpError(415, 'Send the image as multipart/form-data, with the fields file and alt.');
	}
	const bytes = await readUploadBody(request, MAX_UPLOAD_BODY_BYTES);
	let form: FormData;
	try {
		form = await new Response(new Uint8Array(bytes), { headers: { 'content-type': type } }).formData();
	} catch {
		throw new HttpError(400, 'The upload is not a readable multipart/form-data body.');
	}
	const fields = new Map<string, string>();
	let file: UploadForm['file'] = null;
	for (const [name, value] of form) {
		if (typeof value === 'string') {
			if (!fields.has(name)) fields.set(name, withoutNul(value) as string);
		} else if (name === 'file' && !file) {
			file = { name: cleanName(value.name), bytes: Buffer.from(await value.arrayBuffer()) };
		}
	}
	return { fields, file };
}
