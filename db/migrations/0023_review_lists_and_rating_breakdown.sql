DROP INDEX `platform_ratings_platform_created_idx`;--> statement-breakpoint
CREATE INDEX `platform_ratings_listing_idx` ON `platform_ratings` (`platform_id`,`created_at`,`id`,`reviewer_role`,`company_size`,`industry`,`rating`,`user_id`);--> statement-breakpoint
CREATE INDEX `platform_ratings_reviewer_idx` ON `platform_ratings` (`platform_id`,`reviewer_role`,`company_size`,`industry`,`created_at`,`id`,`rating`,`user_id`);--> statement-breakpoint
CREATE INDEX `platform_ratings_stars_idx` ON `platform_ratings` (`platform_id`,`rating`,`created_at`,`id`,`reviewer_role`,`company_size`,`industry`,`ease_of_use`,`support`,`measurement`,`value_for_money`,`user_id`);--> statement-breakpoint
ALTER TABLE `platforms` ADD `stars_1` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `platforms` ADD `stars_2` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `platforms` ADD `stars_3` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `platforms` ADD `stars_4` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `platforms` ADD `stars_5` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `platforms` ADD `ease_of_use_average` real;--> statement-breakpoint
ALTER TABLE `platforms` ADD `support_average` real;--> statement-breakpoint
ALTER TABLE `platforms` ADD `measurement_average` real;--> statement-breakpoint
ALTER TABLE `platforms` ADD `value_for_money_average` real;--> statement-breakpoint
CREATE INDEX `users_banned_idx` ON `users` (`id`) WHERE "users"."is_banned";