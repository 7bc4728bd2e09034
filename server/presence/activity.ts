/**
 * Activity logging (SPEC §4 Presence, §7 "RPC log_user_activity with p_user_id, p_date
 * (YYYY-MM-DD), p_hour (local hour 0-23)", §9 "Activity logging throttle: once per 5 minutes").
 *
 * The browser logs at most once per 5 minutes (timestamp in local storage); the server enforces
 * the same throttle again, so hand-made requests cannot do more: `last_activity_at` moves only
 * when it is older than 5 minutes, and the activity record is one row per member, date and local
 * hour (idempotent). `POST /api/presence` logs through the write pipeline ({@link activityWrite}).
 *
 * @module
 */
import { errors, toasts as t } from "../../domain/i18n/sv";
import type { Db } from "../db/client";
import { ForumError } from "../platform/errors";
import { defineWrite } from "../writes/pipeline";
import { recordActivity, type Activity, type ActivityResult } from "./record";
import { forgetActiveUsers } from "./stats";

export { ACTIVITY_THROTTLE_MINUTES } from "./record";

/** What the browser sends (SPEC §7 log_user_activity). */
export interface ActivityInput {
  /** Local date `YYYY-MM-DD`. */
  date: unknown;
  /** Local hour 0–23 (number or numeric string). */
  hour: unknown;
}

export type { ActivityResult } from "./record";

/**
 * Checks what the browser sent.
 *
 * @throws {ForumError} 400 'Ogiltig förfrågan.' for a malformed or impossible date, or an hour
 *   outside 0–23
 */
function parseInput(input: ActivityInput): Activity {
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
 * Logs a member's activity (SPEC §7 log_user_activity), without an abuse limit (tests, scripts;
 * the API runs {@link activityWrite}).
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
  const activity = parseInput(input);
  return db.transaction((tx) => recordActivity(tx, userId, activity, options.now ?? new Date()));
}

/**
 * The activity ping of `POST /api/presence` as a declared write (SPEC §4 Presence, §7
 * log_user_activity, §9 throttle): `{ date, hour }` → {@link ActivityResult}. Steps: login (401
 * 'Ej inloggad') → parse (400 'Ogiltig förfrågan.' for a malformed date or hour) → limit
 * `presence` (10 a minute, 429) → the activity row and `last_activity_at`. Declares no cache
 * change: no cached read shows a member's activity.
 *
 * @returns the write; its value is {@link ActivityResult}
 */
export const activityWrite = defineWrite({
  name: "presence",
  changes: () => [],
  login: { message: t.notLoggedIn },
  parse: (raw: ActivityInput): Activity => parseInput(raw),
  limits: "presence",
  transaction: (tx, { actor }, activity): Promise<ActivityResult> => recordActivity(tx, actor.id, activity, new Date()),
  // After commit: the header's count may now be one more, so the next page reads it again.
  events: async (_scope, value) => {
    if (value.updated) forgetActiveUsers();
  },
});
