/**
 * Forum writes: create thread, comment, reply; delete thread or comment (SPEC §4, §6, §7 Writes),
 * declared as pipelines of server/writes/pipeline.ts ({@link threadWrite}, {@link commentWrite},
 * {@link deleteThreadWrite}, {@link deleteCommentWrite}); routes run those. The functions
 * {@link createThread}, {@link createComment}, {@link deleteThread} and {@link deleteComment} run
 * the same declarations without abuse limits and throw on failure (scripts, other commands,
 * tests). Each write checks its policy, writes in one transaction, and lets the database triggers
 * keep every counter right in that same transaction.
 *
 * @module
 */
import { and, eq, sql } from "drizzle-orm";
import { forum as f, toasts as t } from "../../domain/i18n/sv";
import { commentSchema, newThreadSchema } from "../../domain/validation";
import type { Db, Tx } from "../db/client";
import { cookForStorage, cookThreadForStorage, indexTickers, type TickerStance } from "../content/storage";
import { PREVIEW_CHARS, plainExcerpt } from "../content/excerpt";
import { blockedUsers, categories, comments, notifications, threads } from "../db/schema";
import { ForumError } from "../platform/errors";
import { recordModeration, recordThreadModeration } from "../moderation/log";
import { notifyNewComment, notifyNewThread } from "../notifications/commands";
import { notifyTickerWatchers } from "../notifications/ticker-mentions";
import { kickFanOut } from "../notifications/fanout";
import { publishEvent } from "../realtime/events";
import { autoSubscribe, notifySubscribers } from "../subscriptions/commands";
import { kickSubscriptionFanOut } from "../subscriptions/fanout";
import { canDeleteComment, canDeleteThread, isOwner, type Actor } from "../../domain/policy/forum";
import { roleOf } from "../../domain/roles";
import { authorRoleOf } from "./queries";
import { defineWrite, parseWith, runWrite, unwrap, type WriteScope } from "../writes/pipeline";
import { isUuid } from "../../domain/ids";
import { commentResult, recentComment, recentThread, threadResult } from "./submissions";
import { insertPoll } from "../polls/commands";
import { assertMayComment, threadRules } from "../thread-tools/gate";

/** Markdown cooked for storage (HTML, tickers, mentions). */
type Cooked = Awaited<ReturnType<typeof cookForStorage>>;

/** A logged-in actor (commands that need a member take this). */
export type Member = NonNullable<Actor> & { nickname: string };

/**
 * The blocked-author rule (SPEC §6: a blocked member cannot create threads or comments).
 *
 * @throws {ForumError} 403 'Ditt konto är blockerat…'
 */
async function assertNotBlocked(db: Db | Tx, userId: string): Promise<void> {
  const rows = await db
    .select({ userId: blockedUsers.userId })
    .from(blockedUsers)
    .where(eq(blockedUsers.userId, userId))
    .limit(1);
  if (rows.length > 0) throw new ForumError(403, f.blocked);
}

/** A new thread as {@link threadWrite} returns it; `deferredFanOut` tells its events step to kick the fan-out job. */
export interface NewThread {
  id: string;
  categoryId: string;
  deferredFanOut: boolean;
}

/**
 * New thread (SPEC §7 Writes): `{ input: { categoryId, title, body, stances?, pollOptions?,
 * pollMultiple?, pollClosesAt? }, submitKey? }` → the thread (`stances` = the author's 'Din syn' /
 * 'Innehav' per ticker it names; the `poll*` fields its 'Omröstning', stored with it),
 * one `new_thread` notification per follower of the author, `mention` notifications,
 * in one transaction. Steps: login (401 'Du måste vara inloggad för att skapa ett inlägg') →
 * `newThreadSchema` (400, poll fields included) → not blocked (403) → double submit / identical text
 * (429) → limit `thread` (429) → cook Markdown → transaction (404 'Kategorin hittades
 * inte') → after commit, the deferred fan-out of a popular author.
 */
export const threadWrite = defineWrite({
  name: "thread",
  login: { message: f.loginToCreate, title: t.notLoggedIn },
  parse: (raw: { input: unknown; submitKey?: string }) => parseWith(newThreadSchema, raw.input, { title: t.threadFailed }),
  policy: async ({ db, actor }: WriteScope) => assertNotBlocked(db, actor.id),
  idempotency: {
    key: (raw) => raw.submitKey,
    fromRef: async ({ db }, ref) => {
      const row = await threadResult(db as Db, ref.threadId);
      return row ? { ...row, deferredFanOut: false } : null;
    },
    recent: async ({ db, actor }, input, windowS) => {
      const recent = await recentThread(db as Db, actor.id, input, windowS);
      return recent ? { ...recent, result: { ...recent.result, deferredFanOut: false } } : null;
    },
    ref: (thread: NewThread) => ({ threadId: thread.id, commentId: null }),
    samePost: ({ categoryId, title, body }) => JSON.stringify(["thread", categoryId, title, body]),
  },
  limits: "thread",
  // Cooked once at write time (Discourse): Markdown → sanitised HTML, known $TICKERs of
  // the body and the title indexed.
  prepare: ({ db }, { title, body }): Promise<Cooked> => cookThreadForStorage(db, title, body),
  transaction: async (tx, { actor }, { categoryId, title, body, stances, poll }, _loaded, cooked): Promise<NewThread> => {
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
    // 'Omröstning': stored with the thread, so the thread never shows without its poll.
    if (poll) await insertPoll(tx, thread!.id, poll);
    // The author's 'Din syn' / 'Innehav' per ticker; stances for tickers the thread
    // does not name are ignored by indexTickers.
    await indexTickers(tx, { targetType: "thread", targetId: thread!.id, threadId: thread!.id, tickers: cooked.tickers, stances });
    // Same transaction: the thread never exists without its notifications, or, for a popular
    // author, without the durable job that writes them right after commit.
    const fanOut = await notifyNewThread(tx, { actor, threadId: thread!.id, categoryId, title, mentions: cooked.mentions, quotes: cooked.quotes });
    // 'Bevakad aktie nämns': the watchers of the tickers it names, batched per ticker.
    await notifyTickerWatchers(tx, {
      actor,
      postType: "thread",
      threadId: thread!.id,
      categoryId,
      title,
      referenceId: thread!.id,
      tickers: cooked.tickers,
    });
    // 'Bevaka tråd': the author watches their thread (unless turned off in settings).
    await autoSubscribe(tx, actor.id, thread!.id);
    return { id: thread!.id, categoryId, deferredFanOut: fanOut.deferred };
  },
  events: async ({ db }, thread) => {
    if (thread.deferredFanOut) void kickFanOut(db as Db);
  },
});

/**
 * Creates a thread ({@link threadWrite} without abuse limits; a route runs the write itself).
 *
 * @param actor the logged-in author
 * @param input `{ categoryId, title, body, pollOptions?, … }` as submitted; validated with `newThreadSchema`
 * @param options the form's idempotency key
 * @returns the new thread's id and category id; `duplicate: true` when a double submit landed on
 *   the thread of its first submit (same key, or same title and body within 10 s)
 * @throws {ForumError} 400 invalid input (Swedish field message), 403 blocked author,
 *   404 'Kategorin hittades inte', 409 same key still being written
 */
export async function createThread(
  db: Db,
  actor: Member,
  input: unknown,
  options: { submitKey?: string } = {},
): Promise<{ id: string; categoryId: string; duplicate: boolean }> {
  const { value, duplicate } = unwrap(await runWrite(threadWrite, { db, actor }, { input, submitKey: options.submitKey }));
  return { id: value.id, categoryId: value.categoryId, duplicate };
}

/** A comment's parsed input: where it goes, its text, and the toast title of its failures. */
interface CommentInput {
  threadId: string;
  body: string;
  parentId?: string | null;
  /** 'Din syn' / 'Innehav' per ticker (`stancesSchema`); undefined = none stated. */
  stances?: Record<string, TickerStance>;
  /** 'Kunde inte skapa svar' for a reply, else 'Kunde inte skapa kommentar'. */
  failTitle: string;
}

/**
 * New comment or reply (SPEC §2 Thread page, §7 add_comment_transaction; replies nest one level):
 * `{ threadId, input: { body, parentId?, stances? }, submitKey? }` → `{ id, isReply }`
 * (`stances` = the author's 'Din syn' / 'Innehav' per ticker the comment names). Steps: login (401
 * 'Du måste vara inloggad för att kommentera') → `commentSchema` (400) → thread id shape (404),
 * not blocked (403), the thread's 'Lås' (403 'Tråden är låst') and 'Långsamt läge' (429 with the
 * time the member may post again; staff pass both, server/thread-tools/gate.ts) → double submit /
 * identical text (429) → limit `comment` → cook → transaction (the thread's rules checked again)
 * with the `new_comment` and `mention` notifications (404 thread or parent missing, 400 reply to
 * a reply) → after commit, the live thread event.
 */
export const commentWrite = defineWrite({
  name: "comment",
  login: { message: f.loginToComment, title: t.notLoggedIn },
  parse: (raw: { threadId: string; input: unknown; submitKey?: string }): CommentInput => {
    const failTitle = (raw.input as { parentId?: unknown } | null)?.parentId ? t.replyFailed : t.commentFailed;
    const { body, parentId, stances } = parseWith(commentSchema, raw.input, { title: failTitle });
    return { threadId: raw.threadId, body, parentId, stances, failTitle };
  },
  policy: async ({ db, actor }: WriteScope, { threadId, failTitle }: CommentInput) => {
    if (!isUuid(threadId)) throw new ForumError(404, t.threadNotFound, failTitle);
    await assertNotBlocked(db, actor.id);
    // 'Lås' and 'Långsamt läge' (server/thread-tools/gate.ts): refused before any limit is spent.
    await assertMayComment(db, actor, threadId, await threadRules(db, threadId), failTitle);
  },
  idempotency: {
    key: (raw) => raw.submitKey,
    fromRef: ({ db }, ref) => commentResult(db as Db, ref.commentId),
    recent: ({ db, actor }, { threadId, parentId, body }, windowS) =>
      recentComment(db as Db, actor.id, { threadId, parentId: parentId || null, body }, windowS),
    ref: (comment: { id: string; isReply: boolean }, { threadId }) => ({ threadId, commentId: comment.id }),
    samePost: ({ threadId, parentId, body }) => JSON.stringify(["comment", threadId, parentId || null, body]),
  },
  limits: "comment",
  prepare: ({ db }, { body }): Promise<Cooked> => cookForStorage(db, body),
  transaction: async (tx, { actor }, { threadId, body, parentId, stances, failTitle }, _loaded, cooked) => {
    const [thread] = await tx
      .select({
        id: threads.id,
        authorId: threads.authorId,
        title: threads.title,
        categoryId: threads.categoryId,
        lockedAt: threads.lockedAt,
        slowModeMinutes: threads.slowModeMinutes,
      })
      .from(threads)
      .where(eq(threads.id, threadId))
      .limit(1)
      // The row lock the counter update below needs anyway (not FOR SHARE: two comments on one
      // thread would each hold a share lock and wait for the other's to upgrade — a deadlock,
      // seen as 500s under concurrent comments; tests/e2e/faults.spec.ts). It still keeps the
      // thread from being deleted under the new comment.
      .for("no key update");
    if (!thread) throw new ForumError(404, t.threadNotFound, failTitle);
    // Again under the lock: a lock, or the member's own comment, that committed meanwhile counts.
    await assertMayComment(tx, actor, threadId, thread, failTitle);
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
    await indexTickers(tx, { targetType: "comment", targetId: row!.id, threadId, tickers: cooked.tickers, stances });
    // Same transaction as the comment: the notifications.
    await notifyNewComment(tx, {
      actor,
      threadId,
      categoryId: thread.categoryId,
      title: thread.title,
      commentId: row!.id,
      threadAuthorId: thread.authorId,
      parentAuthorId,
      mentions: cooked.mentions,
      quotes: cooked.quotes,
    });
    // 'Bevaka tråd': the thread's subscribers get their batched row ('N nya kommentarer
    // i "titel"'), except whoever was just told by new_comment or mention; then the commenter
    // watches the thread (unless they muted it or turned auto-subscribe off).
    const batch = await notifySubscribers(tx, {
      actor,
      threadId,
      categoryId: thread.categoryId,
      title: thread.title,
      commentId: row!.id,
      toldIds: [thread.authorId, parentAuthorId],
      mentions: cooked.mentions,
    });
    // 'Bevakad aktie nämns': watchers of the tickers it names not told of it yet.
    await notifyTickerWatchers(tx, {
      actor,
      postType: "comment",
      threadId,
      categoryId: thread.categoryId,
      title: thread.title,
      referenceId: row!.id,
      tickers: cooked.tickers,
    });
    await autoSubscribe(tx, actor.id, threadId);
    return { id: row!.id, isReply: Boolean(parentId), deferredBatch: batch.deferred };
  },
  // Live thread update, sent once the comment is committed; the deferred subscriber
  // batch of a thread with many subscribers.
  events: async ({ db, actor }, comment, { threadId }) => {
    await publishEvent(db, { kind: "comment", threadId, commentId: comment.id, authorId: actor.id });
    // Last: on PGlite (one connection) anything after it would queue behind the batch.
    if ("deferredBatch" in comment && comment.deferredBatch) void kickSubscriptionFanOut(db as Db);
  },
});

/**
 * Adds a comment or reply ({@link commentWrite} without abuse limits; a route runs the write
 * itself).
 *
 * @param actor the logged-in author
 * @param threadId the thread commented on
 * @param input `{ body, parentId? }` as submitted; validated with `commentSchema`
 * @param options the form's idempotency key
 * @returns the new comment's id and whether it is a reply; `duplicate: true` when a double submit
 *   landed on the comment of its first submit (same key, or same text and place within 10 s)
 * @throws {ForumError} 400 invalid input or reply to a reply, 403 blocked author,
 *   404 thread or parent comment missing, 409 same key still being written
 */
export async function createComment(
  db: Db,
  actor: Member,
  threadId: string,
  input: unknown,
  options: { submitKey?: string } = {},
): Promise<{ id: string; isReply: boolean; duplicate: boolean }> {
  const { value, duplicate } = unwrap(await runWrite(commentWrite, { db, actor }, { threadId, input, submitKey: options.submitKey }));
  return { id: value.id, isReply: value.isReply, duplicate };
}

/**
 * Thread deletion (SPEC §6): `{ threadId }` → the thread's category id; its comments, reactions,
 * reports and notifications go with it, counters follow; a moderator's deletion of someone
 * else's thread is logged in the same transaction. Steps: login → id shape (404) → transaction,
 * which locks the thread and applies `canDeleteThread` under the lock (403 'Du kan bara ta bort
 * dina egna trådar', 404 'Kunde inte hitta tråden'). No limits, no events.
 */
export const deleteThreadWrite = defineWrite({
  name: "delete-thread",
  login: { message: f.loginToComment, title: t.notLoggedIn },
  parse: (raw: { threadId: string }) => {
    if (!isUuid(raw.threadId)) throw new ForumError(404, t.threadNotFound, t.deleteThreadFailed);
    return raw.threadId;
  },
  transaction: async (tx, { actor }, threadId): Promise<{ categoryId: string }> => {
    const [thread] = await tx
      .select({ authorId: threads.authorId, authorRoleId: authorRoleOf(threads.authorId), categoryId: threads.categoryId, title: threads.title })
      .from(threads)
      .where(eq(threads.id, threadId))
      .limit(1)
      .for("update");
    if (!thread) throw new ForumError(404, t.threadNotFound, t.deleteThreadFailed);
    if (!canDeleteThread(actor, { authorId: thread.authorId, authorRole: roleOf(thread.authorRoleId) })) throw new ForumError(403, t.ownThreadsOnly, t.deleteThreadFailed);
    // Notifications point at the thread without a foreign key: removed here. Its reactions and
    // reports, and its comments', go by the tables' delete triggers (migrations 0001, 0012).
    await tx.execute(sql`
      DELETE FROM ${notifications} WHERE thread_id = ${threadId}::uuid
        OR (type = 'new_thread' AND reference_id = ${threadId}::uuid)`);
    await tx.delete(threads).where(eq(threads.id, threadId));
    if (!isOwner(actor, thread)) {
      await recordThreadModeration(tx, actor, "delete_thread", { id: threadId, title: thread.title });
    }
    return { categoryId: thread.categoryId };
  },
});

/**
 * Deletes a thread ({@link deleteThreadWrite}, throwing on failure).
 *
 * @param actor the logged-in member; author, moderator or admin (nickname for the log)
 * @returns the deleted thread's category id
 * @throws {ForumError} 404 'Kunde inte hitta tråden', 403 'Du kan bara ta bort dina egna trådar'
 */
export async function deleteThread(
  db: Db | Tx,
  actor: NonNullable<Actor> & { nickname?: string },
  threadId: string,
): Promise<{ categoryId: string }> {
  return unwrap(await runWrite(deleteThreadWrite, { db, actor: { ...actor, nickname: actor.nickname ?? "" } }, { threadId })).value;
}

/**
 * Comment deletion (SPEC §6, §7 Writes): `{ threadId, commentId }`; the comment, its replies,
 * their reactions, reports and notifications go; thread comments_count, parent replies_count and
 * author comments_count follow, never below 0; a moderator's deletion of someone else's comment
 * is logged. Steps: login → id shapes (404) → transaction, which locks the thread row (FOR NO KEY
 * UPDATE, the lock order of every write on a thread) and the comment, and applies
 * `canDeleteComment` under the lock (403 'Du kan bara ta bort dina egna kommentarer', 404
 * 'Kunde inte hitta kommentaren').
 */
export const deleteCommentWrite = defineWrite({
  name: "delete-comment",
  login: { message: f.loginToComment, title: t.notLoggedIn },
  parse: (raw: { threadId: string; commentId: string }) => {
    if (!isUuid(raw.commentId) || !isUuid(raw.threadId)) throw new ForumError(404, t.commentNotFound, t.deleteFailed);
    return raw;
  },
  transaction: async (tx, { actor }, { threadId, commentId }): Promise<void> => {
    // The thread row first, FOR NO KEY UPDATE, as comments and reactions on the thread take it
    // (the counter trigger below needs it anyway): a racing reaction or comment and this delete
    // queue up there before either holds a counter row the other needs.
    await tx.select({ id: threads.id }).from(threads).where(eq(threads.id, threadId)).limit(1).for("no key update");
    const [comment] = await tx
      .select({ authorId: comments.authorId, authorRoleId: authorRoleOf(comments.authorId), body: comments.body })
      .from(comments)
      .where(and(eq(comments.id, commentId), eq(comments.threadId, threadId)))
      .limit(1)
      .for("update");
    if (!comment) throw new ForumError(404, t.commentNotFound, t.deleteFailed);
    if (!canDeleteComment(actor, { authorId: comment.authorId, authorRole: roleOf(comment.authorRoleId) })) throw new ForumError(403, t.ownCommentsOnly, t.deleteFailed);
    // Its reactions and reports, and its replies', go by the comments table's delete triggers
    // (migrations 0001, 0012), also those filed while this delete waited for the lock above.
    // Notifications about the comment or its replies would lead to a missing anchor: removed.
    // A batched 'N nya kommentarer' row stands for other comments too: it stays and
    // leads to the thread instead.
    await tx.execute(sql`
      UPDATE ${notifications} SET reference_id = thread_id
       WHERE type = 'thread_activity' AND thread_id = ${threadId}::uuid
         AND reference_id IN (SELECT id FROM ${comments} WHERE id = ${commentId}::uuid OR parent_id = ${commentId}::uuid)`);
    await tx.execute(sql`
      DELETE FROM ${notifications}
       WHERE reference_id IN (SELECT id FROM ${comments} WHERE id = ${commentId}::uuid OR parent_id = ${commentId}::uuid)`);
    await tx.delete(comments).where(eq(comments.id, commentId));
    if (!isOwner(actor, comment)) {
      await recordModeration(tx, {
        actor: { id: actor.id, nickname: actor.nickname },
        action: "delete_comment",
        targetType: "comment",
        targetId: commentId,
        // The log lists it as plain text, like every other excerpt.
        targetLabel: plainExcerpt(comment.body, PREVIEW_CHARS),
      });
    }
  },
});

/**
 * Deletes a comment ({@link deleteCommentWrite}, throwing on failure).
 *
 * @param actor the logged-in member; author, moderator or admin
 * @param threadId the thread the comment must belong to
 * @throws {ForumError} 404 'Kunde inte hitta kommentaren', 403 'Du kan bara ta bort dina egna kommentarer'
 */
export async function deleteComment(
  db: Db | Tx,
  actor: NonNullable<Actor> & { nickname?: string },
  threadId: string,
  commentId: string,
): Promise<void> {
  unwrap(await runWrite(deleteCommentWrite, { db, actor: { ...actor, nickname: actor.nickname ?? "" } }, { threadId, commentId }));
}
