ALTER TABLE `podcast_episodes` ADD `audio_bytes` integer;--> statement-breakpoint
ALTER TABLE `podcast_episodes` ADD `audio_type` text;--> statement-breakpoint
ALTER TABLE `podcast_episodes` ADD `is_published` integer DEFAULT true NOT NULL;