/**
 * Where the media library's files live: one small port with an adapter per engine, chosen once
 * by the engine seam. SQLite runs as one process, so a folder (MEDIA_DIR) serves; with
 * PostgreSQL several nodes share the database, so the files live there (store.postgres.ts) and
 * a file uploaded on one node is served by every other at once, and backed up with the rest.
 * An S3-compatible store would be a third adapter of the same calls.
 *
 * Keys are content-addressed (a hash of the bytes and an extension), so a key's bytes never
 * change: writing a key twice writes the same file.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { copyFile, mkdir, open, rename, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { config } from '@/server/runtime/config';
import { byEngine } from '@/server/db';
import type { ByteRange } from '@/server/http/byte-range';
import { contentTypeOfKey } from './sniff';
import type { MediaLocation, MediaStore, StoredFile } from './store-port';
import { PostgresMediaStore } from './store.postgres';

export type { MediaLocation, MediaStore, StoredFile } from './store-port';

/** Files in MEDIA_DIR, spread over 256 subfolders by the key's first two characters. */
export class FolderMediaStore implements MediaStore {
	constructor(private readonly folder: string) {}

	get location(): MediaLocation {
		return { folder: this.folder };
	}

	/** The file's path; keys are checked against MEDIA_FILE_NAME before they get here. */
	path(key: string): string {
		return join(this.folder, key.slice(0, 2), key);
	}

	async put(key: string, _contentType: string, data: Buffer): Promise<void> {
		const target = this.path(key);
		mkdirSync(dirname(target), { recursive: true });
		// Written aside and renamed: a reader never sees half a file.
		const temp = `${target}.${process.pid}.${crypto.randomUUID()}.tmp`;
		writeFileSync(temp, data);
		renameSync(temp, target);
	}

	async putFile(key: string, _contentType: string, path: string): Promise<void> {
		const target = this.path(key);
		await mkdir(dirname(target), { recursive: true });
		const temp = `${target}.${process.pid}.${crypto.randomUUID()}.tmp`;
		// The kernel copies (copy_file_range where it can): nothing passes through this process.
		await copyFile(path, temp);
		await rename(temp, target);
	}

	async get(key: string): Promise<StoredFile | null> {
		const path = this.path(key);
		try {
			const { size } = await stat(path);
			return {
				contentType: contentTypeOfKey(key),
				size,
				read: (range) => readSpan(path, range),
			};
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
			throw error;
		}
	}

	async remove(keys: readonly string[]): Promise<void> {
		for (const key of keys) rmSync(this.path(key), { force: true });
	}
}

/** What one read of a file takes from it at a time. */
const READ_BYTES = 64 * 1024;

/**
 * The file's bytes from `start` to `end`, as the caller asks, READ_BYTES at a time into one
 * buffer (see StoredFile.read): a range reads only its own bytes, and sending a file makes no
 * garbage (a stream's fresh buffer per read left 25 MB uncollected for six stalled readers).
 * Stopping early closes the file.
 */
async function* readSpan(path: string, { start, end }: ByteRange): AsyncIterable<Uint8Array> {
	const file = await open(path, 'r');
	try {
		const buffer = Buffer.allocUnsafe(Math.min(READ_BYTES, end - start + 1));
		for (let position = start; position <= end; ) {
			const { bytesRead } = await file.read(
				buffer,
				0,
				Math.min(buffer.byteLength, end + 1 - position),
				position,
			);
			// The file is shorter than it was: what there was has been sent.
			if (bytesRead === 0) return;
			position += bytesRead;
			yield buffer.subarray(0, bytesRead);
		}
	} finally {
		await file.close();
	}
}

/** The running engine's media store. */
export const mediaStore = byEngine<MediaStore>({
	sqlite: () => new FolderMediaStore(config().mediaDir),
	postgres: (pool) => new PostgresMediaStore(pool),
});
