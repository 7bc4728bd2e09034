/**
 * Online statistics (SPEC §3 Online stats, §4 Presence, §7 count_active_users, §9): a member is
 * online when `profiles.last_activity_at` lies within the active-user window (15 minutes).
 *
 * Shared by the header indicator and the admin
 * users page.
 *
 * @module
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

/** Active-user window in minutes (SPEC §9 "Active-user window"). */
export const ACTIVE_WINDOW_MINUTES = 15;

/** The spec's activity-count result (SPEC §3 "Activity-count result"). */
export interface ActiveUserCounts {
  /** Members whose last activity is within the last `minutes` minutes. */
  totalOnline: number;
  /** Members whose last activity is within the last 60 minutes. */
  lastHourActive: number;
}

/**
 * Counts online and last-hour members (SPEC §7 "RPC count_active_users with p_minutes = 15").
 * A member's latest activity is the later of `profiles.last_activity_at` and their newest sign-in
 * (`session.created_at`): signing in is activity, so a member who just signed in is online on
 * their first page, before the header's activity ping has logged anything (and without a write of
 * its own at sign-in, which the data export and the ping's 5-minute throttle would show). Uses the
 * index on `profiles.last_activity_at`; sessions of the last hour are few.
 *
 * @param db the database
 * @param options.minutes the online window in minutes (default 15)
 * @param options.now the moment to count at (default: the database's `now()`)
 * @returns `{ totalOnline, lastHourActive }`, both ≥ 0, each member counted once
 * @throws the database error when the query fails (callers log it and carry on, SPEC §8)
 */
export async function countActiveUsers(
  db: Db,
  options: { minutes?: number; now?: Date } = {},
): Promise<ActiveUserCounts> {
  const minutes = options.minutes ?? ACTIVE_WINDOW_MINUTES;
  const now = options.now ? sql`${options.now.toISOString()}::timestamptz` : sql`now()`;
  const result = await db.execute(sql`
    WITH active AS (
      SELECT id AS user_id, last_activity_at AS at FROM profiles
      WHERE last_activity_at > ${now} - interval '60 minutes' AND last_activity_at <= ${now}
      UNION ALL
      SELECT user_id, created_at FROM session
      WHERE created_at > ${now} - interval '60 minutes' AND created_at <= ${now}
    ), latest AS (SELECT user_id, max(at) AS at FROM active GROUP BY user_id)
    SELECT
      count(*) FILTER (WHERE at > ${now} - make_interval(mins => ${minutes}))::int AS total_online,
      count(*)::int AS last_hour_active
    FROM latest
  `);
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  const row = (rows[0] ?? {}) as { total_online?: number; last_hour_active?: number };
  return { totalOnline: Number(row.total_online ?? 0), lastHourActive: Number(row.last_hour_active ?? 0) };
}

/** How long (ms) {@link recentActiveUsers} reuses a count: pages show it, the browser refreshes it each minute. */
export const ACTIVE_USERS_REUSE_MS = 15_000;

let recentCounts = new WeakMap<Db, { at: number; counts: Promise<ActiveUserCounts | null> }>();

/**
 * Drops every kept count of {@link recentActiveUsers}: a member signed in or their activity moved,
 * so the next page and the next `GET /api/presence` count again (a member who just signed in
 * counts themselves on their first page).
 */
export function forgetActiveUsers(): void {
  recentCounts = new WeakMap();
}

/**
 * The online counts for a page's first paint (the header's 'N online' is in the server's
 * markup, so nothing in the header moves when the browser's count arrives): {@link countActiveUsers}
 * with a 15-minute window, read at most once per {@link ACTIVE_USERS_REUSE_MS} per database handle
 * (requests in the meantime share the same read).
 *
 * @param db the database
 * @param now clock in ms (tests)
 * @returns the counts, or null when the query failed (logged; the browser's refresh shows them later, SPEC §8)
 */
export function recentActiveUsers(db: Db, now: number = Date.now()): Promise<ActiveUserCounts | null> {
  const kept = recentCounts.get(db);
  if (kept && now - kept.at < ACTIVE_USERS_REUSE_MS) return kept.counts;
  const counts = countActiveUsers(db, { minutes: ACTIVE_WINDOW_MINUTES }).catch((error: Error) => {
    console.error("[närvaro] statistiken kunde inte läsas:", error.message);
    recentCounts.delete(db);
    return null;
  });
  recentCounts.set(db, { at: now, counts });
  return counts;
}

/**
 * Whether a member counts as online (SPEC §4 Presence).
 *
 * @param lastActivityAt the member's `last_activity_at`, or null when never active
 * @param now the current moment (default `new Date()`)
 * @returns true when the last activity lies within the last 15 minutes
 */
export function isOnline(lastActivityAt: Date | string | null, now: Date = new Date()): boolean {
  if (!lastActivityAt) return false;
  const at = typeof lastActivityAt === "string" ? new Date(lastActivityAt) : lastActivityAt;
  const age = now.getTime() - at.getTime();
  return age >= 0 && age <= ACTIVE_WINDOW_MINUTES * 60_000;
}
