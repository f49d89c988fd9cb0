ALTER TABLE `platforms` ADD `ease_of_use_count` integer;--> statement-breakpoint
ALTER TABLE `platforms` ADD `support_count` integer;--> statement-breakpoint
ALTER TABLE `platforms` ADD `measurement_count` integer;--> statement-breakpoint
ALTER TABLE `platforms` ADD `value_for_money_count` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `display_name` text;