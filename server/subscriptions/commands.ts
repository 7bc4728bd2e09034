/**
 * Thread subscriptions ('Bevaka tråd'): the `thread_subscriptions` rows, the automatic
 * subscription of a thread's author and of every commenter, and the batched `thread_activity`
 * notification a new comment gives every subscriber ('N nya kommentarer i "titel"' while unread,
 * not N rows). Rules in docs/decisions/026-thread-subscriptions.md.
 *
 * - `subscribed = false` is an explicit 'Sluta bevaka' and sticks: {@link autoSubscribe} never
 *   overwrites a row, so commenting again does not re-subscribe.
 * - `notification_settings.auto_subscribe = false` (no row = on) turns the automatic subscription
 *   off; the toggle still works.
 * - Never for the commenter's own comment; a member who gets `new_comment` or `mention` for the
 *   comment (the thread's author, the parent comment's author, the mentioned) is not counted in
 *   the batch for it: one notification per member per comment (decision 011).
 * - The toggle writes ({@link subscribeWrite}, {@link unsubscribeWrite}) count against the abuse
 *   limit `follow`; a blocked member may not subscribe (403) but may unsubscribe.
 *
 * @module
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import { notifications as n, threadWatch as tw } from "../../domain/i18n/sv";
import { isUuid } from "../../domain/ids";
import type { Db, Tx } from "../db/client";
import { notifications, notificationSettings, profiles, subscriptionFanouts, threads, threadSubscriptions } from "../db/schema";
import { ForumError } from "../platform/errors";
import type { NotificationActor } from "../notifications/commands";
import { wantsKind } from "../notifications/settings";
import { publishEvent } from "../realtime/events";
import { defineWrite, runWrite, unwrap, type WriteScope } from "../writes/pipeline";

const s = tw;

/**
 * Subscribes a member to a thread they created or commented in, unless they have a row for it
 * already (an explicit 'Sluta bevaka' sticks) or turned `auto_subscribe` off.
 *
 * @param tx the transaction that wrote the thread or comment
 * @param userId the author
 * @param threadId the thread
 * @returns whether a subscription was created
 */
export async function autoSubscribe(tx: Tx | Db, userId: string, threadId: string): Promise<boolean> {
  const result = await tx.execute(sql`
    INSERT INTO ${threadSubscriptions} (user_id, thread_id)
    SELECT ${userId}, ${threadId}::uuid
     WHERE COALESCE((SELECT ${notificationSettings.autoSubscribe} FROM ${notificationSettings}
                      WHERE ${notificationSettings.userId} = ${userId}), true)
    ON CONFLICT (user_id, thread_id) DO NOTHING
    RETURNING 1`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/** What {@link notifySubscribers} needs about the new comment. */
export interface SubscriberCommentEvent {
  actor: NotificationActor;
  threadId: string;
  categoryId: string;
  /** The thread's title (in the text 'N nya kommentarer i "titel"'). */
  title: string;
  /** The new comment: the row links to it (`#comment-{id}`). */
  commentId: string;
  /** Members already told of this comment by `new_comment` (thread and parent authors). */
  toldIds: readonly (string | null)[];
  /** Nicknames @mentioned in the comment (they get `mention` instead). */
  mentions: readonly string[];
}

/**
 * Subscribers a thread may have for a comment's batch to be written inline, in the comment's own
 * transaction; above it the batch becomes a durable `subscription_fanouts` job worked off right
 * after commit (server/subscriptions/fanout.ts), so the commenter does not wait (measured in
 * docs/decisions/026: about 120 ms on PostgreSQL for 5,000 rows inline).
 */
export const SUBSCRIBERS_INLINE_LIMIT = 500;
let inlineLimit = SUBSCRIBERS_INLINE_LIMIT;

/**
 * Test hook: changes {@link SUBSCRIBERS_INLINE_LIMIT} for this process.
 *
 * @param limit subscribers written inline (null restores the default)
 */
export function setSubscribersInlineLimit(limit: number | null): void {
  inlineLimit = limit ?? SUBSCRIBERS_INLINE_LIMIT;
}

/** The fields of one batch row, and who is left out. */
export interface BatchRow {
  actorId: string;
  actorNickname: string;
  threadId: string;
  categoryId: string;
  title: string;
  commentId: string;
  /** Members never counted for this comment (the commenter, and whoever got new_comment or mention). */
  toldIds: readonly string[];
}

/**
 * The batch upsert over `subscribers` (rows of `user_id`): inserts an unread `thread_activity`
 * row (count 1) or bumps the member's unread row for the thread (count + 1, newest comment, new
 * time and `seq`), and announces the `seq` range on the live channel.
 *
 * @param subscribers SQL selecting `user_id` of subscribed members (already without `toldIds`)
 * @returns how many rows were created or bumped
 */
export async function upsertBatch(tx: Tx, subscribers: SQL, row: BatchRow): Promise<number> {
  const result = await tx.execute(sql`
    WITH up AS (
      INSERT INTO ${notifications} AS n (user_id, actor_id, type, reference_id, title, actor_nickname, category_id, thread_id, count)
      SELECT s.user_id, ${row.actorId}, 'thread_activity', ${row.commentId}::uuid, ${row.title},
             ${row.actorNickname}, ${row.categoryId}::uuid, ${row.threadId}::uuid, 1
        FROM (${subscribers}) s
      ON CONFLICT (user_id, thread_id) WHERE type = 'thread_activity' AND read = false
      DO UPDATE SET count = n.count + 1, reference_id = EXCLUDED.reference_id, title = EXCLUDED.title,
                    actor_id = EXCLUDED.actor_id, actor_nickname = EXCLUDED.actor_nickname,
                    created_at = now(), seq = DEFAULT
      RETURNING n.seq
    )
    SELECT count(*)::int AS notified, min(seq)::bigint AS "from", max(seq)::bigint AS "to" FROM up`);
  const r = (result as unknown as { rows: Array<{ notified: number; from: string | number | null; to: string | number | null }> }).rows[0]!;
  const notified = Number(r.notified);
  if (notified > 0) await publishEvent(tx, { kind: "notifications", from: Number(r.from), to: Number(r.to) });
  return notified;
}

/**
 * The thread's subscribed members who have not turned 'comment in a thread I watch' off
 * ('Notiser') and have not muted the commenter `actorId`, without `toldIds`, ordered by
 * id, after `cursor`, at most `limit` (none: all).
 */
export function subscribersOf(
  threadId: string,
  toldIds: readonly string[],
  actorId: string,
  page?: { cursor: string; limit: number },
): SQL {
  const told = toldIds.length > 0 ? toldIds : [""];
  return sql`SELECT ${threadSubscriptions.userId} AS user_id FROM ${threadSubscriptions}
    WHERE ${threadSubscriptions.threadId} = ${threadId}::uuid AND ${threadSubscriptions.subscribed}
      AND ${wantsKind(sql`${threadSubscriptions.userId}`, "watched_thread", sql`${actorId}::text`)}
      AND ${threadSubscriptions.userId} NOT IN (${sql.join(
        told.map((id) => sql`${id}`),
        sql`, `,
      )})
      ${page ? sql`AND ${threadSubscriptions.userId} > ${page.cursor} ORDER BY ${threadSubscriptions.userId} LIMIT ${page.limit}` : sql``}`;
}

/**
 * The batched `thread_activity` notifications of a new comment: for every subscriber
 * of the thread except the commenter and those told by `new_comment`/`mention`, either an unread
 * row (count 1) or, when the member's unread row for the thread exists, its count + 1, pointed at
 * the newest comment, with a new time and `seq` (so the live channel announces it again and the
 * bell moves it to the top). The partial unique index `notifications_thread_activity_unread_idx`
 * is the conflict target, so two comments at once cannot create two unread rows.
 *
 * Up to {@link SUBSCRIBERS_INLINE_LIMIT} subscribers the rows are written here by one
 * `INSERT … SELECT … ON CONFLICT` in the comment's transaction; above it a
 * `subscription_fanouts` job is recorded in the same transaction and worked off right after
 * commit (`kickSubscriptionFanOut`), so the commenter does not wait for thousands of rows.
 *
 * @param tx the comment's transaction (after `notifyNewComment`)
 * @param event {@link SubscriberCommentEvent}
 * @returns how many rows were created or bumped now, and whether a job was recorded
 */
export async function notifySubscribers(tx: Tx, event: SubscriberCommentEvent): Promise<{ notified: number; deferred: boolean }> {
  const mentioned = [...new Set(event.mentions.map((m) => m.toLowerCase()))].slice(0, 50);
  const mentionedIds =
    mentioned.length > 0
      ? (
          await tx
            .select({ id: profiles.id })
            .from(profiles)
            .where(
              sql`lower(${profiles.nickname}) IN (${sql.join(
                mentioned.map((m) => sql`${m}`),
                sql`, `,
              )})`,
            )
        ).map((r) => r.id)
      : [];
  const toldIds = [...new Set([event.actor.id, ...event.toldIds.filter((id): id is string => Boolean(id)), ...mentionedIds])];
  const row: BatchRow = {
    actorId: event.actor.id,
    actorNickname: event.actor.nickname,
    threadId: event.threadId,
    categoryId: event.categoryId,
    title: event.title,
    commentId: event.commentId,
    toldIds,
  };
  const [counted] = (
    (await tx.execute(sql`SELECT count(*)::int AS n FROM (${subscribersOf(event.threadId, toldIds, event.actor.id, { cursor: "", limit: inlineLimit + 1 })}) s`)) as unknown as {
      rows: Array<{ n: number }>;
    }
  ).rows;
  if (Number(counted?.n ?? 0) > inlineLimit) {
    await tx.insert(subscriptionFanouts).values({ ...row, toldIds: [...toldIds] });
    return { notified: 0, deferred: true };
  }
  return { notified: await upsertBatch(tx, subscribersOf(event.threadId, toldIds, event.actor.id), row), deferred: false };
}

/** The state after a toggle. */
export interface SubscriptionState {
  threadId: string;
  /** Whether the member watches the thread now. */
  subscribed: boolean;
}

function parseThreadId(raw: { threadId?: string }, title: string): string {
  const id = raw.threadId ?? "";
  if (!isUuid(id)) throw new ForumError(404, s.threadNotFound, title);
  return id;
}

async function setSubscribed(tx: Tx, userId: string, threadId: string, subscribed: boolean, title: string): Promise<SubscriptionState> {
  const [thread] = await tx.select({ id: threads.id }).from(threads).where(eq(threads.id, threadId)).limit(1);
  if (!thread) throw new ForumError(404, s.threadNotFound, title);
  await tx
    .insert(threadSubscriptions)
    .values({ userId, threadId, subscribed })
    .onConflictDoUpdate({
      target: [threadSubscriptions.userId, threadSubscriptions.threadId],
      set: { subscribed, updatedAt: sql`now()` },
    });
  return { threadId, subscribed };
}

/**
 * 'Bevaka tråd' as a declared write: `{ threadId }` → {@link SubscriptionState}. Steps: login
 * (401 'Du måste vara inloggad för att bevaka trådar.') → thread id shape (404) → not blocked
 * (403) → limit `follow` (429) → upsert `subscribed = true` (404 when the thread is gone).
 * Idempotent.
 */
export const subscribeWrite = defineWrite({
  name: "subscribe-thread",
  login: { message: s.loginToSubscribe, title: s.subscribeFailed },
  parse: (raw: { threadId?: string }) => parseThreadId(raw, s.subscribeFailed),
  policy: async ({ actor }: WriteScope) => {
    if (actor.blocked === true) throw new ForumError(403, s.blocked, s.subscribeFailed);
  },
  limits: "follow",
  transaction: (tx, { actor }, threadId) => setSubscribed(tx, actor.id, threadId, true, s.subscribeFailed),
});

/**
 * 'Sluta bevaka' as a declared write: `{ threadId }` → {@link SubscriptionState}. Stores
 * `subscribed = false` (not a delete), so the automatic subscription of a later comment does not
 * undo it. A blocked member may unsubscribe. Steps: login (401) → id shape (404) → limit
 * `follow` (429) → upsert (404 when the thread is gone). Idempotent.
 */
export const unsubscribeWrite = defineWrite({
  name: "unsubscribe-thread",
  login: { message: s.loginToSubscribe, title: s.unsubscribeFailed },
  parse: (raw: { threadId?: string }) => parseThreadId(raw, s.unsubscribeFailed),
  limits: "follow",
  transaction: (tx, { actor }, threadId) => setSubscribed(tx, actor.id, threadId, false, s.unsubscribeFailed),
});

/**
 * Subscribes or unsubscribes ({@link subscribeWrite} / {@link unsubscribeWrite} without abuse
 * limits, throwing on failure; scripts and tests).
 *
 * @param actor the member (`blocked` for the 403 rule), or null for a visitor
 * @param threadId the thread
 * @param subscribed true = 'Bevaka tråd', false = 'Sluta bevaka'
 * @returns {@link SubscriptionState}
 * @throws {ForumError} 401 visitor, 403 blocked (subscribe only), 404 unknown thread
 */
export async function setThreadSubscription(
  db: Db,
  actor: { id: string; blocked?: boolean } | null,
  threadId: string,
  subscribed: boolean,
): Promise<SubscriptionState> {
  const writeActor = actor ? { id: actor.id, role: "member" as const, nickname: "", blocked: actor.blocked ?? false } : null;
  return unwrap(await runWrite(subscribed ? subscribeWrite : unsubscribeWrite, { db, actor: writeActor }, { threadId })).value;
}

/**
 * Whether `userId` watches `threadId` (the thread page's toggle state).
 *
 * @returns true only for a row with `subscribed = true`
 */
export async function isSubscribed(db: Db, userId: string, threadId: string): Promise<boolean> {
  const [row] = await db
    .select({ subscribed: threadSubscriptions.subscribed })
    .from(threadSubscriptions)
    .where(and(eq(threadSubscriptions.userId, userId), eq(threadSubscriptions.threadId, threadId)))
    .limit(1);
  return row?.subscribed === true;
}

/**
 * The member's thread subscriptions for the data export (GDPR art. 15), oldest first.
 *
 * @returns `{ threadId, title, subscribed, since }` (ISO time), muted threads included
 */
export async function subscriptionsForExport(
  db: Db,
  userId: string,
): Promise<Array<{ threadId: string; title: string; subscribed: boolean; since: string }>> {
  const rows = await db
    .select({
      threadId: threadSubscriptions.threadId,
      title: threads.title,
      subscribed: threadSubscriptions.subscribed,
      since: threadSubscriptions.createdAt,
    })
    .from(threadSubscriptions)
    .innerJoin(threads, eq(threads.id, threadSubscriptions.threadId))
    .where(eq(threadSubscriptions.userId, userId))
    .orderBy(threadSubscriptions.createdAt, threadSubscriptions.threadId);
  return rows.map((r) => ({ threadId: r.threadId, title: r.title, subscribed: r.subscribed, since: r.since.toISOString() }));
}
