-- Trending (SPEC §2 Forum home tabs Trendar/Populära and Thread row badges, §3 derived fields,
-- §7 Trending views, §9 badge thresholds). docs/trending.md explains the formulas, worked
-- examples, the storage choice and the measured timings; server/trending/formula.ts mirrors the
-- formulas in TypeScript for tests and docs (a test checks that both agree).
--
--   points    = reactions_count + 2 · comments_count            (the thread row's own counters)
--   hot_score = points / 5 · 2^(−age_hours / 6)                  ('Hettar till' when > 1)
--   velocity  = reactions created in the last hour on the thread and on its comments and replies
--   pct_rank  = percent_rank() of hot_score among all threads, rounded down to 0.001
--
-- Storage:
--   * hot_score is never stored. It is a pure function of the thread row and the clock, so it is
--     computed when read (always exact). Because the decay is exponential, ordering by hot_score
--     at any moment is the same as ordering by the time-independent key
--     log2(points) + hours(created_at) / 6 (the Reddit "hot" trick), and an expression index on
--     threads keeps that order; PostgreSQL maintains it on every counter change.
--   * reactions_last_1h and pct_rank change without writes (reactions leave the window; ranks
--     shift when other threads change), so they live in thread_trending: a row per thread,
--     created by a trigger with the thread, bumped by a trigger on every reaction (a new
--     reaction counts at once), and made exact by forum_refresh_trending() every minute
--     (startTrendingSchedule in server/trending/queries.ts).

CREATE TABLE "thread_trending" (
	"thread_id" uuid PRIMARY KEY NOT NULL,
	"category_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"reactions_last_1h" integer DEFAULT 0 NOT NULL,
	"pct_rank" real,
	CONSTRAINT "thread_trending_velocity_nonnegative" CHECK ("thread_trending"."reactions_last_1h" >= 0),
	CONSTRAINT "thread_trending_pct_rank_range" CHECK ("thread_trending"."pct_rank" >= 0 AND "thread_trending"."pct_rank" <= 1)
);
--> statement-breakpoint
ALTER TABLE "thread_trending" ADD CONSTRAINT "thread_trending_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "thread_trending_velocity_idx" ON "thread_trending" USING btree ("reactions_last_1h" DESC NULLS LAST,"created_at" DESC NULLS LAST,"thread_id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "thread_trending_category_velocity_idx" ON "thread_trending" USING btree ("category_id","reactions_last_1h" DESC NULLS LAST,"created_at" DESC NULLS LAST,"thread_id" DESC NULLS LAST);
--> statement-breakpoint

-- The weighted activity of a thread: one point per reaction on the thread, two per comment or
-- reply. Negative or NULL counts count as 0.
CREATE OR REPLACE FUNCTION forum_hot_points(reactions integer, comments integer)
RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT GREATEST(COALESCE(reactions, 0), 0)::float8 + 2 * GREATEST(COALESCE(comments, 0), 0)::float8
$$;
--> statement-breakpoint

-- hot_score at `as_of`: points / 5, halved every 6 hours of age. A thread with no points scores
-- 0. A negative age (clock skew) counts as 0; after 1000 half-lives (250 days) the score is 0
-- (PostgreSQL raises an underflow error where the C library would return a denormal).
CREATE OR REPLACE FUNCTION forum_hot_score(
  reactions integer,
  comments integer,
  created_at timestamptz,
  as_of timestamptz
) RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN x.points <= 0 THEN 0::float8
    WHEN x.half_lives > 1000 THEN 0::float8
    ELSE x.points / 5 * power(2::float8, -x.half_lives)
  END
  FROM (SELECT public.forum_hot_points(reactions, comments) AS points,
               GREATEST(date_part('epoch', as_of - created_at), 0) / 3600 / 6 AS half_lives) x
$$;
--> statement-breakpoint

-- The ordering key of hot_score: log2(points) + (hours since 2026-01-01 UTC) / 6, NULL when the
-- thread has no points (hot_score 0, ordered last). For any moment t after both threads were
-- created, hot_score(a, t) > hot_score(b, t) exactly when key(a) > key(b), because
-- hot_score = 2^(key − hours(t) / 6) / 5. The key never changes with the clock, only with the
-- thread's counters, so an index on it is always in hot_score order. Inner calls are
-- schema-qualified: PostgreSQL 17 builds and analyses indexes with search_path = pg_catalog.
CREATE OR REPLACE FUNCTION forum_hot_key(reactions integer, comments integer, created_at timestamptz)
RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN public.forum_hot_points(reactions, comments) > 0 THEN
      ln(public.forum_hot_points(reactions, comments)) / ln(2::float8)
      + date_part('epoch', created_at - TIMESTAMPTZ '2026-01-01 00:00:00+00') / 3600 / 6
  END
$$;
--> statement-breakpoint

-- Populära (hot_score desc, then newest): one index scan for a page, forum-wide or per category.
-- The counters are included so forum_refresh_trending() ranks every thread from the index alone.
CREATE INDEX threads_hot_idx ON threads
  (forum_hot_key(reactions_count, comments_count, created_at) DESC NULLS LAST, created_at DESC NULLS LAST, id DESC NULLS LAST)
  INCLUDE (reactions_count, comments_count);
--> statement-breakpoint
CREATE INDEX threads_category_hot_idx ON threads
  (category_id, forum_hot_key(reactions_count, comments_count, created_at) DESC NULLS LAST, created_at DESC NULLS LAST, id DESC NULLS LAST);
--> statement-breakpoint

-- A thread's row is created with it. A new thread without activity has hot_score 0, the lowest
-- there is, so its percentile is exactly 0 (percent_rank of the lowest group); otherwise the
-- percentile is unknown (NULL) until the next refresh.
CREATE OR REPLACE FUNCTION forum_trending_thread() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO thread_trending (thread_id, category_id, created_at, reactions_last_1h, pct_rank)
    VALUES (NEW.id, NEW.category_id, NEW.created_at, 0,
            CASE WHEN forum_hot_points(NEW.reactions_count, NEW.comments_count) = 0 THEN 0 END)
    ON CONFLICT (thread_id) DO NOTHING;
  ELSE
    UPDATE thread_trending SET category_id = NEW.category_id, created_at = NEW.created_at
    WHERE thread_id = NEW.id;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER threads_trending AFTER INSERT ON threads
  FOR EACH ROW EXECUTE FUNCTION forum_trending_thread();
--> statement-breakpoint
CREATE TRIGGER threads_trending_copy AFTER UPDATE OF category_id, created_at ON threads
  FOR EACH ROW
  WHEN (OLD.category_id IS DISTINCT FROM NEW.category_id OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION forum_trending_thread();
--> statement-breakpoint

-- A reaction created within the last hour counts at once in its thread's reactions_last_1h
-- (+1 on insert, −1 on delete, never below 0). Reactions on comments and replies count for the
-- comment's thread. Reactions leaving the window are taken off by forum_refresh_trending().
CREATE OR REPLACE FUNCTION forum_trending_reaction() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r reactions%ROWTYPE;
  delta integer := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
  tid uuid;
BEGIN
  IF TG_OP = 'INSERT' THEN r := NEW; ELSE r := OLD; END IF;
  IF r.created_at <= now() - interval '1 hour' OR r.created_at > now() THEN
    RETURN r;
  END IF;
  IF r.target_type = 'thread' THEN
    tid := r.target_id;
  ELSE
    SELECT c.thread_id INTO tid FROM comments c WHERE c.id = r.target_id;
  END IF;
  -- Nothing to do when the thread is being deleted (its row goes with it): either its own
  -- reactions are being removed, or its comments' are and the thread row is already gone.
  IF tid IS NULL OR tid::text = COALESCE(current_setting('forum.deleting_target', true), '') THEN
    RETURN r;
  END IF;
  UPDATE thread_trending SET reactions_last_1h = GREATEST(reactions_last_1h + delta, 0)
  WHERE thread_id = tid AND EXISTS (SELECT 1 FROM threads t WHERE t.id = tid);
  RETURN r;
END $$;
--> statement-breakpoint
CREATE TRIGGER reactions_trending AFTER INSERT OR DELETE ON reactions
  FOR EACH ROW EXECUTE FUNCTION forum_trending_reaction();
--> statement-breakpoint

-- Makes thread_trending exact at `as_of`: pct_rank as percent_rank() of hot_score among all
-- threads (through forum_hot_key, which orders the same way), rounded down to 0.001; rows for
-- threads that have none; reactions_last_1h from the reactions created in
-- (as_of − 1 hour, as_of]. Only rows whose figures change are written. Returns how many rows
-- were written.
--
-- The percentiles are computed in one read of threads_hot_idx (an index-only scan in key order,
-- no sort) joined to thread_trending; the changes are collected first and written afterwards, so
-- the plan does not depend on how many rows thread_trending had when it was last analysed.
CREATE OR REPLACE FUNCTION forum_refresh_trending(as_of timestamptz DEFAULT now())
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  missing_ids uuid[];
  missing_pcts real[];
  changed_ids uuid[];
  changed_pcts real[];
  inserted integer;
  ranked integer;
  velocity integer;
BEGIN
  SELECT
    array_agg(p.id) FILTER (WHERE tt.thread_id IS NULL),
    array_agg(p.pct_rank) FILTER (WHERE tt.thread_id IS NULL),
    array_agg(p.id) FILTER (WHERE tt.thread_id IS NOT NULL AND tt.pct_rank IS DISTINCT FROM p.pct_rank),
    array_agg(p.pct_rank) FILTER (WHERE tt.thread_id IS NOT NULL AND tt.pct_rank IS DISTINCT FROM p.pct_rank)
  INTO missing_ids, missing_pcts, changed_ids, changed_pcts
  FROM (
    SELECT t.id,
      (floor(percent_rank() OVER (
         ORDER BY forum_hot_key(t.reactions_count, t.comments_count, t.created_at) ASC NULLS FIRST
       ) * 1000 + 1e-9) / 1000)::real AS pct_rank
    FROM threads t
  ) p
  LEFT JOIN thread_trending tt ON tt.thread_id = p.id;

  INSERT INTO thread_trending (thread_id, category_id, created_at, pct_rank)
  SELECT t.id, t.category_id, t.created_at, x.pct_rank
  FROM unnest(missing_ids, missing_pcts) AS x(id, pct_rank)
  JOIN threads t ON t.id = x.id
  ON CONFLICT (thread_id) DO NOTHING;
  GET DIAGNOSTICS inserted = ROW_COUNT;

  UPDATE thread_trending tt SET pct_rank = x.pct_rank
  FROM unnest(changed_ids, changed_pcts) AS x(id, pct_rank)
  WHERE tt.thread_id = x.id;
  GET DIAGNOSTICS ranked = ROW_COUNT;

  -- Both updates see the same snapshot and touch disjoint rows (in the window / not in it).
  WITH v AS MATERIALIZED (
    SELECT x.thread_id, count(*)::int AS n
    FROM (
      SELECT r.target_id AS thread_id
      FROM reactions r
      WHERE r.target_type = 'thread' AND r.created_at > as_of - interval '1 hour' AND r.created_at <= as_of
      UNION ALL
      SELECT c.thread_id
      FROM reactions r
      JOIN comments c ON c.id = r.target_id
      WHERE r.target_type = 'comment' AND r.created_at > as_of - interval '1 hour' AND r.created_at <= as_of
    ) x
    GROUP BY x.thread_id
  ),
  changed AS (
    UPDATE thread_trending tt SET reactions_last_1h = v.n
    FROM v
    WHERE tt.thread_id = v.thread_id AND tt.reactions_last_1h <> v.n
    RETURNING 1
  ),
  gone AS (
    UPDATE thread_trending tt SET reactions_last_1h = 0
    WHERE tt.reactions_last_1h > 0 AND NOT EXISTS (SELECT 1 FROM v WHERE v.thread_id = tt.thread_id)
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM changed) + (SELECT count(*) FROM gone) INTO velocity;

  RETURN inserted + ranked + velocity;
END $$;
--> statement-breakpoint

-- The spec's three trending views (SPEC §7), keyed by thread_id. hot_score is computed for the
-- moment of the query; a thread without a thread_trending row is absent from the other two, and
-- one whose percentile is not known yet is absent from thread_percentile.
CREATE VIEW thread_hot_score AS
  SELECT t.id AS thread_id,
         forum_hot_score(t.reactions_count, t.comments_count, t.created_at, now()) AS hot_score
  FROM threads t;
--> statement-breakpoint
CREATE VIEW thread_velocity AS
  SELECT tt.thread_id, tt.reactions_last_1h FROM thread_trending tt;
--> statement-breakpoint
CREATE VIEW thread_percentile AS
  SELECT tt.thread_id, tt.pct_rank FROM thread_trending tt WHERE tt.pct_rank IS NOT NULL;
--> statement-breakpoint

-- Backfill: a row for every existing thread, with exact figures.
SELECT forum_refresh_trending();
--> statement-breakpoint
ANALYZE thread_trending;
