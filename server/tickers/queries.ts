/**
 * Ticker page reads (issue "Profiles and the social graph": cashtags): every thread and comment
 * that mentions a ticker, newest first, and the bull/bear balance of reactions on those posts in
 * the last 7 days.
 *
 * @module
 */
import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { categories, comments, postTickers, profiles, reactions, threads } from "../db/schema";
import { SENTIMENT_REACTIONS, type TargetType } from "../../domain/values";

/** Posts listed per ticker page. */
export const TICKER_PAGE_SIZE = 30;
/** Sentiment window (days). */
export const SENTIMENT_DAYS = 7;

/** A thread or comment that mentions the ticker. */
export interface TickerPost {
  kind: TargetType;
  id: string;
  threadId: string;
  categoryId: string;
  threadTitle: string;
  /** Plain text of the post (the page shows an excerpt). */
  body: string;
  authorNickname: string | null;
  /** When this thread or comment was written (ISO 8601), whichever of the two mentions the ticker. */
  createdAt: string;
}

/** Bull and bear reactions on the ticker's posts in the window. */
export interface Sentiment {
  bull: number;
  bear: number;
}

/**
 * Newest posts mentioning `ticker`, in its body or, for a thread, its title (issue 17). Ordered by
 * the index row's time, which every write path sets to the post's own time.
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
    body: r.kind === "comment" ? (r.commentBody ?? "") : r.threadBody,
    authorNickname: r.kind === "comment" ? r.commentAuthor : r.threadAuthor,
    // The post's own time (issue 17), not the thread's or the index row's.
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
