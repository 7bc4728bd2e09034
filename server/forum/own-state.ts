/**
 * A member's own state on a thread page, read in one prepared query (server/db/prepared.ts) for
 * the shared member render (server/cache/page-cache.ts; the thread page's reader in
 * app/routes/thread.tsx).
 *
 * @module
 */
import { sql } from "drizzle-orm";
import { REACTION_TYPES, type ReactionType } from "../../domain/values";
import type { Db } from "../db/client";
import { preparedRows } from "../db/prepared";
import { parseThreadReadState, threadReadStateRow, type ThreadReadState } from "../unread/queries";

/** What a member has on a thread page's posts; post keys are `thread:<id>` / `comment:<id>`. */
export interface ThreadOwnState {
  /** Own reactions per post key, in `REACTION_TYPES` order; posts without any are absent. */
  reactions: Record<string, ReactionType[]>;
  /** Keys of the shown posts the member has saved ('Sparad'). */
  saved: string[];
  /** 'Bevaka tråd' is on. */
  subscribed: boolean;
  /** Where the member has read the thread to (docs/decisions/052-unread-and-links.md); null: no such thread. */
  read: ThreadReadState | null;
}

/**
 * The member's own state on a thread page in one query (the thread loader reads the same with
 * `ownReactions`, `isSubscribed` and `savedInThread`): reactions on the posts shown, saved posts
 * of the thread that are shown, 'Bevaka tråd', and the member's read state of the thread.
 *
 * @param db database
 * @param viewerId the member
 * @param threadId the thread
 * @param commentIds the comments and replies on the page
 * @returns the member's {@link ThreadOwnState}
 */
export async function threadOwnState(
  db: Db,
  viewerId: string,
  threadId: string,
  commentIds: readonly string[],
): Promise<ThreadOwnState> {
  // One array parameter, not one per comment (building a 100-parameter query cost more
  // than running it).
  const ids = sql`${sql.param([...commentIds])}::uuid[]`;
  const rows = await preparedRows<{ kind: string; key: string | null; value: string | null }>(db, "thread-own-state", sql`
    SELECT 'reaction' AS kind, r.target_type || ':' || r.target_id AS key, r.reaction_type AS value
      FROM reactions r
     WHERE r.user_id = ${viewerId}
       AND ((r.target_type = 'thread' AND r.target_id = ${threadId}::uuid) OR (r.target_type = 'comment' AND r.target_id = ANY(${ids})))
    UNION ALL
    SELECT 'saved', CASE WHEN b.comment_id IS NULL THEN 'thread:' || b.thread_id ELSE 'comment:' || b.comment_id END, NULL
      FROM bookmarks b
     WHERE b.user_id = ${viewerId} AND b.thread_id = ${threadId}::uuid AND (b.comment_id IS NULL OR b.comment_id = ANY(${ids}))
    UNION ALL
    SELECT 'subscribed', NULL, s.subscribed::text
      FROM thread_subscriptions s
     WHERE s.user_id = ${viewerId} AND s.thread_id = ${threadId}::uuid
    UNION ALL
    ${threadReadStateRow(viewerId, threadId)}`);
  const reactions: Record<string, ReactionType[]> = {};
  const saved: string[] = [];
  let subscribed = false;
  let read: ThreadReadState | null = null;
  for (const row of rows) {
    if (row.kind === "reaction" && row.key) (reactions[row.key] ??= []).push(row.value as ReactionType);
    else if (row.kind === "saved" && row.key) saved.push(row.key);
    else if (row.kind === "subscribed") subscribed = row.value === "true";
    else if (row.kind === "read" && row.value) read = parseThreadReadState(row.value);
  }
  for (const key of Object.keys(reactions)) reactions[key] = REACTION_TYPES.filter((t) => reactions[key]!.includes(t));
  return { reactions, saved, subscribed, read };
}
