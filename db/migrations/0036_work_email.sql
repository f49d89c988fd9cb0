ALTER TABLE `email_verification_tokens` ADD `purpose` text DEFAULT 'account' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `work_email` text;--> statement-breakpoint
ALTER TABLE `users` ADD `work_domain` text;