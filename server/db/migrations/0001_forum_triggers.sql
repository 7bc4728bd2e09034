-- Forum triggers: profile creation and every counter of SPEC §3, kept in the same transaction as
-- the write that changes them (also for rows removed by ON DELETE CASCADE), never below 0.
-- Self-reactions are refused here too (SPEC §5 Reactions: "a database check violation").

-- A profile is created with the better-auth user row, in the same transaction (SPEC §3 profiles).
CREATE OR REPLACE FUNCTION forum_create_profile() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO profiles (id, nickname)
  VALUES (NEW.id, COALESCE(NULLIF(NEW.display_username, ''), NULLIF(NEW.username, ''), NEW.name));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_create_profile AFTER INSERT ON "user"
  FOR EACH ROW EXECUTE FUNCTION forum_create_profile();
--> statement-breakpoint

-- Threads: author threads_count and category threads_count.
CREATE OR REPLACE FUNCTION forum_thread_counters() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE profiles SET threads_count = threads_count + 1 WHERE id = NEW.author_id;
    UPDATE categories SET threads_count = threads_count + 1 WHERE id = NEW.category_id;
    RETURN NEW;
  ELSE
    UPDATE profiles SET threads_count = GREATEST(threads_count - 1, 0) WHERE id = OLD.author_id;
    UPDATE categories SET threads_count = GREATEST(threads_count - 1, 0) WHERE id = OLD.category_id;
    RETURN OLD;
  END IF;
END $$;
--> statement-breakpoint
CREATE TRIGGER threads_counters AFTER INSERT OR DELETE ON threads
  FOR EACH ROW EXECUTE FUNCTION forum_thread_counters();
--> statement-breakpoint

-- Reactions on a thread or comment go with it (removed while the target still exists, so the
-- reaction trigger below can still find the target's author).
CREATE OR REPLACE FUNCTION forum_delete_target_reactions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The target row is being deleted: the reaction trigger must not update it (error 27000).
  PERFORM set_config('forum.deleting_target', OLD.id::text, true);
  DELETE FROM reactions WHERE target_type = TG_ARGV[0] AND target_id = OLD.id;
  PERFORM set_config('forum.deleting_target', '', true);
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER threads_delete_reactions BEFORE DELETE ON threads
  FOR EACH ROW EXECUTE FUNCTION forum_delete_target_reactions('thread');
--> statement-breakpoint
CREATE TRIGGER comments_delete_reactions BEFORE DELETE ON comments
  FOR EACH ROW EXECUTE FUNCTION forum_delete_target_reactions('comment');
--> statement-breakpoint

-- Comments: thread comments_count (comments and replies), parent replies_count, author comments_count.
CREATE OR REPLACE FUNCTION forum_comment_counters() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE threads SET comments_count = comments_count + 1 WHERE id = NEW.thread_id;
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
CREATE TRIGGER comments_counters AFTER INSERT OR DELETE ON comments
  FOR EACH ROW EXECUTE FUNCTION forum_comment_counters();
--> statement-breakpoint

-- The author of a reaction's target, or NULL when the target does not exist.
CREATE OR REPLACE FUNCTION forum_target_author(p_type text, p_id uuid, OUT author_id text, OUT found boolean)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF p_type = 'thread' THEN
    SELECT t.author_id, true INTO author_id, found FROM threads t WHERE t.id = p_id;
  ELSE
    SELECT c.author_id, true INTO author_id, found FROM comments c WHERE c.id = p_id;
  END IF;
  found := COALESCE(found, false);
END $$;
--> statement-breakpoint

-- Reactions: the target must exist and must not be the reacting user's own content.
CREATE OR REPLACE FUNCTION forum_reaction_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t record;
BEGIN
  t := forum_target_author(NEW.target_type, NEW.target_id);
  IF NOT t.found THEN
    RAISE EXCEPTION 'reaction target % % does not exist', NEW.target_type, NEW.target_id
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF t.author_id = NEW.user_id THEN
    RAISE EXCEPTION 'a user cannot react to own content'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'reactions_not_own_content';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER reactions_check BEFORE INSERT ON reactions
  FOR EACH ROW EXECUTE FUNCTION forum_reaction_check();
--> statement-breakpoint

-- Reactions: target reactions_count, reactor reactions_given, author reactions_received.
CREATE OR REPLACE FUNCTION forum_reaction_counters() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t record;
  delta integer := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
  r reactions%ROWTYPE;
BEGIN
  IF TG_OP = 'INSERT' THEN r := NEW; ELSE r := OLD; END IF;
  t := forum_target_author(r.target_type, r.target_id);
  IF r.target_id::text = COALESCE(current_setting('forum.deleting_target', true), '') THEN
    NULL; -- the target itself is being deleted
  ELSIF r.target_type = 'thread' THEN
    UPDATE threads SET reactions_count = GREATEST(reactions_count + delta, 0) WHERE id = r.target_id;
  ELSE
    UPDATE comments SET reactions_count = GREATEST(reactions_count + delta, 0) WHERE id = r.target_id;
  END IF;
  UPDATE profiles SET reactions_given = GREATEST(reactions_given + delta, 0) WHERE id = r.user_id;
  IF t.author_id IS NOT NULL THEN
    UPDATE profiles SET reactions_received = GREATEST(reactions_received + delta, 0) WHERE id = t.author_id;
  END IF;
  RETURN r;
END $$;
--> statement-breakpoint
CREATE TRIGGER reactions_counters AFTER INSERT OR DELETE ON reactions
  FOR EACH ROW EXECUTE FUNCTION forum_reaction_counters();
