ALTER TABLE `platforms` ADD `stars_1` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `platforms` ADD `stars_2` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `platforms` ADD `stars_3` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `platforms` ADD `stars_4` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `platforms` ADD `stars_5` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `platforms` ADD `ease_of_use_average` real;--> statement-breakpoint
ALTER TABLE `platforms` ADD `support_average` real;--> statement-breakpoint
ALTER TABLE `platforms` ADD `measurement_average` real;--> statement-breakpoint
ALTER TABLE `platforms` ADD `value_for_money_average` real;