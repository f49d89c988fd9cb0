-- Custom SQL migration file, put your code below! --
-- Rate-limit counters change on every sign-in attempt and are worth little after a crash (losing
-- them forgives a few tries), so they skip the WAL. drizzle-kit cannot describe an unlogged
-- table, so this lives here, like the search columns of 0001_search.
ALTER TABLE "rate_limit_counters" SET UNLOGGED;
