/**
 * Watchlist reads ('Bevakning' and the forum home tab 'Bevakat'):
 *
 * - {@link listWatchedTickers}: the member's tickers with company name, sector, posts today and
 *   the members' stated sentiment of the last 7 days (as on the ticker page);
 * - {@link watchlistFeed}: the newest threads and comments mentioning any watched ticker;
 * - {@link watchedThreads}: threads by followed members and threads mentioning a watched ticker.
 *
 * Both lists are built so their cost does not grow with the forum: each watched ticker (and each
 * followed member) contributes only its own newest `offset + limit + 1` rows, read from the
 * `(ticker, created_at desc)` / `(author_id, created_at desc)` indexes with a LATERAL join, and
 * only those few hundred rows are merged and sorted (docs/performance.md, "Watchlist feed and
 * 'Bevakat' tab"). The merge is exact: a post among the global newest K is among the
 * newest K of every ticker it mentions.
 *
 * @module
 */
import { TZDate } from "@date-fns/tz";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { categories, comments, companies, profiles, threads, watchlistTickers } from "../db/schema";
import type { TargetType } from "../../domain/values";
import { threadRowsByIds, type TrendingThreadRow } from "../trending/queries";
import { PREVIEW_CHARS, plainExcerpt } from "../content/excerpt";
import { memberSentimentByTicker, SENTIMENT_DAYS, type MemberSentiment, type TickerPost } from "../tickers/queries";

/** Feed rows per page of `/forum/bevakning`. */
export const WATCHLIST_FEED_PAGE_SIZE = 20;
/**
 * Deepest feed page served; a deeper `?sida=` is empty. Each page reads `page × size` rows per
 * watched ticker (and followed member), so the bound keeps the worst page at 200 × 400 index rows.
 */
export const WATCHLIST_FEED_MAX_PAGES = 20;
/** Time zone of "posts today" (the forum's: Nasdaq Stockholm's local day). */
export const WATCHLIST_TIME_ZONE = "Europe/Stockholm";

/** One watched ticker as `/forum/bevakning` lists it. */
export interface WatchedTicker {
  ticker: string;
  /** Company name. */
  name: string;
  /** The data set's English sector value (shown in Swedish with `sectorName`), or null. */
  sector: string | null;
  /** Threads and comments mentioning the ticker since local midnight (Europe/Stockholm). */
  postsToday: number;
  /**
   * The members' stated view ('Din syn') of the last {@link SENTIMENT_DAYS} days, one vote per
   * member: the ticker page's bar (`memberSentiment`).
   */
  sentiment: MemberSentiment;
  /** When the member started watching (ISO 8601). */
  since: string;
}

/** A feed row: a thread or comment mentioning watched tickers. */
export interface WatchlistPost extends TickerPost {
  /** The watched tickers it mentions, alphabetical. */
  tickers: string[];
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Local midnight of `now` in {@link WATCHLIST_TIME_ZONE}, as an instant.
 *
 * @param now reference time
 */
export function stockholmMidnight(now: Date): Date {
  const local = new TZDate(now.getTime(), WATCHLIST_TIME_ZONE);
  return new Date(new TZDate(local.getFullYear(), local.getMonth(), local.getDate(), WATCHLIST_TIME_ZONE).getTime());
}

/**
 * The tickers a member watches, alphabetical, with their figures. Posts today come from the
 * `(ticker, created_at desc)` index (one short range per ticker); the sentiment is the ticker
 * page's members' view (`memberSentimentByTicker`: one statement for all the member's tickers).
 *
 * @param userId the member
 * @param options `now` reference time (tests pass their own)
 * @returns up to WATCHLIST_MAX rows
 */
export async function listWatchedTickers(
  db: Db,
  userId: string,
  options: { now?: Date } = {},
): Promise<WatchedTicker[]> {
  const now = options.now ?? new Date();
  const list = await db
    .select({ ticker: companies.ticker, name: companies.name, sector: companies.sector, since: watchlistTickers.createdAt })
    .from(watchlistTickers)
    .innerJoin(companies, eq(companies.ticker, watchlistTickers.ticker))
    .where(eq(watchlistTickers.userId, userId))
    .orderBy(asc(companies.ticker));
  if (list.length === 0) return [];
  const midnight = stockholmMidnight(now);
  const since = new Date(now.getTime() - SENTIMENT_DAYS * 86_400_000);
  const [today, sentimentBy] = await Promise.all([
    db.execute(sql`
      SELECT w.ticker, (SELECT count(*)::int FROM post_tickers pt
                        WHERE pt.ticker = w.ticker AND pt.created_at >= ${midnight.toISOString()}::timestamptz
                          AND pt.created_at <= ${now.toISOString()}::timestamptz) AS n
      FROM watchlist_tickers w WHERE w.user_id = ${userId}`),
    memberSentimentByTicker(
      db,
      list.map((r) => r.ticker),
      now,
    ),
  ]);
  const todayBy = new Map(rowsOf<{ ticker: string; n: number }>(today).map((r) => [r.ticker, Number(r.n)]));
  return list.map((r) => ({
    ticker: r.ticker,
    name: r.name,
    sector: r.sector,
    postsToday: todayBy.get(r.ticker) ?? 0,
    sentiment: sentimentBy.get(r.ticker) ?? { bullish: 0, bearish: 0 },
    since: r.since.toISOString(),
  }));
}

/**
 * The time windows {@link newestFirstWindows} tries, in hours back from now, before reading
 * without a bound: each 8 times the last, up to about 3.7 years.
 */
export const FEED_WINDOW_HOURS = [1, 8, 64, 512, 4096, 32768] as const;

/**
 * Runs a newest-first page query over growing time windows (watchlist performance): first only
 * rows of the last hour, then 8 h, 64 h, … and finally without a bound, stopping at the first
 * window that fills the page (`needed` rows: the page and one more, to know there is a next
 * page). The answer is exact: when a window holds `needed` rows after the page's offset, every
 * row outside it is older than all of them. A busy watchlist is served from the first window
 * (a few hundred index rows, not `per-ticker limit × tickers`); a quiet one costs a few empty
 * index probes per window.
 *
 * @param query the page query for rows at or after `since` (`null`: no bound)
 * @param needed rows that make the page complete
 * @param now reference time of the windows
 * @returns the first window's rows that are complete, else the unbounded query's rows
 */
export async function newestFirstWindows<T>(
  query: (since: Date | null) => Promise<T[]>,
  needed: number,
  now = new Date(),
): Promise<T[]> {
  for (const hours of FEED_WINDOW_HOURS) {
    const rows = await query(new Date(now.getTime() - hours * 3_600_000));
    if (rows.length >= needed) return rows;
  }
  return query(null);
}

/**
 * One page of the watchlist feed: threads and comments mentioning any ticker the member watches,
 * newest first (ties by id), each once with the watched tickers it names and the plain-text
 * excerpt of its body (`plainExcerpt`, {@link PREVIEW_CHARS} characters).
 *
 * @param userId the member
 * @param page 1-based page; pages past {@link WATCHLIST_FEED_MAX_PAGES} are empty
 * @param pageSize rows per page (default {@link WATCHLIST_FEED_PAGE_SIZE})
 * @returns the rows and whether a next page exists
 */
export async function watchlistFeed(
  db: Db,
  userId: string,
  page: number,
  pageSize = WATCHLIST_FEED_PAGE_SIZE,
): Promise<{ posts: WatchlistPost[]; hasMore: boolean }> {
  if (!(page >= 1) || page > WATCHLIST_FEED_MAX_PAGES) return { posts: [], hasMore: false };
  const offset = (Math.floor(page) - 1) * pageSize;
  const perTicker = offset + pageSize + 1;
  const ids = await newestFirstWindows(
    (since) =>
      db
        .execute(sql`
          SELECT p.target_type, p.target_id, p.thread_id, max(p.created_at) AS created_at,
                 array_agg(p.ticker ORDER BY p.ticker) AS tickers
          FROM watchlist_tickers w
          CROSS JOIN LATERAL (
            SELECT pt.ticker, pt.target_type, pt.target_id, pt.thread_id, pt.created_at
            FROM post_tickers pt
            WHERE pt.ticker = w.ticker${since ? sql` AND pt.created_at >= ${since.toISOString()}::timestamptz` : sql``}
            ORDER BY pt.created_at DESC NULLS LAST
            LIMIT ${perTicker}
          ) p
          WHERE w.user_id = ${userId}
          GROUP BY p.target_type, p.target_id, p.thread_id
          ORDER BY max(p.created_at) DESC, p.target_id DESC
          LIMIT ${pageSize + 1} OFFSET ${offset}`)
        .then(rowsOf<{ target_type: TargetType; target_id: string; thread_id: string; tickers: string[] }>),
    pageSize + 1,
  );
  const hasMore = ids.length > pageSize && page < WATCHLIST_FEED_MAX_PAGES;
  const pageIds = ids.slice(0, pageSize);
  if (pageIds.length === 0) return { posts: [], hasMore: false };

  const threadIds = [...new Set(pageIds.map((r) => r.thread_id))];
  const commentIds = pageIds.filter((r) => r.target_type === "comment").map((r) => r.target_id);
  const [threadRows, commentRows] = await Promise.all([
    db
      .select({
        id: threads.id,
        categoryId: threads.categoryId,
        title: threads.title,
        body: threads.body,
        createdAt: threads.createdAt,
        author: profiles.nickname,
        authorId: threads.authorId,
      })
      .from(threads)
      .innerJoin(categories, eq(categories.id, threads.categoryId))
      .leftJoin(profiles, eq(profiles.id, threads.authorId))
      .where(inArray(threads.id, threadIds)),
    commentIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: comments.id, body: comments.body, createdAt: comments.createdAt, author: profiles.nickname, authorId: comments.authorId })
          .from(comments)
          .leftJoin(profiles, eq(profiles.id, comments.authorId))
          .where(inArray(comments.id, commentIds)),
  ]);
  const threadBy = new Map(threadRows.map((t) => [t.id, t]));
  const commentBy = new Map(commentRows.map((c) => [c.id, c]));
  const posts: WatchlistPost[] = [];
  for (const r of pageIds) {
    const thread = threadBy.get(r.thread_id);
    if (!thread) continue;
    const comment = r.target_type === "comment" ? commentBy.get(r.target_id) : undefined;
    if (r.target_type === "comment" && !comment) continue;
    posts.push({
      kind: r.target_type === "comment" ? "comment" : "thread",
      id: r.target_id,
      threadId: thread.id,
      categoryId: thread.categoryId,
      threadTitle: thread.title,
      excerpt: plainExcerpt(comment ? comment.body : thread.body, PREVIEW_CHARS),
      authorNickname: comment ? comment.author : thread.author,
      authorId: comment ? comment.authorId : thread.authorId,
      createdAt: (comment ? comment.createdAt : thread.createdAt).toISOString(),
      tickers: r.tickers,
    });
  }
  return { posts, hasMore };
}

/**
 * One page of the forum home tab 'Bevakat': threads written by members the member
 * follows and threads whose title or body mentions a watched ticker, each once, newest first
 * (ties by id), in the row shape of the other tabs.
 *
 * @param userId the member
 * @param page 1-based page; pages past {@link WATCHLIST_FEED_MAX_PAGES} are empty
 * @param pageSize rows per page
 * @returns the rows and whether a next page exists
 */
export async function watchedThreads(
  db: Db,
  userId: string,
  page: number,
  pageSize: number,
): Promise<{ threads: TrendingThreadRow[]; hasMore: boolean }> {
  if (!(page >= 1) || page > WATCHLIST_FEED_MAX_PAGES) return { threads: [], hasMore: false };
  const offset = (Math.floor(page) - 1) * pageSize;
  const perSource = offset + pageSize + 1;
  const ids = await newestFirstWindows(
    (since) => {
      const threadSince = since ? sql` AND th.created_at >= ${since.toISOString()}::timestamptz` : sql``;
      const tickerSince = since ? sql` AND pt.created_at >= ${since.toISOString()}::timestamptz` : sql``;
      return db
        .execute(sql`
          SELECT x.id
          FROM (
            SELECT t.id, t.created_at
            FROM user_follows f
            CROSS JOIN LATERAL (
              SELECT th.id, th.created_at FROM threads th
              WHERE th.author_id = f.following_id${threadSince}
              ORDER BY th.created_at DESC
              LIMIT ${perSource}
            ) t
            WHERE f.follower_id = ${userId}
            UNION ALL
            SELECT p.thread_id, p.created_at
            FROM watchlist_tickers w
            CROSS JOIN LATERAL (
              SELECT pt.thread_id, pt.created_at FROM post_tickers pt
              WHERE pt.ticker = w.ticker AND pt.target_type = 'thread'${tickerSince}
              ORDER BY pt.created_at DESC NULLS LAST
              LIMIT ${perSource}
            ) p
            WHERE w.user_id = ${userId}
          ) x
          GROUP BY x.id
          ORDER BY max(x.created_at) DESC, x.id DESC
          LIMIT ${pageSize + 1} OFFSET ${offset}`)
        .then(rowsOf<{ id: string }>);
    },
    pageSize + 1,
  );
  const hasMore = ids.length > pageSize && page < WATCHLIST_FEED_MAX_PAGES;
  return { threads: await threadRowsByIds(db, ids.slice(0, pageSize).map((r) => r.id)), hasMore };
}

/**
 * The tickers a member watches, for the data export ("Included in the member's data
 * export").
 *
 * @returns `{ ticker, since }` oldest first (ISO 8601 times)
 */
export async function watchlistForExport(db: Db, userId: string): Promise<{ ticker: string; since: string }[]> {
  const rows = await db
    .select({ ticker: watchlistTickers.ticker, since: watchlistTickers.createdAt })
    .from(watchlistTickers)
    .where(and(eq(watchlistTickers.userId, userId)))
    .orderBy(asc(watchlistTickers.createdAt), asc(watchlistTickers.ticker));
  return rows.map((r) => ({ ticker: r.ticker, since: r.since.toISOString() }));
}
