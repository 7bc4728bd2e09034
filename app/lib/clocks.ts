/**
 * The auth layout's market clocks (SPEC §2 Auth layout, §9 Clocks): New York, Stockholm and
 * Tokyo, 24-hour, ticking each second. Formatting uses the platform's time-zone data (IANA zones
 * through `Intl.DateTimeFormat`), never fixed offsets, so daylight-saving changes are followed
 * on both server and browser.
 *
 * @module
 */

/** Key of a clock; doubles as the key of its city label in `auth.clocks` (domain/i18n/sv.ts). */
export type ClockKey = "newYork" | "stockholm" | "tokyo";

/** One clock: its label key and IANA time zone. */
export interface ClockZone {
  /** Label key in `auth.clocks`. */
  key: ClockKey;
  /** IANA time-zone name, e.g. "Europe/Stockholm". */
  timeZone: string;
}

/** The three clocks, west to east (SPEC §9 Clocks). */
export const MARKET_CLOCKS: readonly ClockZone[] = [
  { key: "newYork", timeZone: "America/New_York" },
  { key: "stockholm", timeZone: "Europe/Stockholm" },
  { key: "tokyo", timeZone: "Asia/Tokyo" },
] as const;

/** What a clock shows before the browser has taken over (server render and hydration). */
export const CLOCK_PLACEHOLDER = "--:--:--";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("sv-SE", {
      timeZone,
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The wall-clock time of an instant in a time zone, 24-hour "HH:mm:ss" (00–23 hours).
 *
 * @param date the instant to show
 * @param timeZone IANA time-zone name, e.g. "America/New_York"
 * @returns e.g. "03:30:00"
 * @throws RangeError when `timeZone` is not a known IANA zone
 */
export function formatClock(date: Date, timeZone: string): string {
  // Built from parts so the separator is always ":" whatever the ICU version prints for sv-SE.
  const parts = formatterFor(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "00";
  return `${part("hour")}:${part("minute")}:${part("second")}`;
}

/**
 * Milliseconds from `nowMs` to the next whole second, so a ticking clock changes its digits
 * right at the second boundary.
 *
 * @param nowMs current time in ms since the epoch
 * @returns a delay in ms, 1–1000
 */
export function msUntilNextSecond(nowMs: number): number {
  return 1000 - (((nowMs % 1000) + 1000) % 1000);
}
