-- Custom SQL migration file, put your code below! --
-- Article search in list order. The rowid of articles_fts becomes a search key that sorts like the
-- default list (kind, then creation date, then id), so a newest-first search walks the index
-- backwards and stops once a page is full instead of collecting every match (see
-- src/server/content/article-search.ts, which reads the same layout):
--   bit 62       kind: 0 news, 1 education (any other kind files under 0: the kind filter still applies)
--   bits 36-61   created_at >> 16, a bucket of 65.5 s (created_at clamped to 0 .. 2^42-1 ms, 1970-2109)
--   bits 0-35    id (ids up to 2^36)
-- Articles of one bucket are ordered by id, not by their exact date: the list query sorts the
-- bucket at the page's edge by the real date, so results stay exact.
-- The table is contentless (contentless_delete=1): the text lives once, in articles; the triggers
-- delete and insert by key. articles_fts_terms lists the indexed terms, to expand a prefix into
-- its terms (FTS5 would otherwise merge every matching doclist before returning a row).
DROP TRIGGER `articles_fts_after_insert`;
--> statement-breakpoint
DROP TRIGGER `articles_fts_after_delete`;
--> statement-breakpoint
DROP TRIGGER `articles_fts_after_update`;
--> statement-breakpoint
DROP TABLE `articles_fts`;
--> statement-breakpoint
CREATE VIEW `articles_search_source` AS SELECT
	`id`,
	(CASE `kind` WHEN 'education' THEN 1 ELSE 0 END << 62)
		| ((max(0, min(`created_at`, 4398046511103)) >> 16) << 36)
		| `id` AS `search_key`,
	`title`, `excerpt`, `tags`
FROM `articles`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `articles_fts` USING fts5(
	title, excerpt, tags,
	content='', contentless_delete=1,
	tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `articles_fts_terms` USING fts5vocab(`articles_fts`, 'instance');
--> statement-breakpoint
CREATE TRIGGER `articles_fts_after_insert` AFTER INSERT ON `articles` BEGIN
	INSERT INTO articles_fts(rowid, title, excerpt, tags)
		SELECT search_key, title, excerpt, tags FROM articles_search_source WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `articles_fts_before_delete` BEFORE DELETE ON `articles` BEGIN
	DELETE FROM articles_fts WHERE rowid = (SELECT search_key FROM articles_search_source WHERE id = old.id);
END;
--> statement-breakpoint
CREATE TRIGGER `articles_fts_before_update` BEFORE UPDATE OF id, kind, created_at, title, excerpt, tags ON `articles` BEGIN
	DELETE FROM articles_fts WHERE rowid = (SELECT search_key FROM articles_search_source WHERE id = old.id);
END;
--> statement-breakpoint
CREATE TRIGGER `articles_fts_after_update` AFTER UPDATE OF id, kind, created_at, title, excerpt, tags ON `articles` BEGIN
	INSERT INTO articles_fts(rowid, title, excerpt, tags)
		SELECT search_key, title, excerpt, tags FROM articles_search_source WHERE id = new.id;
END;
--> statement-breakpoint
INSERT INTO articles_fts(rowid, title, excerpt, tags)
	SELECT search_key, title, excerpt, tags FROM articles_search_source;
--> statement-breakpoint
INSERT INTO articles_fts(articles_fts) VALUES ('optimize');
