ALTER TABLE "podcast_episodes" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "podcast_episodes" ADD COLUMN "updated_at" timestamp with time zone DEFAULT to_timestamp(0) NOT NULL;--> statement-breakpoint
CREATE INDEX "podcast_episodes_publish_at_idx" ON "podcast_episodes" USING btree ("publish_at");