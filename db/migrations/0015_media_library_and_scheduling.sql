CREATE TABLE `media_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`alt` text NOT NULL,
	`format` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`bytes` integer NOT NULL,
	`uploaded_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `media_items_created_idx` ON `media_items` (`created_at`);--> statement-breakpoint
CREATE TABLE `media_variants` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`media_id` integer NOT NULL,
	`key` text NOT NULL,
	`format` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`bytes` integer NOT NULL,
	`is_fallback` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`media_id`) REFERENCES `media_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `media_variants_media_idx` ON `media_variants` (`media_id`);--> statement-breakpoint
CREATE INDEX `media_variants_key_idx` ON `media_variants` (`key`);--> statement-breakpoint
ALTER TABLE `articles` ADD `publish_at` integer;--> statement-breakpoint
CREATE INDEX `articles_publish_at_idx` ON `articles` (`publish_at`);