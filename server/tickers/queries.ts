/**
 * Ticker page reads (cashtags): every thread and comment
 * that mentions a ticker, newest first, and the bull/bear balance of reactions on those posts in
 * the last 7 days; the members' stated view (one vote per member, 7 days), the share of
 * posts with a stated position whose author owns the stock (30 days), and a page's stances.
 *
 * @module
 */
import { and, desc, eq, gte, inArray, isNotNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { categories, comments, postTickers, profiles, reactions, threads } from "../db/schema";
import type { TickerPost } from "../../domain/views";
import { SENTIMENT_REACTIONS, type AuthorSentiment, type Position, type TargetType } from "../../domain/values";
import type { PostStance } from "../../domain/stances";
import { PREVIEW_CHARS, plainExcerpt } from "../content/excerpt";

/** Posts listed per ticker page. */
export const TICKER_PAGE_SIZE = 30;
/** Sentiment window (days): reactions and the members' stated view. */
export const SENTIMENT_DAYS = 7;
/** Position disclosure window (days, 'Innehav'). */
export const POSITION_DAYS = 30;

/** A thread or comment that mentions the ticker (shape in domain/views.ts, shared with the list component). */
export type { TickerPost } from "../../domain/views";

/** Bull and bear reactions on the ticker's posts in the window. */
export interface Sentiment {
  bull: number;
  bear: number;
}

/**
 * Newest posts mentioning `ticker`, in its body or, for a thread, its title. Ordered by
 * the index row's time, which every write path sets to the post's own time. Each carries the
 * plain-text excerpt of its body (`plainExcerpt`, {@link PREVIEW_CHARS} characters), never Markdown.
 *
 * @param ticker upper-case ticker
 * @param limit maximum rows (default {@link TICKER_PAGE_SIZE})
 */
export async function listTickerPosts(db: Db, ticker: string, limit = TICKER_PAGE_SIZE): Promise<TickerPost[]> {
  const rows = await db
    .select({
      kind: postTickers.targetType,
      id: postTickers.targetId,
      threadId: postTickers.threadId,
      categoryId: threads.categoryId,
      categoryName: categories.name,
      threadTitle: threads.title,
      threadBody: threads.body,
      threadAuthorId: threads.authorId,
      commentAuthorId: comments.authorId,
      threadAuthor: sql<string | null>`(SELECT nickname FROM ${profiles} WHERE ${profiles.id} = ${threads.authorId})`,
      commentBody: comments.body,
      commentAuthor: sql<string | null>`(SELECT nickname FROM ${profiles} WHERE ${profiles.id} = ${comments.authorId})`,
      threadCreatedAt: threads.createdAt,
      commentCreatedAt: comments.createdAt,
    })
    .from(postTickers)
    .innerJoin(threads, eq(threads.id, postTickers.threadId))
    .innerJoin(categories, eq(categories.id, threads.categoryId))
    .leftJoin(comments, and(eq(postTickers.targetType, "comment"), eq(comments.id, postTickers.targetId)))
    .where(eq(postTickers.ticker, ticker))
    .orderBy(desc(postTickers.createdAt))
    .limit(limit);
  return rows.map((r) => ({
    kind: r.kind === "comment" ? "comment" : "thread",
    id: r.id,
    threadId: r.threadId,
    categoryId: r.categoryId,
    threadTitle: r.threadTitle,
    excerpt: plainExcerpt(r.kind === "comment" ? (r.commentBody ?? "") : r.threadBody, PREVIEW_CHARS),
    authorNickname: r.kind === "comment" ? r.commentAuthor : r.threadAuthor,
    authorId: r.kind === "comment" ? r.commentAuthorId : r.threadAuthorId,
    // The post's own time, not the thread's or the index row's.
    createdAt: (r.kind === "comment" ? (r.commentCreatedAt ?? r.threadCreatedAt) : r.threadCreatedAt).toISOString(),
  }));
}

/**
 * Bull and bear reactions given in the last {@link SENTIMENT_DAYS} days on posts mentioning the
 * ticker.
 *
 * @param now reference time (tests pass their own)
 */
export async function tickerSentiment(db: Db, ticker: string, now = new Date()): Promise<Sentiment> {
  const since = new Date(now.getTime() - SENTIMENT_DAYS * 86_400_000);
  const rows = await db
    .select({ type: reactions.reactionType, n: sql<number>`count(*)::int` })
    .from(reactions)
    .innerJoin(
      postTickers,
      and(eq(postTickers.targetType, reactions.targetType), eq(postTickers.targetId, reactions.targetId)),
    )
    .where(and(eq(postTickers.ticker, ticker), inArray(reactions.reactionType, [...SENTIMENT_REACTIONS]), gte(reactions.createdAt, since)))
    .groupBy(reactions.reactionType);
  const out: Sentiment = { bull: 0, bear: 0 };
  for (const r of rows) out[r.type as (typeof SENTIMENT_REACTIONS)[number]] = r.n;
  return out;
}

/** The members' stated view of a ticker ('Din syn'): one vote per member. */
export interface MemberSentiment {
  bullish: number;
  bearish: number;
}

/**
 * The authors' stated sentiment of the last {@link SENTIMENT_DAYS} days: each member's
 * latest post (by the post's time) that states Bullish or Bearish for the ticker is one vote;
 * posts without a view do not vote, nor rows whose author is gone. Reads `post_tickers` only
 * (index on ticker, created_at).
 *
 * @param ticker upper-case ticker
 * @param now reference time (tests pass their own)
 * @returns votes per side
 */
export async function memberSentiment(db: Db, ticker: string, now = new Date()): Promise<MemberSentiment> {
  return (await memberSentimentByTicker(db, [ticker], now)).get(ticker) ?? { bullish: 0, bearish: 0 };
}

/**
 * {@link memberSentiment} for several tickers in one statement (the watchlist's rows):
 * the same rule, one index-only range of `post_tickers_ticker_feed_idx` per ticker (about 5 ms for
 * 200 tickers on the bench data set, docs/performance.md).
 *
 * @param tickers upper-case tickers (up to the watchlist's 200)
 * @param now reference time (tests pass their own)
 * @returns ticker → votes; a ticker nobody stated a view on in the window is absent
 */
export async function memberSentimentByTicker(db: Db, tickers: readonly string[], now = new Date()): Promise<Map<string, MemberSentiment>> {
  const out = new Map<string, MemberSentiment>();
  if (tickers.length === 0) return out;
  const since = new Date(now.getTime() - SENTIMENT_DAYS * 86_400_000);
  // One LATERAL per ticker: an index-only range of post_tickers_ticker_feed_idx (0017) each.
  const result = await db.execute(sql`
    SELECT t.ticker, latest.sentiment, count(*)::int AS n
      FROM (VALUES ${sql.join(
        tickers.map((t) => sql`(${t})`),
        sql`, `,
      )}) AS t(ticker)
      CROSS JOIN LATERAL (
            SELECT DISTINCT ON (pt.author_id) pt.author_id, pt.sentiment
              FROM ${postTickers} pt
             WHERE pt.ticker = t.ticker
               AND pt.created_at >= ${since.toISOString()}::timestamptz
               AND pt.created_at <= ${now.toISOString()}::timestamptz
               AND pt.sentiment IS NOT NULL AND pt.author_id IS NOT NULL
             ORDER BY pt.author_id, pt.created_at DESC, pt.target_id DESC) latest
     GROUP BY t.ticker, latest.sentiment`);
  for (const r of (result as unknown as { rows: Array<{ ticker: string; sentiment: AuthorSentiment; n: number }> }).rows) {
    const votes = out.get(r.ticker) ?? { bullish: 0, bearish: 0 };
    votes[r.sentiment] = Number(r.n);
    out.set(r.ticker, votes);
  }
  return out;
}

/** Position disclosure of a ticker's posts ('Innehav'). */
export interface PositionShare {
  /** Posts of the window that state a position and whose author owns the stock. */
  owns: number;
  /** Posts of the window that state a position (owns or does not own). */
  stated: number;
}

/**
 * How many of the ticker's posts of the last {@link POSITION_DAYS} days state a position, and how
 * many of those say the author owns the stock. Posts that state nothing are not counted.
 *
 * @param ticker upper-case ticker
 * @param now reference time (tests pass their own)
 * @returns {@link PositionShare}
 */
export async function positionShare(db: Db, ticker: string, now = new Date()): Promise<PositionShare> {
  const since = new Date(now.getTime() - POSITION_DAYS * 86_400_000);
  const [row] = await db
    .select({
      owns: sql<number>`count(*) FILTER (WHERE ${postTickers.position} = 'owns')::int`,
      stated: sql<number>`count(*)::int`,
    })
    .from(postTickers)
    .where(
      and(
        eq(postTickers.ticker, ticker),
        gte(postTickers.createdAt, since),
        lte(postTickers.createdAt, now),
        isNotNull(postTickers.position),
      ),
    );
  return { owns: Number(row?.owns ?? 0), stated: Number(row?.stated ?? 0) };
}

/**
 * The stated stances of a thread and some of its comments, for the thread page: one
 * query for the whole page (index on target_type, target_id).
 *
 * @param threadId the thread (its own stances)
 * @param commentIds the page's comments and replies
 * @returns `thread:{id}` / `comment:{id}` → its stances that state something, in ticker order
 */
export async function postStances(db: Db, threadId: string | null, commentIds: readonly string[]): Promise<Map<string, PostStance[]>> {
  const out = new Map<string, PostStance[]>();
  if (!threadId && commentIds.length === 0) return out;
  const targets = [];
  if (threadId) targets.push(and(eq(postTickers.targetType, "thread"), eq(postTickers.targetId, threadId)));
  if (commentIds.length > 0) targets.push(and(eq(postTickers.targetType, "comment"), inArray(postTickers.targetId, [...commentIds])));
  const rows = await db
    .select({
      targetType: postTickers.targetType,
      targetId: postTickers.targetId,
      ticker: postTickers.ticker,
      sentiment: postTickers.sentiment,
      position: postTickers.position,
    })
    .from(postTickers)
    .where(and(or(...targets), or(isNotNull(postTickers.sentiment), isNotNull(postTickers.position))))
    .orderBy(postTickers.ticker);
  for (const r of rows) {
    const key = `${r.targetType}:${r.targetId}`;
    const list = out.get(key) ?? [];
    list.push({ ticker: r.ticker, sentiment: r.sentiment as AuthorSentiment | null, position: r.position as Position | null });
    out.set(key, list);
  }
  return out;
}
