CREATE TABLE `newsletter_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`issue_id` integer NOT NULL,
	`token` text NOT NULL,
	`url` text NOT NULL,
	`clicks` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`issue_id`) REFERENCES `newsletter_issues`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_links_token_unique` ON `newsletter_links` (`token`);--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_links_issue_url_unique` ON `newsletter_links` (`issue_id`,`url`);