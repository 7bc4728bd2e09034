/**
 * Activity logging (SPEC §4 Presence, §7 "RPC log_user_activity with p_user_id, p_date
 * (YYYY-MM-DD), p_hour (local hour 0-23)", §9 "Activity logging throttle: once per 5 minutes").
 *
 * The browser logs at most once per 5 minutes (timestamp in local storage); the server enforces
 * the same throttle again, so hand-made requests cannot do more: `last_activity_at` moves only
 * when it is older than 5 minutes, and the activity record is one row per member, date and local
 * hour (idempotent).
 *
 * @module
 */
import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import { errors } from "../../domain/i18n/sv";
import type { Db } from "../db/client";
import { profiles, userActivity } from "../db/schema";
import { ForumError } from "../errors";

/** SPEC §9 activity logging throttle, in minutes. */
export const ACTIVITY_THROTTLE_MINUTES = 5;

/** What the browser sends (SPEC §7 log_user_activity). */
export interface ActivityInput {
  /** Local date `YYYY-MM-DD`. */
  date: unknown;
  /** Local hour 0–23 (number or numeric string). */
  hour: unknown;
}

/** The outcome of one call. */
export interface ActivityResult {
  /** Whether `last_activity_at` moved (false inside the 5-minute throttle). */
  updated: boolean;
}

function parseInput(input: ActivityInput): { date: string; hour: number } {
  const date = typeof input.date === "string" ? input.date.trim() : "";
  const hour = typeof input.hour === "number" ? input.hour : Number(typeof input.hour === "string" && input.hour.trim() !== "" ? input.hour : NaN);
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const valid =
    m !== null &&
    (() => {
      const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
      return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
    })();
  if (!valid || !Number.isInteger(hour) || hour < 0 || hour > 23) throw new ForumError(400, errors.badRequest);
  return { date, hour };
}

/**
 * Logs a member's activity (SPEC §7 log_user_activity).
 *
 * @param userId the logged-in member
 * @param input {@link ActivityInput}: the browser's local date and hour
 * @param options.now the moment of the activity (default: now; tests pass a controlled clock)
 * @returns {@link ActivityResult}
 * @throws {ForumError} 400 'Ogiltig förfrågan.' for a malformed date or hour
 */
export async function logUserActivity(
  db: Db,
  userId: string,
  input: ActivityInput,
  options: { now?: Date } = {},
): Promise<ActivityResult> {
  const { date, hour } = parseInput(input);
  const now = options.now ?? new Date();
  const threshold = new Date(now.getTime() - ACTIVITY_THROTTLE_MINUTES * 60_000);
  return db.transaction(async (tx) => {
    await tx.insert(userActivity).values({ userId, activityDate: date, activityHour: hour, createdAt: now }).onConflictDoNothing();
    const rows = await tx
      .update(profiles)
      .set({ lastActivityAt: now })
      .where(
        and(
          eq(profiles.id, userId),
          or(isNull(profiles.lastActivityAt), lte(profiles.lastActivityAt, threshold), sql`${profiles.lastActivityAt} > ${now.toISOString()}::timestamptz`),
        ),
      )
      .returning({ id: profiles.id });
    return { updated: rows.length > 0 };
  });
}
