ALTER TABLE `platform_ratings` ADD `source` text DEFAULT 'organic' NOT NULL;--> statement-breakpoint
ALTER TABLE `platform_ratings` ADD `incentivized` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `platforms` ADD `score` real DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `platforms_score_idx` ON `platforms` (`score`);