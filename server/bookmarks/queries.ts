/**
 * Reading a member's saved threads and comments ('Spara', page `/forum/sparade`) and
 * which posts of a thread page they have saved (the 'Spara' / 'Sparad' toggles).
 *
 * @module
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { BOOKMARKS_PAGE_SIZE } from "../../domain/limits";
import type { TargetType } from "../../domain/values";
import type { Db } from "../db/client";
import { bookmarks, comments, profiles, threads } from "../db/schema";
import { PREVIEW_CHARS, plainExcerpt } from "../content/excerpt";

/** One saved post as `/forum/sparade` lists it. */
export interface SavedItem {
  targetType: TargetType;
  /** uuid of the saved thread or comment */
  id: string;
  threadId: string;
  categoryId: string;
  threadTitle: string;
  /**
   * Plain-text excerpt of the post: no Markdown, quotes and images dropped, at most
   * {@link PREVIEW_CHARS} characters cut on a word (`server/content/excerpt.ts`).
   */
  excerpt: string;
  /** Null when the author's account is deleted ('Okänd'). */
  author: { id: string; nickname: string } | null;
  /** ISO 8601 time the post was written. */
  createdAt: string;
  /** ISO 8601 time it was saved. */
  savedAt: string;
}

/** One page of saved posts. */
export interface SavedPage {
  items: SavedItem[];
  /** 1-based page number. */
  page: number;
  /** Whether an older page follows. */
  hasMore: boolean;
}

/**
 * A member's saved posts, newest saved first, {@link BOOKMARKS_PAGE_SIZE} per page.
 * Deleted threads and comments are not listed (their rows cascade away).
 *
 * @param userId the member
 * @param page 1-based page
 * @returns {@link SavedPage}
 */
export async function listSaved(db: Db, userId: string, page = 1): Promise<SavedPage> {
  const rows = await db
    .select({
      targetType: bookmarks.targetType,
      threadId: threads.id,
      commentId: comments.id,
      categoryId: threads.categoryId,
      threadTitle: threads.title,
      // The whole source: a quote at the start could fill any prefix.
      body: sql<string>`COALESCE(${comments.body}, ${threads.body})`,
      authorId: profiles.id,
      authorNickname: profiles.nickname,
      createdAt: sql<Date>`COALESCE(${comments.createdAt}, ${threads.createdAt})`.mapWith(threads.createdAt),
      savedAt: bookmarks.createdAt,
    })
    .from(bookmarks)
    .innerJoin(threads, eq(threads.id, bookmarks.threadId))
    .leftJoin(comments, eq(comments.id, bookmarks.commentId))
    .leftJoin(profiles, sql`${profiles.id} = COALESCE(${comments.authorId}, CASE WHEN ${bookmarks.commentId} IS NULL THEN ${threads.authorId} END)`)
    .where(eq(bookmarks.userId, userId))
    .orderBy(desc(bookmarks.createdAt), desc(bookmarks.id))
    .limit(BOOKMARKS_PAGE_SIZE + 1)
    .offset((page - 1) * BOOKMARKS_PAGE_SIZE);
  const items = rows.slice(0, BOOKMARKS_PAGE_SIZE).map(
    (r): SavedItem => ({
      targetType: r.targetType as TargetType,
      id: r.commentId ?? r.threadId,
      threadId: r.threadId,
      categoryId: r.categoryId,
      threadTitle: r.threadTitle,
      excerpt: plainExcerpt(r.body, PREVIEW_CHARS),
      author: r.authorId && r.authorNickname ? { id: r.authorId, nickname: r.authorNickname } : null,
      createdAt: new Date(r.createdAt).toISOString(),
      savedAt: r.savedAt.toISOString(),
    }),
  );
  return { items, page, hasMore: rows.length > BOOKMARKS_PAGE_SIZE };
}

/** Which posts of one thread the member has saved. */
export interface SavedInThread {
  /** Whether the thread itself is saved. */
  thread: boolean;
  /** Ids of its saved comments and replies. */
  commentIds: string[];
}

/**
 * What the member has saved of one thread (thread page toggles 'Spara' / 'Sparad'): one query
 * over the `bookmarks` rows of that thread.
 *
 * @param userId the member
 * @param threadId the thread shown
 * @returns {@link SavedInThread}
 */
export async function savedInThread(db: Db, userId: string, threadId: string): Promise<SavedInThread> {
  const rows = await db
    .select({ commentId: bookmarks.commentId })
    .from(bookmarks)
    .where(and(eq(bookmarks.userId, userId), eq(bookmarks.threadId, threadId)));
  return {
    thread: rows.some((r) => r.commentId === null),
    commentIds: rows.flatMap((r) => (r.commentId ? [r.commentId] : [])),
  };
}

/** One saved post in the data export. */
export interface BookmarkExport {
  targetType: TargetType;
  /** uuid of the thread or comment */
  id: string;
  threadId: string;
  threadTitle: string;
  /** ISO 8601 time it was saved. */
  savedAt: string;
}

/**
 * A member's saved posts for the data export ("exported with the member's data"),
 * oldest saved first.
 *
 * @returns {@link BookmarkExport} rows
 */
export async function bookmarksForExport(db: Db, userId: string): Promise<BookmarkExport[]> {
  const rows = await db
    .select({
      targetType: bookmarks.targetType,
      threadId: bookmarks.threadId,
      commentId: bookmarks.commentId,
      threadTitle: threads.title,
      savedAt: bookmarks.createdAt,
    })
    .from(bookmarks)
    .innerJoin(threads, eq(threads.id, bookmarks.threadId))
    .where(eq(bookmarks.userId, userId))
    .orderBy(asc(bookmarks.createdAt), asc(bookmarks.id));
  return rows.map((r) => ({
    targetType: r.targetType as TargetType,
    id: r.commentId ?? r.threadId,
    threadId: r.threadId,
    threadTitle: r.threadTitle,
    savedAt: r.savedAt.toISOString(),
  }));
}
