CREATE TABLE `integrations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`content_key_hash` text NOT NULL,
	`admin_key_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `integrations_content_key_idx` ON `integrations` (`content_key_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `integrations_admin_key_idx` ON `integrations` (`admin_key_hash`);--> statement-breakpoint
ALTER TABLE `revisions` ADD `integration_id` integer REFERENCES integrations(id);