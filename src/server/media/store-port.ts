/** The media library's storage port: four calls each adapter answers (store.ts chooses one). */
export type StoredFile = { data: Buffer; contentType: string };

export interface MediaStore {
	put(key: string, contentType: string, data: Buffer): Promise<void>;
	/** The file, or null when no file has this key. */
	get(key: string): Promise<StoredFile | null>;
	/** Whether a file has this key, without reading it (a cache's revalidation asks this). */
	has(key: string): Promise<boolean>;
	remove(keys: readonly string[]): Promise<void>;
}
