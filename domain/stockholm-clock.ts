/**
 * Clock time on Stockholm's wall clock, the same text on server and browser: the time a member
 * under 'Långsamt läge' may comment again (docs/decisions/053-thread-tools.md). A module of its
 * own, so the thread page's first visit carries nothing else of the thread tools.
 *
 * @module
 */

/** Hours and minutes on Stockholm's wall clock (Latin digits, 24 hours, in every runtime). */
const clock = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Stockholm", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/**
 * An instant as Stockholm clock time, e.g. "14:05".
 *
 * @param instant a Date or an ISO 8601 timestamp
 * @returns `HH:MM`
 * @throws RangeError for an invalid timestamp
 */
export function stockholmClock(instant: Date | string): string {
  const parts: Record<string, string> = {};
  for (const p of clock.formatToParts(typeof instant === "string" ? new Date(instant) : instant)) parts[p.type] = p.value;
  return `${parts.hour!.padStart(2, "0")}:${parts.minute!.padStart(2, "0")}`;
}
