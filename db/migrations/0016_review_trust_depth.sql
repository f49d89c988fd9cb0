CREATE TABLE `review_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`rating_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL,
	`dismissed_at` integer,
	FOREIGN KEY (`rating_id`) REFERENCES `platform_ratings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_reports_one_per_user` ON `review_reports` (`rating_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `review_reports_user_idx` ON `review_reports` (`user_id`);--> statement-breakpoint
ALTER TABLE `platform_ratings` ADD `pros` text;--> statement-breakpoint
ALTER TABLE `platform_ratings` ADD `cons` text;--> statement-breakpoint
ALTER TABLE `platform_ratings` ADD `ease_of_use` integer;--> statement-breakpoint
ALTER TABLE `platform_ratings` ADD `support` integer;--> statement-breakpoint
ALTER TABLE `platform_ratings` ADD `measurement` integer;--> statement-breakpoint
ALTER TABLE `platform_ratings` ADD `value_for_money` integer;--> statement-breakpoint
ALTER TABLE `platform_ratings` ADD `reviewer_role` text;--> statement-breakpoint
ALTER TABLE `platform_ratings` ADD `company_size` text;--> statement-breakpoint
ALTER TABLE `platform_ratings` ADD `industry` text;