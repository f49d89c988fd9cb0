CREATE TABLE "media_chunks" (
	"key" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "media_chunks_key_seq_pk" PRIMARY KEY("key","seq")
);
--> statement-breakpoint
ALTER TABLE "media_blobs" ADD COLUMN "size" integer;--> statement-breakpoint
ALTER TABLE "media_blobs" ADD COLUMN "chunk_bytes" integer;--> statement-breakpoint
ALTER TABLE "media_chunks" ADD CONSTRAINT "media_chunks_key_media_blobs_key_fk" FOREIGN KEY ("key") REFERENCES "public"."media_blobs"("key") ON DELETE cascade ON UPDATE no action;