ALTER TABLE `articles` ADD `publish_at` integer;--> statement-breakpoint
CREATE INDEX `articles_publish_at_idx` ON `articles` (`publish_at`);