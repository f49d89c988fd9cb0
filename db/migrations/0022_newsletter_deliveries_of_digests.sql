PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_newsletter_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`issue_id` integer,
	`digest_id` integer,
	`user_id` integer,
	`member_id` integer,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`claimed_at` integer,
	`sent_to` text,
	`sent_at` integer,
	`last_error` text,
	FOREIGN KEY (`issue_id`) REFERENCES `newsletter_issues`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`digest_id`) REFERENCES `platform_digests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`member_id`) REFERENCES `newsletter_members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_newsletter_deliveries`("id", "issue_id", "digest_id", "user_id", "member_id", "status", "attempts", "next_attempt_at", "claimed_at", "sent_to", "sent_at", "last_error") SELECT "id", "issue_id", "digest_id", "user_id", "member_id", "status", "attempts", "next_attempt_at", "claimed_at", "sent_to", "sent_at", "last_error" FROM `newsletter_deliveries`;--> statement-breakpoint
DROP TABLE `newsletter_deliveries`;--> statement-breakpoint
ALTER TABLE `__new_newsletter_deliveries` RENAME TO `newsletter_deliveries`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_deliveries_issue_user_unique` ON `newsletter_deliveries` (`issue_id`,`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_deliveries_issue_member_unique` ON `newsletter_deliveries` (`issue_id`,`member_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_deliveries_digest_user_unique` ON `newsletter_deliveries` (`digest_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `newsletter_deliveries_claim_idx` ON `newsletter_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `newsletter_deliveries_issue_status_idx` ON `newsletter_deliveries` (`issue_id`,`status`);