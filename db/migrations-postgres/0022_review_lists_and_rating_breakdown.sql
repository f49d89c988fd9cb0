DROP INDEX "platform_ratings_platform_created_idx";--> statement-breakpoint
ALTER TABLE "platforms" ADD COLUMN "stars_1" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "platforms" ADD COLUMN "stars_2" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "platforms" ADD COLUMN "stars_3" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "platforms" ADD COLUMN "stars_4" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "platforms" ADD COLUMN "stars_5" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "platforms" ADD COLUMN "ease_of_use_average" double precision;--> statement-breakpoint
ALTER TABLE "platforms" ADD COLUMN "support_average" double precision;--> statement-breakpoint
ALTER TABLE "platforms" ADD COLUMN "measurement_average" double precision;--> statement-breakpoint
ALTER TABLE "platforms" ADD COLUMN "value_for_money_average" double precision;--> statement-breakpoint
CREATE INDEX "platform_ratings_listing_idx" ON "platform_ratings" USING btree ("platform_id","created_at","id","reviewer_role","company_size","industry","rating","user_id");--> statement-breakpoint
CREATE INDEX "platform_ratings_reviewer_idx" ON "platform_ratings" USING btree ("platform_id","reviewer_role","company_size","industry","created_at","id","rating","user_id");--> statement-breakpoint
CREATE INDEX "platform_ratings_stars_idx" ON "platform_ratings" USING btree ("platform_id","rating","created_at","id","reviewer_role","company_size","industry","ease_of_use","support","measurement","value_for_money","user_id");--> statement-breakpoint
CREATE INDEX "users_banned_idx" ON "users" USING btree ("id") WHERE "users"."is_banned";