DROP INDEX "review_themes_platform_idx";--> statement-breakpoint
ALTER TABLE "review_themes" ADD COLUMN "retired_generation" integer;--> statement-breakpoint
CREATE INDEX "platform_ratings_platform_id_idx" ON "platform_ratings" USING btree ("platform_id","id");--> statement-breakpoint
CREATE INDEX "review_themes_retired_idx" ON "review_themes" USING btree ("platform_id","retired_generation") WHERE "review_themes"."retired_generation" is not null;--> statement-breakpoint
CREATE INDEX "review_themes_platform_idx" ON "review_themes" USING btree ("platform_id","theme","side","rating_id","generation");--> statement-breakpoint
-- Older generations a recompute had not yet deleted: from now on a mention without a retired
-- generation belongs to every generation from its own, so they go now (no reader used them).
DELETE FROM "review_themes" WHERE "generation" < (SELECT "themes_generation" FROM "platforms" WHERE "platforms"."id" = "review_themes"."platform_id");
