-- EdgeLevel (SPEC §1, §3, §9): the engagement score of a member, 0..1, computed here and only here
-- (docs/edge-level.md explains it; server/profiles/edge-level.ts mirrors it for tests and docs).
--
--   activity = 0.25·(1 − e^(−threads/15)) + 0.30·(1 − e^(−comments/60))
--            + 0.35·(1 − e^(−received/150)) + 0.10·(1 − e^(−given/100))
--   recency  = 1 for the first 30 days after the last activity, then halves every 90 days
--   edge     = clamp(activity · recency, 0, 1)
--
-- Kept current by a BEFORE INSERT OR UPDATE trigger on profiles (the counters change through the
-- triggers of 0001, so every relevant write recomputes it in the same transaction), and for the
-- decay that happens without writes by forum_refresh_edge_levels(), run on a schedule
-- (startEdgeLevelSchedule in server/profiles/edge-level.ts).

-- The formula. Inputs below 0 or NULL count as 0; a NULL last activity means "no decay". The
-- exponents are capped (50 and 60) because PostgreSQL raises an underflow error where the C
-- library would return 0; the capped terms differ from the uncapped ones by less than 1e-15.
CREATE OR REPLACE FUNCTION forum_edge_level(
  threads integer,
  comments integer,
  given integer,
  received integer,
  last_activity timestamptz,
  now timestamptz
) RETURNS real LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT LEAST(1, GREATEST(0,
    (   0.25 * (1 - exp(-LEAST(GREATEST(COALESCE(threads, 0), 0)::float8 / 15, 50)))
      + 0.30 * (1 - exp(-LEAST(GREATEST(COALESCE(comments, 0), 0)::float8 / 60, 50)))
      + 0.35 * (1 - exp(-LEAST(GREATEST(COALESCE(received, 0), 0)::float8 / 150, 50)))
      + 0.10 * (1 - exp(-LEAST(GREATEST(COALESCE(given, 0), 0)::float8 / 100, 50)))
    )
    * CASE
        WHEN last_activity IS NULL OR now IS NULL THEN 1::float8
        ELSE power(2::float8, -LEAST(
          GREATEST(EXTRACT(EPOCH FROM (now - last_activity))::float8 / 86400 - 30, 0) / 90, 60))
      END
  ))::real
$$;
--> statement-breakpoint

-- Keeps profiles.edge_level current. Own activity (a new thread, comment or given reaction: the
-- counters only go up through the member's own writes) also counts as activity for recency, so
-- last_activity_at moves forward with it. A NULL last_activity_at falls back to created_at.
-- Any other update (bio, avatar, role, or edge_level written by forum_refresh_edge_levels) leaves
-- the stored value alone.
CREATE OR REPLACE FUNCTION forum_profiles_edge_level() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.threads_count > OLD.threads_count
       OR NEW.comments_count > OLD.comments_count
       OR NEW.reactions_given > OLD.reactions_given THEN
      NEW.last_activity_at := GREATEST(NEW.last_activity_at, now());
    END IF;
    IF (NEW.threads_count, NEW.comments_count, NEW.reactions_given, NEW.reactions_received,
        NEW.last_activity_at, NEW.created_at)
       IS NOT DISTINCT FROM
       (OLD.threads_count, OLD.comments_count, OLD.reactions_given, OLD.reactions_received,
        OLD.last_activity_at, OLD.created_at) THEN
      RETURN NEW;
    END IF;
  END IF;
  NEW.edge_level := forum_edge_level(NEW.threads_count, NEW.comments_count, NEW.reactions_given,
    NEW.reactions_received, COALESCE(NEW.last_activity_at, NEW.created_at), now());
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER profiles_edge_level BEFORE INSERT OR UPDATE ON profiles
  FOR EACH ROW EXECUTE FUNCTION forum_profiles_edge_level();
--> statement-breakpoint

-- Recomputes every profile whose stored value differs at `as_of` (the decay of inactive members);
-- returns how many rows changed. Members active within the last 30 days do not change.
CREATE OR REPLACE FUNCTION forum_refresh_edge_levels(as_of timestamptz DEFAULT now())
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  changed integer;
BEGIN
  -- The level is computed from the row being updated (not from a subquery), so a row whose
  -- counters change concurrently is recomputed from its new version.
  UPDATE profiles
  SET edge_level = forum_edge_level(threads_count, comments_count, reactions_given,
    reactions_received, COALESCE(last_activity_at, created_at), as_of)
  WHERE edge_level IS DISTINCT FROM forum_edge_level(threads_count, comments_count, reactions_given,
    reactions_received, COALESCE(last_activity_at, created_at), as_of);
  GET DIAGNOSTICS changed = ROW_COUNT;
  RETURN changed;
END $$;
--> statement-breakpoint

-- Backfill. Members who posted before this migration have no last_activity_at yet: their latest
-- own thread, comment or reaction is their last activity (as the trigger above would have set it).
UPDATE profiles p
SET last_activity_at = a.at
FROM (
  SELECT id, max(at) AS at
  FROM (
    SELECT author_id AS id, created_at AS at FROM threads
    UNION ALL SELECT author_id, created_at FROM comments
    UNION ALL SELECT user_id, created_at FROM reactions
  ) own
  WHERE id IS NOT NULL
  GROUP BY id
) a
WHERE p.id = a.id AND p.last_activity_at IS NULL;
--> statement-breakpoint
SELECT forum_refresh_edge_levels();
