/** The media library's storage port: three calls each adapter answers (store.ts chooses one). */
export type StoredFile = { data: Buffer; contentType: string };

/**
 * Where a store keeps its files: a folder of this machine, which a backup copies, or a table of
 * the database, whose own backup holds them.
 */
export type MediaLocation = { folder: string } | { table: string };

export interface MediaStore {
	readonly location: MediaLocation;
	put(key: string, contentType: string, data: Buffer): Promise<void>;
	/** The file, or null when no file has this key. */
	get(key: string): Promise<StoredFile | null>;
	remove(keys: readonly string[]): Promise<void>;
}
