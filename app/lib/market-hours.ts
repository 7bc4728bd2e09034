/**
 * Market hours of the three clock exchanges (issue 17, "Market hours"): whether Nasdaq
 * Stockholm, the New York Stock Exchange and the Tokyo Stock Exchange are open at an instant, and
 * when closed, the next opening. Pure (no DOM, no Node built-ins): the auth layout's clocks and
 * the forum header call it in the browser; tests call it on Node.
 *
 * Regular hours, each in the exchange's own IANA zone (zone math by `@date-fns/tz`, so
 * daylight-saving changes follow the tz database):
 * - Stockholm (Europe/Stockholm): 09:00–17:30; half days 09:00–13:00.
 * - New York (America/New_York): 09:30–16:00; early closes 09:30–13:00.
 * - Tokyo (Asia/Tokyo): 09:00–11:30 and 12:30–15:30 (the lunch break counts as closed; the
 *   close moved from 15:00 to 15:30 on 2024-11-05, JPX / Jiji Press 2024-11-05).
 *
 * Closed days come from the `date-holidays` library (pinned in package.json), per exchange:
 * - Stockholm: every SE holiday of type "public" or "bank" (the bank holidays are
 *   midsommarafton, julafton, nyårsafton). Half day (close 13:00): the calendar day before an SE
 *   "public" holiday, when that day is a weekday and not itself closed, except the day before
 *   nationaldagen (6 June). That gives trettondagsafton, skärtorsdagen, valborgsmässoafton, the
 *   day before Kristi himmelsfärdsdag and allhelgonaafton, which is Nasdaq Stockholm's published
 *   list of half days (its 2024/2025 calendars, as republished by Spotlight Stock Market's
 *   "Öppettider" page). See docs/decisions/021-market-hours.md.
 * - New York: `date-holidays` has no NYSE calendar, so the NYSE list is derived from its US
 *   "public" holidays with three documented corrections (NYSE "Holidays & Trading Hours"):
 *   Columbus Day and Veterans Day are removed (federal, not NYSE), Good Friday (Easter − 2) is
 *   added, and New Year's Day observed on a Friday 31 December is removed (NYSE does not close
 *   then). Early close 13:00: the day after Thanksgiving, 24 December and 3 July, each when a
 *   weekday and not itself closed. Unscheduled closings (national mourning, storms) are not known.
 * - Tokyo: JP holidays of type "public" (national holidays and substitute days) and "bank"
 *   (2–3 January and 31 December), which together are JPX's closed days (national holidays and
 *   31 Dec–3 Jan).
 *
 * @module
 */
import { TZDate } from "@date-fns/tz";
import Holidays from "date-holidays";
import type { ClockKey } from "./clocks";

/** An exchange, keyed like its clock (`MARKET_CLOCKS` in app/lib/clocks.ts). */
export type ExchangeKey = ClockKey;

/** A trading session in minutes after local midnight, [open, close). */
type Session = readonly [open: number, close: number];

interface ExchangeRules {
  timeZone: string;
  /** Regular sessions of a full trading day, in local minutes. */
  regular: readonly Session[];
  /** Sessions of a half / early-close day. */
  short: readonly Session[];
  /** Kind of the local calendar day "YYYY-MM-DD" (weekends are handled before). */
  day: (date: string) => "closed" | "short" | "regular";
}

const hm = (h: number, m = 0) => h * 60 + m;

/** "YYYY-MM-DD" of the date `days` after `date` (plain calendar arithmetic). */
function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Day of week of a "YYYY-MM-DD" date, 0 = Sunday. */
function weekday(date: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

const isWeekend = (date: string) => weekday(date) === 0 || weekday(date) === 6;

/** Builds a per-year cached lookup from a function listing one year's dates. */
function perYear<T>(build: (year: number) => T): (year: number) => T {
  const cache = new Map<number, T>();
  return (year) => {
    let value = cache.get(year);
    if (value === undefined) {
      value = build(year);
      cache.set(year, value);
    }
    return value;
  };
}

const dateOf = (h: { date: string }) => h.date.slice(0, 10);

// --- Stockholm ---------------------------------------------------------------------------------

const se = new Holidays("SE");
const seDays = perYear((year) => {
  const all = se.getHolidays(year);
  const closed = new Set(all.filter((h) => h.type === "public" || h.type === "bank").map(dateOf));
  const publicDays = all.filter((h) => h.type === "public").map(dateOf);
  return { closed, publicDays: new Set(publicDays) };
});

function stockholmDay(date: string): "closed" | "short" | "regular" {
  const year = Number(date.slice(0, 4));
  if (seDays(year).closed.has(date)) return "closed";
  const next = addDays(date, 1);
  const nextIsPublic = seDays(Number(next.slice(0, 4))).publicDays.has(next);
  if (nextIsPublic && next.slice(5) !== "06-06") return "short";
  return "regular";
}

// --- New York ----------------------------------------------------------------------------------

const us = new Holidays("US");
/** Names (English) of US public holidays that are not NYSE holidays. */
const NOT_NYSE = new Set(["Columbus Day", "Veterans Day"]);
const nyseDays = perYear((year) => {
  const all = us.getHolidays(year, "en");
  const closed = new Set(
    all
      .filter((h) => h.type === "public" && !NOT_NYSE.has(h.name))
      // New Year's Day on a Saturday is observed by the federal calendar on Friday 31 Dec; NYSE stays open.
      .filter((h) => !(h.name.startsWith("New Year's Day") && dateOf(h).endsWith("-12-31")))
      .map(dateOf),
  );
  const easter = all.find((h) => h.name === "Easter Sunday");
  if (easter) closed.add(addDays(dateOf(easter), -2)); // Good Friday
  const thanksgiving = all.find((h) => h.name === "Thanksgiving Day");
  const early = new Set([`${year}-12-24`, `${year}-07-03`]);
  if (thanksgiving) early.add(addDays(dateOf(thanksgiving), 1));
  return { closed, early };
});

function newYorkDay(date: string): "closed" | "short" | "regular" {
  const days = nyseDays(Number(date.slice(0, 4)));
  if (days.closed.has(date)) return "closed";
  return days.early.has(date) ? "short" : "regular";
}

// --- Tokyo -------------------------------------------------------------------------------------

const jp = new Holidays("JP");
const jpxClosed = perYear(
  (year) => new Set(jp.getHolidays(year).filter((h) => h.type === "public" || h.type === "bank").map(dateOf)),
);

function tokyoDay(date: string): "closed" | "short" | "regular" {
  return jpxClosed(Number(date.slice(0, 4))).has(date) ? "closed" : "regular";
}

const EXCHANGES: Record<ExchangeKey, ExchangeRules> = {
  stockholm: { timeZone: "Europe/Stockholm", regular: [[hm(9), hm(17, 30)]], short: [[hm(9), hm(13)]], day: stockholmDay },
  newYork: { timeZone: "America/New_York", regular: [[hm(9, 30), hm(16)]], short: [[hm(9, 30), hm(13)]], day: newYorkDay },
  tokyo: {
    timeZone: "Asia/Tokyo",
    regular: [
      [hm(9), hm(11, 30)],
      [hm(12, 30), hm(15, 30)],
    ],
    short: [
      [hm(9), hm(11, 30)],
      [hm(12, 30), hm(15, 30)],
    ],
    day: tokyoDay,
  },
};

/** An exchange's state at an instant. */
export type MarketStatus =
  | {
      open: true;
      /** End of the current session. */
      closesAt: Date;
    }
  | {
      open: false;
      /** Start of the next session. */
      opensAt: Date;
      /** Its local wall-clock time, "HH:mm" (e.g. "09:00"). */
      opensLocal: string;
      /**
       * Local day of week of the next opening (0 = Sunday … 6 = Saturday), or `null` when it
       * opens later on the same local day (after the Tokyo lunch break, or before the morning
       * open).
       */
      opensWeekday: number | null;
    };

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * Sessions of one local day of an exchange, as epoch ms [open, close) pairs; none on a weekend or
 * a closed day.
 */
function sessionsOn(rules: ExchangeRules, date: string): Array<[number, number, number]> {
  if (isWeekend(date)) return [];
  const kind = rules.day(date);
  if (kind === "closed") return [];
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const at = (min: number) => new TZDate(y, m - 1, d, Math.floor(min / 60), min % 60, rules.timeZone).getTime();
  return (kind === "short" ? rules.short : rules.regular).map(([o, c]) => [at(o), at(c), o]);
}

/**
 * Whether an exchange is open at an instant, and if not, when it next opens (issue 17).
 *
 * @param exchange "stockholm" (Nasdaq Stockholm), "newYork" (NYSE) or "tokyo" (TSE)
 * @param now the instant to judge (any `Date`; the browser passes `new Date()`)
 * @returns `{ open: true, closesAt }` during a session (the open minute counts, the close minute
 *   does not), else `{ open: false, opensAt, opensLocal: "HH:mm", opensWeekday }` where
 *   `opensWeekday` is `null` for a later session the same local day, else the local weekday 0–6
 * @throws Error if no session is found within 30 days (cannot happen with the rules above)
 */
export function marketStatus(exchange: ExchangeKey, now: Date): MarketStatus {
  const rules = EXCHANGES[exchange];
  const t = now.getTime();
  const local = new TZDate(t, rules.timeZone);
  const today = `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
  for (let i = 0; i < 30; i++) {
    const date = addDays(today, i);
    for (const [open, close, openMin] of sessionsOn(rules, date)) {
      if (t >= open && t < close) return { open: true, closesAt: new Date(close) };
      if (open > t) {
        return {
          open: false,
          opensAt: new Date(open),
          opensLocal: `${pad(Math.floor(openMin / 60))}:${pad(openMin % 60)}`,
          opensWeekday: i === 0 ? null : weekday(date),
        };
      }
    }
  }
  throw new Error(`No trading session within 30 days for ${exchange}`);
}

/**
 * Milliseconds until an exchange's state can next change (its next open or close), capped at one
 * minute, so a page re-checks at least each minute and exactly when a market opens or closes.
 *
 * @param status the current `marketStatus` of an exchange
 * @param nowMs current time in ms since the epoch
 * @returns a delay in ms, 1–60,000
 */
export function msUntilChange(status: MarketStatus, nowMs: number): number {
  const next = (status.open ? status.closesAt : status.opensAt).getTime();
  return Math.max(1, Math.min(60_000, next - nowMs));
}
