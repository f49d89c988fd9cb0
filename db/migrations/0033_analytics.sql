CREATE TABLE `analytics_daily` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`day` text NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`pageviews` integer DEFAULT 0 NOT NULL,
	`visitors` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `analytics_daily_day_kind_key_unique` ON `analytics_daily` (`day`,`kind`,`key`);--> statement-breakpoint
CREATE TABLE `analytics_salts` (
	`day` text PRIMARY KEY NOT NULL,
	`salt` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `analytics_visits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`day` text NOT NULL,
	`path` text NOT NULL,
	`visitor` text NOT NULL,
	`referrer_host` text,
	`pageviews` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `analytics_visits_day_path_visitor_unique` ON `analytics_visits` (`day`,`path`,`visitor`);--> statement-breakpoint
CREATE INDEX `analytics_visits_day_idx` ON `analytics_visits` (`day`);--> statement-breakpoint
CREATE TABLE `signup_attributions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`day` text NOT NULL,
	`path` text NOT NULL,
	`referrer_host` text
);
--> statement-breakpoint
CREATE INDEX `signup_attributions_day_idx` ON `signup_attributions` (`day`);