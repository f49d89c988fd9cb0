CREATE TABLE `platform_representatives` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`platform_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`platform_id`) REFERENCES `platforms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `platform_representatives_one_per_user` ON `platform_representatives` (`user_id`);--> statement-breakpoint
CREATE INDEX `platform_representatives_platform_idx` ON `platform_representatives` (`platform_id`);--> statement-breakpoint
CREATE TABLE `review_replies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`rating_id` integer NOT NULL,
	`author_id` integer,
	`content` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`rating_id`) REFERENCES `platform_ratings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_replies_one_per_review` ON `review_replies` (`rating_id`);--> statement-breakpoint
CREATE INDEX `review_replies_author_idx` ON `review_replies` (`author_id`);--> statement-breakpoint
CREATE TABLE `review_votes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`rating_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`vote_type` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`rating_id`) REFERENCES `platform_ratings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_votes_one_per_user` ON `review_votes` (`rating_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `review_votes_user_idx` ON `review_votes` (`user_id`);