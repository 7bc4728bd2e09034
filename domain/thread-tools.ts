/**
 * Pure helpers of the moderators' thread tools shared by browser and server
 * (docs/decisions/053-thread-tools.md): reading the merge target a moderator pasted, the
 * 'Långsamt läge' choice of a form, and when a slowed member may post again (shown with
 * `stockholmClock`, domain/stockholm-clock.ts).
 *
 * @module
 */
import { isUuid } from "./ids";
import { SLOW_MODE_MINUTES, type SlowModeMinutes } from "./values";

const THREAD_IN_URL = /\/(?:trad|post)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?![0-9a-f])/i;

/**
 * The thread a moderator means by what they pasted or picked for 'Slå ihop': a thread id, or a
 * thread URL of this forum (`…/forum/kategori/{c}/trad/{id}…`, `/forum/post/{id}`), with or
 * without host, query or anchor.
 *
 * @param text the form field as sent
 * @returns the thread id in lower case, or null when the text names no thread
 */
export function mergeTargetId(text: string): string | null {
  const trimmed = text.trim();
  if (isUuid(trimmed)) return trimmed.toLowerCase();
  const match = THREAD_IN_URL.exec(trimmed);
  return match ? match[1]!.toLowerCase() : null;
}

/**
 * The 'Långsamt läge' choice of a form: `""` or `"av"` is off, else one of
 * `SLOW_MODE_MINUTES` (domain/values.ts).
 *
 * @param value the `minutes` field as sent (absent: off)
 * @returns the minutes, `null` for off, or `undefined` for anything else (the write answers 400)
 */
export function slowModeChoice(value: string | undefined): SlowModeMinutes | null | undefined {
  const text = (value ?? "").trim().toLowerCase();
  if (text === "" || text === "av") return null;
  return SLOW_MODE_MINUTES.find((m) => String(m) === text);
}

/**
 * When a member may comment again under slow mode.
 *
 * @param lastCommentAt their newest comment or reply in the thread (null: none)
 * @param minutes the thread's slow mode (null: off)
 * @param now the current instant
 * @returns the instant they may post again, or null when they may post now
 */
export function slowModeNextAt(lastCommentAt: Date | null, minutes: number | null, now: Date): Date | null {
  if (lastCommentAt === null || minutes === null) return null;
  const next = new Date(lastCommentAt.getTime() + minutes * 60_000);
  return next > now ? next : null;
}
