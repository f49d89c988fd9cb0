CREATE TABLE `signup_attributions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`day` text NOT NULL,
	`path` text NOT NULL,
	`referrer_host` text
);
--> statement-breakpoint
CREATE INDEX `signup_attributions_day_idx` ON `signup_attributions` (`day`);