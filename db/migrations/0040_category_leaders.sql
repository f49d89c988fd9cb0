CREATE TABLE `category_leaders` (
	`quarter` text NOT NULL,
	`category` text NOT NULL,
	`rank` integer NOT NULL,
	`platform_id` integer NOT NULL,
	`score` real NOT NULL,
	`review_count` integer NOT NULL,
	FOREIGN KEY (`platform_id`) REFERENCES `platforms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `category_leaders_rank_idx` ON `category_leaders` (`quarter`,`category`,`rank`);--> statement-breakpoint
CREATE INDEX `category_leaders_platform_idx` ON `category_leaders` (`platform_id`,`quarter`);