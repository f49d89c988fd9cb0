CREATE TABLE `newsletter_member_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`member_id` integer NOT NULL,
	`purpose` text NOT NULL,
	`expires_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `newsletter_members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `newsletter_member_tokens_member_idx` ON `newsletter_member_tokens` (`member_id`);--> statement-breakpoint
CREATE TABLE `newsletter_members` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer NOT NULL,
	`confirmed_at` integer,
	`unsubscribed_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_members_email_unique` ON `newsletter_members` (`email`);--> statement-breakpoint
CREATE INDEX `newsletter_members_status_idx` ON `newsletter_members` (`status`);--> statement-breakpoint
CREATE TABLE `newsletter_suppressions` (
	`email` text PRIMARY KEY NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `newsletter_deliveries` ADD `member_id` integer REFERENCES newsletter_members(id) ON DELETE set null;--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_deliveries_issue_member_unique` ON `newsletter_deliveries` (`issue_id`,`member_id`);--> statement-breakpoint
ALTER TABLE `newsletter_issues` ADD `send_at` integer;