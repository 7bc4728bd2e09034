/**
 * Trending tickers on the forum home: the row shape that crosses
 * from the server query (`server/tickers/trending.ts`) to the component
 * (`app/components/forum/trending-tickers.tsx`), and the pure rules both sides agree on.
 * Choices and reasons: docs/decisions/025-trending-tickers.md.
 *
 * @module
 */

/** How many tickers the forum home lists ("the 10 tickers"). */
export const TRENDING_TICKERS_LIMIT = 10;
/** The window counted, and the previous window it is compared with (hours). */
export const TRENDING_TICKERS_WINDOW_HOURS = 24;
/** Default longest age of the cached list (seconds; "refreshed at most every minute"). */
export const TRENDING_TICKERS_DEFAULT_TTL_S = 60;

/** One ticker of the trending list. Counts are whole numbers ≥ 0. */
export interface TrendingTicker {
  /** 1-based place in the list. */
  rank: number;
  /** Upper-case ticker, e.g. `ERIC-B`. */
  ticker: string;
  /** Company name from the company list, e.g. `Ericsson B`. */
  name: string;
  /** Distinct members (posts whose author still has an account) who mentioned it in the last 24 h: the ranking key. */
  members: number;
  /** Mentions in the last 24 h: index rows, one per post (thread or comment) naming the ticker, deleted accounts' posts included. */
  mentions: number;
  /** Distinct members in the 24 h before that (the change is `members − previousMembers`). */
  previousMembers: number;
  /** Mentions in the 24 h before that. */
  previousMentions: number;
  /** Members whose latest stated view ('Din syn') of the ticker in the last 24 h is bullish. */
  bullish: number;
  /** Members whose latest stated view of the ticker in the last 24 h is bearish. */
  bearish: number;
}

/**
 * The change shown next to a ticker: distinct members now against the previous 24 hours.
 *
 * @param t the row (`members`, `previousMembers`)
 * @returns `{ kind: "new" }` when no member named it in the previous 24 hours, else
 *   `{ kind: "delta", delta }` with `delta = members − previousMembers` (may be 0 or negative)
 */
export function trendingChange(t: Pick<TrendingTicker, "members" | "previousMembers">): { kind: "new" } | { kind: "delta"; delta: number } {
  if (t.previousMembers === 0) return { kind: "new" };
  return { kind: "delta", delta: t.members - t.previousMembers };
}
