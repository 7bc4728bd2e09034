/**
 * Forum writes: create thread, comment, reply; delete thread or comment (SPEC §4, §6, §7 Writes).
 * Each command checks its policy, writes in one transaction, and lets the database triggers keep
 * every counter right in that same transaction.
 *
 * @module
 */
import { and, eq, sql } from "drizzle-orm";
import { forum as f, toasts as t } from "../../domain/i18n/sv";
import { commentSchema, threadSchema } from "../../domain/validation";
import type { Db } from "../db/client";
import { cookForStorage, indexTickers } from "../content/storage";
import { blockedUsers, categories, comments, notifications, reports, threads } from "../db/schema";
import { ForumError } from "../errors";
import { recordModeration } from "../moderation/log";
import { notifyNewComment, notifyNewThread } from "../notifications/commands";
import { kickFanOut } from "../notifications/fanout";
import { publishEvent } from "../realtime/events";
import { canDeleteComment, canDeleteThread, isOwner, type Actor } from "../../domain/policy/forum";
import { roleOf } from "../../domain/roles";
import { authorRoleOf, isUuid } from "./queries";
import { commentResult, postOnce, recentComment, recentThread, threadResult, type PostOptions, type SubmissionRef, type Tx } from "./submissions";

/** A logged-in actor (commands that need a member take this). */
export type Member = NonNullable<Actor> & { nickname: string };

async function assertNotBlocked(db: Db, userId: string): Promise<void> {
  const rows = await db
    .select({ userId: blockedUsers.userId })
    .from(blockedUsers)
    .where(eq(blockedUsers.userId, userId))
    .limit(1);
  if (rows.length > 0) throw new ForumError(403, f.blocked);
}

/**
 * Creates a thread and one `new_thread` notification per follower of the author (SPEC §7 Writes),
 * plus `mention` notifications (issue 5; server/notifications/commands.ts).
 *
 * @param actor the logged-in author
 * @param input `{ categoryId, title, body }` as submitted; validated with `threadSchema`
 * @param options the form's idempotency key and the abuse-limit hook (server/forum/submissions.ts)
 * @returns the new thread's id and category id; `duplicate: true` when a double submit landed on
 *   the thread of its first submit (same key, or same title and body within 10 s)
 * @throws {RateLimitedError} 429 identical text within `options.identicalTextWindowS`, or an abuse limit from `beforeWrite`
 * @throws {ForumError} 400 invalid input (Swedish field message), 403 blocked author,
 *   404 'Kategorin hittades inte'
 */
export async function createThread(
  db: Db,
  actor: Member,
  input: unknown,
  options: PostOptions = {},
): Promise<{ id: string; categoryId: string; duplicate: boolean }> {
  const parsed = threadSchema.safeParse(input);
  if (!parsed.success) throw new ForumError(400, parsed.error.issues[0]!.message, t.threadFailed);
  const { categoryId, title, body } = parsed.data;
  await assertNotBlocked(db, actor.id);
  // Issue "Hardening": a double submit lands on the first one's thread (server/forum/submissions.ts).
  return postOnce(db, actor.id, options, {
    fromRef: (ref) => threadResult(db, ref.threadId),
    recent: (windowS) => recentThread(db, actor.id, { categoryId, title, body }, windowS),
    write: (record) => writeThread(db, actor, { categoryId, title, body }, record),
  });
}

async function writeThread(
  db: Db,
  actor: Member,
  { categoryId, title, body }: { categoryId: string; title: string; body: string },
  record: (tx: Tx, ref: SubmissionRef) => Promise<void>,
): Promise<{ id: string; categoryId: string }> {
  // Cooked once at write time (Discourse): Markdown → sanitised HTML, known $TICKERs indexed.
  const cooked = await cookForStorage(db, body);
  let deferredFanOut = false;
  const created = await db.transaction(async (tx) => {
    const [category] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, categoryId))
      .limit(1);
    if (!category) throw new ForumError(404, f.categoryNotFound, t.threadFailed);
    const [thread] = await tx
      .insert(threads)
      .values({ categoryId, authorId: actor.id, title, body, bodyHtml: cooked.html })
      .returning({ id: threads.id });
    await indexTickers(tx, { targetType: "thread", targetId: thread!.id, threadId: thread!.id, tickers: cooked.tickers });
    await record(tx, { threadId: thread!.id, commentId: null });
    // Same transaction: the thread never exists without its notifications, or, for a popular
    // author, without the durable job that writes them right after commit (issue 5).
    const fanOut = await notifyNewThread(tx, { actor, threadId: thread!.id, categoryId, title, mentions: cooked.mentions });
    deferredFanOut = fanOut.deferred;
    return { id: thread!.id, categoryId };
  });
  if (deferredFanOut) void kickFanOut(db);
  return created;
}

/**
 * Adds a comment, or a reply when `parentId` is given; replies nest one level only
 * (SPEC §2 Thread page, §7 add_comment_transaction). In the same transaction: the `new_comment`
 * and `mention` notifications and the live thread event (issue 5).
 *
 * @param actor the logged-in author
 * @param threadId the thread commented on
 * @param input `{ body, parentId? }` as submitted; validated with `commentSchema`
 * @param options the form's idempotency key and the abuse-limit hook (server/forum/submissions.ts)
 * @returns the new comment's id and whether it is a reply; `duplicate: true` when a double submit
 *   landed on the comment of its first submit (same key, or same text and place within 10 s)
 * @throws {RateLimitedError} 429 identical text within `options.identicalTextWindowS`, or an abuse limit from `beforeWrite`
 * @throws {ForumError} 400 invalid input or reply to a reply, 403 blocked author,
 *   404 thread or parent comment missing
 */
export async function createComment(
  db: Db,
  actor: Member,
  threadId: string,
  input: unknown,
  options: PostOptions = {},
): Promise<{ id: string; isReply: boolean; duplicate: boolean }> {
  const parsed = commentSchema.safeParse(input);
  const failTitle = (input as { parentId?: unknown } | null)?.parentId ? t.replyFailed : t.commentFailed;
  if (!parsed.success) throw new ForumError(400, parsed.error.issues[0]!.message, failTitle);
  const { body, parentId } = parsed.data;
  if (!isUuid(threadId)) throw new ForumError(404, t.threadNotFound, failTitle);
  await assertNotBlocked(db, actor.id);
  // Issue "Hardening": a double submit lands on the first one's comment (server/forum/submissions.ts).
  return postOnce(db, actor.id, options, {
    fromRef: (ref) => commentResult(db, ref.commentId),
    recent: (windowS) => recentComment(db, actor.id, { threadId, parentId: parentId || null, body }, windowS),
    write: (record) => writeComment(db, actor, threadId, { body, parentId }, failTitle, record),
  });
}

async function writeComment(
  db: Db,
  actor: Member,
  threadId: string,
  { body, parentId }: { body: string; parentId?: string | null },
  failTitle: string,
  record: (tx: Tx, ref: SubmissionRef) => Promise<void>,
): Promise<{ id: string; isReply: boolean }> {
  const cooked = await cookForStorage(db, body);
  return db.transaction(async (tx) => {
    const [thread] = await tx
      .select({ id: threads.id, authorId: threads.authorId, title: threads.title, categoryId: threads.categoryId })
      .from(threads)
      .where(eq(threads.id, threadId))
      .limit(1)
      // The row lock the counter update below needs anyway (not FOR SHARE: two comments on one
      // thread would each hold a share lock and wait for the other's to upgrade — a deadlock,
      // seen as 500s under concurrent comments; tests/e2e/faults.spec.ts). It still keeps the
      // thread from being deleted under the new comment.
      .for("no key update");
    if (!thread) throw new ForumError(404, t.threadNotFound, failTitle);
    let parentAuthorId: string | null = null;
    if (parentId) {
      const [parent] = await tx
        .select({ threadId: comments.threadId, parentId: comments.parentId, authorId: comments.authorId })
        .from(comments)
        .where(eq(comments.id, parentId))
        .limit(1);
      if (!parent || parent.threadId !== threadId) throw new ForumError(404, t.commentNotFound, failTitle);
      if (parent.parentId) throw new ForumError(400, f.replyDepth, failTitle);
      parentAuthorId = parent.authorId;
    }
    const [row] = await tx
      .insert(comments)
      .values({ threadId, parentId: parentId ?? null, authorId: actor.id, body, bodyHtml: cooked.html })
      .returning({ id: comments.id });
    await indexTickers(tx, { targetType: "comment", targetId: row!.id, threadId, tickers: cooked.tickers });
    // Same transaction as the comment (issue 5): notifications, and the live thread update.
    await notifyNewComment(tx, {
      actor,
      threadId,
      categoryId: thread.categoryId,
      title: thread.title,
      commentId: row!.id,
      threadAuthorId: thread.authorId,
      parentAuthorId,
      mentions: cooked.mentions,
    });
    await publishEvent(tx, { kind: "comment", threadId, commentId: row!.id, authorId: actor.id });
    await record(tx, { threadId, commentId: row!.id });
    return { id: row!.id, isReply: Boolean(parentId) };
  });
}

/**
 * Deletes a thread with its comments, reactions, reports and notifications; counters follow
 * (SPEC §6 Thread deletion). A moderator's deletion of someone else's thread is logged.
 *
 * @param actor the logged-in member; author, moderator or admin (nickname for the log)
 * @returns the deleted thread's category id
 * @throws {ForumError} 404 'Kunde inte hitta tråden', 403 'Du kan bara ta bort dina egna trådar'
 */
export async function deleteThread(
  db: Db,
  actor: NonNullable<Actor> & { nickname?: string },
  threadId: string,
): Promise<{ categoryId: string }> {
  if (!isUuid(threadId)) throw new ForumError(404, t.threadNotFound, t.deleteThreadFailed);
  return db.transaction(async (tx) => {
    const [thread] = await tx
      .select({ authorId: threads.authorId, authorRoleId: authorRoleOf(threads.authorId), categoryId: threads.categoryId, title: threads.title })
      .from(threads)
      .where(eq(threads.id, threadId))
      .limit(1)
      .for("update");
    if (!thread) throw new ForumError(404, t.threadNotFound, t.deleteThreadFailed);
    if (!canDeleteThread(actor, { authorId: thread.authorId, authorRole: roleOf(thread.authorRoleId) })) throw new ForumError(403, t.ownThreadsOnly, t.deleteThreadFailed);
    // Reports and notifications point at the thread without a foreign key: removed here.
    await tx.execute(sql`
      DELETE FROM ${reports} WHERE (target_type = 'thread' AND target_id = ${threadId}::uuid)
        OR (target_type = 'comment' AND target_id IN (SELECT id FROM ${comments} WHERE thread_id = ${threadId}::uuid))`);
    await tx.execute(sql`
      DELETE FROM ${notifications} WHERE thread_id = ${threadId}::uuid
        OR (type = 'new_thread' AND reference_id = ${threadId}::uuid)`);
    await tx.delete(threads).where(eq(threads.id, threadId));
    if (!isOwner(actor, thread)) {
      await recordModeration(tx, {
        actor: { id: actor.id, nickname: actor.nickname ?? "" },
        action: "delete_thread",
        targetType: "thread",
        targetId: threadId,
        targetLabel: thread.title,
      });
    }
    return { categoryId: thread.categoryId };
  });
}

/**
 * Deletes a comment (and its replies, their reactions and reports); thread comments_count, parent
 * replies_count and author comments_count follow, never below 0 (SPEC §7 Writes). A moderator's
 * deletion of someone else's comment is logged.
 *
 * @param actor the logged-in member; author, moderator or admin
 * @param threadId the thread the comment must belong to
 * @throws {ForumError} 404 'Kunde inte hitta kommentaren', 403 'Du kan bara ta bort dina egna kommentarer'
 */
export async function deleteComment(
  db: Db,
  actor: NonNullable<Actor> & { nickname?: string },
  threadId: string,
  commentId: string,
): Promise<void> {
  if (!isUuid(commentId) || !isUuid(threadId)) throw new ForumError(404, t.commentNotFound, t.deleteFailed);
  await db.transaction(async (tx) => {
    const [comment] = await tx
      .select({ authorId: comments.authorId, authorRoleId: authorRoleOf(comments.authorId), body: comments.body })
      .from(comments)
      .where(and(eq(comments.id, commentId), eq(comments.threadId, threadId)))
      .limit(1)
      .for("update");
    if (!comment) throw new ForumError(404, t.commentNotFound, t.deleteFailed);
    if (!canDeleteComment(actor, { authorId: comment.authorId, authorRole: roleOf(comment.authorRoleId) })) throw new ForumError(403, t.ownCommentsOnly, t.deleteFailed);
    await tx.execute(sql`
      DELETE FROM ${reports} WHERE target_type = 'comment'
        AND target_id IN (SELECT id FROM ${comments} WHERE id = ${commentId}::uuid OR parent_id = ${commentId}::uuid)`);
    // Notifications about the comment or its replies would lead to a missing anchor: removed.
    await tx.execute(sql`
      DELETE FROM ${notifications}
       WHERE reference_id IN (SELECT id FROM ${comments} WHERE id = ${commentId}::uuid OR parent_id = ${commentId}::uuid)`);
    await tx.delete(comments).where(eq(comments.id, commentId));
    if (!isOwner(actor, comment)) {
      await recordModeration(tx, {
        actor: { id: actor.id, nickname: actor.nickname ?? "" },
        action: "delete_comment",
        targetType: "comment",
        targetId: commentId,
        targetLabel: comment.body,
      });
    }
  });
}
