/**
 * Where members have read a thread a moderator moves or merges (docs/decisions/053-thread-tools.md).
 * 'Flytta': a category's 'Markera alla som lästa' mark stops covering the thread when it leaves
 * the category, so the mark is written into the thread's own read point first. 'Slå ihop': the
 * merged thread's posts join the target thread with their own times, so one read point per
 * member and thread (`thread_reads.last_read_at`) must now cover posts of both. The rules err on
 * the side of showing a post as unread once more rather than hiding one the member never saw.
 *
 * @module
 */
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { categoryReads, comments, threadReads, threads } from "../db/schema";

/**
 * Keeps what a member had read of a thread that moves to another category ('Flytta'): a member's
 * read point is the latest of the thread's own point and their category's and the whole forum's
 * 'Markera alla som lästa' marks (server/unread/queries.ts), and the old category's mark stops
 * applying. Each member who opened the thread and marked its old category read later than their
 * own point gets that mark as the thread's point. A member who never opened the thread stays so
 * (no count of new comments appears for them). Call it in the move's transaction.
 *
 * @param tx the move's transaction
 * @param threadId the moving thread
 * @param fromCategoryId the category it leaves
 * @returns how many members' read points moved forward
 */
export async function moveReads(tx: Tx | Db, threadId: string, fromCategoryId: string): Promise<number> {
  const moved = await tx.execute(sql`
    UPDATE ${threadReads} tr SET last_read_at = cr.read_at, updated_at = now()
      FROM ${categoryReads} cr
     WHERE tr.thread_id = ${threadId}::uuid AND cr.user_id = tr.user_id
       AND cr.category_id = ${fromCategoryId}::uuid AND cr.read_at > tr.last_read_at
    RETURNING 1`);
  return (moved as unknown as { rows: unknown[] }).rows.length;
}

/**
 * Merges the members' read points of `sourceId` into `targetId`. Call it in the merge's
 * transaction before the source's posts move (it reads the source's oldest post), and before the
 * source thread is deleted (its `thread_reads` rows go with it). Per member:
 *
 * - a read point on both threads: the target keeps the earlier of the two
 *   (`least(target, source)`), so nothing unread in either thread is hidden;
 * - on the target only: the source's posts are all unread to the member, so the target's point
 *   moves back to just before the source's oldest post (its opening post, or its oldest comment
 *   should that be older): `least(target, oldest − 1 µs)`; a target point already before it
 *   stays;
 * - on the source only: dropped — the member never opened the target, which stays "never
 *   opened" (every post of it unread), as a read point would wrongly mark the target's older
 *   comments read;
 * - on neither: nothing.
 *
 * @param tx the merge's transaction
 * @param sourceId the thread being merged away (still with its posts)
 * @param targetId the thread it is merged into
 * @returns how many target read points moved back (`updated`) and source points dropped (`dropped`)
 */
export async function mergeReads(tx: Tx | Db, sourceId: string, targetId: string): Promise<{ updated: number; dropped: number }> {
  const oldest = sql`(SELECT LEAST(t.created_at, (SELECT min(c.created_at) FROM ${comments} c WHERE c.thread_id = ${sourceId}::uuid))
                        FROM ${threads} t WHERE t.id = ${sourceId}::uuid)`;
  const updated = await tx.execute(sql`
    UPDATE ${threadReads} tr
       SET last_read_at = LEAST(tr.last_read_at, COALESCE(s.last_read_at, ${oldest} - interval '1 microsecond')),
           updated_at = now()
      FROM ${threadReads} target
      LEFT JOIN ${threadReads} s ON s.user_id = target.user_id AND s.thread_id = ${sourceId}::uuid
     WHERE tr.user_id = target.user_id AND tr.thread_id = target.thread_id
       AND target.thread_id = ${targetId}::uuid
       AND tr.last_read_at > COALESCE(s.last_read_at, ${oldest} - interval '1 microsecond')
    RETURNING 1`);
  const dropped = await tx.execute(sql`DELETE FROM ${threadReads} WHERE thread_id = ${sourceId}::uuid RETURNING 1`);
  const count = (result: unknown) => (result as { rows: unknown[] }).rows.length;
  return { updated: count(updated), dropped: count(dropped) };
}
