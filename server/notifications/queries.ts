/**
 * Notification reads shaped for the bell, the notifications page and the live channel (SPEC §7
 * Reads get_unread_notifications / get_all_notifications, §9 limits 10 / 50).
 *
 * @module
 */
import { and, asc, count, desc, eq, gt, gte, inArray, lte, max } from "drizzle-orm";
import { notificationHref, type NotificationItem } from "../../domain/notifications";
import type { Db } from "../db/client";
import { notifications } from "../db/schema";

/** SPEC §9 "Unread-notification fallback / all-notification fallback": 10 / 50. */
export const UNREAD_LIMIT = 10;
/** See {@link UNREAD_LIMIT}. */
export const ALL_LIMIT = 50;

const columns = {
  id: notifications.id,
  seq: notifications.seq,
  userId: notifications.userId,
  type: notifications.type,
  title: notifications.title,
  actorNickname: notifications.actorNickname,
  read: notifications.read,
  createdAt: notifications.createdAt,
  categoryId: notifications.categoryId,
  threadId: notifications.threadId,
  referenceId: notifications.referenceId,
  count: notifications.count,
  ticker: notifications.ticker,
};

interface Row {
  id: string;
  seq: number;
  type: string;
  title: string | null;
  actorNickname: string | null;
  read: boolean;
  createdAt: Date;
  categoryId: string | null;
  threadId: string | null;
  referenceId: string | null;
  count: number;
  ticker: string | null;
}

function toItem(r: Row): NotificationItem {
  return {
    id: r.id,
    seq: Number(r.seq),
    type: r.type,
    title: r.title,
    actorNickname: r.actorNickname,
    read: r.read,
    createdAt: r.createdAt.toISOString(),
    href: notificationHref(r),
    count: Number(r.count),
    ticker: r.ticker,
  };
}

/** The bell's data. */
export interface UnreadNotifications {
  /** Newest first, at most {@link UNREAD_LIMIT}. */
  items: NotificationItem[];
  /** All unread of the member (the badge). */
  unreadCount: number;
}

/**
 * The member's unread notifications for the bell (SPEC §7 get_unread_notifications).
 *
 * @param userId the logged-in member
 * @returns {@link UnreadNotifications}
 */
export async function getUnreadNotifications(db: Db, userId: string): Promise<UnreadNotifications> {
  const unread = and(eq(notifications.userId, userId), eq(notifications.read, false));
  const [rows, [total]] = await Promise.all([
    db.select(columns).from(notifications).where(unread).orderBy(desc(notifications.createdAt), desc(notifications.seq)).limit(UNREAD_LIMIT),
    db.select({ n: count() }).from(notifications).where(unread),
  ]);
  return { items: rows.map(toItem), unreadCount: Number(total?.n ?? 0) };
}

/**
 * The member's notifications for the page (SPEC §2 Notifications page, §7 get_all_notifications):
 * read and unread, newest first, at most {@link ALL_LIMIT}.
 *
 * @param userId the logged-in member
 * @returns the items
 */
export async function getAllNotifications(db: Db, userId: string): Promise<NotificationItem[]> {
  const rows = await db
    .select(columns)
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.seq))
    .limit(ALL_LIMIT);
  return rows.map(toItem);
}

/**
 * Notifications with `seq` in `[from, to]` addressed to any of `userIds`: what one live
 * `notifications` event means for the members connected to this instance.
 *
 * @param range the event's `from` and `to`
 * @param userIds members with an open stream here (empty: no query)
 * @returns `{ userId, item }` pairs in `seq` order
 */
export async function getNotificationsInRange(
  db: Db,
  range: { from: number; to: number },
  userIds: readonly string[],
): Promise<Array<{ userId: string; item: NotificationItem }>> {
  if (userIds.length === 0 || range.to < range.from) return [];
  const rows = await db
    .select(columns)
    .from(notifications)
    .where(
      and(
        gte(notifications.seq, range.from),
        lte(notifications.seq, range.to),
        inArray(notifications.userId, [...userIds]),
      ),
    )
    .orderBy(asc(notifications.seq));
  return rows.map((r) => ({ userId: r.userId, item: toItem(r) }));
}

/**
 * What a member missed after `afterSeq` (the SSE `Last-Event-ID`), oldest first: the replay of a
 * reconnecting stream. Only unread rows are replayed (read ones would not be shown live).
 *
 * @param afterSeq the last `seq` the browser received
 * @param limit at most this many (default {@link UNREAD_LIMIT}: the live list keeps 10)
 * @returns items in `seq` order
 */
export async function getNotificationsAfter(
  db: Db,
  userId: string,
  afterSeq: number,
  limit = UNREAD_LIMIT,
): Promise<NotificationItem[]> {
  const rows = await db
    .select(columns)
    .from(notifications)
    .where(and(eq(notifications.userId, userId), gt(notifications.seq, afterSeq), eq(notifications.read, false)))
    .orderBy(desc(notifications.seq))
    .limit(limit);
  return rows.reverse().map(toItem);
}

/**
 * The highest `seq` of the member's notifications (0 when none): the id a fresh stream starts at.
 *
 * @param userId the member
 * @returns a number ≥ 0
 */
export async function latestNotificationSeq(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ seq: max(notifications.seq) }).from(notifications).where(eq(notifications.userId, userId));
  return Number(row?.seq ?? 0);
}
