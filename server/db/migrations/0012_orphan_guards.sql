-- No orphans (issue 15 item 4): a reaction or report never outlives its thread or comment, also
-- when it is written while the content is being deleted (docs/decisions/018-orphans.md).
--
-- Before this migration the reaction check of 0001 never refused a missing target: its helper
-- forum_target_author() names an OUT parameter `found`, which PL/pgSQL resolves to its own FOUND
-- variable, so the parameter stayed NULL and `IF NOT t.found` never fired. And a plain read cannot
-- stop a concurrent DELETE anyway: the reaction saw the row, the delete's cascade did not see the
-- uncommitted reaction, both committed. The target is now locked FOR KEY SHARE (conflicts with
-- DELETE's FOR UPDATE, not with counter updates) and checked under that lock: a write that comes
-- first makes the delete wait and its cascade then sees the row; a write that comes second waits
-- for the delete and finds nothing (foreign_key_violation, answered as 404).

-- Locks a thread or comment FOR KEY SHARE and says whether it exists, with its author.
CREATE OR REPLACE FUNCTION forum_lock_target(p_type text, p_id uuid, OUT author_id text, OUT target_exists boolean)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF p_type = 'thread' THEN
    SELECT t.author_id INTO author_id FROM threads t WHERE t.id = p_id FOR KEY SHARE;
  ELSE
    SELECT c.author_id INTO author_id FROM comments c WHERE c.id = p_id FOR KEY SHARE;
  END IF;
  target_exists := FOUND;
END $$;
--> statement-breakpoint

-- Reactions: the target must exist (locked until commit) and must not be the reactor's own.
CREATE OR REPLACE FUNCTION forum_reaction_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t record;
BEGIN
  t := forum_lock_target(NEW.target_type, NEW.target_id);
  IF NOT t.target_exists THEN
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

-- Reports: the target must exist (locked until commit).
CREATE OR REPLACE FUNCTION forum_report_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT (forum_lock_target(NEW.target_type, NEW.target_id)).target_exists THEN
    RAISE EXCEPTION 'report target % % does not exist', NEW.target_type, NEW.target_id
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER reports_check BEFORE INSERT ON reports
  FOR EACH ROW EXECUTE FUNCTION forum_report_check();
--> statement-breakpoint

-- Reports go with their thread or comment (decision 012), also for rows removed by a cascade
-- (a thread's comments, a comment's replies, a category's threads).
CREATE OR REPLACE FUNCTION forum_delete_target_reports() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM reports WHERE target_type = TG_ARGV[0] AND target_id = OLD.id;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER threads_delete_reports BEFORE DELETE ON threads
  FOR EACH ROW EXECUTE FUNCTION forum_delete_target_reports('thread');
--> statement-breakpoint
CREATE TRIGGER comments_delete_reports BEFORE DELETE ON comments
  FOR EACH ROW EXECUTE FUNCTION forum_delete_target_reports('comment');
--> statement-breakpoint

-- Leftovers of the race. Orphaned reactions go (the counter trigger takes them off
-- reactions_given); then both reaction counters are recounted from the rows, since an orphan
-- had also been counted in its vanished target's author's reactions_received.
DELETE FROM reactions r
WHERE NOT EXISTS (SELECT 1 FROM threads t WHERE r.target_type = 'thread' AND t.id = r.target_id)
  AND NOT EXISTS (SELECT 1 FROM comments c WHERE r.target_type = 'comment' AND c.id = r.target_id);
--> statement-breakpoint
WITH given AS (
  SELECT user_id AS id, count(*)::int AS n FROM reactions GROUP BY user_id
), received AS (
  SELECT COALESCE(t.author_id, c.author_id) AS id, count(*)::int AS n
  FROM reactions r
  LEFT JOIN threads t ON r.target_type = 'thread' AND t.id = r.target_id
  LEFT JOIN comments c ON r.target_type = 'comment' AND c.id = r.target_id
  GROUP BY 1
)
UPDATE profiles p
SET reactions_given = COALESCE((SELECT n FROM given g WHERE g.id = p.id), 0),
    reactions_received = COALESCE((SELECT n FROM received x WHERE x.id = p.id), 0)
WHERE p.reactions_given IS DISTINCT FROM COALESCE((SELECT n FROM given g WHERE g.id = p.id), 0)
   OR p.reactions_received IS DISTINCT FROM COALESCE((SELECT n FROM received x WHERE x.id = p.id), 0);
--> statement-breakpoint
-- Open reports on content that is gone are closed as 'content_deleted' (the record stays; the
-- admin badge and the queue leave them out).
UPDATE reports r SET status = 'resolved', resolution = 'content_deleted', resolved_at = now()
WHERE r.status = 'open'
  AND NOT EXISTS (SELECT 1 FROM threads t WHERE r.target_type = 'thread' AND t.id = r.target_id)
  AND NOT EXISTS (SELECT 1 FROM comments c WHERE r.target_type = 'comment' AND c.id = r.target_id);
