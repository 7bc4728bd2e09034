/**
 * One activity of a member in the database (SPEC §4 Presence, §7 log_user_activity, §9 throttle):
 * the (member, date, hour) row and `last_activity_at`, in the caller's transaction. The activity
 * ping (./activity.ts) runs it through the write pipeline.
 *
 * @module
 */
import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { profiles, userActivity } from "../db/schema";

/** SPEC §9 activity logging throttle, in minutes. */
export const ACTIVITY_THROTTLE_MINUTES = 5;

/**
 * A visit ends after this many minutes without activity: the next activity starts a new one and
 * keeps the last one's end as `previous_visit_at` (threads started since then are new, the dot of
 * docs/decisions/052-unread-and-links.md).
 */
export const VISIT_GAP_MINUTES = 60;

/** The outcome of one call. */
export interface ActivityResult {
  /** Whether `last_activity_at` moved (false inside the 5-minute throttle). */
  updated: boolean;
}

/** A checked activity: the local date `YYYY-MM-DD` and hour 0–23. */
export interface Activity {
  date: string;
  hour: number;
}

/**
 * Records one activity in the caller's transaction: the (member, date, hour) row once, and
 * `last_activity_at` only outside the 5-minute throttle (or when it lies in the future); an
 * activity after {@link VISIT_GAP_MINUTES} without any keeps the previous `last_activity_at` as
 * `previous_visit_at`.
 *
 * @returns {@link ActivityResult}
 */
export async function recordActivity(tx: Tx, userId: string, { date, hour }: Activity, now: Date): Promise<ActivityResult> {
  const threshold = new Date(now.getTime() - ACTIVITY_THROTTLE_MINUTES * 60_000);
  await tx.insert(userActivity).values({ userId, activityDate: date, activityHour: hour, createdAt: now }).onConflictDoNothing();
  const rows = await tx
    .update(profiles)
    .set({
      lastActivityAt: now,
      previousVisitAt: sql`CASE WHEN ${profiles.lastActivityAt} < ${new Date(now.getTime() - VISIT_GAP_MINUTES * 60_000).toISOString()}::timestamptz
                               THEN ${profiles.lastActivityAt} ELSE ${profiles.previousVisitAt} END`,
    })
    .where(
      and(
        eq(profiles.id, userId),
        or(isNull(profiles.lastActivityAt), lte(profiles.lastActivityAt, threshold), sql`${profiles.lastActivityAt} > ${now.toISOString()}::timestamptz`),
      ),
    )
    .returning({ id: profiles.id });
  return { updated: rows.length > 0 };
}
