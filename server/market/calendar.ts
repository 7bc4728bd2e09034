/**
 * The exchanges' holiday calendars, built with the `date-holidays`
 * library on the server only: the browser gets the few dates it needs as JSON
 * (`/api/market-calendar`) and judges open/closed with the pure rules of domain/market-hours.ts,
 * so it never loads the library's data for every country (≈ 239 KB gzip).
 *
 * Rules per exchange (sources in domain/market-hours.ts and docs/decisions/021-market-hours.md):
 * - Stockholm: closed on every SE holiday of type "public" or "bank" (the bank holidays are
 *   midsommarafton, julafton, nyårsafton); half day on the weekday before an SE "public" holiday
 *   that is not itself closed, except the day before nationaldagen (6 June).
 * - New York: US "public" holidays minus Columbus Day and Veterans Day, plus Good Friday, minus
 *   New Year's Day observed on Friday 31 December; early close on 3 July, the day after
 *   Thanksgiving and 24 December.
 * - Tokyo: JP holidays of type "public" or "bank" (national holidays, 31 Dec–3 Jan).
 *
 * @module
 */
import Holidays from "date-holidays";
import { TZDate } from "@date-fns/tz";
import { addDays, type ExchangeKey, type MarketCalendar } from "../../domain/market-hours";

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
const yearOf = (date: string) => Number(date.slice(0, 4));
type DayKind = "closed" | "short" | "regular";

// --- Stockholm ---------------------------------------------------------------------------------

const se = new Holidays("SE");
const seDays = perYear((year) => {
  const all = se.getHolidays(year);
  const closed = new Set(all.filter((h) => h.type === "public" || h.type === "bank").map(dateOf));
  const publicDays = new Set(all.filter((h) => h.type === "public").map(dateOf));
  return { closed, publicDays };
});

function stockholmDay(date: string): DayKind {
  if (seDays(yearOf(date)).closed.has(date)) return "closed";
  const next = addDays(date, 1);
  if (seDays(yearOf(next)).publicDays.has(next) && next.slice(5) !== "06-06") return "short";
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

function newYorkDay(date: string): DayKind {
  const days = nyseDays(yearOf(date));
  if (days.closed.has(date)) return "closed";
  return days.early.has(date) ? "short" : "regular";
}

// --- Tokyo -------------------------------------------------------------------------------------

const jp = new Holidays("JP");
const jpxClosed = perYear(
  (year) => new Set(jp.getHolidays(year).filter((h) => h.type === "public" || h.type === "bank").map(dateOf)),
);

function tokyoDay(date: string): DayKind {
  return jpxClosed(yearOf(date)).has(date) ? "closed" : "regular";
}

const DAY_RULES: Record<ExchangeKey, { timeZone: string; day: (date: string) => DayKind }> = {
  stockholm: { timeZone: "Europe/Stockholm", day: stockholmDay },
  newYork: { timeZone: "America/New_York", day: newYorkDay },
  tokyo: { timeZone: "Asia/Tokyo", day: tokyoDay },
};

/** Days a calendar covers from the day before `from` (local), enough for `marketStatus`'s 30-day search. */
export const CALENDAR_DAYS = 40;

/**
 * The closed and short days of each exchange from the local day before `from` for
 * {@link CALENDAR_DAYS} days (weekend days are left out: the rules treat them as closed).
 *
 * @param from the instant the calendar starts around (the request time)
 * @returns `{ stockholm, newYork, tokyo }`, each `{ closed: "YYYY-MM-DD"[], short: "YYYY-MM-DD"[] }`
 */
export function marketCalendar(from: Date): MarketCalendar {
  const result = {} as MarketCalendar;
  for (const exchange of Object.keys(DAY_RULES) as ExchangeKey[]) {
    const { timeZone, day } = DAY_RULES[exchange];
    const local = new TZDate(from.getTime(), timeZone);
    const pad = (n: number) => String(n).padStart(2, "0");
    const start = addDays(`${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`, -1);
    const closed: string[] = [];
    const short: string[] = [];
    for (let i = 0; i < CALENDAR_DAYS; i++) {
      const date = addDays(start, i);
      const kind = day(date);
      if (kind === "closed") closed.push(date);
      else if (kind === "short") short.push(date);
    }
    result[exchange] = { closed, short };
  }
  return result;
}
