ALTER TABLE "platform_ratings" ADD COLUMN "helpful_votes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_ratings" ADD COLUMN "unhelpful_votes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "platform_ratings_helpful_idx" ON "platform_ratings" USING btree ("platform_id","helpful_votes","created_at","id");