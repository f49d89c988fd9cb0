CREATE TABLE `articles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`excerpt` text NOT NULL,
	`content` text NOT NULL,
	`category` text NOT NULL,
	`image_url` text,
	`tags` text NOT NULL,
	`read_time` integer DEFAULT 5 NOT NULL,
	`is_published` integer DEFAULT false NOT NULL,
	`author_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "articles_read_time_range" CHECK("articles"."read_time" between 1 and 60)
);
--> statement-breakpoint
CREATE INDEX `articles_public_list_idx` ON `articles` (`kind`,`is_published`,`created_at`);--> statement-breakpoint
CREATE INDEX `articles_category_idx` ON `articles` (`kind`,`category`,`created_at`);--> statement-breakpoint
CREATE INDEX `articles_title_idx` ON `articles` (`kind`,`title`);--> statement-breakpoint
CREATE INDEX `articles_author_idx` ON `articles` (`author_id`);--> statement-breakpoint
CREATE TABLE `comment_votes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`comment_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`vote_type` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`comment_id`) REFERENCES `platform_comments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `comment_votes_one_per_user` ON `comment_votes` (`comment_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `comment_votes_user_idx` ON `comment_votes` (`user_id`);--> statement-breakpoint
CREATE TABLE `password_reset_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_reset_tokens_user_id_idx` ON `password_reset_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `platform_comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`platform_id` integer NOT NULL,
	`user_id` integer,
	`comment` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`helpful_votes` integer DEFAULT 0 NOT NULL,
	`unhelpful_votes` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`platform_id`) REFERENCES `platforms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `platform_comments_platform_status_idx` ON `platform_comments` (`platform_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `platform_comments_status_idx` ON `platform_comments` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `platform_comments_user_idx` ON `platform_comments` (`user_id`);--> statement-breakpoint
CREATE TABLE `platform_ratings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`platform_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`rating` integer NOT NULL,
	`review` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`platform_id`) REFERENCES `platforms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "platform_ratings_range" CHECK("platform_ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `platform_ratings_one_per_user` ON `platform_ratings` (`platform_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `platform_ratings_platform_created_idx` ON `platform_ratings` (`platform_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `platform_ratings_user_idx` ON `platform_ratings` (`user_id`);--> statement-breakpoint
CREATE TABLE `platforms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`logo` text,
	`pricing` text NOT NULL,
	`features` text NOT NULL,
	`pros` text NOT NULL,
	`cons` text NOT NULL,
	`website_url` text,
	`category` text NOT NULL,
	`is_recommended` integer DEFAULT false NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`rating` real DEFAULT 0 NOT NULL,
	`review_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `platforms_name_idx` ON `platforms` (`name`);--> statement-breakpoint
CREATE INDEX `platforms_rating_idx` ON `platforms` (`rating`);--> statement-breakpoint
CREATE INDEX `platforms_category_idx` ON `platforms` (`category`);--> statement-breakpoint
CREATE INDEX `platforms_sort_order_idx` ON `platforms` (`sort_order`,`name`);--> statement-breakpoint
CREATE TABLE `podcast_episodes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`image_url` text,
	`audio_url` text NOT NULL,
	`duration` integer NOT NULL,
	`episode_number` integer NOT NULL,
	`season_number` integer DEFAULT 1 NOT NULL,
	`published_at` integer NOT NULL,
	`tags` text NOT NULL,
	`author_id` integer,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `podcast_episodes_published_idx` ON `podcast_episodes` (`published_at`);--> statement-breakpoint
CREATE INDEX `podcast_episodes_title_idx` ON `podcast_episodes` (`title`);--> statement-breakpoint
CREATE INDEX `podcast_episodes_duration_idx` ON `podcast_episodes` (`duration`);--> statement-breakpoint
CREATE INDEX `podcast_episodes_number_idx` ON `podcast_episodes` (`season_number`,`episode_number`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_id_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `static_pages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`content` text NOT NULL,
	`last_modified_by` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`last_modified_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `static_pages_slug_unique` ON `static_pages` (`slug`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`role` text DEFAULT 'user' NOT NULL,
	`is_banned` integer DEFAULT false NOT NULL,
	`is_newsletter_subscribed` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (lower("username"));--> statement-breakpoint
CREATE INDEX `users_created_at_idx` ON `users` (`created_at`);