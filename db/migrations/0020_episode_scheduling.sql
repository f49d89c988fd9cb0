ALTER TABLE `podcast_episodes` ADD `publish_at` integer;--> statement-breakpoint
ALTER TABLE `podcast_episodes` ADD `updated_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `podcast_episodes_publish_at_idx` ON `podcast_episodes` (`publish_at`);