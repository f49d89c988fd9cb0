CREATE TABLE `media_audio` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`type` text NOT NULL,
	`bytes` integer NOT NULL,
	`duration_seconds` real NOT NULL,
	`uploaded_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `media_audio_created_idx` ON `media_audio` (`created_at`);--> statement-breakpoint
CREATE INDEX `media_audio_key_idx` ON `media_audio` (`key`);--> statement-breakpoint
CREATE INDEX `media_audio_uploaded_by_idx` ON `media_audio` (`uploaded_by`);--> statement-breakpoint
CREATE INDEX `media_items_uploaded_by_idx` ON `media_items` (`uploaded_by`);