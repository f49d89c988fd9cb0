/** The media library's storage port: three calls each adapter answers (store.ts chooses one). */
export type StoredFile = { data: Buffer; contentType: string };

export interface MediaStore {
	put(key: string, contentType: string, data: Buffer): Promise<void>;
	/** The file, or null when no file has this key. */
	get(key: string): Promise<StoredFile | null>;
	remove(keys: readonly string[]): Promise<void>;
}
