/**
 * Market hours under the auth layout's clocks and in the forum header (rules
 * in domain/market-hours.ts). `opensAt` is used when the next opening is later the same
 * local day, `opensOn` when it is another day (the exchange's local weekday, short form).
 */
export const marketHours = {
  open: "Öppen",
  closed: "Stängd",
  /** e.g. "öppnar 09:00" (later today, the exchange's local time). */
  opensAt: (time: string) => `öppnar ${time}`,
  /** e.g. "öppnar mån 09:00" (another day; local weekday and time of the exchange). */
  opensOn: (weekday: string, time: string) => `öppnar ${weekday} ${time}`,
  /** Short weekday names, index 0 = Sunday (as `Date.getDay`). */
  weekdays: ["sön", "mån", "tis", "ons", "tors", "fre", "lör"],
  /** Exchange names in the header line, keyed like the clocks. */
  exchanges: { stockholm: "Stockholm", newYork: "New York", tokyo: "Tokyo" },
  /** Accessible name of the header line. */
  headerLabel: "Börsernas öppettider",
  /** What the status shows before the browser has computed it (server render, hydration). */
  pending: "…",
} as const;
