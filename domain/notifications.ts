/**
 * Browser-safe notification helpers: the text of a notification (SPEC §8 Notification texts) and
 * where clicking it leads (SPEC §4 Notification).
 *
 * @module
 */
import { notifications as n } from "./i18n/sv";
import { commentPath, threadPath } from "./paths";
import { NOTIFICATION_TYPES, isOneOf, type NotificationType } from "./values";

/** A notification as the bell, the page and the live channel send it to the browser. */
export interface NotificationItem {
  /** uuid */
  id: string;
  /** Monotonic number, the SSE event id (docs/decisions/011). */
  seq: number;
  /** `new_thread`, `new_comment`, `mention`; any other value is shown as ' gjorde något'. */
  type: string;
  title: string | null;
  actorNickname: string | null;
  read: boolean;
  /** ISO 8601 */
  createdAt: string;
  /** Where clicking leads: the thread, or the thread at `#comment-{id}`. */
  href: string;
}

/**
 * The notification's text: actor (default 'Någon') plus the type's phrase (SPEC §8; `mention`
 * from issue 5).
 *
 * @param item type, actor nickname and title
 * @returns e.g. `anna skapade en ny tråd: "Volvo rapport"`
 */
export function notificationText(item: Pick<NotificationItem, "type" | "actorNickname" | "title">): string {
  const actor = item.actorNickname || n.defaultActor;
  const title = item.title ?? "";
  return actor + (isOneOf(NOTIFICATION_TYPES, item.type) ? PHRASES[item.type](title) : n.other);
}

/** The phrase of each notification type: a new type is a compile error until it has one. */
const PHRASES: Record<NotificationType, (title: string) => string> = {
  new_thread: n.newThread,
  new_comment: n.newComment,
  mention: n.mention,
};

/**
 * Where a notification leads (SPEC §4): new_thread → the thread; new_comment → the thread at
 * `#comment-{reference_id}`; mention → the comment, or the thread when the mention was in it.
 *
 * @param row stored fields
 * @returns a path, or `/forum/notifications` when the row lacks its thread
 */
export function notificationHref(row: {
  type: string;
  categoryId: string | null;
  threadId: string | null;
  referenceId: string | null;
}): string {
  const threadId = row.threadId ?? (row.type === "new_thread" ? row.referenceId : null);
  if (!row.categoryId || !threadId) return "/forum/notifications";
  const comment = row.type !== "new_thread" && row.referenceId && row.referenceId !== threadId ? row.referenceId : undefined;
  return comment ? commentPath(comment) : threadPath(row.categoryId, threadId);
}

/**
 * The badge text (SPEC §2: '9+' above 9).
 *
 * @param count unread count ≥ 0
 * @returns '' for 0, the number up to 9, else '9+'
 */
export function badgeText(count: number): string {
  if (count <= 0) return "";
  return count > 9 ? n.badgeOverflow : String(count);
}
