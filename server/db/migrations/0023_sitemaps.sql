ALTER TABLE "threads" ADD COLUMN "last_comment_at" timestamp with time zone;--> statement-breakpoint
-- Issue 20 sitemaps (server/seo/sitemaps.ts, docs/decisions/034-sitemaps-robots.md): a thread's
-- last activity must not cost a lookup in comments per thread (50,000 per file). The comment
-- counter trigger of 0001 keeps `last_comment_at` in the same UPDATE of the thread row it already
-- makes; a deleted comment leaves it as it is (the thread did change then).
CREATE OR REPLACE FUNCTION forum_comment_counters() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE threads SET comments_count = comments_count + 1,
      last_comment_at = GREATEST(last_comment_at, NEW.created_at)
      WHERE id = NEW.thread_id;
    IF NEW.parent_id IS NOT NULL THEN
      UPDATE comments SET replies_count = replies_count + 1 WHERE id = NEW.parent_id;
    END IF;
    UPDATE profiles SET comments_count = comments_count + 1 WHERE id = NEW.author_id;
    RETURN NEW;
  ELSE
    UPDATE threads SET comments_count = GREATEST(comments_count - 1, 0) WHERE id = OLD.thread_id;
    IF OLD.parent_id IS NOT NULL THEN
      UPDATE comments SET replies_count = GREATEST(replies_count - 1, 0) WHERE id = OLD.parent_id;
    END IF;
    UPDATE profiles SET comments_count = GREATEST(comments_count - 1, 0) WHERE id = OLD.author_id;
    RETURN OLD;
  END IF;
END $$;
--> statement-breakpoint
UPDATE threads t SET last_comment_at = c.last
  FROM (SELECT thread_id, max(created_at) AS last FROM comments GROUP BY thread_id) c
  WHERE c.thread_id = t.id;
--> statement-breakpoint
-- The thread files are read in (created_at, id) order by keyset, 5,000 rows per query; with the
-- other columns of a sitemap entry included the scan is index-only (docs/performance.md
-- "Sitemaps"). schema.ts cannot declare INCLUDE, so this index lives here only (like 0017's).
CREATE INDEX IF NOT EXISTS "threads_sitemap_idx" ON "threads" USING btree ("created_at","id") INCLUDE ("category_id","edited_at","last_comment_at");
