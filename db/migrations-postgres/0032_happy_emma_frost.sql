ALTER TABLE "platform_ratings" ADD COLUMN "source" text DEFAULT 'organic' NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_ratings" ADD COLUMN "incentivized" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "platforms" ADD COLUMN "score" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "platforms_score_idx" ON "platforms" USING btree ("score");