ALTER TABLE `newsletter_unsubscribe_tokens` ADD `email` text;--> statement-breakpoint
ALTER TABLE `newsletter_unsubscribe_tokens` ADD `unsubscribed_at` integer;