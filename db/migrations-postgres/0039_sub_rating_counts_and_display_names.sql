ALTER TABLE "platforms" ADD COLUMN "ease_of_use_count" integer;--> statement-breakpoint
ALTER TABLE "platforms" ADD COLUMN "support_count" integer;--> statement-breakpoint
ALTER TABLE "platforms" ADD COLUMN "measurement_count" integer;--> statement-breakpoint
ALTER TABLE "platforms" ADD COLUMN "value_for_money_count" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "display_name" text;