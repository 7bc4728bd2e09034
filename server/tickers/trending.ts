/**
 * Trending tickers on the forum home: the 10 tickers mentioned by
 * the most distinct members in the last 24 hours, with their mentions, the change against the
 * previous 24 hours and the split of the members' stated views. One SQL query over the ticker
 * index `post_tickers` (author and stated sentiment per mention, migration 0016), never over post
 * bodies, served from a per-process cache at most {@link TRENDING_TICKERS_DEFAULT_TTL_S} seconds
 * old (`TRENDING_TICKERS_TTL_SECONDS`). Choices: docs/decisions/025-trending-tickers.md.
 *
 * @module
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import {
  TRENDING_TICKERS_DEFAULT_TTL_S,
  TRENDING_TICKERS_LIMIT,
  TRENDING_TICKERS_WINDOW_HOURS,
  type TrendingTicker,
} from "../../domain/trending-tickers";
import type { AuthorSentiment } from "../../domain/values";

const HOUR_MS = 3_600_000;

/** Options of {@link trendingTickers}. */
export interface TrendingTickersOptions {
  /** The end of the window (exclusive); default the current time. Tests pass a fixed moment. */
  now?: Date;
  /** How many tickers (default {@link TRENDING_TICKERS_LIMIT}). */
  limit?: number;
}

/**
 * Computes the trending tickers (no cache; the forum home uses {@link cachedTrendingTickers}).
 *
 * Windows: current = `[now − 24 h, now)`, previous = `[now − 48 h, now − 24 h)`, by the index
 * row's `created_at` (the post's own time). Deleted posts have no rows (threads cascade, comments
 * are removed by their delete trigger, migration 0004), so they never count.
 *
 * - `members`: distinct non-null `author_id` in the current window — the ranking key; a ticker
 *   needs at least one member there to be listed (a deleted account's mentions alone do not list it).
 * - `mentions`: rows in the current window (one per post naming the ticker; deleted accounts' posts included).
 * - `previousMembers` / `previousMentions`: the same for the previous window (the change shown is members).
 * - `bullish` / `bearish`: one vote per member — the member's latest stated sentiment for the
 *   ticker in the current window (mentions without a stated view are skipped).
 *
 * Order: members desc, mentions desc, ticker asc (byte order, the same on PGlite and PostgreSQL).
 * Reads the 48 hours through `post_tickers_created_idx`.
 *
 * @param db the database
 * @param options see {@link TrendingTickersOptions}
 * @returns at most `limit` rows, ranked 1..n; empty when no member named a ticker in the window
 */
export async function trendingTickers(db: Db, options: TrendingTickersOptions = {}): Promise<TrendingTicker[]> {
  const now = options.now ?? new Date();
  const limit = Math.max(1, Math.floor(options.limit ?? TRENDING_TICKERS_LIMIT));
  const end = now.toISOString();
  const start = new Date(now.getTime() - TRENDING_TICKERS_WINDOW_HOURS * HOUR_MS).toISOString();
  const previousStart = new Date(now.getTime() - 2 * TRENDING_TICKERS_WINDOW_HOURS * HOUR_MS).toISOString();
  const result = await db.execute(sql`
    WITH w AS MATERIALIZED (
      SELECT ticker, author_id, sentiment, created_at, created_at >= ${start}::timestamptz AS cur
      FROM post_tickers
      WHERE created_at >= ${previousStart}::timestamptz AND created_at < ${end}::timestamptz
    ),
    counts AS (
      SELECT ticker,
        count(DISTINCT author_id) FILTER (WHERE cur) AS members,
        count(*) FILTER (WHERE cur) AS mentions,
        count(DISTINCT author_id) FILTER (WHERE NOT cur) AS previous_members,
        count(*) FILTER (WHERE NOT cur) AS previous_mentions
      FROM w
      GROUP BY ticker
      HAVING count(DISTINCT author_id) FILTER (WHERE cur) > 0
      ORDER BY members DESC, mentions DESC, ticker COLLATE "C" ASC
      LIMIT ${limit}
    ),
    views AS (
      SELECT DISTINCT ON (ticker, author_id) ticker, sentiment
      FROM w
      WHERE cur AND author_id IS NOT NULL AND sentiment IS NOT NULL AND ticker IN (SELECT ticker FROM counts)
      ORDER BY ticker, author_id, created_at DESC, sentiment
    ),
    split AS (
      SELECT ticker,
        count(*) FILTER (WHERE sentiment = ${"bullish" satisfies AuthorSentiment}) AS bullish,
        count(*) FILTER (WHERE sentiment = ${"bearish" satisfies AuthorSentiment}) AS bearish
      FROM views
      GROUP BY ticker
    )
    SELECT c.ticker, co.name, c.members, c.mentions, c.previous_members, c.previous_mentions,
      coalesce(s.bullish, 0) AS bullish, coalesce(s.bearish, 0) AS bearish
    FROM counts c
    JOIN companies co ON co.ticker = c.ticker
    LEFT JOIN split s ON s.ticker = c.ticker
    ORDER BY c.members DESC, c.mentions DESC, c.ticker COLLATE "C" ASC`);
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  return rows.map((r, i) => ({
    rank: i + 1,
    ticker: String(r.ticker),
    name: String(r.name),
    members: Number(r.members),
    mentions: Number(r.mentions),
    previousMembers: Number(r.previous_members),
    previousMentions: Number(r.previous_mentions),
    bullish: Number(r.bullish),
    bearish: Number(r.bearish),
  }));
}

/** A cached list and when it was computed. */
interface CacheEntry {
  at: number;
  value: Promise<TrendingTicker[]>;
}

/** One cache per database handle (tests open many databases in one process). */
const caches = new WeakMap<Db, CacheEntry>();

/**
 * The trending tickers from a per-process cache: computed at most once per `ttlSeconds` per
 * database handle; concurrent callers while it is computed share the one query; a failure is
 * passed on and not kept (the next caller tries again). Each app instance keeps its own copy, so
 * with two instances a list is still at most `ttlSeconds` old.
 *
 * @param db the database
 * @param ttlSeconds longest age of a served list in seconds (config `trendingTickersTtlSeconds`,
 *   default {@link TRENDING_TICKERS_DEFAULT_TTL_S}); 0 computes on every call
 * @param nowMs the clock (ms since epoch; tests pass their own)
 * @returns the list, as {@link trendingTickers} at the moment it was computed
 */
export function cachedTrendingTickers(
  db: Db,
  ttlSeconds: number = TRENDING_TICKERS_DEFAULT_TTL_S,
  nowMs: number = Date.now(),
): Promise<TrendingTicker[]> {
  const held = caches.get(db);
  if (held && nowMs - held.at < ttlSeconds * 1000) return held.value;
  const entry: CacheEntry = { at: nowMs, value: trendingTickers(db) };
  caches.set(db, entry);
  entry.value.catch(() => {
    if (caches.get(db) === entry) caches.delete(db);
  });
  return entry.value;
}
