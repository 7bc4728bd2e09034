/**
 * Swedish dates (SPEC §1: long month, 'PPP HH:mm', relative time with a suffix), always in
 * Stockholm time so server and browser render the same text.
 *
 * Written with `Intl` and the catalogue's `time` words instead of date-fns (date-fns'
 * formatter and its two locales were 9 KiB gzip of every forum page's JavaScript). The texts are
 * date-fns' own: `dates.test.ts` compares both over many instants (`format(d, "PPP HH:mm",
 * { locale: sv, in: tz("Europe/Stockholm") })` and `formatDistanceToNow(d, { locale: sv,
 * addSuffix: true })`), including its rounding and its use of the runtime's local calendar.
 *
 * @module
 */
import { time as tm } from "../../domain/i18n/sv";

/** Numeric parts of an instant on Stockholm's wall clock (digits are always Latin with en-US). */
const stockholm = new Intl.DateTimeFormat("en-US", {
  timeZone: "Europe/Stockholm",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

type Parts = { year: string; month: number; day: string; hour: string; minute: string };

/**
 * Instants already split, by ISO text (a thread page formats the same posts' times on
 * every request, and `formatToParts` was 1–2 % of a member's render). Emptied when it reaches
 * {@link PARTS_CACHE_MAX} entries, so it stays small (about 200 bytes an entry).
 */
const partsCache = new Map<string, Parts>();
const PARTS_CACHE_MAX = 5000;

function stockholmParts(iso: string): Parts {
  const known = partsCache.get(iso);
  if (known) return known;
  const parts: Record<string, string> = {};
  for (const p of stockholm.formatToParts(new Date(iso))) parts[p.type] = p.value;
  const split = { year: parts.year!, month: Number(parts.month), day: parts.day!, hour: parts.hour!.padStart(2, "0"), minute: parts.minute!.padStart(2, "0") };
  if (partsCache.size >= PARTS_CACHE_MAX) partsCache.clear();
  partsCache.set(iso, split);
  return split;
}

/**
 * Absolute date and time, e.g. "21 november 2026 14:05".
 *
 * @param iso ISO 8601 timestamp
 * @returns the formatted text in Stockholm time
 * @throws RangeError for an invalid timestamp
 */
export function formatDateTime(iso: string): string {
  const d = stockholmParts(iso);
  return `${d.day} ${tm.months[d.month - 1]} ${d.year} ${d.hour}:${d.minute}`;
}

/**
 * Date only in Swedish long format, e.g. "21 november 2026" (SPEC §2 Profile 'Medlem sedan').
 *
 * @param iso ISO 8601 timestamp
 * @throws RangeError for an invalid timestamp
 */
export function formatDate(iso: string): string {
  const d = stockholmParts(iso);
  return `${d.day} ${tm.months[d.month - 1]} ${d.year}`;
}

const MINUTES_IN_DAY = 1440;
const MINUTES_IN_ALMOST_TWO_DAYS = 2520;
const MINUTES_IN_MONTH = 43200;

/** The runtime's local UTC offset of an instant, in ms (date-fns `getTimezoneOffsetInMilliseconds`). */
function localOffsetMs(date: Date): number {
  const utc = new Date(
    Date.UTC(date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes(), date.getSeconds(), date.getMilliseconds()),
  );
  utc.setUTCFullYear(date.getFullYear());
  return +date - +utc;
}

/** Whole months from `earlier` to `later` (later ≥ earlier) on the local calendar (date-fns `differenceInMonths`). */
function monthsBetween(later: Date, earlier: Date): number {
  const difference = Math.abs((later.getFullYear() - earlier.getFullYear()) * 12 + (later.getMonth() - earlier.getMonth()));
  if (difference < 1) return 0;
  const sign = Math.sign(+later - +earlier);
  const working = new Date(later);
  if (working.getMonth() === 1 && working.getDate() > 27) working.setDate(30);
  working.setMonth(working.getMonth() - sign * difference);
  let lastMonthNotFull = Math.sign(+working - +earlier) === -sign;
  const lastDayOfMonth = later.getDate() === new Date(later.getFullYear(), later.getMonth() + 1, 0).getDate();
  if (lastDayOfMonth && difference === 1 && +later > +earlier) lastMonthNotFull = false;
  return sign * (difference - Number(lastMonthNotFull));
}

type Phrase = keyof typeof tm.distance;

function phrase(token: Phrase, count: number): string {
  const forms = tm.distance[token];
  return count === 1 ? forms.one : forms.other.replace("{{count}}", count < 13 ? tm.numberWords[count]! : String(count));
}

/**
 * Relative time with suffix, e.g. "för 5 minuter sedan" (SPEC §1).
 *
 * @param iso ISO 8601 timestamp
 * @param now the current time in ms since the epoch (default `Date.now()`)
 * @returns 'X sedan' for the past, 'om X' for the future
 * @throws RangeError for an invalid timestamp
 */
export function formatRelative(iso: string, now: number = Date.now()): string {
  const date = new Date(iso);
  const comparison = Math.sign(+date - now);
  if (Number.isNaN(comparison)) throw new RangeError("Invalid time value");
  const nowDate = new Date(now);
  // As date-fns: the earlier instant first, the distance always positive.
  const [first, second] = comparison > 0 ? [nowDate, date] : [date, nowDate];
  const seconds = Math.trunc((+second - +first) / 1000) || 0;
  const offsetSeconds = (localOffsetMs(second) - localOffsetMs(first)) / 1000;
  const minutes = Math.round((seconds - offsetSeconds) / 60);
  let text: string;
  if (minutes < 2) text = minutes === 0 ? phrase("lessThanXMinutes", 1) : phrase("xMinutes", minutes);
  else if (minutes < 45) text = phrase("xMinutes", minutes);
  else if (minutes < 90) text = phrase("aboutXHours", 1);
  else if (minutes < MINUTES_IN_DAY) text = phrase("aboutXHours", Math.round(minutes / 60));
  else if (minutes < MINUTES_IN_ALMOST_TWO_DAYS) text = phrase("xDays", 1);
  else if (minutes < MINUTES_IN_MONTH) text = phrase("xDays", Math.round(minutes / MINUTES_IN_DAY));
  else if (minutes < MINUTES_IN_MONTH * 2) text = phrase("aboutXMonths", Math.round(minutes / MINUTES_IN_MONTH));
  else {
    const months = monthsBetween(second, first);
    if (months < 12) text = phrase("xMonths", Math.round(minutes / MINUTES_IN_MONTH));
    else {
      const rest = months % 12;
      const years = Math.trunc(months / 12);
      text = rest < 3 ? phrase("aboutXYears", years) : rest < 9 ? phrase("overXYears", years) : phrase("almostXYears", years + 1);
    }
  }
  return comparison > 0 ? tm.in(text) : tm.ago(text);
}
