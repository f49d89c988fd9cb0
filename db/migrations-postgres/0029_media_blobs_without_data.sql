ALTER TABLE "media_blobs" ALTER COLUMN "size" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "media_blobs" ALTER COLUMN "chunk_bytes" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "media_blobs" DROP COLUMN "data";