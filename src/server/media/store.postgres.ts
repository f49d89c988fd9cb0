/**
 * The media library's files in PostgreSQL, shared by every node: see store.ts. A file is a row
 * of media_blobs (its type and size) and its bytes in media_chunks, parts of MEDIA_CHUNK_BYTES
 * numbered from 0: a range reads only the bytes it covers, a whole file is read a part at a
 * time as the client takes them, so no read holds a file (a 100 MB episode read whole as one
 * bytea took a node from 307 to 928 MB for a one-byte range).
 */
import { open } from 'node:fs/promises';
import { eq, getTableName, inArray, sql } from 'drizzle-orm';
import { schema, type PostgresDatabase } from '@/server/db/postgres-connection';
import type { ByteRange } from '@/server/http/byte-range';
import type { MediaLocation, MediaStore, StoredFile } from './store-port';

const blobs = schema.mediaBlobs;
const chunks = schema.mediaChunks;

/**
 * The length of a file's parts (the last may be shorter). Files keep the length they were
 * written with (media_blobs.chunk_bytes), so changing it affects only new files; the
 * migration that moved the older files into parts (0028) used this value.
 */
export const MEDIA_CHUNK_BYTES = 256 * 1024;
/** What one row of a read brings: see readPart. */
const SLICE_BYTES = 32 * 1024;
/** Parts written by one INSERT: about a megabyte. */
const CHUNKS_PER_INSERT = 4;

export class PostgresMediaStore implements MediaStore {
	readonly location: MediaLocation = { table: `${getTableName(blobs)}, ${getTableName(chunks)}` };

	constructor(private readonly database: PostgresDatabase) {}

	async put(key: string, contentType: string, data: Buffer): Promise<void> {
		await this.write(key, contentType, data.byteLength, async (seq) =>
			data.subarray(seq * MEDIA_CHUNK_BYTES, (seq + 1) * MEDIA_CHUNK_BYTES),
		);
	}

	async putFile(key: string, contentType: string, path: string): Promise<void> {
		const file = await open(path, 'r');
		try {
			const { size } = await file.stat();
			// One INSERT's parts at a time, read into the same few buffers for every INSERT (write()
			// sends one INSERT whole before it asks for the next parts): a 200 MB episode neither
			// passes through memory whole nor leaves 800 parts' worth of buffers for the collector.
			const parts = Array.from({ length: CHUNKS_PER_INSERT }, () => Buffer.allocUnsafe(MEDIA_CHUNK_BYTES));
			await this.write(key, contentType, size, async (seq) => {
				const part = parts[seq % CHUNKS_PER_INSERT]!;
				const { bytesRead } = await file.read(part, 0, MEDIA_CHUNK_BYTES, seq * MEDIA_CHUNK_BYTES);
				return part.subarray(0, bytesRead);
			});
		} finally {
			await file.close();
		}
	}

	/** Writes a file of `size` bytes whose part `seq` partAt() gives, CHUNKS_PER_INSERT parts per INSERT. */
	private async write(
		key: string,
		contentType: string,
		size: number,
		partAt: (seq: number) => Promise<Buffer>,
	): Promise<void> {
		await this.database.transaction(async (tx) => {
			// The same key always holds the same bytes, so a second write has nothing to change; a
			// concurrent one waits here for the first to commit.
			const [created] = await tx
				.insert(blobs)
				.values({ key, contentType, size, chunkBytes: MEDIA_CHUNK_BYTES })
				.onConflictDoNothing()
				.returning({ key: blobs.key });
			if (!created) return;
			const count = Math.ceil(size / MEDIA_CHUNK_BYTES);
			for (let first = 0; first < count; first += CHUNKS_PER_INSERT) {
				const rows = [];
				for (let seq = first; seq < Math.min(count, first + CHUNKS_PER_INSERT); seq++) {
					rows.push({ key, seq, data: await partAt(seq) });
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

	/**
	 * The bytes of `range`, one part per query, each query made when the caller asks for more.
	 * Only the bytes wanted are fetched (substring: a one-byte range reads one byte). Each part
	 * is decoded into one buffer that serves the whole read (see StoredFile.read): the driver
	 * would decode a bytea into a fresh Buffer per row, garbage as large as what was sent.
	 */
	private async *readParts(
		key: string,
		chunkBytes: number,
		{ start, end }: ByteRange,
	): AsyncIterable<Uint8Array> {
		const buffer = Buffer.allocUnsafe(Math.min(chunkBytes, end - start + 1));
		for (let seq = Math.floor(start / chunkBytes); seq <= Math.floor(end / chunkBytes); seq++) {
			const offset = seq * chunkBytes;
			// 1-based positions in the part, as substring counts.
			const first = Math.max(0, start - offset) + 1;
			const last = Math.min(chunkBytes, end + 1 - offset);
			yield buffer.subarray(0, await this.readPart(key, seq, first, last, buffer));
		}
	}

	/**
	 * Bytes `first` to `last` (1-based) of one part into `buffer`; answers how many. They come
	 * as base64 text in rows of SLICE_BYTES, decoded before this returns, so the text is
	 * garbage at once and dies young: base64 is two thirds of hex's length, short strings are
	 * freed by V8's young-generation collection where a part's 512 KB hex string waited for a
	 * full one, and none outlives the query (six stalled readers holding their parts' text
	 * made V8 double its young generation).
	 */
	private async readPart(
		key: string,
		seq: number,
		first: number,
		last: number,
		buffer: Buffer,
	): Promise<number> {
		const { rows } = await this.database.execute<{ text: string }>(sql`
			SELECT encode(substring(${chunks.data} FROM at FOR least(${SLICE_BYTES}, ${last}::integer - at + 1)), 'base64') AS text
			FROM ${chunks}, generate_series(${first}::integer, ${last}::integer, ${SLICE_BYTES}) AS at
			WHERE ${chunks.key} = ${key} AND ${chunks.seq} = ${seq}
			ORDER BY at`);
		if (rows.length === 0) throw new Error(`media file ${key} lacks its part ${seq}`);
		let length = 0;
		// PostgreSQL breaks base64 into lines; Node's decoder skips the line breaks.
		for (const row of rows) length += buffer.write(row.text, length, 'base64');
		return length;
	}

	async remove(keys: readonly string[]): Promise<void> {
		// Their parts go with them (ON DELETE CASCADE).
		if (keys.length > 0) await this.database.delete(blobs).where(inArray(blobs.key, [...keys]));
	}
}
