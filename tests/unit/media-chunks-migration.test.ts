/**
 * The PostgreSQL migrations that move the media library's files from one bytea each
 * (media_blobs.data) into parts (media_chunks): files stored before come out whole, byte for
 * byte, read through the store by range, with their sizes; an empty file has no parts, and
 * media_blobs keeps no bytes. SQLite keeps its files in a folder, untouched.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import type { PostgresDatabase } from '@/server/db/postgres-connection';
import { MEDIA_CHUNK_BYTES, PostgresMediaStore } from '@/server/media/store.postgres';
import { emptyPostgresDatabase, type TestPostgres } from '../support/postgres-databases';
import { migrationsAround } from '../support/migrations';

let dir: string | undefined;
let postgres: TestPostgres | undefined;

afterAll(async () => {
	if (dir) rmSync(dir, { recursive: true, force: true });
	await postgres?.close();
});

async function readAll(store: PostgresMediaStore, key: string, start: number, end: number): Promise<Buffer> {
	const file = await store.get(key);
	const parts: Uint8Array[] = [];
	// A part is valid until the next is asked for (the store reuses its buffer): kept, it is copied.
	for await (const part of file!.read({ start, end })) parts.push(Buffer.from(part));
	return Buffer.concat(parts);
}

describe('media files stored before media_chunks, when the migrations run', () => {
	it('PostgreSQL: are moved into parts, whole and byte for byte, and media_blobs keeps no bytes', async () => {
		dir = mkdtempSync(join(tmpdir(), 'migrations-'));
		const { before, all } = migrationsAround(resolve('db/migrations-postgres'), '_media_chunks', dir);
		postgres = await emptyPostgresDatabase();
		const db = postgres.db as unknown as PostgresDatabase;
		await migratePostgres(db, { migrationsFolder: before });
		// Three parts (the last short), exactly one, one short one, and none.
		const large = randomBytes(2 * MEDIA_CHUNK_BYTES + 75_712);
		const largeKey = `${'a'.repeat(32)}.mp3`;
		const files = {
			[largeKey]: large,
			[`${'b'.repeat(32)}.png`]: randomBytes(MEDIA_CHUNK_BYTES),
			[`${'c'.repeat(32)}.gif`]: randomBytes(10),
			[`${'d'.repeat(32)}.jpg`]: Buffer.alloc(0),
		};
		for (const [key, data] of Object.entries(files)) {
			await db.execute(
				sql`insert into media_blobs (key, content_type, data) values (${key}, 'application/octet-stream', ${data})`,
			);
		}
		await migratePostgres(db, { migrationsFolder: all });

		const { rows: columns } = await db.execute<{ name: string }>(
			sql`select column_name as name from information_schema.columns where table_name = 'media_blobs'`,
		);
		expect(columns.map((column) => column.name)).not.toContain('data');
		const { rows: parts } = await db.execute<{ key: string; parts: number }>(
			sql`select b.key, count(c.seq)::integer as parts from media_blobs b
				left join media_chunks c on c.key = b.key group by b.key order by b.key`,
		);
		expect(parts.map((row) => row.parts)).toEqual([3, 1, 1, 0]);
		const store = new PostgresMediaStore(db);
		for (const [key, data] of Object.entries(files)) {
			const file = await store.get(key);
			expect(file, key).toMatchObject({ contentType: 'application/octet-stream', size: data.byteLength });
			if (data.byteLength === 0) continue;
			expect((await readAll(store, key, 0, data.byteLength - 1)).equals(data), key).toBe(true);
		}
		// A range across both part boundaries.
		const [start, end] = [MEDIA_CHUNK_BYTES - 5, 2 * MEDIA_CHUNK_BYTES + 9];
		expect((await readAll(store, largeKey, start, end)).equals(large.subarray(start, end + 1))).toBe(true);
	});
});
