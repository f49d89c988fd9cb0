/**
 * An upload is written to a temporary file as it arrives, never held whole in memory (a 200 MB
 * episode read whole cost its size per upload; issue 42, F-2): the bytes are counted against
 * the route's cap and hashed on the way, and the service reads the file (sharp and
 * music-metadata take paths) and copies it into the media store. The file is removed when the
 * upload is done, whatever became of it. At most MAX_CONCURRENT_UPLOADS run at once on a node:
 * each holds a file, a hash and a decoder, so more wait for a free slot.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { TooManyAttempts } from '@/server/errors';
import { config } from '@/server/runtime/config';
import { log } from '@/server/runtime/log';
import { HttpError } from './endpoint';
import { BODY_TOO_LARGE, BodyAborted, BodyTooLarge, declaresTooLargeBody } from './request-body';

export type UploadedFile = {
	/** The temporary file; gone once the upload's work is done. */
	path: string;
	/** Its length. */
	bytes: number;
	/** The SHA-256 of its bytes, in hex. */
	sha256: string;
};

/** Uploads under way on this node: a count per process, as the cap is each node's own. */
let running = 0;

/** How long a refused upload is asked to wait before trying again. */
const BUSY_RETRY_SECONDS = 10;

export const UPLOADS_BUSY = 'Too many uploads are in progress on this server. Try again in a few seconds.';

/**
 * Runs `work` in a temporary folder of its own while holding one of the node's upload slots;
 * refuses (429 with Retry-After) when every slot is taken. The folder goes when `work` ends.
 */
export async function withUploadSlot<T>(work: (folder: string) => Promise<T>): Promise<T> {
	if (running >= config().maxConcurrentUploads) throw new TooManyAttempts(UPLOADS_BUSY, BUSY_RETRY_SECONDS);
	running += 1;
	let folder: string | undefined;
	try {
		folder = await mkdtemp(join(tmpdir(), 'rmh-upload-'));
		return await work(folder);
	} finally {
		running -= 1;
		if (folder) await rm(folder, { recursive: true, force: true });
	}
}

/** Counts and hashes the bytes that pass; past `cap` fails with BodyTooLarge. */
function countedAndHashed(cap: number) {
	const hash = createHash('sha256');
	let bytes = 0;
	const stream = new Transform({
		transform(chunk: Buffer, _encoding, done) {
			bytes += chunk.byteLength;
			if (bytes > cap) return done(new BodyTooLarge());
			hash.update(chunk);
			done(null, chunk);
		},
	});
	return { stream, result: () => ({ bytes, sha256: hash.digest('hex') }) };
}

/**
 * Writes `source` to `path` within `cap` bytes. Throws BodyTooLarge past the cap, BodyAborted
 * when the source fails (the client went away).
 */
export async function writeUpload(
	source: NodeJS.ReadableStream,
	path: string,
	cap: number,
): Promise<UploadedFile> {
	const counter = countedAndHashed(cap);
	try {
		await pipeline(source, counter.stream, createWriteStream(path));
	} catch (error) {
		if (error instanceof BodyTooLarge) throw error;
		// A full disk is ours to answer 500 for, not the client's.
		if ((error as NodeJS.ErrnoException).syscall) throw error;
		throw new BodyAborted();
	}
	return { path, ...counter.result() };
}

/** The request's body as a Node stream (an empty one when it has none). */
export function bodyStream(request: Request): Readable {
	return request.body ? Readable.fromWeb(request.body as never) : Readable.from([]);
}

/** BodyTooLarge and BodyAborted as the answers the client reads: 413 and 400. */
export function uploadRefusal(error: unknown): unknown {
	if (error instanceof BodyTooLarge) return new HttpError(413, BODY_TOO_LARGE);
	if (!(error instanceof BodyAborted)) return error;
	log().warn('the client aborted the request body');
	return new HttpError(400, error.message);
}

/**
 * Takes the request's body (the file's bytes alone, as the audio upload sends them) into a
 * temporary file of at most `cap` bytes and runs `use` on it, holding an upload slot; the file
 * is removed afterwards. 413 for a body declared or found over the cap, 400 for one the client
 * gave up on, 429 when the node's slots are taken.
 */
export async function withUploadedBody<T>(
	request: Request,
	cap: number,
	use: (file: UploadedFile) => Promise<T>,
): Promise<T> {
	if (declaresTooLargeBody(request.headers.get('content-length'), cap)) {
		throw new HttpError(413, BODY_TOO_LARGE);
	}
	return withUploadSlot(async (folder) => {
		let file: UploadedFile;
		try {
			file = await writeUpload(bodyStream(request), join(folder, 'upload'), cap);
		} catch (error) {
			throw uploadRefusal(error);
		}
		return use(file);
	});
}

/** The first `length` bytes of a file (fewer when it is shorter): what a format is sniffed from. */
export async function fileHead(path: string, length: number): Promise<Buffer> {
	const file = await open(path, 'r');
	try {
		const buffer = Buffer.alloc(length);
		const { bytesRead } = await file.read(buffer, 0, length, 0);
		return buffer.subarray(0, bytesRead);
	} finally {
		await file.close();
	}
}
