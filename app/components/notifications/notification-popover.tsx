/**
 * The notification bell's popover (SPEC §2 Shared forum layout, §4 Notification), loaded on the
 * bell's first open by `notification-bell.tsx`, which keeps the list, the count and
 * the live updates.
 *
 * @module
 */
import { Popover } from "radix-ui";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { notifications as n } from "../../../domain/i18n/sv";
import { notificationText, type NotificationItem } from "../../../domain/notifications";
import { RelativeTime } from "../forum/relative-time";

/** The bell button's look and label: the same for the plain placeholder and the popover trigger. */
export interface BellTriggerProps {
  className: string;
  "aria-label": string;
  "data-testid": string;
  "data-loaded": "true" | "false";
  children: ReactNode;
}

/**
 * The bell as a Radix popover trigger with the list of unread notifications.
 *
 * @param props.open - whether the popover is open (controlled)
 * @param props.onOpenChange - called with the wanted open state
 * @param props.trigger - the bell button's class, label, test ids and content
 * @param props.items - unread notifications, newest first (at most 10)
 * @param props.onChoose - a notification was clicked (mark read and navigate)
 * @param props.onShowAll - 'Visa alla' was clicked
 */
export function NotificationPopover(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: BellTriggerProps;
  items: NotificationItem[];
  onChoose: (item: NotificationItem) => void;
  onShowAll: () => void;
}) {
  const { items } = props;
  return (
    <Popover.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Popover.Trigger {...props.trigger} />
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-50 w-[min(22rem,calc(100vw-1rem))] rounded-xl border border-slate-200 bg-white shadow-lg"
        >
          <div className="border-b border-slate-100 px-4 py-3 text-sm font-bold text-slate-900">{n.popoverTitle}</div>
          {items.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-slate-500">{n.noUnread}</p>
          ) : (
            <ul className="max-h-96 overflow-y-auto py-1">
              {items.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    onClick={() => props.onChoose(item)}
                    className="block w-full px-4 py-2 text-left text-sm hover:bg-slate-50 focus:bg-slate-50 focus:outline-none"
                  >
                    <span className="block text-slate-800 [overflow-wrap:anywhere]">{notificationText(item)}</span>
                    <RelativeTime iso={item.createdAt} className="text-xs text-slate-500" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="border-t border-slate-100 px-4 py-2 text-center">
            <Link to="/forum/notifications" onClick={props.onShowAll} className="text-sm font-semibold text-brand-700 hover:underline">
              {n.showAll}
            </Link>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
