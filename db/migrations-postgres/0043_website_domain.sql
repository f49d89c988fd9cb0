ALTER TABLE "platforms" ADD COLUMN "website_domain" text;--> statement-breakpoint
CREATE INDEX "users_work_domain_idx" ON "users" USING btree ("work_domain") WHERE "users"."work_domain" is not null;