ALTER TABLE `platforms` ADD `website_domain` text;--> statement-breakpoint
CREATE INDEX `users_work_domain_idx` ON `users` (`work_domain`) WHERE "users"."work_domain" is not null;