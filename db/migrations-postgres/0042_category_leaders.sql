CREATE TABLE "category_leaders" (
	"quarter" text NOT NULL,
	"category" text NOT NULL,
	"rank" integer NOT NULL,
	"platform_id" integer NOT NULL,
	"score" double precision NOT NULL,
	"review_count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "category_leaders" ADD CONSTRAINT "category_leaders_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "category_leaders_rank_idx" ON "category_leaders" USING btree ("quarter","category","rank");--> statement-breakpoint
CREATE INDEX "category_leaders_platform_idx" ON "category_leaders" USING btree ("platform_id","quarter");