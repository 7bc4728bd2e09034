-- Search leaves @mentions out of the index (server/search/document.ts, docs/search.md,
-- docs/decisions/051-search-mentions.md): PostgreSQL's parser reads '@Göran_Utdelning' as the words
-- 'göran' and 'utdelning', so every post tagging him matched 'utdelning'. The generated columns now
-- index title and body with each mention replaced by a space. PostgreSQL 15 cannot change a
-- generated expression in place, so each column is dropped and added again (which computes it for
-- every stored row); the drop takes its GIN index along, so both are created again below.
ALTER TABLE "comments" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('swedish'::regconfig, regexp_replace(coalesce(body, ''), '(?<![A-Za-z0-9\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u0300-\u036f@$_/\\.+=&#%-])@[A-Za-z0-9\u00c5\u00c4\u00d6\u00e5\u00e4\u00f6._-]{1,29}[A-Za-z0-9\u00c5\u00c4\u00d6\u00e5\u00e4\u00f6_-]\.*(?![A-Za-z0-9\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u0300-\u036f._@-])', ' ', 'g')), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "threads" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "threads" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('swedish'::regconfig, regexp_replace(coalesce(title, ''), '(?<![A-Za-z0-9\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u0300-\u036f@$_/\\.+=&#%-])@[A-Za-z0-9\u00c5\u00c4\u00d6\u00e5\u00e4\u00f6._-]{1,29}[A-Za-z0-9\u00c5\u00c4\u00d6\u00e5\u00e4\u00f6_-]\.*(?![A-Za-z0-9\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u0300-\u036f._@-])', ' ', 'g')), 'A') || setweight(to_tsvector('swedish'::regconfig, regexp_replace(coalesce(body, ''), '(?<![A-Za-z0-9\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u0300-\u036f@$_/\\.+=&#%-])@[A-Za-z0-9\u00c5\u00c4\u00d6\u00e5\u00e4\u00f6._-]{1,29}[A-Za-z0-9\u00c5\u00c4\u00d6\u00e5\u00e4\u00f6_-]\.*(?![A-Za-z0-9\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u0300-\u036f._@-])', ' ', 'g')), 'B')) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "comments_search_idx" ON "comments" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "threads_search_idx" ON "threads" USING gin ("search_vector");--> statement-breakpoint
-- The planner's statistics of the new columns (the drop took the old ones along).
ANALYZE "comments";--> statement-breakpoint
ANALYZE "threads";
