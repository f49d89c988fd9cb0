-- Custom SQL migration file, put your code below! --
-- Full-text search (FTS5) over articles and podcast episodes. External-content tables: the text
-- lives once, in the real tables; triggers keep the indexes in step; 'rebuild' indexes existing rows.
CREATE VIRTUAL TABLE `articles_fts` USING fts5(
	title, excerpt, tags,
	content='articles', content_rowid='id',
	tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `articles_fts_after_insert` AFTER INSERT ON `articles` BEGIN
	INSERT INTO articles_fts(rowid, title, excerpt, tags) VALUES (new.id, new.title, new.excerpt, new.tags);
END;
--> statement-breakpoint
CREATE TRIGGER `articles_fts_after_delete` AFTER DELETE ON `articles` BEGIN
	INSERT INTO articles_fts(articles_fts, rowid, title, excerpt, tags) VALUES ('delete', old.id, old.title, old.excerpt, old.tags);
END;
--> statement-breakpoint
CREATE TRIGGER `articles_fts_after_update` AFTER UPDATE OF title, excerpt, tags ON `articles` BEGIN
	INSERT INTO articles_fts(articles_fts, rowid, title, excerpt, tags) VALUES ('delete', old.id, old.title, old.excerpt, old.tags);
	INSERT INTO articles_fts(rowid, title, excerpt, tags) VALUES (new.id, new.title, new.excerpt, new.tags);
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `podcast_episodes_fts` USING fts5(
	title, description, tags,
	content='podcast_episodes', content_rowid='id',
	tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `podcast_episodes_fts_after_insert` AFTER INSERT ON `podcast_episodes` BEGIN
	INSERT INTO podcast_episodes_fts(rowid, title, description, tags) VALUES (new.id, new.title, new.description, new.tags);
END;
--> statement-breakpoint
CREATE TRIGGER `podcast_episodes_fts_after_delete` AFTER DELETE ON `podcast_episodes` BEGIN
	INSERT INTO podcast_episodes_fts(podcast_episodes_fts, rowid, title, description, tags) VALUES ('delete', old.id, old.title, old.description, old.tags);
END;
--> statement-breakpoint
CREATE TRIGGER `podcast_episodes_fts_after_update` AFTER UPDATE OF title, description, tags ON `podcast_episodes` BEGIN
	INSERT INTO podcast_episodes_fts(podcast_episodes_fts, rowid, title, description, tags) VALUES ('delete', old.id, old.title, old.description, old.tags);
	INSERT INTO podcast_episodes_fts(rowid, title, description, tags) VALUES (new.id, new.title, new.description, new.tags);
END;
--> statement-breakpoint
INSERT INTO articles_fts(articles_fts) VALUES ('rebuild');
--> statement-breakpoint
INSERT INTO podcast_episodes_fts(podcast_episodes_fts) VALUES ('rebuild');
