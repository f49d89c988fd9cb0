CREATE TABLE `follow_unsubscribe_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`platform_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`platform_id`) REFERENCES `platforms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `follow_unsubscribe_tokens_user_idx` ON `follow_unsubscribe_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `platform_digests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`platform_id` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`since` integer NOT NULL,
	`send_at` integer NOT NULL,
	`closed_at` integer,
	FOREIGN KEY (`platform_id`) REFERENCES `platforms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `platform_digests_status_send_at_idx` ON `platform_digests` (`status`,`send_at`);--> statement-breakpoint
CREATE INDEX `platform_digests_platform_status_idx` ON `platform_digests` (`platform_id`,`status`);--> statement-breakpoint
CREATE TABLE `platform_follows` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`platform_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`platform_id`) REFERENCES `platforms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `platform_follows_one_per_user` ON `platform_follows` (`user_id`,`platform_id`);--> statement-breakpoint
CREATE INDEX `platform_follows_platform_idx` ON `platform_follows` (`platform_id`);--> statement-breakpoint
ALTER TABLE `newsletter_deliveries` ADD `digest_id` integer REFERENCES platform_digests(id);--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_deliveries_digest_user_unique` ON `newsletter_deliveries` (`digest_id`,`user_id`);