/**
 * The trending formulas (SPEC §2 Thread row badges, §3 derived fields, §9 thresholds); see
 * docs/trending.md for the reasons and worked examples.
 *
 * The figures are computed in the database and only there: `forum_hot_score`, `forum_hot_key` and
 * `forum_refresh_trending` in `server/db/migrations/0006_trending.sql`. The functions here mirror
 * the SQL in TypeScript for tests and documentation; a test checks that both agree on a grid of
 * inputs, so they cannot drift apart.
 *
 * @module
 */

/** Points per reaction on the thread itself. */
export const HOT_REACTION_WEIGHT = 1;
/** Points per comment or reply (writing one is more effort than a click). */
export const HOT_COMMENT_WEIGHT = 2;
/** Points a thread needs, at age 0, to reach hot_score 1. */
export const HOT_POINTS_FOR_ONE = 5;
/** hot_score halves every this many hours of the thread's age. */
export const HOT_HALF_LIFE_HOURS = 6;
/** Beyond this many half-lives (250 days) hot_score is 0, as in SQL (avoids a float underflow). */
export const HOT_MAX_HALF_LIVES = 1000;
/** The reference moment of {@link hotKey} (any fixed moment works; a recent one keeps keys small). */
export const HOT_KEY_EPOCH = new Date("2026-01-01T00:00:00.000Z");

const HOUR_MS = 3_600_000;

/** The thread counters the hot score is computed from (names match the Drizzle `threads` row). */
export interface HotInputs {
  /** Reactions on the thread post (`threads.reactions_count`). */
  reactionsCount: number;
  /** Comments and replies (`threads.comments_count`). */
  commentsCount: number;
  /** When the thread was created. */
  createdAt: Date;
}

/** A count as the SQL treats it: negative, NaN or infinite counts count as 0. */
function count(n: number): number {
  return Number.isFinite(n) ? Math.max(n, 0) : 0;
}

/**
 * The weighted activity of a thread, as `forum_hot_points`.
 *
 * @param reactionsCount reactions on the thread post
 * @param commentsCount comments and replies
 * @returns `reactions + 2 · comments`
 */
export function hotPoints(reactionsCount: number, commentsCount: number): number {
  return HOT_REACTION_WEIGHT * count(reactionsCount) + HOT_COMMENT_WEIGHT * count(commentsCount);
}

/**
 * hot_score as `forum_hot_score` computes it: `points / 5 · 2^(−age_hours / 6)`. A negative age
 * counts as 0; after {@link HOT_MAX_HALF_LIVES} half-lives the score is 0.
 *
 * @param thread the thread's counters and creation time
 * @param asOf the moment the score is computed for
 * @returns the score (0 for a thread without reactions or comments)
 */
export function hotScore(thread: HotInputs, asOf: Date): number {
  const points = hotPoints(thread.reactionsCount, thread.commentsCount);
  if (points <= 0) return 0;
  const halfLives = Math.max(asOf.getTime() - thread.createdAt.getTime(), 0) / HOUR_MS / HOT_HALF_LIFE_HOURS;
  if (halfLives > HOT_MAX_HALF_LIVES) return 0;
  return (points / HOT_POINTS_FOR_ONE) * 2 ** -halfLives;
}

/**
 * The clock-independent ordering key of hot_score, as `forum_hot_key`:
 * `log2(points) + hours(createdAt − epoch) / 6`, or `null` without points. For any moment after
 * both threads were created, a larger key means a larger hot_score.
 *
 * @param thread the thread's counters and creation time
 * @returns the key, or `null` for a thread without reactions or comments
 */
export function hotKey(thread: HotInputs): number | null {
  const points = hotPoints(thread.reactionsCount, thread.commentsCount);
  if (points <= 0) return null;
  return (
    Math.log(points) / Math.log(2) +
    (thread.createdAt.getTime() - HOT_KEY_EPOCH.getTime()) / HOUR_MS / HOT_HALF_LIFE_HOURS
  );
}

/**
 * Percentile of each value among all values, as SQL's `percent_rank()` (ties share the lowest
 * rank; a single value is 0), rounded down to 0.001 as `forum_refresh_trending` stores it.
 * `null` values (threads without points) rank lowest.
 *
 * @param keys one value per thread, e.g. {@link hotKey}
 * @returns the percentile of each value, in the same order
 */
export function percentRanks(keys: ReadonlyArray<number | null>): number[] {
  const n = keys.length;
  const low = (k: number | null) => (k === null ? -Infinity : k);
  return keys.map((k) => {
    if (n <= 1) return 0;
    const below = keys.filter((other) => low(other) < low(k)).length;
    return Math.floor((below / (n - 1)) * 1000 + 1e-9) / 1000;
  });
}
