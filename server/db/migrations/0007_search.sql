-- Full-text search (issue "Trending and search"; SPEC §4 Search, §7 search_all). See docs/search.md.
-- Stored, generated tsvectors with the Swedish snowball stemmer: the title weighs A, bodies B.
ALTER TABLE threads ADD COLUMN IF NOT EXISTS search_vector tsvector
  GENERATED ALWAYS AS (
    setweight(to_tsvector('swedish'::regconfig, coalesce(title, '')), 'A') ||
    setweight(to_tsvector('swedish'::regconfig, coalesce(body, '')), 'B')
  ) STORED;
--> statement-breakpoint
ALTER TABLE comments ADD COLUMN IF NOT EXISTS search_vector tsvector
  GENERATED ALWAYS AS (setweight(to_tsvector('swedish'::regconfig, coalesce(body, '')), 'B')) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS threads_search_idx ON threads USING gin (search_vector);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS comments_search_idx ON comments USING gin (search_vector);
-- Deliberately no index on comments(created_at) alone: with one, the planner walks it newest first
-- for "ORDER BY created_at LIMIT 20" whenever it overestimates a rare word's matches, and a word
-- with no matches then filters all comments (4.4 s on 1 000 000). The GIN bitmap + top-N sort is
-- bounded by the number of matches instead (docs/search.md "Speed").
