/**
 * The moderators' thread tools in the thread's 'Åtgärder' menu (docs/decisions/053-thread-tools.md),
 * each a declared write of server/writes/pipeline.ts that the thread page's action runs:
 *
 * - {@link pinThreadWrite}: 'Fäst' (first in its category), 'Fäst på startsidan' (also first under
 *   Senaste on the forum home; admins), 'Lossa';
 * - {@link lockThreadWrite}: 'Lås' / 'Lås upp' (server/thread-tools/gate.ts refuses comments,
 *   replies, reactions and edits in a locked thread for anyone but staff);
 * - {@link moveThreadWrite}: 'Flytta' to another category, both categories' `threads_count` kept
 *   right (the counter trigger of 0001 handles INSERT and DELETE only);
 * - {@link mergeThreadWrite}: 'Slå ihop' into another thread — the opening post becomes a comment,
 *   every comment and reply moves with its time, subscribers of both are kept, the old id
 *   redirects (`thread_redirects`);
 * - {@link slowModeWrite}: 'Långsamt läge' (off, 1, 5, 15 or 60 minutes).
 *
 * Steps of each: login (401) → access: acting staff (403, domain/policy/thread-tools.ts) → parse
 * (404 thread id, 400 field) → policy (403 admin-only / rank) → transaction: the thread row locked,
 * the change, a moderation-log row → changes: `pages` when something changed, nothing otherwise
 * (a repeated click writes and logs nothing) → events: the thread's live event, so open pages
 * reload. No abuse limits: staff are exempt from them (server/abuse/action-limits.ts).
 *
 * @module
 */
import { and, eq, sql } from "drizzle-orm";
import { threadTools as tl, toasts as t } from "../../domain/i18n/sv";
import { isUuid } from "../../domain/ids";
import { staffOnlyMessage } from "../../domain/policy/moderation";
import { mergePermission, pinPermission } from "../../domain/policy/thread-tools";
import { roleOf } from "../../domain/roles";
import { mergeTargetId, slowModeChoice } from "../../domain/thread-tools";
import { LIMITS, type SlowModeMinutes } from "../../domain/values";
import type { Db, Tx } from "../db/client";
import {
  bookmarks,
  categories,
  comments,
  notificationFanouts,
  notifications,
  polls,
  postRevisions,
  postSubmissions,
  postTickers,
  reactions,
  reports,
  subscriptionFanouts,
  threadRedirects,
  threads,
  threadSubscriptions,
  threadTrending,
} from "../db/schema";
import { authorRoleOf } from "../forum/queries";
import { recordThreadModeration } from "../moderation/log";
import { ForumError } from "../platform/errors";
import { publishEvent } from "../realtime/events";
import { mergeReads, moveReads } from "../unread/merge";
import { defineWrite, runWrite, unwrap, type WriteActor, type WriteScope } from "../writes/pipeline";

/** What a tool did: the thread it leaves the reader on, and whether anything changed. */
export interface ToolResult {
  /** The thread (after a merge: the target). */
  threadId: string;
  /** Its category (after a move: the new one). */
  categoryId: string;
  /** False when the thread was already as asked: nothing written, nothing logged. */
  changed: boolean;
}

/** The `access` step of every tool: acting staff only (a blocked moderator gets the blocked message). */
function staffOnly(title: string) {
  return (actor: WriteActor) => {
    const refusal = staffOnlyMessage(actor, tl.staffOnly);
    if (refusal) throw new ForumError(403, refusal, title);
  };
}

/** The thread id of a tool's form: a UUID, else 404 (no such thread). */
function threadIdOf(raw: { threadId: string }, title: string): string {
  if (!isUuid(raw.threadId)) throw new ForumError(404, tl.threadNotFound, title);
  return raw.threadId;
}

/**
 * Loads and locks a thread for a tool: FOR NO KEY UPDATE, the lock every write on a thread takes
 * first (comments, reactions, edits), so a comment racing a 'Lås' queues behind it; FOR UPDATE
 * for a thread about to be deleted (the merged one).
 */
async function lockedThread(tx: Tx, threadId: string, title: string, mode: "no key update" | "update" = "no key update") {
  const [row] = await tx
    .select({
      id: threads.id,
      title: threads.title,
      body: threads.body,
      bodyHtml: threads.bodyHtml,
      createdAt: threads.createdAt,
      editedAt: threads.editedAt,
      categoryId: threads.categoryId,
      authorId: threads.authorId,
      authorRoleId: authorRoleOf(threads.authorId),
      pinnedAt: threads.pinnedAt,
      pinnedHome: threads.pinnedHome,
      lockedAt: threads.lockedAt,
      slowModeMinutes: threads.slowModeMinutes,
    })
    .from(threads)
    .where(eq(threads.id, threadId))
    .limit(1)
    .for(mode);
  if (!row) throw new ForumError(404, tl.threadNotFound, title);
  return row;
}

/** A changed thread's live event: its open pages reload (as after an edit). */
async function announce<V extends ToolResult>({ db, actor }: WriteScope, value: V): Promise<void> {
  if (value.changed) await publishEvent(db, { kind: "reactions", threadId: value.threadId, actorId: actor.id });
}

/** Nothing to empty when the thread was already as asked. */
const changedPages = <V extends ToolResult>(value: V) => (value.changed ? (["pages"] as const) : ([] as const));

/** How a thread is pinned: in its category, also on the forum home, or not at all. */
export type PinChoice = "category" | "home" | "off";

/**
 * 'Fäst' / 'Fäst på startsidan' / 'Lossa': `{ threadId, pin: "category" | "home" | "off" }` →
 * {@link ToolResult}. A pin sets `pinned_at` (newest pin first; a thread already pinned keeps its
 * time); `home` also sets `pinned_home`; `off` clears both. Refusals: 401, 403 not acting staff,
 * 404 thread, 400 an unknown choice, 403 'Endast administratörer…' for a moderator's home pin and
 * for a moderator's change of a thread an admin pinned to the forum home. Logged as `pin_thread`
 * (reason 'På forumets startsida' for a home pin) or `unpin_thread`.
 */
export const pinThreadWrite = defineWrite({
  name: "pin-thread",
  login: { message: tl.loginRequired, title: t.notLoggedIn },
  access: staffOnly(tl.pinFailed),
  parse: (raw: { threadId: string; pin: string }): { threadId: string; pin: PinChoice } => {
    const title = raw.pin === "off" ? tl.unpinFailed : tl.pinFailed;
    const threadId = threadIdOf(raw, title);
    if (raw.pin !== "category" && raw.pin !== "home" && raw.pin !== "off") throw new ForumError(400, tl.pinFailed, tl.pinFailed);
    return { threadId, pin: raw.pin };
  },
  policy: ({ actor }: WriteScope, { pin }) => {
    if (pin === "home" && pinPermission(actor, true) !== "ok") throw new ForumError(403, tl.pinHomeAdminOnly, tl.pinFailed);
  },
  transaction: async (tx, { actor }, { threadId, pin }): Promise<ToolResult> => {
    const title = pin === "off" ? tl.unpinFailed : tl.pinFailed;
    const thread = await lockedThread(tx, threadId, title);
    const pinned = thread.pinnedAt !== null;
    const home = pinned && thread.pinnedHome;
    // An admin's pin to the forum home is the admins' to change.
    if (home && pin !== "home" && pinPermission(actor, true) !== "ok") throw new ForumError(403, tl.unpinHomeAdminOnly, title);
    const result: ToolResult = { threadId, categoryId: thread.categoryId, changed: false };
    const want = { pinned: pin !== "off", home: pin === "home" };
    if (want.pinned === pinned && want.home === home) return result;
    await tx
      .update(threads)
      .set(want.pinned ? { pinnedAt: thread.pinnedAt ?? sql`now()`, pinnedHome: want.home } : { pinnedAt: null, pinnedHome: false })
      .where(eq(threads.id, threadId));
    await recordThreadModeration(tx, actor, want.pinned ? "pin_thread" : "unpin_thread", { id: threadId, title: thread.title }, want.home ? tl.logPinnedHome : null);
    return { ...result, changed: true };
  },
  changes: changedPages,
  events: announce,
});

/**
 * 'Lås' / 'Lås upp': `{ threadId, lock }` → {@link ToolResult}; `locked_at` set to now or
 * cleared. Refusals: 401, 403 not acting staff, 404 thread. Logged as `lock_thread` /
 * `unlock_thread`.
 */
export const lockThreadWrite = defineWrite({
  name: "lock-thread",
  login: { message: tl.loginRequired, title: t.notLoggedIn },
  access: staffOnly(tl.lockFailed),
  parse: (raw: { threadId: string; lock: boolean }) => ({ threadId: threadIdOf(raw, raw.lock ? tl.lockFailed : tl.unlockFailed), lock: raw.lock }),
  transaction: async (tx, { actor }, { threadId, lock }): Promise<ToolResult> => {
    const thread = await lockedThread(tx, threadId, lock ? tl.lockFailed : tl.unlockFailed);
    const result: ToolResult = { threadId, categoryId: thread.categoryId, changed: false };
    if ((thread.lockedAt !== null) === lock) return result;
    await tx
      .update(threads)
      .set({ lockedAt: lock ? sql`now()` : null })
      .where(eq(threads.id, threadId));
    await recordThreadModeration(tx, actor, lock ? "lock_thread" : "unlock_thread", { id: threadId, title: thread.title });
    return { ...result, changed: true };
  },
  changes: changedPages,
  events: announce,
});

/** A move's result: the new category, with its name for the toast, and the thread's title (its URL). */
export interface MoveResult extends ToolResult {
  categoryName: string;
  title: string;
}

/**
 * 'Flytta': `{ threadId, categoryId }` → {@link MoveResult}. The thread's `category_id` changes;
 * `categories.threads_count` of the old category goes down and the new one's up in the same
 * transaction (the counter trigger of migration 0001 fires on INSERT and DELETE only); the
 * thread's notifications and pending fan-outs name the new category (their links stay direct);
 * `thread_trending` follows by its own trigger (0006). The old URL redirects
 * (app/routes/thread.tsx). Refusals: 401, 403 not acting staff, 404 thread, 400 'Välj
 * kategorin…' (no category id), 404 'Kategorin hittades inte', 400 'Tråden ligger redan i den
 * kategorin.'. Logged as `move_thread` with 'Från X till Y'.
 */
export const moveThreadWrite = defineWrite({
  name: "move-thread",
  login: { message: tl.loginRequired, title: t.notLoggedIn },
  access: staffOnly(tl.moveFailed),
  parse: (raw: { threadId: string; categoryId: string }) => {
    const threadId = threadIdOf(raw, tl.moveFailed);
    if (!isUuid(raw.categoryId)) throw new ForumError(400, tl.chooseCategory, tl.moveFailed);
    return { threadId, categoryId: raw.categoryId };
  },
  transaction: async (tx, { actor }, { threadId, categoryId }): Promise<MoveResult> => {
    const thread = await lockedThread(tx, threadId, tl.moveFailed);
    const rows = await tx
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(sql`${categories.id} IN (${thread.categoryId}::uuid, ${categoryId}::uuid)`);
    const to = rows.find((c) => c.id === categoryId);
    const from = rows.find((c) => c.id === thread.categoryId);
    if (!to) throw new ForumError(404, tl.categoryNotFound, tl.moveFailed);
    if (thread.categoryId === categoryId) throw new ForumError(400, tl.sameCategory, tl.moveFailed);
    // The old category's 'Markera alla som lästa' stops covering the thread: its readers keep what it read.
    await moveReads(tx, threadId, thread.categoryId);
    await tx.update(threads).set({ categoryId }).where(eq(threads.id, threadId));
    await tx.execute(sql`UPDATE ${categories} SET threads_count = GREATEST(threads_count - 1, 0) WHERE id = ${thread.categoryId}::uuid`);
    await tx.execute(sql`UPDATE ${categories} SET threads_count = threads_count + 1 WHERE id = ${categoryId}::uuid`);
    await tx.execute(sql`
      UPDATE ${notifications} SET category_id = ${categoryId}::uuid
       WHERE thread_id = ${threadId}::uuid OR (type = 'new_thread' AND reference_id = ${threadId}::uuid)`);
    await tx.update(subscriptionFanouts).set({ categoryId }).where(eq(subscriptionFanouts.threadId, threadId));
    await tx.update(notificationFanouts).set({ categoryId }).where(eq(notificationFanouts.threadId, threadId));
    await recordThreadModeration(tx, actor, "move_thread", { id: threadId, title: thread.title }, tl.logMoved(from?.name ?? "", to.name));
    return { threadId, categoryId, categoryName: to.name, title: thread.title, changed: true };
  },
  events: announce,
});

/** A merge's result: the target thread (where the posts now are), with its title for the toast. */
export interface MergeResult extends ToolResult {
  /** The merged thread's old id (now a redirect). */
  sourceId: string;
  /** The target thread's title. */
  title: string;
  /** The comment the merged thread's opening post became. */
  openingCommentId: string;
}

/** Code points of a text after trimming, as the database's `char_length(btrim(…))` counts them. */
const codePoints = (text: string) => [...text.trim()].length;

/**
 * 'Slå ihop': `{ threadId, target }` (`target` a thread id or URL, domain/thread-tools.ts
 * `mergeTargetId`) → {@link MergeResult}. In one transaction, both threads locked in id order:
 *
 * 1. read points (`thread_reads`) merged by `mergeReads` (server/unread/merge.ts);
 * 2. the merged thread's opening post becomes a comment of the target with its author, text,
 *    time and 'redigerad' time; its reactions, reports, tickers, revisions and saves follow it;
 * 3. every comment and reply moves with its `created_at`, so the target shows them in time
 *    order; the target's `comments_count` and `last_comment_at` follow (the counter trigger
 *    fires on INSERT and DELETE only), and its reactions of the last hour for 'Snabb';
 * 4. subscribers of both threads are kept, once each (subscribed on either: subscribed);
 *    notifications and pending subscriber batches point at the target (two unread 'N nya
 *    kommentarer' rows of one member become one);
 * 5. `thread_redirects` (merged id → target; earlier redirects to the merged thread now lead to
 *    the target), then the merged thread is deleted (the counters of its category and author
 *    follow by trigger).
 *
 * Refusals: 401, 403 not acting staff, 404 thread, 400 'Välj tråden…' / 'En tråd kan inte slås
 * ihop med sig själv.', 404 target, 403 'Du kan bara slå ihop trådar som du själv får ta bort.'
 * (a moderator on an admin's thread), 409 a thread with a poll, 409 an opening post longer than
 * a comment may be. Logged as `merge_thread` with 'In i "titel"'.
 */
export const mergeThreadWrite = defineWrite({
  name: "merge-thread",
  login: { message: tl.loginRequired, title: t.notLoggedIn },
  access: staffOnly(tl.mergeFailed),
  parse: (raw: { threadId: string; target: string }) => {
    const threadId = threadIdOf(raw, tl.mergeFailed);
    const targetId = mergeTargetId(raw.target ?? "");
    if (!targetId) throw new ForumError(400, tl.mergeTargetMissing, tl.mergeFailed);
    if (targetId === threadId.toLowerCase()) throw new ForumError(400, tl.mergeSelf, tl.mergeFailed);
    return { threadId, targetId };
  },
  transaction: async (tx, { actor }, { threadId, targetId }): Promise<MergeResult> => {
    // Both rows in one order (by id) whichever is merged into which: two crossing merges queue.
    const [first, second] = [threadId, targetId].sort();
    await tx.select({ id: threads.id }).from(threads).where(sql`${threads.id} IN (${first}::uuid, ${second}::uuid)`).orderBy(threads.id).for("update");
    const source = await lockedThread(tx, threadId, tl.mergeFailed, "update");
    const [target] = await tx
      .select({ id: threads.id, title: threads.title, categoryId: threads.categoryId })
      .from(threads)
      .where(eq(threads.id, targetId))
      .limit(1);
    if (!target) throw new ForumError(404, tl.mergeTargetNotFound, tl.mergeFailed);
    if (mergePermission(actor, { authorId: source.authorId, authorRole: roleOf(source.authorRoleId) }) !== "ok") {
      throw new ForumError(403, tl.mergeNotAllowed, tl.mergeFailed);
    }
    const [poll] = await tx.select({ threadId: polls.threadId }).from(polls).where(eq(polls.threadId, threadId)).limit(1);
    if (poll) throw new ForumError(409, tl.mergePoll, tl.mergeFailed);
    if (codePoints(source.body) > LIMITS.comment) throw new ForumError(409, tl.mergeTooLong, tl.mergeFailed);

    // 1. Read points, while the merged thread still holds its posts.
    await mergeReads(tx, threadId, targetId);

    // 2. The opening post as a comment of the target (the insert trigger counts it there and on
    //    its author's profile; deleting the merged thread below takes it off their thread count).
    const [opening] = await tx
      .insert(comments)
      .values({
        threadId: targetId,
        authorId: source.authorId,
        body: source.body,
        bodyHtml: source.bodyHtml,
        createdAt: source.createdAt,
        editedAt: source.editedAt,
      })
      .returning({ id: comments.id });
    const openingId = opening!.id;
    const moved = await tx.execute(sql`
      UPDATE ${reactions} SET target_type = 'comment', target_id = ${openingId}::uuid
       WHERE target_type = 'thread' AND target_id = ${threadId}::uuid RETURNING 1`);
    const reactionCount = (moved as unknown as { rows: unknown[] }).rows.length;
    if (reactionCount > 0) await tx.update(comments).set({ reactionsCount: reactionCount }).where(eq(comments.id, openingId));
    await tx
      .update(reports)
      .set({ targetType: "comment", targetId: openingId })
      .where(and(eq(reports.targetType, "thread"), eq(reports.targetId, threadId)));
    await tx
      .update(postTickers)
      .set({ targetType: "comment", targetId: openingId, threadId: targetId })
      .where(and(eq(postTickers.targetType, "thread"), eq(postTickers.targetId, threadId)));
    // A comment's history has no titles (the merged thread's title is in the moderation log).
    await tx
      .update(postRevisions)
      .set({ targetType: "comment", commentId: openingId, threadId: targetId, oldTitle: null, newTitle: null })
      .where(and(eq(postRevisions.threadId, threadId), eq(postRevisions.targetType, "thread")));
    await tx
      .update(bookmarks)
      .set({ targetType: "comment", commentId: openingId, threadId: targetId })
      .where(and(eq(bookmarks.threadId, threadId), sql`${bookmarks.commentId} IS NULL`));

    // 3. Every comment and reply, with its own time; the target's counters by hand.
    const movedComments = await tx.execute(sql`
      UPDATE ${comments} SET thread_id = ${targetId}::uuid WHERE thread_id = ${threadId}::uuid RETURNING created_at`);
    const movedRows = (movedComments as unknown as { rows: Array<{ created_at: string | Date }> }).rows;
    if (movedRows.length > 0) {
      const newest = new Date(Math.max(...movedRows.map((r) => new Date(r.created_at).getTime())));
      await tx.execute(sql`
        UPDATE ${threads} SET comments_count = comments_count + ${movedRows.length},
               last_comment_at = GREATEST(last_comment_at, ${newest.toISOString()}::timestamptz)
         WHERE id = ${targetId}::uuid`);
    }
    for (const table of [postTickers, postRevisions, bookmarks] as const) {
      await tx.update(table).set({ threadId: targetId }).where(eq(table.threadId, threadId));
    }
    await tx.execute(sql`
      UPDATE ${threadTrending} SET reactions_last_1h = reactions_last_1h
             + COALESCE((SELECT s.reactions_last_1h FROM ${threadTrending} s WHERE s.thread_id = ${threadId}::uuid), 0)
       WHERE thread_id = ${targetId}::uuid`);

    // 4. Subscribers of both, once each; notifications and pending batches to the target.
    await tx.execute(sql`
      INSERT INTO ${threadSubscriptions} (user_id, thread_id, subscribed, created_at)
      SELECT user_id, ${targetId}::uuid, subscribed, created_at FROM ${threadSubscriptions} WHERE thread_id = ${threadId}::uuid
      ON CONFLICT (user_id, thread_id) DO UPDATE
        SET subscribed = ${threadSubscriptions.subscribed} OR EXCLUDED.subscribed, updated_at = now()`);
    await tx.execute(sql`
      WITH gone AS (
        DELETE FROM ${notifications} s
         WHERE s.thread_id = ${threadId}::uuid AND s.type = 'thread_activity' AND s.read = false
           AND EXISTS (SELECT 1 FROM ${notifications} k WHERE k.user_id = s.user_id AND k.thread_id = ${targetId}::uuid
                         AND k.type = 'thread_activity' AND k.read = false)
        RETURNING s.user_id, s.count)
      UPDATE ${notifications} k SET count = k.count + gone.count
        FROM gone
       WHERE k.user_id = gone.user_id AND k.thread_id = ${targetId}::uuid AND k.type = 'thread_activity' AND k.read = false`);
    await tx.execute(sql`
      UPDATE ${notifications}
         SET thread_id = ${targetId}::uuid, category_id = ${target.categoryId}::uuid, title = ${target.title},
             reference_id = CASE WHEN reference_id = ${threadId}::uuid THEN ${openingId}::uuid ELSE reference_id END
       WHERE thread_id = ${threadId}::uuid OR (thread_id IS NULL AND type = 'new_thread' AND reference_id = ${threadId}::uuid)`);
    await tx
      .update(subscriptionFanouts)
      .set({ threadId: targetId, categoryId: target.categoryId, title: target.title })
      .where(eq(subscriptionFanouts.threadId, threadId));
    await tx.update(postSubmissions).set({ threadId: targetId }).where(eq(postSubmissions.threadId, threadId));

    // 5. The old id leads to the target, also where it was itself a merge target; then it goes.
    await tx.update(threadRedirects).set({ toThreadId: targetId }).where(eq(threadRedirects.toThreadId, threadId));
    await tx
      .insert(threadRedirects)
      .values({ fromThreadId: threadId, toThreadId: targetId })
      .onConflictDoUpdate({ target: threadRedirects.fromThreadId, set: { toThreadId: targetId } });
    await tx.delete(threads).where(eq(threads.id, threadId));
    await recordThreadModeration(tx, actor, "merge_thread", { id: threadId, title: source.title }, tl.logMerged(target.title));
    return { threadId: targetId, categoryId: target.categoryId, changed: true, sourceId: threadId, title: target.title, openingCommentId: openingId };
  },
  // Readers of either thread reload: the target's gained posts, the merged one's page redirects.
  events: async (scope, value) => {
    await announce(scope, value);
    await publishEvent(scope.db, { kind: "reactions", threadId: value.sourceId, actorId: scope.actor.id });
  },
});

/**
 * 'Långsamt läge': `{ threadId, minutes }` (`""` / `"av"`: off; else 1, 5, 15 or 60) →
 * {@link ToolResult}; `slow_mode_minutes` set (the comment write holds members back,
 * server/thread-tools/gate.ts). Refusals: 401, 403 not acting staff, 404 thread, 400 'Välj Av,
 * 1, 5, 15 eller 60 minuter.'. Logged as `set_slow_mode` with the new setting.
 */
export const slowModeWrite = defineWrite({
  name: "slow-mode",
  login: { message: tl.loginRequired, title: t.notLoggedIn },
  access: staffOnly(tl.slowModeFailed),
  parse: (raw: { threadId: string; minutes: string | undefined }): { threadId: string; minutes: SlowModeMinutes | null } => {
    const threadId = threadIdOf(raw, tl.slowModeFailed);
    const minutes = slowModeChoice(raw.minutes);
    if (minutes === undefined) throw new ForumError(400, tl.invalidSlowMode, tl.slowModeFailed);
    return { threadId, minutes };
  },
  transaction: async (tx, { actor }, { threadId, minutes }): Promise<ToolResult & { minutes: SlowModeMinutes | null }> => {
    const thread = await lockedThread(tx, threadId, tl.slowModeFailed);
    const result = { threadId, categoryId: thread.categoryId, changed: false, minutes };
    if (thread.slowModeMinutes === minutes) return result;
    await tx.update(threads).set({ slowModeMinutes: minutes }).where(eq(threads.id, threadId));
    await recordThreadModeration(tx, actor, "set_slow_mode", { id: threadId, title: thread.title }, tl.logSlowMode(minutes));
    return { ...result, changed: true };
  },
  changes: changedPages,
  events: announce,
});

/** A staff member using a tool outside a request (tests, scripts). */
type ToolActor = Omit<WriteActor, "nickname"> & { nickname?: string };
const asWriter = (actor: ToolActor): WriteActor => ({ ...actor, nickname: actor.nickname ?? "" });

/**
 * Pins or loosens a thread ({@link pinThreadWrite}, throwing on failure).
 *
 * @returns {@link ToolResult}
 * @throws {ForumError} 403, 404 as the write refuses
 */
export async function pinThread(db: Db, actor: ToolActor, threadId: string, pin: PinChoice): Promise<ToolResult> {
  return unwrap(await runWrite(pinThreadWrite, { db, actor: asWriter(actor) }, { threadId, pin })).value;
}

/**
 * Locks or unlocks a thread ({@link lockThreadWrite}, throwing on failure).
 *
 * @returns {@link ToolResult}
 * @throws {ForumError} 403, 404 as the write refuses
 */
export async function lockThread(db: Db, actor: ToolActor, threadId: string, lock: boolean): Promise<ToolResult> {
  return unwrap(await runWrite(lockThreadWrite, { db, actor: asWriter(actor) }, { threadId, lock })).value;
}

/**
 * Moves a thread to another category ({@link moveThreadWrite}, throwing on failure).
 *
 * @returns {@link MoveResult}
 * @throws {ForumError} 400, 403, 404 as the write refuses
 */
export async function moveThread(db: Db, actor: ToolActor, threadId: string, categoryId: string): Promise<MoveResult> {
  return unwrap(await runWrite(moveThreadWrite, { db, actor: asWriter(actor) }, { threadId, categoryId })).value;
}

/**
 * Merges a thread into another ({@link mergeThreadWrite}, throwing on failure).
 *
 * @param target the target thread's id or URL
 * @returns {@link MergeResult}
 * @throws {ForumError} 400, 403, 404, 409 as the write refuses
 */
export async function mergeThread(db: Db, actor: ToolActor, threadId: string, target: string): Promise<MergeResult> {
  return unwrap(await runWrite(mergeThreadWrite, { db, actor: asWriter(actor) }, { threadId, target })).value;
}

/**
 * Sets a thread's slow mode ({@link slowModeWrite}, throwing on failure).
 *
 * @param minutes `"1"`, `"5"`, `"15"`, `"60"`, or `""` for off
 * @returns {@link ToolResult} with the new setting
 * @throws {ForumError} 400, 403, 404 as the write refuses
 */
export async function setSlowMode(db: Db, actor: ToolActor, threadId: string, minutes: string): Promise<ToolResult & { minutes: SlowModeMinutes | null }> {
  return unwrap(await runWrite(slowModeWrite, { db, actor: asWriter(actor) }, { threadId, minutes })).value;
}
