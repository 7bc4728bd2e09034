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
--> statement-breakpoint
-- Newest-first comment results can walk this index and stop after a page for common words.
CREATE INDEX IF NOT EXISTS comments_created_at_idx ON comments (created_at DESC);
