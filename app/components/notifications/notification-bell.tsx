/**
 * The header's notification bell (SPEC §2 Shared forum layout, §4 Notification): a badge with
 * the unread count ('9+' above 9) and a popover listing the unread ones (at most 10, newest
 * first). Clicking one marks it read, removes it and navigates to the thread (at
 * `#comment-{id}` for comments and mentions). New notifications arrive live over the tab's
 * stream (issue 5): put at the top, the list capped at 10, the badge updated, and the popover's
 * list reloaded when it is open. A load failure is only logged (SPEC §8).
 *
 * @module
 */
import { Popover } from "radix-ui";
import { Bell } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { notifications as n } from "../../../domain/i18n/sv";
import { badgeText, notificationText, type NotificationItem } from "../../../domain/notifications";
import { RelativeTime } from "../forum/relative-time";
import { useEventStream } from "./live";

/** Window event the notifications page dispatches after 'Markera alla som lästa'. */
export const NOTIFICATIONS_CHANGED_EVENT = "borssnack:notifications-changed";

/** SPEC §9 live notification list size. */
const LIST_SIZE = 10;

/** The bell with its popover, for a logged-in member. */
export function NotificationBell() {
  const [items, setItems] = useState<NotificationItem[]>([]);
  const [count, setCount] = useState(0);
  const [loaded, setLoaded] = useState(false);
  const [open, setOpen] = useState(false);
  const openRef = useRef(open);
  openRef.current = open;
  const known = useRef(new Set<string>());
  const navigate = useNavigate();

  const load = useCallback(async () => {
    try {
      const res = await fetch("/api/notifications", { headers: { Accept: "application/json" } });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const body = (await res.json()) as { items: NotificationItem[]; unreadCount: number };
      body.items.forEach((i) => known.current.add(i.id));
      setItems(body.items);
      setCount(body.unreadCount);
      setLoaded(true);
    } catch (error) {
      // SPEC §8: in the bell popover a load failure is only logged.
      console.error(`[notifieringar] ${n.loadFailedDescription}:`, error);
    }
  }, []);

  useEffect(() => {
    void load();
    const reload = () => void load();
    window.addEventListener(NOTIFICATIONS_CHANGED_EVENT, reload);
    return () => window.removeEventListener(NOTIFICATIONS_CHANGED_EVENT, reload);
  }, [load]);

  useEventStream({ user: true }, {
    // Each (re)connect: the list from the database is the truth; replayed events add to it.
    ready: () => void load(),
    notification: (data) => {
      const item = data as NotificationItem;
      if (item.read) return;
      // A batched 'N nya kommentarer i …' row (issue 18) comes again with a higher count: it
      // moves to the top with its new text but is not counted twice.
      const seen = known.current.has(item.id);
      known.current.add(item.id);
      setItems((prev) => [item, ...prev.filter((p) => p.id !== item.id)].slice(0, LIST_SIZE));
      if (!seen) setCount((c) => c + 1);
      if (openRef.current) void load();
    },
  });

  const choose = async (item: NotificationItem) => {
    setItems((prev) => prev.filter((p) => p.id !== item.id));
    setCount((c) => Math.max(0, c - 1));
    setOpen(false);
    const body = new URLSearchParams({ intent: "read", id: item.id });
    fetch("/api/notifications", { method: "POST", body }).catch((error) =>
      console.error("[notifieringar] kunde inte markera som läst:", error),
    );
    navigate(item.href);
  };

  const badge = badgeText(count);
  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void load();
      }}
    >
      <Popover.Trigger
        className="relative rounded-full p-2 text-slate-700 hover:bg-slate-100"
        aria-label={count > 0 ? n.bellWithCount(count) : n.bell}
        data-testid="notification-bell"
        data-loaded={loaded ? "true" : "false"}
      >
        <Bell className="size-5" aria-hidden />
        {badge ? (
          <span
            data-testid="notification-badge"
            className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-bold leading-none text-white"
          >
            {badge}
          </span>
        ) : null}
      </Popover.Trigger>
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
                    onClick={() => void choose(item)}
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
            <Link
              to="/forum/notifications"
              onClick={() => setOpen(false)}
              className="text-sm font-semibold text-brand-700 hover:underline"
            >
              {n.showAll}
            </Link>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
