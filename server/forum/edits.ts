/**
 * Editing threads and comments and their history, declared as
 * pipelines of server/writes/pipeline.ts: {@link editThreadWrite} and {@link editCommentWrite}.
 * Steps: login (401) → parse with the creating rules (`editThreadSchema` / `editCommentSchema`,
 * domain/validation.ts; 400) → policy `canEdit` (domain/policy/forum.ts: the author, or staff
 * over whom they outrank; never a blocked member; in a locked thread only staff, 403 'Tråden är
 * låst', server/thread-tools/gate.ts; 403/404) → idempotency (the form's key) →
 * limit `edit` (server/abuse/action-limits.ts; staff exempt) → cook the new Markdown → one transaction:
 * the row (title/body/body_html; the search vector is a generated column and follows), its
 * `post_tickers`, a revision in `post_revisions` unless {@link editLeavesRevision} says the edit
 * is within the author's grace period, `mention` notifications to newly mentioned members
 * ({@link notifyEditMentions}), and a moderation-log row with the reason when staff edit someone
 * else's post → after commit, the thread's live event (which also empties the page caches).
 * {@link editThread} and {@link editComment} run the same declarations without abuse limits and
 * throw on failure (tests, scripts).
 *
 * @module
 */
import { and, eq, sql } from "drizzle-orm";
import { editing as ed, toasts as t } from "../../domain/i18n/sv";
import { isUuid } from "../../domain/ids";
import { EDIT_GRACE_PERIOD_S } from "../../domain/limits";
import { canEdit, editLeavesRevision, isOwner, moderatesItem, type Actor, type AuthoredItem } from "../../domain/policy/forum";
import { roleOf } from "../../domain/roles";
import type { AuthorSentiment, Position, TargetType } from "../../domain/values";
import type { PostStance } from "../../domain/stances";
import { editCommentSchema, editThreadSchema } from "../../domain/validation";
import { cookForStorage, cookThreadForStorage, indexTickers, type TickerStance } from "../content/storage";
import { PREVIEW_CHARS, plainExcerpt } from "../content/excerpt";
import type { Db, Tx } from "../db/client";
import { blockedUsers, comments, postRevisions, postTickers, threads } from "../db/schema";
import { ForumError } from "../platform/errors";
import { recordModeration, recordThreadModeration } from "../moderation/log";
import { notifyEditMentions } from "../notifications/commands";
import { publishEvent } from "../realtime/events";
import { defineWrite, parseWith, runWrite, unwrap, type WriteActor, type WriteScope } from "../writes/pipeline";
import { authorRoleOf } from "./queries";
import { assertOpen, threadRules } from "../thread-tools/gate";

/** Markdown cooked for storage (HTML, tickers, mentions). */
type Cooked = Awaited<ReturnType<typeof cookForStorage>>;

/** What an edit returns: where the post is and whether a revision was kept. */
export interface EditResult {
  targetType: TargetType;
  /** The thread's id (for a thread: its own). */
  threadId: string;
  categoryId: string;
  /** The comment's id, or null for a thread. */
  commentId: string | null;
  /** True when the edit was kept as a revision ('redigerad'); false within the grace period or when nothing changed. */
  revised: boolean;
}

/** Whether the member is blocked now (the `blocked_users` row; the session's flag may be older). */
async function isBlocked(db: Db | Tx, userId: string): Promise<boolean> {
  const rows = await db.select({ userId: blockedUsers.userId }).from(blockedUsers).where(eq(blockedUsers.userId, userId)).limit(1);
  return rows.length > 0;
}

/**
 * The edit rule (domain/policy/forum.ts `canEdit`) with the blocked flag read from the database.
 *
 * @throws {ForumError} 403 'Ditt konto är blockerat…' or 'Du kan bara redigera dina egna inlägg'
 */
async function assertMayEdit(db: Db | Tx, actor: WriteActor, item: AuthoredItem): Promise<Actor & object> {
  const blocked = actor.blocked === true || (await isBlocked(db, actor.id));
  const acting = { id: actor.id, role: actor.role, blocked };
  if (blocked) throw new ForumError(403, ed.blocked, ed.editFailed);
  if (!canEdit(acting, item)) throw new ForumError(403, ed.notAllowed, ed.editFailed);
  return acting;
}

/** Seconds-old test of the grace period, evaluated by the database clock. */
const withinGrace = (createdAt: typeof threads.createdAt | typeof comments.createdAt) =>
  sql<boolean>`(now() - ${createdAt}) < make_interval(secs => ${EDIT_GRACE_PERIOD_S})`;

/** Loads a thread for an edit (under the row lock when `tx` is a transaction). */
async function loadThread(db: Db | Tx, threadId: string, lock: boolean) {
  const query = db
    .select({
      id: threads.id,
      authorId: threads.authorId,
      authorRoleId: authorRoleOf(threads.authorId),
      categoryId: threads.categoryId,
      title: threads.title,
      body: threads.body,
      createdAt: threads.createdAt,
      lockedAt: threads.lockedAt,
      withinGrace: withinGrace(threads.createdAt),
    })
    .from(threads)
    .where(eq(threads.id, threadId))
    .limit(1);
  const [row] = lock ? await query.for("no key update") : await query;
  return row ?? null;
}

/** Loads a comment of a thread for an edit (under the row lock when `lock`). */
async function loadComment(db: Db | Tx, threadId: string, commentId: string, lock: boolean) {
  const query = db
    .select({
      id: comments.id,
      authorId: comments.authorId,
      authorRoleId: authorRoleOf(comments.authorId),
      body: comments.body,
      createdAt: comments.createdAt,
      withinGrace: withinGrace(comments.createdAt),
    })
    .from(comments)
    .where(and(eq(comments.id, commentId), eq(comments.threadId, threadId)))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/** The thread's category and title, for an answer replayed from the idempotency key. */
async function threadPlace(db: Db | Tx, threadId: string) {
  const [row] = await db.select({ categoryId: threads.categoryId, title: threads.title }).from(threads).where(eq(threads.id, threadId)).limit(1);
  return row ?? null;
}

/** A thread as the edit page shows it. */
export interface ThreadForEdit {
  id: string;
  categoryId: string;
  title: string;
  /** The Markdown as stored. */
  body: string;
  /** The author and their effective role, for `itemCan` (domain/policy/forum.ts). */
  item: AuthoredItem;
  /** Whether a moderator locked the thread ('Lås': only staff edit in it). */
  locked: boolean;
  /** Every ticker the thread names, with the author's stated 'Din syn' / 'Innehav' (null = none). */
  stances: PostStance[];
}

/**
 * Loads a thread for the edit page `/forum/edit/{id}`.
 *
 * @param db database handle
 * @param threadId any string (not a uuid: null)
 * @returns the thread, or null when there is none with that id
 */
export async function threadForEdit(db: Db, threadId: string): Promise<ThreadForEdit | null> {
  if (!isUuid(threadId)) return null;
  const row = await loadThread(db, threadId, false);
  if (!row) return null;
  const tickers = await db
    .select({ ticker: postTickers.ticker, sentiment: postTickers.sentiment, position: postTickers.position })
    .from(postTickers)
    .where(and(eq(postTickers.targetType, "thread"), eq(postTickers.targetId, threadId)))
    .orderBy(postTickers.ticker);
  return {
    stances: tickers.map((t) => ({ ticker: t.ticker, sentiment: t.sentiment as AuthorSentiment | null, position: t.position as Position | null })),
    id: row.id,
    categoryId: row.categoryId,
    title: row.title,
    body: row.body,
    item: { authorId: row.authorId, authorRole: roleOf(row.authorRoleId) },
    locked: row.lockedAt !== null,
  };
}

/** Parsed input of a thread edit. */
interface ThreadEditInput {
  threadId: string;
  title: string;
  body: string;
  reason?: string;
  /** 'Din syn' / 'Innehav' per ticker; undefined = keep the post's. */
  stances?: Record<string, TickerStance>;
}

/**
 * Thread edit: `{ threadId, input: { title, body, reason?, stances? }, submitKey? }` →
 * {@link EditResult}. `stances` ('Din syn' / 'Innehav') replace the thread's when the
 * author edits (also when the text is unchanged); absent, or a staff edit of someone else's
 * thread, keeps them. Refusals: 401 'Du måste vara inloggad för att redigera', 400 the creating
 * rules' field messages, 404 'Kunde inte hitta tråden', 403 blocked or not allowed, 429 limit
 * `edit`. `reason` is kept only when staff edit someone else's thread (moderation log).
 */
export const editThreadWrite = defineWrite({
  name: "edit-thread",
  login: { message: ed.loginToEdit, title: t.notLoggedIn },
  parse: (raw: { threadId: string; input: unknown; submitKey?: string }): ThreadEditInput => {
    if (!isUuid(raw.threadId)) throw new ForumError(404, ed.threadNotFound, ed.editFailed);
    return { threadId: raw.threadId, ...parseWith(editThreadSchema, raw.input, { title: ed.editFailed }) };
  },
  policy: async ({ db, actor }: WriteScope, { threadId }: ThreadEditInput) => {
    const thread = await loadThread(db, threadId, false);
    if (!thread) throw new ForumError(404, ed.threadNotFound, ed.editFailed);
    const acting = await assertMayEdit(db, actor, { authorId: thread.authorId, authorRole: roleOf(thread.authorRoleId) });
    assertOpen(acting, thread, ed.editFailed);
  },
  idempotency: {
    key: (raw) => raw.submitKey,
    fromRef: async ({ db }, ref): Promise<EditResult | null> => {
      const place = await threadPlace(db, ref.threadId);
      return place ? { targetType: "thread", threadId: ref.threadId, categoryId: place.categoryId, commentId: null, revised: false } : null;
    },
    // An edit is not a new post: identical text is no reason to refuse it.
    recent: async () => null,
    ref: (value: EditResult) => ({ threadId: value.threadId, commentId: null }),
  },
  limits: "edit",
  // The title's $TICKERs are indexed with the body's, so a retitled thread moves.
  prepare: ({ db }, { title, body }): Promise<Cooked> => cookThreadForStorage(db, title, body),
  transaction: async (tx, { actor }, { threadId, title, body, reason, stances: given }, _loaded, cooked): Promise<EditResult> => {
    const thread = await loadThread(tx, threadId, true);
    if (!thread) throw new ForumError(404, ed.threadNotFound, ed.editFailed);
    const item = { authorId: thread.authorId, authorRole: roleOf(thread.authorRoleId) };
    const acting = await assertMayEdit(tx, actor, item);
    assertOpen(acting, thread, ed.editFailed);
    const result: EditResult = { targetType: "thread", threadId, categoryId: thread.categoryId, commentId: null, revised: false };
    // The stances are the author's own statement; staff editing someone else's post keep them.
    const stances = isOwner(acting, item) ? given : undefined;
    const index = () => indexTickers(tx, { targetType: "thread", targetId: threadId, threadId, tickers: cooked.tickers, createdAt: thread.createdAt, stances });
    if (thread.title === title && thread.body === body) {
      // Only the stances changed (or nothing): no revision, no 'redigerad'.
      if (stances) await index();
      return result;
    }
    result.revised = editLeavesRevision(acting, item, thread.withinGrace);
    await tx
      .update(threads)
      .set({ title, body, bodyHtml: cooked.html, ...(result.revised ? { editedAt: sql`now()` } : {}) })
      .where(eq(threads.id, threadId));
    if (result.revised) {
      await tx.insert(postRevisions).values({
        targetType: "thread",
        threadId,
        editorId: actor.id,
        editorNickname: actor.nickname,
        oldTitle: thread.title,
        newTitle: title,
        oldBody: thread.body,
        newBody: body,
      });
    }
    await index();
    await notifyEditMentions(tx, { actor, threadId, categoryId: thread.categoryId, title, referenceId: threadId, mentions: cooked.mentions, quotes: cooked.quotes });
    if (moderatesItem(acting, item)) {
      await recordThreadModeration(tx, actor, "edit_thread", { id: threadId, title: thread.title }, reason ?? null);
    }
    return result;
  },
  // Others on the thread page reload its data; the visitors' page cache is emptied.
  events: async ({ db, actor }, value) => {
    await publishEvent(db, { kind: "reactions", threadId: value.threadId, actorId: actor.id });
  },
});

/** Parsed input of a comment edit. */
interface CommentEditInput {
  threadId: string;
  commentId: string;
  body: string;
  reason?: string;
  /** 'Din syn' / 'Innehav' per ticker; undefined = keep the post's. */
  stances?: Record<string, TickerStance>;
}

/**
 * Comment or reply edit: `{ threadId, commentId, input: { body, reason?, stances? },
 * submitKey? }` → {@link EditResult}; `stances` as for {@link editThreadWrite}. Refusals: 401, 400 the comment rule's message, 404 'Kunde
 * inte hitta kommentaren' (also for a comment of another thread), 403 blocked or not allowed,
 * 429 limit `edit`.
 */
export const editCommentWrite = defineWrite({
  name: "edit-comment",
  login: { message: ed.loginToEdit, title: t.notLoggedIn },
  parse: (raw: { threadId: string; commentId: string; input: unknown; submitKey?: string }): CommentEditInput => {
    if (!isUuid(raw.threadId) || !isUuid(raw.commentId)) throw new ForumError(404, ed.commentNotFound, ed.editFailed);
    return { threadId: raw.threadId, commentId: raw.commentId, ...parseWith(editCommentSchema, raw.input, { title: ed.editFailed }) };
  },
  policy: async ({ db, actor }: WriteScope, { threadId, commentId }: CommentEditInput) => {
    const comment = await loadComment(db, threadId, commentId, false);
    if (!comment) throw new ForumError(404, ed.commentNotFound, ed.editFailed);
    const acting = await assertMayEdit(db, actor, { authorId: comment.authorId, authorRole: roleOf(comment.authorRoleId) });
    assertOpen(acting, await threadRules(db, threadId), ed.editFailed);
  },
  idempotency: {
    key: (raw) => raw.submitKey,
    fromRef: async ({ db }, ref): Promise<EditResult | null> => {
      const place = await threadPlace(db, ref.threadId);
      if (!place || !ref.commentId) return null;
      return { targetType: "comment", threadId: ref.threadId, categoryId: place.categoryId, commentId: ref.commentId, revised: false };
    },
    recent: async () => null,
    ref: (value: EditResult) => ({ threadId: value.threadId, commentId: value.commentId }),
  },
  limits: "edit",
  prepare: ({ db }, { body }): Promise<Cooked> => cookForStorage(db, body),
  transaction: async (tx, { actor }, { threadId, commentId, body, reason, stances: given }, _loaded, cooked): Promise<EditResult> => {
    // The thread row first (the lock order of every write on a thread), then the comment.
    const thread = await loadThread(tx, threadId, true);
    if (!thread) throw new ForumError(404, ed.commentNotFound, ed.editFailed);
    const comment = await loadComment(tx, threadId, commentId, true);
    if (!comment) throw new ForumError(404, ed.commentNotFound, ed.editFailed);
    const item = { authorId: comment.authorId, authorRole: roleOf(comment.authorRoleId) };
    const acting = await assertMayEdit(tx, actor, item);
    assertOpen(acting, thread, ed.editFailed);
    const result: EditResult = { targetType: "comment", threadId, categoryId: thread.categoryId, commentId, revised: false };
    // The stances are the author's own statement; staff editing someone else's post keep them.
    const stances = isOwner(acting, item) ? given : undefined;
    const index = () => indexTickers(tx, { targetType: "comment", targetId: commentId, threadId, tickers: cooked.tickers, createdAt: comment.createdAt, stances });
    if (comment.body === body) {
      // Only the stances changed (or nothing): no revision, no 'redigerad'.
      if (stances) await index();
      return result;
    }
    result.revised = editLeavesRevision(acting, item, comment.withinGrace);
    await tx
      .update(comments)
      .set({ body, bodyHtml: cooked.html, ...(result.revised ? { editedAt: sql`now()` } : {}) })
      .where(eq(comments.id, commentId));
    if (result.revised) {
      await tx.insert(postRevisions).values({
        targetType: "comment",
        threadId,
        commentId,
        editorId: actor.id,
        editorNickname: actor.nickname,
        oldBody: comment.body,
        newBody: body,
      });
    }
    await index();
    await notifyEditMentions(tx, { actor, threadId, categoryId: thread.categoryId, title: thread.title, referenceId: commentId, mentions: cooked.mentions, quotes: cooked.quotes });
    if (moderatesItem(acting, item)) {
      await recordModeration(tx, {
        actor: { id: actor.id, nickname: actor.nickname },
        action: "edit_comment",
        targetType: "comment",
        targetId: commentId,
        // The log lists it as plain text, like every other excerpt.
        targetLabel: plainExcerpt(comment.body, PREVIEW_CHARS),
        reason: reason ?? null,
      });
    }
    return result;
  },
  events: async ({ db, actor }, value) => {
    await publishEvent(db, { kind: "reactions", threadId: value.threadId, actorId: actor.id });
  },
});

/**
 * Edits a thread ({@link editThreadWrite} without abuse limits).
 *
 * @param actor the editor (`blocked` is also read from the database)
 * @param threadId the thread
 * @param input `{ title, body, reason? }` as submitted
 * @returns {@link EditResult}
 * @throws {ForumError} 400, 403, 404 as the write refuses
 */
export async function editThread(db: Db, actor: WriteActor, threadId: string, input: unknown): Promise<EditResult> {
  return unwrap(await runWrite(editThreadWrite, { db, actor }, { threadId, input })).value;
}

/**
 * Edits a comment or reply ({@link editCommentWrite} without abuse limits).
 *
 * @param actor the editor
 * @param threadId the thread the comment must belong to
 * @param commentId the comment
 * @param input `{ body, reason? }` as submitted
 * @returns {@link EditResult}
 * @throws {ForumError} 400, 403, 404 as the write refuses
 */
export async function editComment(db: Db, actor: WriteActor, threadId: string, commentId: string, input: unknown): Promise<EditResult> {
  return unwrap(await runWrite(editCommentWrite, { db, actor }, { threadId, commentId, input })).value;
}
