-- Hand-written (drizzle-kit generate --custom): the bytes of every file stored before
-- media_chunks moved there in parts of 262,144 bytes (MEDIA_CHUNK_BYTES in
-- src/server/media/store.postgres.ts), numbered from 0, with each file's size and part length;
-- the next migration drops media_blobs.data. An empty file has no parts.
INSERT INTO "media_chunks" ("key", "seq", "data")
SELECT b."key", part.seq, substring(b."data" FROM part.seq * 262144 + 1 FOR 262144)
FROM "media_blobs" b
CROSS JOIN LATERAL generate_series(0, (length(b."data") + 262143) / 262144 - 1) AS part(seq);
--> statement-breakpoint
UPDATE "media_blobs" SET "size" = length("data"), "chunk_bytes" = 262144;
