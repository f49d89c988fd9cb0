/**
 * The media library's files in PostgreSQL, shared by every node: see store.ts. A file is a row
 * of media_blobs (its type and size) and its bytes in media_chunks, parts of MEDIA_CHUNK_BYTES
 * numbered from 0: a range reads only the parts it covers, a whole file is read a few parts at
 * a time as the client takes them, so no read holds a file (a 100 MB episode read whole as one
 * bytea took a node from 307 to 928 MB for a one-byte range).
 */
import { and, asc, between, eq, inArray } from 'drizzle-orm';
import { schema, type PostgresDatabase } from '@/server/db/postgres-connection';
import type { ByteRange } from '@/server/http/byte-range';
import type { MediaStore, StoredFile } from './store-port';

const blobs = schema.mediaBlobs;
const chunks = schema.mediaChunks;

/**
 * The length of a file's parts (the last may be shorter). Files keep the length they were
 * written with (media_blobs.chunk_bytes), so changing it affects only new files; the
 * migration that moved the older files into parts (0028) used this value.
 */
export const MEDIA_CHUNK_BYTES = 256 * 1024;
/** Parts written by one INSERT and read by one SELECT: about a megabyte. */
const CHUNKS_PER_STATEMENT = 4;

export class PostgresMediaStore implements MediaStore {
	constructor(private readonly database: PostgresDatabase) {}

	async put(key: string, contentType: string, data: Buffer): Promise<void> {
		await this.database.transaction(async (tx) => {
			// The same key always holds the same bytes, so a second write has nothing to change; a
			// concurrent one waits here for the first to commit.
			const [created] = await tx
				.insert(blobs)
				.values({ key, contentType, size: data.byteLength, chunkBytes: MEDIA_CHUNK_BYTES })
				.onConflictDoNothing()
				.returning({ key: blobs.key });
			if (!created) return;
			const count = Math.ceil(data.byteLength / MEDIA_CHUNK_BYTES);
			for (let first = 0; first < count; first += CHUNKS_PER_STATEMENT) {
				const rows = [];
				for (let seq = first; seq < Math.min(count, first + CHUNKS_PER_STATEMENT); seq++) {
					rows.push({ key, seq, data: data.subarray(seq * MEDIA_CHUNK_BYTES, (seq + 1) * MEDIA_CHUNK_BYTES) });
				}
				await tx.insert(chunks).values(rows);
			}
		});
	}

	async get(key: string): Promise<StoredFile | null> {
		const [row] = await this.database
			.select({ contentType: blobs.contentType, size: blobs.size, chunkBytes: blobs.chunkBytes })
			.from(blobs)
			.where(eq(blobs.key, key));
		if (!row) return null;
		return {
			contentType: row.contentType,
			size: row.size,
			read: (range) => this.readParts(key, row.chunkBytes, range),
		};
	}

	/** The bytes of `range`, a few parts per query, each query made when the caller asks for more. */
	private async *readParts(key: string, chunkBytes: number, { start, end }: ByteRange): AsyncIterable<Uint8Array> {
		const last = Math.floor(end / chunkBytes);
		for (let first = Math.floor(start / chunkBytes); first <= last; first += CHUNKS_PER_STATEMENT) {
			const upTo = Math.min(last, first + CHUNKS_PER_STATEMENT - 1);
			const rows = await this.database
				.select({ seq: chunks.seq, data: chunks.data })
				.from(chunks)
				.where(and(eq(chunks.key, key), between(chunks.seq, first, upTo)))
				.orderBy(asc(chunks.seq));
			if (rows.length !== upTo - first + 1) throw new Error(`media file ${key} lacks parts ${first} to ${upTo}`);
			for (const { seq, data } of rows) {
				const offset = seq * chunkBytes;
				yield data.subarray(Math.max(0, start - offset), Math.min(data.byteLength, end + 1 - offset));
			}
		}
	}

	async remove(keys: readonly string[]): Promise<void> {
		// Their parts go with them (ON DELETE CASCADE).
		if (keys.length > 0) await this.database.delete(blobs).where(inArray(blobs.key, [...keys]));
	}
}
