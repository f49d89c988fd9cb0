ALTER TABLE "podcast_episodes" ADD COLUMN "audio_bytes" integer;--> statement-breakpoint
ALTER TABLE "podcast_episodes" ADD COLUMN "audio_type" text;--> statement-breakpoint
ALTER TABLE "podcast_episodes" ADD COLUMN "is_published" boolean DEFAULT true NOT NULL;