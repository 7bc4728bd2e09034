/**
 * The notifications page's list (SPEC §2 Notifications page): the heading 'Notifieringar' with
 * 'Markera alla som lästa' when unread exist, then the items newest first (unread highlighted) or
 * 'Inga notifieringar' with what brings notifications and a link to their settings; 'Laddar
 * notifieringar...' while loading.
 *
 * Shared member render (docs/decisions/039-shared-member-render.md, "The notifications page"): the server
 * renders this list on its own for each member of a shared page (`renderNotificationList` in
 * `app/entry.server.tsx`) and sets it into the shared markup, and the browser renders it inside
 * the route at hydration. So it uses no router hook: its links and form are plain elements whose
 * clicks and submits the page hands to the router (`onNavigate`, `onMarkAllRead`), and renders
 * the same bytes in both places.
 *
 * @module
 */
import type { FormEvent, MouseEvent, ReactNode } from "react";
import { RelativeTime } from "../forum/relative-time";
import { buttonClass } from "../ui/button";
import { notifications as n } from "../../../domain/i18n/sv";
import { notificationText, type NotificationItem } from "../../../domain/notifications";

/** The page's path, the form's action (SPEC §2 route table). */
export const NOTIFICATIONS_PAGE_PATH = "/forum/notifications";

/** The notification settings on the account page (the empty list links there). */
const NOTIFICATION_SETTINGS_PATH = "/forum/konto#notiser";

/** The heading row: 'Notifieringar' and, beside it, `children` (the mark-all button). */
export function NotificationsHeading({ children }: { children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">{n.pageTitle}</h1>
      {children}
    </div>
  );
}

/** The heading and 'Laddar notifieringar...' (SPEC §2: while loading). */
export function NotificationsLoading() {
  return (
    <>
      <NotificationsHeading />
      <p className="text-slate-600">{n.loading}</p>
    </>
  );
}

/** Props of {@link NotificationList}. */
export interface NotificationListProps {
  /** The member's notifications, newest first (≤ 50); null: they could not be read. */
  items: NotificationItem[] | null;
  /** A 'Markera alla som lästa' request is under way (the button is disabled). */
  busy: boolean;
  /** Called with the form's data when 'Markera alla som lästa' is submitted (in the browser). */
  onMarkAllRead?: (form: HTMLFormElement) => void;
  /** Called with an item's path on a plain left click (in the browser: a client navigation). */
  onNavigate?: (href: string) => void;
}

/** A plain left click without modifier keys: the page handles it (others open tabs as usual). */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.defaultPrevented && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

/**
 * The list with its heading.
 *
 * @param props see {@link NotificationListProps}
 * @returns the heading and the list, 'Inga notifieringar', or the load error
 */
export function NotificationList({ items, busy, onMarkAllRead, onNavigate }: NotificationListProps) {
  if (items === null) {
    return (
      <>
        <NotificationsHeading />
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          <strong>{n.loadFailedTitle}</strong>: {n.loadFailedDescription}
        </p>
      </>
    );
  }
  const hasUnread = items.some((i) => !i.read);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!onMarkAllRead) return;
    event.preventDefault();
    onMarkAllRead(event.currentTarget);
  };
  const click = (href: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onNavigate || !isPlainClick(event)) return;
    event.preventDefault();
    onNavigate(href);
  };
  return (
    <>
      <NotificationsHeading>
        {hasUnread ? (
          <form method="post" action={NOTIFICATIONS_PAGE_PATH} onSubmit={submit}>
            <input type="hidden" name="intent" value="read-all" />
            <button type="submit" className={buttonClass("secondary")} disabled={busy}>
              {n.markAllRead}
            </button>
          </form>
        ) : null}
      </NotificationsHeading>
      {items.length === 0 ? (
        <div className="space-y-2 rounded-xl border border-slate-200 bg-white p-6 text-center text-slate-600">
          <p className="font-semibold text-slate-800">{n.empty}</p>
          <p className="text-sm">{n.emptyHint}</p>
          <p className="text-sm">
            <a href={NOTIFICATION_SETTINGS_PATH} data-discover="true" onClick={click(NOTIFICATION_SETTINGS_PATH)} className="font-semibold text-brand-700 underline">
              {n.emptySettings}
            </a>
          </p>
        </div>
      ) : (
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white">
          {items.map((item) => (
            <li key={item.id} data-unread={item.read ? undefined : "true"} className={item.read ? "" : "bg-brand-50"}>
              {/* data-discover: React Router learns the route of a rendered link ahead of the click, as for its <Link>. */}
              <a href={item.href} data-discover="true" onClick={click(item.href)} className="flex items-start gap-3 px-4 py-3 hover:bg-slate-50">
                <span
                  aria-hidden
                  className={`mt-1.5 size-2 shrink-0 rounded-full ${item.read ? "bg-transparent" : "bg-brand-600"}`}
                />
                <span className="min-w-0 flex-1">
                  <span className={`block [overflow-wrap:anywhere] ${item.read ? "text-slate-700" : "font-semibold text-slate-900"}`}>
                    {notificationText(item)}
                    {item.read ? null : <span className="sr-only"> ({n.unread})</span>}
                  </span>
                  <RelativeTime iso={item.createdAt} className="text-xs text-slate-500" />
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
