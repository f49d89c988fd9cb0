CREATE TABLE `newsletter_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`issue_id` integer NOT NULL,
	`user_id` integer,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`claimed_at` integer,
	`sent_to` text,
	`sent_at` integer,
	`last_error` text,
	FOREIGN KEY (`issue_id`) REFERENCES `newsletter_issues`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_deliveries_issue_user_unique` ON `newsletter_deliveries` (`issue_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `newsletter_deliveries_claim_idx` ON `newsletter_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `newsletter_deliveries_issue_status_idx` ON `newsletter_deliveries` (`issue_id`,`status`);--> statement-breakpoint
CREATE TABLE `newsletter_issues` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subject` text NOT NULL,
	`content` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`author_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`send_started_at` integer,
	`sent_at` integer,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `newsletter_issues_status_idx` ON `newsletter_issues` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `newsletter_unsubscribe_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `newsletter_unsubscribe_tokens_user_idx` ON `newsletter_unsubscribe_tokens` (`user_id`);