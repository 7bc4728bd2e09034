-- Index order to match the queries (issue 8 "Performance", docs/performance.md).
-- Drizzle wrote `DESC NULLS LAST`, but `ORDER BY x DESC` means NULLS FIRST, so PostgreSQL could
-- not walk these indexes for newest-first lists (the notification list took 118 ms for a busy
-- member). The columns are NOT NULL, so only the declared order changes.
DROP INDEX IF EXISTS categories_created_at_idx;
--> statement-breakpoint
CREATE INDEX categories_created_at_idx ON categories (created_at DESC);
--> statement-breakpoint
DROP INDEX IF EXISTS threads_created_at_idx;
--> statement-breakpoint
CREATE INDEX threads_created_at_idx ON threads (created_at DESC);
--> statement-breakpoint
DROP INDEX IF EXISTS threads_category_created_idx;
--> statement-breakpoint
CREATE INDEX threads_category_created_idx ON threads (category_id, created_at DESC);
--> statement-breakpoint
DROP INDEX IF EXISTS notifications_user_created_idx;
--> statement-breakpoint
CREATE INDEX notifications_user_created_idx ON notifications (user_id, created_at DESC, seq DESC);
--> statement-breakpoint
DROP INDEX IF EXISTS notifications_user_unread_idx;
--> statement-breakpoint
CREATE INDEX notifications_user_unread_idx ON notifications (user_id, created_at DESC, seq DESC) WHERE read = false;
--> statement-breakpoint
DROP INDEX IF EXISTS reports_status_created_idx;
--> statement-breakpoint
CREATE INDEX reports_status_created_idx ON reports (status, created_at DESC);
--> statement-breakpoint
-- A member's newest threads and comments (profile page): one index range each instead of
-- fetching every post of a busy member and sorting (171 ms → an index scan). They replace the
-- author-only indexes, whose lookups (deleting a member) they serve as well.
DROP INDEX IF EXISTS threads_author_idx;
--> statement-breakpoint
CREATE INDEX threads_author_created_idx ON threads (author_id, created_at DESC);
--> statement-breakpoint
DROP INDEX IF EXISTS comments_author_idx;
--> statement-breakpoint
CREATE INDEX comments_author_created_idx ON comments (author_id, created_at DESC);
