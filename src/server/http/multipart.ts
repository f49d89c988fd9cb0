/**
 * The media library's upload: a multipart/form-data body read as it arrives by busboy, within
 * its body cap (MAX_UPLOAD_BODY_BYTES) counted before anything parses it, its text fields as
 * strings and its `file` part streamed to a temporary file (upload-file.ts), never held whole
 * in memory.
 */
import { join } from 'node:path';
import busboy from 'busboy';
import { withoutNul } from '@/lib/visible-text';
import { MAX_MEDIA_BYTES } from '@/lib/validation/media';
import { HttpError } from './endpoint';
import { MAX_UPLOAD_BODY_BYTES, BodyAborted, BodyTooLarge } from './request-body';
import { bodyStream, uploadRefusal, withUploadSlot, writeUpload, type UploadedFile } from './upload-file';

/** Longest file name kept (it is only shown and searched). */
const MAX_FILE_NAME_LENGTH = 200;
/** Text fields and their length: the form has one (alt), whose own limit is far below. */
const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 64 * 1024;

export type UploadForm = {
	fields: Map<string, string>;
	file: (UploadedFile & { name: string }) | null;
};

const UNREADABLE = 'The upload is not a readable multipart/form-data body.';

/** The file name as shown: no path, no control characters, bounded. */
function cleanName(name: string): string {
	// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
	const base = (name.split(/[\\/]/).at(-1) ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
	return base.slice(0, MAX_FILE_NAME_LENGTH) || 'image';
}

/** Reads the form into `folder`: its fields, and its first `file` part as a file there. */
async function readForm(request: Request, type: string, folder: string): Promise<UploadForm> {
	let parser: busboy.Busboy;
	try {
		parser = busboy({
			headers: { 'content-type': type },
			// One byte more than an image may have: the library refuses it with its own sentence.
			limits: { fileSize: MAX_MEDIA_BYTES + 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES },
		});
	} catch {
		throw new HttpError(400, UNREADABLE);
	}
	const fields = new Map<string, string>();
	let file: Promise<UploadForm['file']> = Promise.resolve(null);
	let taken = false;
	parser.on('field', (name, value) => {
		if (!fields.has(name)) fields.set(name, withoutNul(value) as string);
	});
	parser.on('file', (name, stream, info) => {
		if (name !== 'file' || taken) return void stream.resume();
		taken = true;
		const written = writeUpload(stream, join(folder, 'upload'), MAX_MEDIA_BYTES + 1);
		file = written.then((each) => ({ ...each, name: cleanName(info.filename ?? '') }));
		// Its failure ends the parse, and is reported below once the parse is over.
		file.catch(() => parser.destroy());
	});
	const body = bodyStream(request);
	let read = 0;
	body.on('data', (chunk: Buffer) => {
		read += chunk.byteLength;
		if (read > MAX_UPLOAD_BODY_BYTES) body.destroy(new BodyTooLarge());
	});
	try {
		await new Promise<void>((done, fail) => {
			body.once('error', fail);
			parser.once('error', () => fail(new HttpError(400, UNREADABLE)));
			parser.once('close', done);
			body.pipe(parser);
		});
		return { fields, file: await file };
	} catch (error) {
		body.destroy();
		// A full disk is ours to answer 500 for, not the client's.
		if (
			error instanceof BodyTooLarge ||
			error instanceof HttpError ||
			(error as NodeJS.ErrnoException).syscall
		)
			throw error;
		throw new BodyAborted();
	}
}

/**
 * Reads the media library's upload form and runs `use` on it while its file exists, holding an
 * upload slot: 415 for a body that is no form, 413 over the cap, 400 for one unreadable or
 * given up on, 429 when the node's slots are taken.
 */
export async function withUploadForm<T>(request: Request, use: (form: UploadForm) => Promise<T>): Promise<T> {
	const type = request.headers.get('content-type') ?? '';
	if (!/^multipart\/form-data\b/i.test(type)) {
		throw new HttpError(415, 'Send the image as multipart/form-data, with the fields file and alt.');
	}
	return withUploadSlot(async (folder) => {
		let form: UploadForm;
		try {
			form = await readForm(request, type, folder);
		} catch (error) {
			throw uploadRefusal(error);
		}
		return use(form);
	});
}
