/**
 * Notification writes (SPEC §3 notifications, §4 Notification, §7 Writes): the rows a new thread
 * or comment creates, and marking them read ({@link readNotificationsWrite},
 * {@link readAllFromPageWrite}, through the write pipeline).
 *
 * Rules:
 * - new thread: `new_thread` to every follower of the author (SPEC §7 Create thread);
 * - new comment: `new_comment` to the thread's author; a reply also to the parent comment's author;
 * - beyond the spec: `mention` to every member @mentioned in the thread, comment or reply;
 * - never to the actor; one row per member per post. When several rules reach one member the
 *   spec's own types win over `mention` (docs/decisions/011-notifications-realtime.md).
 *
 * The rows are written by one set-based `INSERT … SELECT` inside the post's transaction (a post
 * never exists without its notifications, nor the reverse), and one `pg_notify` names the range
 * of their `seq` numbers for the live channel, whatever the number of followers.
 *
 * @module
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { notificationFanouts, notifications, profiles, userFollows } from "../db/schema";
import { publishEvent } from "../realtime/events";
import { isUuid } from "../../domain/ids";
import { wantsType } from "./settings";
import { errors, toasts as t } from "../../domain/i18n/sv";
import type { CacheChange } from "../cache/page-writes";
import { ForumError } from "../platform/errors";
import { defineWrite } from "../writes/pipeline";

/** Who did it. */
export interface NotificationActor {
  id: string;
  nickname: string;
}

/** What {@link notifyNewThread} needs about the new thread. */
export interface NewThreadEvent {
  actor: NotificationActor;
  threadId: string;
  categoryId: string;
  title: string;
  /** Nicknames @mentioned in the body, as cooked (`Cooked.mentions`); unknown ones are ignored. */
  mentions: readonly string[];
  /** Nicknames the body quotes (`Cooked.quotes`): they get `quote` instead of `mention`. */
  quotes?: readonly string[];
}

/** What {@link notifyNewComment} needs about the new comment or reply. */
export interface NewCommentEvent {
  actor: NotificationActor;
  threadId: string;
  categoryId: string;
  /** The thread's title (shown in the notification text). */
  title: string;
  commentId: string;
  /** Author of the thread (null when the account is gone). */
  threadAuthorId: string | null;
  /** Author of the parent comment for a reply, else null. */
  parentAuthorId: string | null;
  mentions: readonly string[];
  /** Nicknames the comment quotes (`Cooked.quotes`): `quote` instead of `mention`. */
  quotes?: readonly string[];
}

/** How many rows a post created. */
export interface FanOutResult {
  created: number;
}

/**
 * Candidate rows for the members a post mentions and quotes: `quote` (prio 3) to each quoted
 * member, `mention` (prio 4) to each other mentioned member (a quote header's `@nick` is also a
 * mention; a quoted member is told once, as quoted, and not at all when they turned quotes off).
 */
function mentionCandidates(mentions: readonly string[], referenceId: string, quotes: readonly string[] = []): SQL | null {
  const quoted = [...new Set(quotes.map((m) => m.toLowerCase()))].slice(0, 50);
  const lowered = [...new Set(mentions.map((m) => m.toLowerCase()))].filter((m) => !quoted.includes(m)).slice(0, 50);
  const list = (names: string[]) =>
    sql.join(
      names.map((m) => sql`${m}`),
      sql`, `,
    );
  const parts: SQL[] = [];
  if (quoted.length > 0) {
    parts.push(sql`SELECT ${profiles.id} AS user_id, 'quote'::text AS type, 3 AS prio, ${referenceId}::uuid AS reference_id
      FROM ${profiles} WHERE lower(${profiles.nickname}) IN (${list(quoted)})`);
  }
  if (lowered.length > 0) {
    parts.push(sql`SELECT ${profiles.id} AS user_id, 'mention'::text AS type, 4 AS prio, ${referenceId}::uuid AS reference_id
      FROM ${profiles} WHERE lower(${profiles.nickname}) IN (${list(lowered)})`);
  }
  return parts.length === 0 ? null : sql.join(parts, sql` UNION ALL `);
}

/**
 * Inserts the notifications chosen by `candidates` (rows of user_id, type, prio, reference_id),
 * one per member (lowest prio wins among the kinds the member has not turned `off`,
 * 'Notiser'), never to the actor, and announces their `seq` range.
 */
export async function insertFanOut(
  tx: Tx,
  candidates: SQL[],
  row: { actor: NotificationActor; title: string; categoryId: string; threadId: string },
): Promise<FanOutResult> {
  const result = await tx.execute(sql`
    WITH candidates AS (${sql.join(candidates, sql` UNION ALL `)}),
    ins AS (
      INSERT INTO ${notifications} (user_id, actor_id, type, reference_id, title, actor_nickname, category_id, thread_id)
      SELECT DISTINCT ON (c.user_id) c.user_id, ${row.actor.id}, c.type, c.reference_id, ${row.title},
             ${row.actor.nickname}, ${row.categoryId}::uuid, ${row.threadId}::uuid
      FROM candidates c
      WHERE c.user_id IS NOT NULL AND c.user_id <> ${row.actor.id} AND ${wantsType(sql`c.user_id`, sql`c.type`, sql`${row.actor.id}::text`)}
      ORDER BY c.user_id, c.prio
      RETURNING seq
    )
    SELECT count(*)::int AS created, min(seq)::bigint AS "from", max(seq)::bigint AS "to" FROM ins`);
  const r = (result as unknown as { rows: Array<{ created: number; from: string | number | null; to: string | number | null }> })
    .rows[0]!;
  const created = Number(r.created);
  if (created > 0) await publishEvent(tx, { kind: "notifications", from: Number(r.from), to: Number(r.to) });
  return { created };
}

/**
 * Followers an author may have for their thread's notifications to be written inline, in the
 * thread's own transaction; above it the fan-out becomes a durable job
 * (server/notifications/fanout.ts), so a popular author does not wait (docs/decisions/011).
 */
export const FANOUT_INLINE_LIMIT = 1000;
let inlineLimit = FANOUT_INLINE_LIMIT;

/**
 * Test hook: changes {@link FANOUT_INLINE_LIMIT} for this process.
 *
 * @param limit followers written inline (null restores the default)
 */
export function setFanOutInlineLimit(limit: number | null): void {
  inlineLimit = limit ?? FANOUT_INLINE_LIMIT;
}

/**
 * Creates the notifications of a new thread: `new_thread` to the author's followers (SPEC §7
 * Create thread), `mention` to @mentioned members; never to the author; one per member.
 *
 * Up to {@link FANOUT_INLINE_LIMIT} followers every row is written here, in the thread's
 * transaction. Above it the mentions are written here (to members who do not follow the author)
 * and a `notification_fanouts` job is recorded in the same transaction: the followers' rows
 * follow right after commit (`kickFanOut` in server/notifications/fanout.ts), so the author does not wait for
 * thousands of rows, and a crash cannot lose them.
 *
 * @param tx the transaction that inserted the thread
 * @param event {@link NewThreadEvent}
 * @returns how many notifications were created now, and whether a fan-out job was recorded
 */
export async function notifyNewThread(tx: Tx, event: NewThreadEvent): Promise<FanOutResult & { deferred: boolean }> {
  const [author] = await tx
    .select({ followers: profiles.followersCount })
    .from(profiles)
    .where(eq(profiles.id, event.actor.id))
    .limit(1);
  const deferred = (author?.followers ?? 0) > inlineLimit;
  const candidates: SQL[] = [];
  if (!deferred) {
    candidates.push(sql`SELECT ${userFollows.followerId} AS user_id, 'new_thread'::text AS type, 1 AS prio, ${event.threadId}::uuid AS reference_id
        FROM ${userFollows} WHERE ${userFollows.followingId} = ${event.actor.id}`);
  }
  const mentioned = mentionCandidates(event.mentions, event.threadId, event.quotes);
  if (mentioned) {
    // With a deferred fan-out, followers get their `new_thread` from the job instead.
    candidates.push(
      deferred
        ? sql`SELECT * FROM (${mentioned}) m WHERE NOT EXISTS (SELECT 1 FROM ${userFollows}
            WHERE ${userFollows.followerId} = m.user_id AND ${userFollows.followingId} = ${event.actor.id})`
        : mentioned,
    );
  }
  if (deferred) {
    await tx.insert(notificationFanouts).values({
      actorId: event.actor.id,
      actorNickname: event.actor.nickname,
      threadId: event.threadId,
      categoryId: event.categoryId,
      title: event.title,
    });
  }
  const result = candidates.length > 0 ? await insertFanOut(tx, candidates, event) : { created: 0 };
  return { ...result, deferred };
}

/**
 * Creates the notifications of a new comment or reply: `new_comment` to the thread's author and,
 * for a reply, to the parent comment's author; `mention` to @mentioned members; never to the
 * commenter; one per member (SPEC §3, §8 Notification texts). `reference_id` is the
 * comment's id, so the notification opens the thread at `#comment-{id}`.
 *
 * @param tx the transaction that inserted the comment
 * @param event {@link NewCommentEvent}
 * @returns how many notifications were created
 */
export async function notifyNewComment(tx: Tx, event: NewCommentEvent): Promise<FanOutResult> {
  const authors = [event.threadAuthorId, event.parentAuthorId].filter((id): id is string => Boolean(id));
  const candidates: SQL[] = authors.map(
    (id, i) => sql`SELECT ${id}::text AS user_id, 'new_comment'::text AS type, ${i + 1}::int AS prio, ${event.commentId}::uuid AS reference_id`,
  );
  const mentioned = mentionCandidates(event.mentions, event.commentId, event.quotes);
  if (mentioned) candidates.push(mentioned);
  if (candidates.length === 0) return { created: 0 };
  return insertFanOut(tx, candidates, event);
}

/** What {@link notifyEditMentions} needs about an edited thread or comment. */
export interface EditMentionEvent {
  /** The editor (the notification's actor). */
  actor: NotificationActor;
  threadId: string;
  categoryId: string;
  /** The thread's title (shown in the notification text). */
  title: string;
  /** What the notification opens: the thread's id for a thread, the comment's id for a comment. */
  referenceId: string;
  /** Nicknames @mentioned in the edited text (`Cooked.mentions`). */
  mentions: readonly string[];
  /** Nicknames the edited text quotes (`Cooked.quotes`). */
  quotes?: readonly string[];
}

/**
 * The `mention` notifications of an edit ("mentions added by an edit notify the newly
 * mentioned member once; nobody is notified twice for the same mention"): to each member
 * mentioned in the new text who has no notification about this post yet — of any type, so a
 * member mentioned in the first version, or in an earlier edit, or removed and mentioned again,
 * or already told of the comment as the thread's author, gets nothing new. Never to the editor.
 *
 * @param tx the edit's transaction
 * @param event {@link EditMentionEvent}
 * @returns how many notifications were created
 */
export async function notifyEditMentions(tx: Tx, event: EditMentionEvent): Promise<FanOutResult> {
  const mentioned = mentionCandidates(event.mentions, event.referenceId, event.quotes);
  if (!mentioned) return { created: 0 };
  const fresh = sql`SELECT * FROM (${mentioned}) m WHERE NOT EXISTS (
    SELECT 1 FROM ${notifications} n WHERE n.user_id = m.user_id AND n.reference_id = ${event.referenceId}::uuid
       AND n.type <> 'thread_activity')`;
  return insertFanOut(tx, [fresh], event);
}

/**
 * Marks one of the member's notifications read (SPEC §4 Notification: unread → read). Another
 * member's notification or an unknown id changes nothing.
 *
 * @param db database handle or the write's transaction
 * @param userId the logged-in member
 * @param id the notification's id (uuid; anything else is ignored)
 * @returns whether a row changed
 */
export async function markNotificationRead(db: Db | Tx, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/**
 * Marks all of the member's unread notifications read (SPEC §4 'Mark all as read').
 *
 * @param db database handle or the write's transaction
 * @param userId the logged-in member
 * @returns how many rows changed
 */
export async function markAllNotificationsRead(db: Db | Tx, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Which notifications a read mark covers: one by id (any string; a non-uuid marks nothing), or all. */
type ReadTarget = { id: string } | "all";

/** What a read mark changed: how many notifications turned read. */
export interface ReadMarks {
  changed: number;
}

/** Only the member's own kept notification list changes, and only when a row did. */
const readMarkChanges = ({ changed }: ReadMarks): readonly CacheChange[] => (changed > 0 ? ["member"] : []);

/**
 * The bell's read marks (`POST /api/notifications`; SPEC §4 Notification, §7 Writes):
 * `{ intent: "read", id }` marks one, `{ intent: "read-all" }` all of the member's unread ones →
 * {@link ReadMarks}. Steps: login (401 'Ej inloggad') → parse (any other intent 400 'Ogiltig
 * förfrågan.') → limit `notifications` (60 a minute, 429) → update. Changes only the member's
 * own state (`member`), and nothing when no row changed.
 *
 * @returns the write; its value is {@link ReadMarks}
 */
export const readNotificationsWrite = defineWrite({
  name: "notifications-read",
  changes: readMarkChanges,
  login: { message: t.notLoggedIn },
  parse: (raw: { intent?: string; id?: string }): ReadTarget => {
    if (raw.intent === "read") return { id: raw.id ?? "" };
    if (raw.intent === "read-all") return "all";
    throw new ForumError(400, errors.badRequest);
  },
  limits: "notifications",
  transaction: async (tx, { actor }, target): Promise<ReadMarks> => ({
    changed: target === "all" ? await markAllNotificationsRead(tx, actor.id) : (await markNotificationRead(tx, actor.id, target.id)) ? 1 : 0,
  }),
});

/**
 * 'Markera alla som lästa' on the notifications page (SPEC §2 Notifications page, §4 'Mark all as
 * read'): `{ intent: "read-all" }` → {@link ReadMarks}. Steps: login (401 'Ej inloggad') → parse
 * (any other intent 400 'Ogiltig förfrågan.') → limit `notifications`, shared with the bell's
 * {@link readNotificationsWrite} (60 a minute, 429) → update. Changes only the member's own state
 * (`member`), and nothing when no row changed.
 *
 * @returns the write; its value is {@link ReadMarks}
 */
export const readAllFromPageWrite = defineWrite({
  name: "notifications-read-all-page",
  changes: readMarkChanges,
  login: { message: t.notLoggedIn },
  parse: (raw: { intent?: string }): "all" => {
    if (raw.intent !== "read-all") throw new ForumError(400, errors.badRequest);
    return "all";
  },
  limits: "notifications",
  transaction: async (tx, { actor }): Promise<ReadMarks> => ({ changed: await markAllNotificationsRead(tx, actor.id) }),
});
