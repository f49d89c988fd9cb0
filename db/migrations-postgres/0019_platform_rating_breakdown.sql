ALTER TABLE "platforms" ADD COLUMN "stars_1" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "platforms" ADD COLUMN "stars_2" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "platforms" ADD COLUMN "stars_3" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "platforms" ADD COLUMN "stars_4" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "platforms" ADD COLUMN "stars_5" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "platforms" ADD COLUMN "ease_of_use_average" double precision;--> statement-breakpoint
ALTER TABLE "platforms" ADD COLUMN "support_average" double precision;--> statement-breakpoint
ALTER TABLE "platforms" ADD COLUMN "measurement_average" double precision;--> statement-breakpoint
ALTER TABLE "platforms" ADD COLUMN "value_for_money_average" double precision;