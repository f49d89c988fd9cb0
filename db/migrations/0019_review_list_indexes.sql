DROP INDEX `platform_ratings_platform_created_idx`;--> statement-breakpoint
CREATE INDEX `platform_ratings_listing_idx` ON `platform_ratings` (`platform_id`,`created_at`,`id`,`reviewer_role`,`company_size`,`industry`,`rating`,`user_id`);--> statement-breakpoint
CREATE INDEX `platform_ratings_stars_idx` ON `platform_ratings` (`platform_id`,`rating`,`created_at`,`id`,`reviewer_role`,`company_size`,`industry`,`ease_of_use`,`support`,`measurement`,`value_for_money`,`user_id`);--> statement-breakpoint
CREATE INDEX `users_banned_idx` ON `users` (`id`) WHERE "users"."is_banned";