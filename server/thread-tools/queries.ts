/**
 * Reads of the moderators' thread tools (docs/decisions/053-thread-tools.md): where a moved or
 * merged thread's old URL leads, and when a member under 'Långsamt läge' may comment again.
 *
 * @module
 */
import { eq, sql } from "drizzle-orm";
import { isUuid } from "../../domain/ids";
import { slowModeNextAt } from "../../domain/thread-tools";
import type { Db } from "../db/client";
import { comments, threadRedirects, threads } from "../db/schema";

/** Where a thread is now: its category, id and title (for its URL, domain/paths.ts `threadPath`). */
export interface ThreadLocation {
  categoryId: string;
  threadId: string;
  title: string;
}

/**
 * Where a thread URL that found nothing should lead: the thread's category when it was moved
 * ('Flytta'; the URL names the old one), or the thread it was merged into ('Slå ihop',
 * `thread_redirects`).
 *
 * @param db database
 * @param categoryId the category in the URL
 * @param threadId the thread id in the URL
 * @returns the {@link ThreadLocation} of the thread to show, or null when the URL names no
 *   thread that moved or was merged (a missing thread, or the URL is already right)
 */
export async function movedThreadLocation(db: Db, categoryId: string, threadId: string): Promise<ThreadLocation | null> {
  if (!isUuid(threadId)) return null;
  const result = await db.execute(sql`
    SELECT t.id AS "threadId", t.category_id AS "categoryId", t.title
      FROM ${threads} t WHERE t.id = ${threadId}::uuid
    UNION ALL
    SELECT t.id, t.category_id, t.title
      FROM ${threadRedirects} r JOIN ${threads} t ON t.id = r.to_thread_id
     WHERE r.from_thread_id = ${threadId}::uuid
     LIMIT 1`);
  const row = (result as unknown as { rows: ThreadLocation[] }).rows[0];
  if (!row || (row.threadId === threadId.toLowerCase() && row.categoryId === categoryId.toLowerCase())) return null;
  return { categoryId: row.categoryId, threadId: row.threadId, title: row.title };
}

/**
 * When a member may comment again in a thread under slow mode.
 *
 * @param db database
 * @param userId the member
 * @param threadId the thread
 * @param minutes the thread's slow mode (null: off)
 * @returns the ISO time they may post again, or null when they may post now (or slow mode is off)
 */
export async function slowModeNext(db: Db, userId: string, threadId: string, minutes: number | null): Promise<string | null> {
  if (minutes === null) return null;
  const [row] = await db
    .select({ last: sql<string | null>`max(${comments.createdAt})`, now: sql<string>`now()` })
    .from(comments)
    .where(sql`${comments.threadId} = ${threadId}::uuid AND ${comments.authorId} = ${userId}`);
  const next = slowModeNextAt(row?.last ? new Date(row.last) : null, minutes, new Date(row?.now ?? Date.now()));
  return next ? next.toISOString() : null;
}

/**
 * The redirect of a merged thread id (for `/forum/post/{id}`).
 *
 * @param db database
 * @param threadId a thread id that is no longer a thread
 * @returns the target thread's {@link ThreadLocation}, or null
 */
export async function mergedInto(db: Db, threadId: string): Promise<ThreadLocation | null> {
  if (!isUuid(threadId)) return null;
  const [row] = await db
    .select({ threadId: threads.id, categoryId: threads.categoryId, title: threads.title })
    .from(threadRedirects)
    .innerJoin(threads, eq(threads.id, threadRedirects.toThreadId))
    .where(eq(threadRedirects.fromThreadId, threadId))
    .limit(1);
  return row ?? null;
}
