CREATE TABLE `platform_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`platform_id` integer NOT NULL,
	`field` text NOT NULL,
	`from_value` text NOT NULL,
	`to_value` text NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`platform_id`) REFERENCES `platforms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `platform_changes_platform_at_idx` ON `platform_changes` (`platform_id`,`at`);