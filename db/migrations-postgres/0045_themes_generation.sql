DROP INDEX "review_themes_one_idx";--> statement-breakpoint
DROP INDEX "review_themes_platform_idx";--> statement-breakpoint
ALTER TABLE "platforms" ADD COLUMN "themes_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_themes" ADD COLUMN "generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "review_themes_one_idx" ON "review_themes" USING btree ("rating_id","side","theme","generation");--> statement-breakpoint
CREATE INDEX "review_themes_platform_idx" ON "review_themes" USING btree ("platform_id","generation","side","theme","rating_id");