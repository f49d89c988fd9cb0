CREATE TABLE `platform_themes` (
	`platform_id` integer NOT NULL,
	`side` text NOT NULL,
	`theme` text NOT NULL,
	`review_count` integer NOT NULL,
	`review_ids` text NOT NULL,
	`first_seen_at` integer NOT NULL,
	FOREIGN KEY (`platform_id`) REFERENCES `platforms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `platform_themes_one_idx` ON `platform_themes` (`platform_id`,`side`,`theme`);--> statement-breakpoint
CREATE INDEX `platform_themes_shown_idx` ON `platform_themes` (`platform_id`,`side`,`review_count`);--> statement-breakpoint
CREATE TABLE `review_themes` (
	`rating_id` integer NOT NULL,
	`platform_id` integer NOT NULL,
	`side` text NOT NULL,
	`theme` text NOT NULL,
	FOREIGN KEY (`rating_id`) REFERENCES `platform_ratings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`platform_id`) REFERENCES `platforms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_themes_one_idx` ON `review_themes` (`rating_id`,`side`,`theme`);--> statement-breakpoint
CREATE INDEX `review_themes_platform_idx` ON `review_themes` (`platform_id`,`side`,`theme`,`rating_id`);--> statement-breakpoint
CREATE TABLE `theme_jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`platform_id` integer NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`claimed_at` integer,
	`changes` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`platform_id`) REFERENCES `platforms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `theme_jobs_platform_idx` ON `theme_jobs` (`platform_id`);--> statement-breakpoint
CREATE INDEX `theme_jobs_claim_idx` ON `theme_jobs` (`status`,`next_attempt_at`);