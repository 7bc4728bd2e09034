/**
 * Market hours of the three clock exchanges (docs/decisions/021-market-hours.md): whether Nasdaq
 * Stockholm, the New York Stock Exchange and the Tokyo Stock Exchange are open at an instant, and
 * when closed, the next opening. Pure (no DOM, no Node built-ins, no holiday library): the auth
 * layout's clocks and the forum header call it in the browser with the calendar the server sends
 * (`/api/market-calendar`); tests call it on Node.
 *
 * Regular hours, each in the exchange's own IANA zone (zone math by `@date-fns/tz`, so
 * daylight-saving changes follow the tz database):
 * - Stockholm (Europe/Stockholm): 09:00–17:30; half days 09:00–13:00.
 * - New York (America/New_York): 09:30–16:00; early closes 09:30–13:00.
 * - Tokyo (Asia/Tokyo): 09:00–11:30 and 12:30–15:30 (the lunch break counts as closed; the
 *   close moved from 15:00 to 15:30 on 2024-11-05, JPX / Jiji Press 2024-11-05).
 *
 * Closed and short days come from a {@link MarketCalendar} that server/market/calendar.ts builds
 * with the `date-holidays` library (pinned in package.json), per exchange:
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

/** An exchange, keyed like its clock (`ClockKey`, `MARKET_CLOCKS` in app/lib/clocks.ts). */
export type ExchangeKey = "newYork" | "stockholm" | "tokyo";

/** A trading session in minutes after local midnight, [open, close). */
type Session = readonly [open: number, close: number];

interface ExchangeRules {
  timeZone: string;
  /** Regular sessions of a full trading day, in local minutes. */
  regular: readonly Session[];
  /** Sessions of a half / early-close day. */
  short: readonly Session[];
}

const hm = (h: number, m = 0) => h * 60 + m;

/**
 * The date `days` after `date` (plain calendar arithmetic, no time zone).
 *
 * @param date "YYYY-MM-DD"
 * @param days whole days, may be negative
 * @returns "YYYY-MM-DD"
 */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Day of week of a "YYYY-MM-DD" date, 0 = Sunday. */
function weekday(date: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

const isWeekend = (date: string) => weekday(date) === 0 || weekday(date) === 6;


/**
 * The kinds of days that are not regular trading days, per exchange, as local "YYYY-MM-DD"
 * dates: closed days (holidays; weekends are handled apart) and short days (half days / early
 * closes). Built on the server from the holiday library (server/market/calendar.ts
 * `marketCalendar`) for a window of dates and sent to the browser as JSON, so the browser never
 * loads the library's data (≈ 239 KB gzip).
 */
export type MarketCalendar = Record<ExchangeKey, { closed: string[]; short: string[] }>;

/** The kind of a local date on an exchange's calendar. */
function dayKind(calendar: MarketCalendar, exchange: ExchangeKey, date: string): "closed" | "short" | "regular" {
  const days = calendar[exchange];
  if (days.closed.includes(date)) return "closed";
  return days.short.includes(date) ? "short" : "regular";
}

const EXCHANGES: Record<ExchangeKey, ExchangeRules> = {
  stockholm: { timeZone: "Europe/Stockholm", regular: [[hm(9), hm(17, 30)]], short: [[hm(9), hm(13)]] },
  newYork: { timeZone: "America/New_York", regular: [[hm(9, 30), hm(16)]], short: [[hm(9, 30), hm(13)]] },
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
function sessionsOn(rules: ExchangeRules, kind: "closed" | "short" | "regular", date: string): Array<[number, number, number]> {
  if (isWeekend(date)) return [];
  if (kind === "closed") return [];
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const at = (min: number) => new TZDate(y, m - 1, d, Math.floor(min / 60), min % 60, rules.timeZone).getTime();
  return (kind === "short" ? rules.short : rules.regular).map(([o, c]) => [at(o), at(c), o]);
}

/**
 * Whether an exchange is open at an instant, and if not, when it next opens.
 *
 * @param exchange "stockholm" (Nasdaq Stockholm), "newYork" (NYSE) or "tokyo" (TSE)
 * @param now the instant to judge (any `Date`; the browser passes `new Date()`)
 * @param calendar closed and short days ({@link MarketCalendar}) covering at least the 30 days
 *   from `now`
 * @returns `{ open: true, closesAt }` during a session (the open minute counts, the close minute
 *   does not), else `{ open: false, opensAt, opensLocal: "HH:mm", opensWeekday }` where
 *   `opensWeekday` is `null` for a later session the same local day, else the local weekday 0–6
 * @throws Error if no session is found within 30 days (cannot happen with the rules above)
 */
export function marketStatus(exchange: ExchangeKey, now: Date, calendar: MarketCalendar): MarketStatus {
  const rules = EXCHANGES[exchange];
  const t = now.getTime();
  const local = new TZDate(t, rules.timeZone);
  const today = `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
  for (let i = 0; i < 30; i++) {
    const date = addDays(today, i);
    for (const [open, close, openMin] of sessionsOn(rules, dayKind(calendar, exchange, date), date)) {
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

/** The exchanges, in the forum header line's order. */
const STATUS_ORDER: readonly ExchangeKey[] = ["stockholm", "newYork", "tokyo"];

/** Longest time (ms) a `/api/market-status` answer may be reused. */
const STATUS_MAX_AGE_MS = 3_600_000;

/** One exchange's state as `/api/market-status` sends it (times as ISO strings). */
export type MarketStatusJson =
  | { open: true; closesAt: string }
  | { open: false; opensAt: string; opensLocal: string; opensWeekday: number | null };

/** The body: each exchange's state and the ms until the first of them can change (≥ 1). */
export interface MarketStatusesJson {
  statuses: Record<ExchangeKey, MarketStatusJson>;
  changesInMs: number;
}

/**
 * The states of all three exchanges at an instant, as `/api/market-status` sends them.
 *
 * @param now the instant
 * @param status the rules with a calendar: `(exchange, now) => MarketStatus`
 * @returns {@link MarketStatusesJson}; `changesInMs` is capped at an hour
 */
export function marketStatusesAt(now: Date, status: (exchange: ExchangeKey, now: Date) => MarketStatus): MarketStatusesJson {
  const entries = STATUS_ORDER.map((key) => [key, status(key, now)] as const);
  const next = Math.min(...entries.map(([, s]) => (s.open ? s.closesAt : s.opensAt).getTime()));
  const statuses = Object.fromEntries(
    entries.map(([key, s]) => [
      key,
      s.open
        ? { open: true, closesAt: s.closesAt.toISOString() }
        : { open: false, opensAt: s.opensAt.toISOString(), opensLocal: s.opensLocal, opensWeekday: s.opensWeekday },
    ]),
  ) as Record<ExchangeKey, MarketStatusJson>;
  return { statuses, changesInMs: Math.max(1, Math.min(STATUS_MAX_AGE_MS, next - now.getTime())) };
}
