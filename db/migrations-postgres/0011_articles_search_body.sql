-- Custom SQL migration file, put your code below! --
-- Article search reads the bodies too, as on SQLite (migration 0012 there): the stored tsvector
-- of 0001 is made again over title, excerpt, tags and content, with the same fold.
DROP INDEX "articles_search_idx";
--> statement-breakpoint
ALTER TABLE "articles" DROP COLUMN "search_vector";
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
	to_tsvector('simple'::regconfig, regexp_replace(regexp_replace(normalize(lower(
		"title" || ' ' || "excerpt" || ' ' || "tags"::text || ' ' || "content"
	), NFD), '[\u0300-\u036f]+', '', 'g'), '[^[:alnum:]]+', ' ', 'g'))
) STORED;
--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin ("search_vector");
