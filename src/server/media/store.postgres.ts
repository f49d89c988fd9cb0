/**
 * The media library's files in PostgreSQL (media_blobs), shared by every node: see store.ts.
 */
import { eq, getTableName, inArray } from 'drizzle-orm';
import { schema, type PostgresDatabase } from '@/server/db/postgres-connection';
import type { MediaLocation, MediaStore, StoredFile } from './store-port';

const blobs = schema.mediaBlobs;

export class PostgresMediaStore implements MediaStore {
	readonly location: MediaLocation = { table: getTableName(blobs) };

	constructor(private readonly database: PostgresDatabase) {}

	async put(key: string, contentType: string, data: Buffer): Promise<void> {
		// The same key always holds the same bytes, so a second write has nothing to change.
		await this.database.insert(blobs).values({ key, contentType, data }).onConflictDoNothing();
	}

	async get(key: string): Promise<StoredFile | null> {
		const [row] = await this.database
			.select({ data: blobs.data, contentType: blobs.contentType })
			.from(blobs)
			.where(eq(blobs.key, key));
		return row ?? null;
	}

	async remove(keys: readonly string[]): Promise<void> {
		if (keys.length > 0) await this.database.delete(blobs).where(inArray(blobs.key, [...keys]));
	}
}
