-- Hand-edited (drizzle-kit generate, then the backfill): every row gets a slug made from its
-- name or title as src/lib/slugs.ts makes one (lower-case ASCII letters, digits and single
-- hyphens, at most 80 characters, apostrophes dropped, '&' as 'and'). A title with other
-- letters (é, ü, 中), one without a letter, or one the kind reserves gets '{kind}-{id}'; the
-- later of two equal slugs gets '-{id}' added. Editors can rename any of them. SQLite cannot
-- add a NOT NULL column without a default: '' stands until the backfill, and every insert
-- names a slug (the schema requires one).
CREATE TABLE `item_slugs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`slug` text NOT NULL,
	`item_id` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `item_slugs_kind_slug_idx` ON `item_slugs` (`kind`,`slug`);--> statement-breakpoint
CREATE INDEX `item_slugs_item_idx` ON `item_slugs` (`kind`,`item_id`);--> statement-breakpoint
ALTER TABLE `articles` ADD `meta_title` text;--> statement-breakpoint
ALTER TABLE `articles` ADD `meta_description` text;--> statement-breakpoint
ALTER TABLE `platforms` ADD `meta_title` text;--> statement-breakpoint
ALTER TABLE `platforms` ADD `meta_description` text;--> statement-breakpoint
ALTER TABLE `podcast_episodes` ADD `meta_title` text;--> statement-breakpoint
ALTER TABLE `podcast_episodes` ADD `meta_description` text;--> statement-breakpoint
ALTER TABLE `static_pages` ADD `meta_title` text;--> statement-breakpoint
ALTER TABLE `static_pages` ADD `meta_description` text;--> statement-breakpoint
ALTER TABLE `articles` ADD `slug` text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE `articles` SET `slug` = trim(substr(trim(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(trim(title)), '''', ''), '’', ''), '&', '-and-'), '!', '-'), '"', '-'), '#', '-'), '$', '-'), '%', '-'), '(', '-'), ')', '-'), '*', '-'), '+', '-'), ',', '-'), '.', '-'), '/', '-'), ':', '-'), ';', '-'), '<', '-'), '=', '-'), '>', '-'), '?', '-'), '@', '-'), '[', '-'), '\', '-'), ']', '-'), '^', '-'), '_', '-'), '`', '-'), '{', '-'), '|', '-'), '}', '-'), '~', '-'), ' ', '-'), char(9), '-'), char(10), '-'), char(13), '-'), '--', '-'), '--', '-'), '--', '-'), '--', '-'), '--', '-'), '--', '-'), '-'), 1, 80), '-');--> statement-breakpoint
UPDATE `articles` SET `slug` = kind || '-' || id WHERE slug = '' OR slug GLOB '*[^a-z0-9-]*' OR slug NOT GLOB '*[a-z]*' ;--> statement-breakpoint
UPDATE `articles` SET `slug` = slug || '-' || id WHERE EXISTS (SELECT 1 FROM `articles` o WHERE o.kind = `articles`.kind AND o.slug = `articles`.slug AND o.id < `articles`.id);--> statement-breakpoint
ALTER TABLE `platforms` ADD `slug` text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE `platforms` SET `slug` = trim(substr(trim(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(trim(name)), '''', ''), '’', ''), '&', '-and-'), '!', '-'), '"', '-'), '#', '-'), '$', '-'), '%', '-'), '(', '-'), ')', '-'), '*', '-'), '+', '-'), ',', '-'), '.', '-'), '/', '-'), ':', '-'), ';', '-'), '<', '-'), '=', '-'), '>', '-'), '?', '-'), '@', '-'), '[', '-'), '\', '-'), ']', '-'), '^', '-'), '_', '-'), '`', '-'), '{', '-'), '|', '-'), '}', '-'), '~', '-'), ' ', '-'), char(9), '-'), char(10), '-'), char(13), '-'), '--', '-'), '--', '-'), '--', '-'), '--', '-'), '--', '-'), '--', '-'), '-'), 1, 80), '-');--> statement-breakpoint
UPDATE `platforms` SET `slug` = 'platform' || '-' || id WHERE slug = '' OR slug GLOB '*[^a-z0-9-]*' OR slug NOT GLOB '*[a-z]*' OR slug IN ('map', 'vs') OR slug LIKE 'vs-%' OR slug LIKE '%-vs' OR slug LIKE '%-vs-%';--> statement-breakpoint
UPDATE `platforms` SET `slug` = slug || '-' || id WHERE EXISTS (SELECT 1 FROM `platforms` o WHERE o.slug = `platforms`.slug AND o.id < `platforms`.id);--> statement-breakpoint
ALTER TABLE `podcast_episodes` ADD `slug` text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE `podcast_episodes` SET `slug` = trim(substr(trim(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(trim(title)), '''', ''), '’', ''), '&', '-and-'), '!', '-'), '"', '-'), '#', '-'), '$', '-'), '%', '-'), '(', '-'), ')', '-'), '*', '-'), '+', '-'), ',', '-'), '.', '-'), '/', '-'), ':', '-'), ';', '-'), '<', '-'), '=', '-'), '>', '-'), '?', '-'), '@', '-'), '[', '-'), '\', '-'), ']', '-'), '^', '-'), '_', '-'), '`', '-'), '{', '-'), '|', '-'), '}', '-'), '~', '-'), ' ', '-'), char(9), '-'), char(10), '-'), char(13), '-'), '--', '-'), '--', '-'), '--', '-'), '--', '-'), '--', '-'), '--', '-'), '-'), 1, 80), '-');--> statement-breakpoint
UPDATE `podcast_episodes` SET `slug` = 'episode' || '-' || id WHERE slug = '' OR slug GLOB '*[^a-z0-9-]*' OR slug NOT GLOB '*[a-z]*' OR slug = 'rss';--> statement-breakpoint
UPDATE `podcast_episodes` SET `slug` = slug || '-' || id WHERE EXISTS (SELECT 1 FROM `podcast_episodes` o WHERE o.slug = `podcast_episodes`.slug AND o.id < `podcast_episodes`.id);--> statement-breakpoint
ALTER TABLE `newsletter_issues` ADD `slug` text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE `newsletter_issues` SET `slug` = trim(substr(trim(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(trim(subject)), '''', ''), '’', ''), '&', '-and-'), '!', '-'), '"', '-'), '#', '-'), '$', '-'), '%', '-'), '(', '-'), ')', '-'), '*', '-'), '+', '-'), ',', '-'), '.', '-'), '/', '-'), ':', '-'), ';', '-'), '<', '-'), '=', '-'), '>', '-'), '?', '-'), '@', '-'), '[', '-'), '\', '-'), ']', '-'), '^', '-'), '_', '-'), '`', '-'), '{', '-'), '|', '-'), '}', '-'), '~', '-'), ' ', '-'), char(9), '-'), char(10), '-'), char(13), '-'), '--', '-'), '--', '-'), '--', '-'), '--', '-'), '--', '-'), '--', '-'), '-'), 1, 80), '-');--> statement-breakpoint
UPDATE `newsletter_issues` SET `slug` = 'issue' || '-' || id WHERE slug = '' OR slug GLOB '*[^a-z0-9-]*' OR slug NOT GLOB '*[a-z]*' OR slug = 'confirm';--> statement-breakpoint
UPDATE `newsletter_issues` SET `slug` = slug || '-' || id WHERE EXISTS (SELECT 1 FROM `newsletter_issues` o WHERE o.slug = `newsletter_issues`.slug AND o.id < `newsletter_issues`.id);--> statement-breakpoint
CREATE UNIQUE INDEX `articles_slug_idx` ON `articles` (`kind`,`slug`);--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_issues_slug_idx` ON `newsletter_issues` (`slug`);--> statement-breakpoint
CREATE UNIQUE INDEX `platforms_slug_idx` ON `platforms` (`slug`);--> statement-breakpoint
CREATE UNIQUE INDEX `podcast_episodes_slug_idx` ON `podcast_episodes` (`slug`);
