ALTER TABLE `platform_ratings` ADD `helpful_votes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `platform_ratings` ADD `unhelpful_votes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `platform_ratings_helpful_idx` ON `platform_ratings` (`platform_id`,`helpful_votes`,`created_at`,`id`);