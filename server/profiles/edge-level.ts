/**
 * EdgeLevel, the engagement score of a member (SPEC §1, §3 profiles, §9: clamped 0–1, shown ×100
 * without decimals). See docs/edge-level.md for the formula, the reasons and worked examples.
 *
 * The score is computed in the database and only there: `forum_edge_level(...)` in
 * `server/db/migrations/0005_edge_level.sql`, kept current by a trigger on `profiles` whenever a
 * counter or the last activity changes (every relevant write, same transaction). Because recency
 * decays without any write, {@link refreshEdgeLevels} recomputes the stored values and
 * {@link startEdgeLevelSchedule} runs it on a timer.
 *
 * {@link edgeLevel} mirrors the SQL formula in TypeScript for tests and documentation only; a test
 * checks that both agree on a grid of inputs, so they cannot drift apart.
 *
 * @module
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { startSchedule } from "../jobs/schedule";

/** One saturating activity term: contributes `weight · (1 − e^(−count / scale))`. */
export interface EdgeLevelTerm {
  /** The most the term can ever contribute (its ceiling). */
  readonly weight: number;
  /** Count at which the term reaches 63 % of its weight (1 − 1/e). */
  readonly scale: number;
}

/**
 * The four activity terms. Weights sum to 1, so only a member active in every way approaches 1;
 * no single activity can give more than its weight. Reactions received weigh most (others judged
 * the content), reactions given least (one click each, the easiest to farm).
 */
export const EDGE_LEVEL_TERMS = {
  threads: { weight: 0.25, scale: 15 },
  comments: { weight: 0.3, scale: 60 },
  received: { weight: 0.35, scale: 150 },
  given: { weight: 0.1, scale: 100 },
} as const satisfies Record<string, EdgeLevelTerm>;

/** Days after the last activity during which the score does not decay. */
export const EDGE_LEVEL_GRACE_DAYS = 30;
/** After the grace period the score halves every this many days of inactivity. */
export const EDGE_LEVEL_HALF_LIFE_DAYS = 90;

/** Cap of a term's exponent (as in SQL, where `exp` of a very negative number is an error). */
const TERM_EXPONENT_CAP = 50;
/** Cap of the number of half-lives (as in SQL, where `power` underflow is an error). */
const HALF_LIVES_CAP = 60;
const DAY_MS = 86_400_000;

/** The formula's inputs; the names match the Drizzle `profiles` row. */
export interface EdgeLevelInputs {
  /** Threads written (`profiles.threads_count`). */
  threadsCount: number;
  /** Comments and replies written (`profiles.comments_count`). */
  commentsCount: number;
  /** Reactions given to others (`profiles.reactions_given`). */
  reactionsGiven: number;
  /** Reactions received from others (`profiles.reactions_received`). */
  reactionsReceived: number;
  /** Last activity; `null` means "no decay" (the trigger passes `created_at` instead of null). */
  lastActivityAt: Date | null;
}

/**
 * One term's contribution; negative or non-finite counts count as 0.
 *
 * @param count the activity count
 * @param term its weight and scale
 * @returns `weight · (1 − e^(−count / scale))`, in `[0, weight)`
 */
function contribution(count: number, term: EdgeLevelTerm): number {
  const n = Number.isFinite(count) ? Math.max(count, 0) : 0;
  return term.weight * (1 - Math.exp(-Math.min(n / term.scale, TERM_EXPONENT_CAP)));
}

/**
 * The recency factor: 1 within {@link EDGE_LEVEL_GRACE_DAYS} of the last activity (or when it is
 * unknown), then halving every {@link EDGE_LEVEL_HALF_LIFE_DAYS} days.
 *
 * @param lastActivityAt the last activity, or null
 * @param now the moment the score is computed for
 * @returns a factor in `(0, 1]`
 */
export function edgeLevelRecency(lastActivityAt: Date | null, now: Date): number {
  if (lastActivityAt === null) return 1;
  const days = (now.getTime() - lastActivityAt.getTime()) / DAY_MS;
  const halfLives = Math.min(Math.max(days - EDGE_LEVEL_GRACE_DAYS, 0) / EDGE_LEVEL_HALF_LIFE_DAYS, HALF_LIVES_CAP);
  return 2 ** -halfLives;
}

/**
 * EdgeLevel as the SQL function `forum_edge_level` computes it (same operations in the same
 * order, rounded to a 32-bit float like the `real` column). For tests and documentation; the
 * stored value always comes from the database.
 *
 * @param inputs the counters and the last activity
 * @param now the moment the score is computed for
 * @returns the score, clamped to `[0, 1]`
 */
export function edgeLevel(inputs: EdgeLevelInputs, now: Date): number {
  const t = EDGE_LEVEL_TERMS;
  const activity =
    contribution(inputs.threadsCount, t.threads) +
    contribution(inputs.commentsCount, t.comments) +
    contribution(inputs.reactionsReceived, t.received) +
    contribution(inputs.reactionsGiven, t.given);
  const value = activity * edgeLevelRecency(inputs.lastActivityAt, now);
  return Math.fround(Math.min(1, Math.max(0, value)));
}

/**
 * EdgeLevel of a profile row as the trigger computes it: a missing `lastActivityAt` falls back to
 * `createdAt` (the member's last known activity is joining).
 *
 * @param profile counters, `lastActivityAt` and `createdAt` of a `profiles` row
 * @param now the moment the score is computed for
 * @returns the score, clamped to `[0, 1]`
 */
export function edgeLevelOfProfile(profile: EdgeLevelInputs & { createdAt: Date }, now: Date): number {
  return edgeLevel({ ...profile, lastActivityAt: profile.lastActivityAt ?? profile.createdAt }, now);
}

/**
 * Recomputes the stored EdgeLevel of every member whose value has changed by `now` (in practice
 * the members who have been inactive for longer than the grace period and keep decaying).
 *
 * @param db the database
 * @param now the moment to compute for (default: the database's `now()`)
 * @returns how many profiles changed
 */
export async function refreshEdgeLevels(db: Db, now?: Date): Promise<number> {
  const result = await db.execute(
    now
      ? sql`SELECT forum_refresh_edge_levels(${now.toISOString()}::timestamptz) AS changed`
      : sql`SELECT forum_refresh_edge_levels() AS changed`,
  );
  const rows = (result as unknown as { rows: Array<{ changed: number | string }> }).rows;
  return Number(rows[0]?.changed ?? 0);
}

/** Options of {@link startEdgeLevelSchedule}. */
export interface EdgeLevelScheduleOptions {
  /** Also refresh right away instead of waiting one interval (default true). */
  immediately?: boolean;
  /** Called after each refresh with the number of changed profiles. */
  onRefresh?: (changed: number) => void;
  /** Called when a refresh fails (default: logged with `console.error`). */
  onError?: (error: unknown) => void;
}

/**
 * Runs {@link refreshEdgeLevels} every `intervalMs` (a run is skipped while the previous one is
 * still going). The timer is `unref`'d, so it never keeps the process alive.
 *
 * @param db the database
 * @param intervalMs time between refreshes (default 6 hours; the score decays over months, so
 *   the stored value is never more than a fraction of a percent behind)
 * @param options see {@link EdgeLevelScheduleOptions}
 * @returns a function that stops the schedule
 */
export function startEdgeLevelSchedule(
  db: Db,
  intervalMs = 6 * 3600_000,
  options: EdgeLevelScheduleOptions = {},
): () => void {
  const { onRefresh, ...rest } = options;
  return startSchedule("edge-level", () => refreshEdgeLevels(db), intervalMs, { ...rest, ...(onRefresh ? { onRun: onRefresh } : {}) });
}
