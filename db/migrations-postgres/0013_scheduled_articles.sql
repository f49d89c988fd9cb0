ALTER TABLE "articles" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "articles_publish_at_idx" ON "articles" USING btree ("publish_at");