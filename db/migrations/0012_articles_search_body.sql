-- Custom SQL migration file, put your code below! --
-- Article search reads the bodies too (words only in an article's text were found nowhere): the
-- view and the index of 0002 gain `body` (articles.content), the same search key and triggers
-- otherwise. The terms table reads the index, so it is dropped and made again with it.
DROP TRIGGER `articles_fts_after_insert`;
--> statement-breakpoint
DROP TRIGGER `articles_fts_before_delete`;
--> statement-breakpoint
DROP TRIGGER `articles_fts_before_update`;
--> statement-breakpoint
DROP TRIGGER `articles_fts_after_update`;
--> statement-breakpoint
DROP TABLE `articles_fts_terms`;
--> statement-breakpoint
DROP TABLE `articles_fts`;
--> statement-breakpoint
DROP VIEW `articles_search_source`;
--> statement-breakpoint
CREATE VIEW `articles_search_source` AS SELECT
	`id`,
	(CASE `kind` WHEN 'education' THEN 1 ELSE 0 END << 62)
		| ((max(0, min(`created_at`, 4398046511103)) >> 16) << 36)
		| `id` AS `search_key`,
	`title`, `excerpt`, `tags`, `content` AS `body`
FROM `articles`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `articles_fts` USING fts5(
	title, excerpt, tags, body,
	content='', contentless_delete=1,
	tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `articles_fts_terms` USING fts5vocab(`articles_fts`, 'instance');
--> statement-breakpoint
CREATE TRIGGER `articles_fts_after_insert` AFTER INSERT ON `articles` BEGIN
	INSERT INTO articles_fts(rowid, title, excerpt, tags, body)
		SELECT search_key, title, excerpt, tags, body FROM articles_search_source WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `articles_fts_before_delete` BEFORE DELETE ON `articles` BEGIN
	DELETE FROM articles_fts WHERE rowid = (SELECT search_key FROM articles_search_source WHERE id = old.id);
END;
--> statement-breakpoint
CREATE TRIGGER `articles_fts_before_update` BEFORE UPDATE OF id, kind, created_at, title, excerpt, tags, content ON `articles` BEGIN
	DELETE FROM articles_fts WHERE rowid = (SELECT search_key FROM articles_search_source WHERE id = old.id);
END;
--> statement-breakpoint
CREATE TRIGGER `articles_fts_after_update` AFTER UPDATE OF id, kind, created_at, title, excerpt, tags, content ON `articles` BEGIN
	INSERT INTO articles_fts(rowid, title, excerpt, tags, body)
		SELECT search_key, title, excerpt, tags, body FROM articles_search_source WHERE id = new.id;
END;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, excerpt, tags, body)
	SELECT search_key, title, excerpt, tags, body FROM articles_search_source;
--> statement-breakpoint
INSERT INTO articles_fts(articles_fts) VALUES ('optimize');
