/**
 * The server's side of a post target (a thread or a comment; `domain/post-target.ts` has the
 * texts and links): which table holds it, and loading what reactions, reports and moderation need
 * — the author and the thread — with one query whatever the kind, optionally under a row lock.
 *
 * @module
 */
import { eq } from "drizzle-orm";
import type { TargetType } from "../../domain/values";
import type { Db, Tx } from "../db/client";
import { comments, threads } from "../db/schema";

/**
 * The table of a post kind.
 *
 * @param type `thread` or `comment`
 * @returns the Drizzle table (`threads` or `comments`)
 */
export function postTable(type: TargetType) {
  return type === "thread" ? threads : comments;
}

/** What a write needs to know about a post. */
export interface PostTarget {
  /** uuid of the post */
  id: string;
  /** the author's id; null once the author's account is deleted */
  authorId: string | null;
  /** uuid of the thread (for a thread: its own id) */
  threadId: string;
}

/**
 * Loads a thread or comment by kind and id.
 *
 * @param db database or transaction handle
 * @param type `thread` or `comment`
 * @param id the post's uuid (checked by the caller's schema)
 * @param options.lock `"key share"` to hold the row against a concurrent delete until the
 *   transaction ends (reactions and reports re-read their target this way)
 * @returns the post, or null when it does not exist (or was deleted meanwhile)
 */
export async function findPostTarget(
  db: Db | Tx,
  type: TargetType,
  id: string,
  options: { lock?: "key share" } = {},
): Promise<PostTarget | null> {
  const query =
    type === "thread"
      ? db.select({ id: threads.id, authorId: threads.authorId, threadId: threads.id }).from(threads).where(eq(threads.id, id)).limit(1)
      : db.select({ id: comments.id, authorId: comments.authorId, threadId: comments.threadId }).from(comments).where(eq(comments.id, id)).limit(1);
  const [row] = options.lock ? await query.for(options.lock) : await query;
  return row ?? null;
}
