/**
 * Reads behind the Atom feeds: the newest threads of the forum or of one
 * category, the newest comments of one thread, and the newest posts naming one ticker, each with
 * its stored cooked HTML, its Markdown source (for the entry's plain-text summary) and the author's
 * nickname. Deleted posts are gone from the tables, so
 * they are gone here; posts by members in `blocked_users` are left out as well
 * ("Deleted or blocked content disappears from feeds"; docs/decisions/035-feeds.md).
 *
 * Every list is one indexed query ordered newest first (`threads_created_at_idx`,
 * `threads_category_created_idx`, `comments_thread_created_idx`, `post_tickers_ticker_created_idx`).
 *
 * @module
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { blockedUsers, categories, comments, postTickers, profiles, threads } from "../db/schema";
import { isUuid } from "../../domain/ids";
import type { TargetType } from "../../domain/values";

/** Entries in the forum, category and ticker feeds. */
export const FEED_LIST_SIZE = 30;
/** Newest comments in a thread's feed ("its newest comments, e.g. last 50"). */
export const FEED_THREAD_COMMENTS = 50;

/**
 * One post as a feed shows it. Times are `Date`s; `authorId`/`authorNickname` are null when the
 * author deleted the account.
 */
export interface FeedPost {
  kind: TargetType;
  /** The post's own id (thread id or comment id). */
  id: string;
  threadId: string;
  threadTitle: string;
  categoryId: string;
  categoryName: string;
  /** Cooked, sanitised HTML as stored (`body_html`), links still relative. */
  bodyHtml: string;
  /** The Markdown source (`body`), for the entry's plain-text summary (`plainExcerpt`). */
  body: string;
  createdAt: Date;
  /** Last edit, or null when never edited. */
  editedAt: Date | null;
  authorId: string | null;
  authorNickname: string | null;
}

interface Row {
  kind: string;
  id: string;
  threadId: string;
  threadTitle: string;
  categoryId: string;
  categoryName: string;
  bodyHtml: string;
  body: string;
  createdAt: Date | string;
  editedAt: Date | string | null;
  authorId: string | null;
  authorNickname: string | null;
}

const toDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

function toPosts(result: unknown): FeedPost[] {
  return (result as { rows: Row[] }).rows.map((r) => ({
    kind: r.kind as TargetType,
    id: r.id,
    threadId: r.threadId,
    threadTitle: r.threadTitle,
    categoryId: r.categoryId,
    categoryName: r.categoryName,
    bodyHtml: r.bodyHtml,
    body: r.body,
    createdAt: toDate(r.createdAt),
    editedAt: r.editedAt === null ? null : toDate(r.editedAt),
    authorId: r.authorId,
    authorNickname: r.authorNickname,
  }));
}

/** `NOT EXISTS` a `blocked_users` row for the author column (null authors pass). */
const notBlocked = (authorId: SQL) => sql`NOT EXISTS (SELECT 1 FROM ${blockedUsers} b WHERE b.user_id = ${authorId})`;

/**
 * The newest threads of the whole forum or of one category, newest first.
 *
 * @param categoryId a category's id, or null for the whole forum
 * @param limit at most this many (default {@link FEED_LIST_SIZE})
 * @returns the threads as {@link FeedPost}s (`kind: "thread"`), without blocked members' threads
 */
export async function feedThreads(db: Db, categoryId: string | null, limit = FEED_LIST_SIZE): Promise<FeedPost[]> {
  const inCategory = categoryId ? sql`AND t.category_id = ${categoryId}::uuid` : sql``;
  const result = await db.execute(sql`
    SELECT 'thread' AS kind, t.id, t.id AS "threadId", t.title AS "threadTitle",
           c.id AS "categoryId", c.name AS "categoryName", t.body_html AS "bodyHtml", t.body,
           t.created_at AS "createdAt", t.edited_at AS "editedAt",
           p.id AS "authorId", p.nickname AS "authorNickname"
      FROM ${threads} t
      JOIN ${categories} c ON c.id = t.category_id
      LEFT JOIN ${profiles} p ON p.id = t.author_id
     WHERE ${notBlocked(sql`t.author_id`)} ${inCategory}
     ORDER BY t.created_at DESC, t.id DESC
     LIMIT ${limit}`);
  return toPosts(result);
}

/**
 * A thread for its feed: the thread in the URL's category, its opening post (unless its author is
 * blocked) and its newest comments and replies, newest first.
 *
 * @param categoryId the category in the URL; the thread must belong to it
 * @param threadId the thread's id (anything; non-UUIDs find nothing)
 * @param limit newest comments to list (default {@link FEED_THREAD_COMMENTS})
 * @returns `{ title, categoryId, categoryName, posts }` with the opening post last, or `null`
 *   when there is no such thread in that category
 */
export async function feedThread(
  db: Db,
  categoryId: string,
  threadId: string,
  limit = FEED_THREAD_COMMENTS,
): Promise<{ title: string; categoryId: string; categoryName: string; posts: FeedPost[] } | null> {
  if (!isUuid(categoryId) || !isUuid(threadId)) return null;
  const head = await db.execute(sql`
    SELECT 'thread' AS kind, t.id, t.id AS "threadId", t.title AS "threadTitle",
           c.id AS "categoryId", c.name AS "categoryName", t.body_html AS "bodyHtml", t.body,
           t.created_at AS "createdAt", t.edited_at AS "editedAt",
           p.id AS "authorId", p.nickname AS "authorNickname",
           ${notBlocked(sql`t.author_id`)} AS visible
      FROM ${threads} t
      JOIN ${categories} c ON c.id = t.category_id
      LEFT JOIN ${profiles} p ON p.id = t.author_id
     WHERE t.id = ${threadId}::uuid AND t.category_id = ${categoryId}::uuid`);
  const headRow = (head as unknown as { rows: Array<Row & { visible: boolean }> }).rows[0];
  if (!headRow) return null;
  const commentRows = await db.execute(sql`
    SELECT 'comment' AS kind, cm.id, t.id AS "threadId", t.title AS "threadTitle",
           c.id AS "categoryId", c.name AS "categoryName", cm.body_html AS "bodyHtml", cm.body,
           cm.created_at AS "createdAt", cm.edited_at AS "editedAt",
           p.id AS "authorId", p.nickname AS "authorNickname"
      FROM ${comments} cm
      JOIN ${threads} t ON t.id = cm.thread_id
      JOIN ${categories} c ON c.id = t.category_id
      LEFT JOIN ${profiles} p ON p.id = cm.author_id
     WHERE cm.thread_id = ${threadId}::uuid AND ${notBlocked(sql`cm.author_id`)}
     ORDER BY cm.created_at DESC, cm.id DESC
     LIMIT ${limit}`);
  const posts = toPosts(commentRows);
  if (headRow.visible) posts.push(...toPosts({ rows: [headRow] }));
  return { title: headRow.threadTitle, categoryId: headRow.categoryId, categoryName: headRow.categoryName, posts };
}

/**
 * The newest threads and comments naming a ticker (in the text or, for a thread, the title), newest
 * first by the post's own time, as the ticker page lists them.
 *
 * @param ticker the upper-case ticker
 * @param limit at most this many (default {@link FEED_LIST_SIZE})
 * @returns the posts, without blocked members' posts
 */
export async function feedTickerPosts(db: Db, ticker: string, limit = FEED_LIST_SIZE): Promise<FeedPost[]> {
  const result = await db.execute(sql`
    SELECT pt.target_type AS kind, pt.target_id AS id, t.id AS "threadId", t.title AS "threadTitle",
           c.id AS "categoryId", c.name AS "categoryName",
           CASE WHEN pt.target_type = 'comment' THEN cm.body_html ELSE t.body_html END AS "bodyHtml",
           CASE WHEN pt.target_type = 'comment' THEN cm.body ELSE t.body END AS body,
           CASE WHEN pt.target_type = 'comment' THEN cm.created_at ELSE t.created_at END AS "createdAt",
           CASE WHEN pt.target_type = 'comment' THEN cm.edited_at ELSE t.edited_at END AS "editedAt",
           p.id AS "authorId", p.nickname AS "authorNickname"
      FROM ${postTickers} pt
      JOIN ${threads} t ON t.id = pt.thread_id
      JOIN ${categories} c ON c.id = t.category_id
      LEFT JOIN ${comments} cm ON pt.target_type = 'comment' AND cm.id = pt.target_id
      LEFT JOIN ${profiles} p ON p.id = CASE WHEN pt.target_type = 'comment' THEN cm.author_id ELSE t.author_id END
     WHERE pt.ticker = ${ticker}
       AND (pt.target_type = 'thread' OR cm.id IS NOT NULL)
       AND ${notBlocked(sql`CASE WHEN pt.target_type = 'comment' THEN cm.author_id ELSE t.author_id END`)}
     ORDER BY pt.created_at DESC, pt.target_id DESC
     LIMIT ${limit}`);
  return toPosts(result);
}
