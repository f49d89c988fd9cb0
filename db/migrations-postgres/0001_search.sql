-- Custom SQL migration file, put your code below! ---- Full-text search: a stored tsvector per row, with a GIN index, over what FTS5 covers on SQLite
-- (articles: title, excerpt, tags; podcast episodes: title, description, tags). Stored rather
-- than an index expression, so a date-ordered search that reads the date index tests each row
-- cheaply, and ANALYZE keeps word statistics the planner needs to choose between the two.
-- The fold is searchFold of src/server/db/search-postgres.ts, which folds the searched words:
-- lower case, accents dropped, anything but letters and digits a space (FTS5's unicode61
-- remove_diacritics 2). The columns are not in db/schema/postgres.ts: drizzle never reads them.
ALTER TABLE "articles" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
	to_tsvector('simple'::regconfig, regexp_replace(regexp_replace(normalize(lower(
		"title" || ' ' || "excerpt" || ' ' || "tags"::text
	), NFD), '[\u0300-\u036f]+', '', 'g'), '[^[:alnum:]]+', ' ', 'g'))
) STORED;
--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin ("search_vector");
--> statement-breakpoint
ALTER TABLE "podcast_episodes" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
	to_tsvector('simple'::regconfig, regexp_replace(regexp_replace(normalize(lower(
		"title" || ' ' || "description" || ' ' || "tags"::text
	), NFD), '[\u0300-\u036f]+', '', 'g'), '[^[:alnum:]]+', ' ', 'g'))
) STORED;
--> statement-breakpoint
CREATE INDEX "podcast_episodes_search_idx" ON "podcast_episodes" USING gin ("search_vector");
