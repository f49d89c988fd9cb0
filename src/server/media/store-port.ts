/** The media library's storage port: four calls each adapter answers (store.ts chooses one). */
import type { ByteRange } from '@/server/http/byte-range';

export type StoredFile = {
	contentType: string;
	/** Its length in bytes. */
	size: number;
	/**
	 * Its bytes from `start` to `end` (both included), read a part at a time as the caller asks
	 * for them: no read holds the whole file, and stopping early reads no more. A part is valid
	 * until the next is asked for: adapters read each into the buffer the one before came in,
	 * so a file streamed to many clients makes no garbage (http/paced-body.ts says when that is
	 * safe). A caller that keeps parts copies them.
	 */
	read(range: ByteRange): AsyncIterable<Uint8Array>;
};

/**
 * Where a store keeps its files: a folder of this machine, which a backup copies, or a table of
 * the database, whose own backup holds them.
 */
export type MediaLocation = { folder: string } | { table: string };

export interface MediaStore {
	readonly location: MediaLocation;
	put(key: string, contentType: string, data: Buffer): Promise<void>;
	/** Stores the file at `path` (an upload's temporary file), read a part at a time. */
	putFile(key: string, contentType: string, path: string): Promise<void>;
	/** The file's type and size, its bytes read only when asked for; null when no file has this key. */
	get(key: string): Promise<StoredFile | null>;
	remove(keys: readonly string[]): Promise<void>;
}
