CREATE TABLE `partner_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`type` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`claimed_at` integer,
	`fanned_out_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `partner_events_claim_idx` ON `partner_events` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `partner_events_done_idx` ON `partner_events` (`fanned_out_at`);