/**
 * Browser-safe notification helpers: the text of a notification (SPEC §8 Notification texts) and
 * where clicking it leads (SPEC §4 Notification).
 *
 * @module
 */
import { notifications as n } from "./i18n/sv";
import { conversationPath, INBOX_PATH } from "./messages";
import { commentPath, threadPath, tickerPath } from "./paths";
import { NOTIFICATION_TYPES, isOneOf, type NotificationChannel, type NotificationKind, type NotificationType } from "./values";

/** A notification as the bell, the page and the live channel send it to the browser. */
export interface NotificationItem {
  /** uuid */
  id: string;
  /** Monotonic number, the SSE event id (docs/decisions/011). */
  seq: number;
  /**
   * `new_thread`, `new_comment`, `mention`, `thread_activity`; any other value is
   * shown as ' gjorde något'.
   */
  type: string;
  title: string | null;
  actorNickname: string | null;
  read: boolean;
  /** ISO 8601 */
  createdAt: string;
  /** Where clicking leads: the thread, or the thread at `#comment-{id}`. */
  href: string;
  /** Comments a `thread_activity` row, or posts a `ticker_mention` row, stands for (≥ 1). */
  count: number;
  /** The watched ticker of a `ticker_mention` row (upper case); absent for other types. */
  ticker?: string | null;
}

/**
 * A member's notification settings as the settings page 'Notiser' shows them and the export
 * lists them (server/notifications/settings.ts).
 */
export interface NotificationSettingsView {
  /** The channel level of each kind. */
  channels: Record<NotificationKind, NotificationChannel>;
  /** false after 'Stäng av alla e-postnotiser' or the digest's one-click opt-out: nothing is mailed. */
  emailEnabled: boolean;
  /** 'Veckans hetaste trådar' (off by default). */
  weeklyDigest: boolean;
  /** Subscribe to threads one creates or comments in. */
  autoSubscribe: boolean;
}

/**
 * The notification's text: actor (default 'Någon') plus the type's phrase (SPEC §8; `mention`
 * beyond it); a `thread_activity` row ('Bevaka tråd') has no actor:
 * `N nya kommentarer i "titel"` (`1 ny kommentar i "titel"`).
 *
 * @param item type, actor nickname, title and (for `thread_activity`) count
 * @returns e.g. `anna skapade en ny tråd: "Volvo rapport"`, `3 nya kommentarer i "Volvo rapport"`
 */
export function notificationText(
  item: Pick<NotificationItem, "type" | "actorNickname" | "title"> & { count?: number; ticker?: string | null },
): string {
  const actor = item.actorNickname || n.defaultActor;
  const title = item.title ?? "";
  return isOneOf(NOTIFICATION_TYPES, item.type)
    ? PHRASES[item.type](actor, title, Math.max(1, item.count ?? 1), item.ticker ?? "")
    : actor + n.other;
}

/** The text of each notification type: a new type is a compile error until it has one. */
const PHRASES: Record<NotificationType, (actor: string, title: string, count: number, ticker: string) => string> = {
  new_thread: (actor, title) => actor + n.newThread(title),
  new_comment: (actor, title) => actor + n.newComment(title),
  mention: (actor, title) => actor + n.mention(title),
  thread_activity: (_actor, title, count) => n.threadActivity(count, title),
  quote: (actor, title) => actor + n.quote(title),
  ticker_mention: (actor, title, count, ticker) => (count === 1 ? actor : "") + n.tickerMention(count, ticker, title),
  // No text of the message: a notification, a digest and a push message may be seen by others.
  private_message: (actor, _title, count) => actor + n.privateMessage(count),
};

/**
 * Where a notification leads (SPEC §4): new_thread → the thread; new_comment → the thread at
 * `#comment-{reference_id}`; mention → the comment, or the thread when the mention was in it;
 * ticker_mention → the post for a single one, the ticker page for a batch
 * (`count` > 1); private_message → the conversation (`reference_id`).
 *
 * @param row stored fields (`count` and `ticker` for the batched types; absent = 1 and none)
 * @returns a path, or `/forum/notifications` when the row lacks its thread
 */
export function notificationHref(row: {
  type: string;
  categoryId: string | null;
  threadId: string | null;
  referenceId: string | null;
  count?: number;
  ticker?: string | null;
}): string {
  if (row.type === "ticker_mention" && row.ticker && (row.count ?? 1) > 1) return tickerPath(row.ticker);
  if (row.type === "private_message") return row.referenceId ? conversationPath(row.referenceId) : INBOX_PATH;
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
