-- Profiles and the social graph: follower/following counters kept by a trigger (SPEC §4 Follow:
-- ±1, never below 0), ticker mentions removed with their comment, and a trigram index so the
-- @mention search ('contains', case-insensitive) stays fast with many members.

CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS profiles_nickname_trgm_idx ON profiles USING gin (lower(nickname) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS companies_name_trgm_idx ON companies USING gin (lower(name) gin_trgm_ops);
--> statement-breakpoint

CREATE OR REPLACE FUNCTION forum_follow_counters() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE profiles SET followers_count = followers_count + 1 WHERE id = NEW.following_id;
    UPDATE profiles SET following_count = following_count + 1 WHERE id = NEW.follower_id;
    RETURN NEW;
  ELSE
    UPDATE profiles SET followers_count = GREATEST(followers_count - 1, 0) WHERE id = OLD.following_id;
    UPDATE profiles SET following_count = GREATEST(following_count - 1, 0) WHERE id = OLD.follower_id;
    RETURN OLD;
  END IF;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_follows_counters AFTER INSERT OR DELETE ON user_follows
  FOR EACH ROW EXECUTE FUNCTION forum_follow_counters();
--> statement-breakpoint
UPDATE profiles p SET
  followers_count = (SELECT count(*) FROM user_follows f WHERE f.following_id = p.id),
  following_count = (SELECT count(*) FROM user_follows f WHERE f.follower_id = p.id);
--> statement-breakpoint

CREATE OR REPLACE FUNCTION forum_delete_comment_tickers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM post_tickers WHERE target_type = 'comment' AND target_id = OLD.id;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER comments_delete_tickers AFTER DELETE ON comments
  FOR EACH ROW EXECUTE FUNCTION forum_delete_comment_tickers();
