/**
 * The header's notification bell (SPEC §2 Shared forum layout, §4 Notification): a badge with
 * the unread count ('9+' above 9) and a popover listing the unread ones (at most 10, newest
 * first). Clicking one marks it read, removes it and navigates to the thread (at
 * `#comment-{id}` for comments and mentions). New notifications arrive live over the tab's
 * stream: put at the top, the list capped at 10, the badge updated, and the popover's
 * list reloaded when it is open. A load failure is only logged (SPEC §8).
 *
 * @module
 */
import { Bell } from "lucide-react";
import { Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { notifications as n } from "../../../domain/i18n/sv";
import { badgeText, type NotificationItem } from "../../../domain/notifications";
import { lazyComponent } from "../../lib/lazy";
import type { BellTriggerProps } from "./notification-popover";
import { useEventStream } from "./live";

const NotificationPopover = lazyComponent(() => import("./notification-popover"), (m) => m.NotificationPopover);

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
  /** Whether the popover was ever opened (its module is loaded from then on). */
  const [used, setUsed] = useState(false);
  const known = useRef(new Set<string>());
  const navigate = useNavigate();

  /** Number of the latest list request: an older answer may predate a live event (see below). */
  const latest = useRef(0);
  const load = useCallback(async () => {
    const request = ++latest.current;
    try {
      const res = await fetch("/api/notifications", { headers: { Accept: "application/json" } });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const body = (await res.json()) as { items: NotificationItem[]; unreadCount: number };
      // A newer request is on its way: this answer may have been read before a notification that
      // already arrived live, and would take it off the badge again.
      if (request !== latest.current) return;
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
      // A batched 'N nya kommentarer i …' row comes again with a higher count: it
      // moves to the top with its new text but is not counted twice.
      const seen = known.current.has(item.id);
      known.current.add(item.id);
      setItems((prev) => [item, ...prev.filter((p) => p.id !== item.id)].slice(0, LIST_SIZE));
      if (!seen) setCount((c) => c + 1);
      // The list from the database again, read after this notification: a list request already
      // in flight (on connect) may have been read before it and is dropped (`latest`).
      void load();
    },
  });

  const choose = async (item: NotificationItem) => {
    setItems((prev) => prev.filter((p) => p.id !== item.id));
    setCount((c) => Math.max(0, c - 1));
    setOpen(false);
    const body = new URLSearchParams({ intent: "read", id: item.id });
    // The answer is read to the end: one that may not be kept (`no-store`) stays open until then.
    fetch("/api/notifications", { method: "POST", body })
      .then((res) => res.arrayBuffer())
      .catch((error) => console.error("[notifieringar] kunde inte markera som läst:", error));
    navigate(item.href);
  };

  const badge = badgeText(count);
  const trigger: BellTriggerProps = {
    className: "relative rounded-full p-2 text-slate-700 hover:bg-slate-100",
    "aria-label": count > 0 ? n.bellWithCount(count) : n.bell,
    "data-testid": "notification-bell",
    "data-loaded": loaded ? "true" : "false",
    children: (
      <>
        <Bell className="size-5" aria-hidden />
        {badge ? (
          <span
            data-testid="notification-badge"
            className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-bold leading-none text-white"
          >
            {badge}
          </span>
        ) : null}
      </>
    ),
  };
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setUsed(true);
      void load();
    }
  };
  // Until the first open, a plain button of the same size and content: the popover's module
  // (Radix Popover, Floating UI) is fetched on pointer-over/focus and rendered on the first click.
  const plain = (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-expanded={false}
      {...trigger}
      onPointerEnter={() => void NotificationPopover.preload()}
      onFocus={() => void NotificationPopover.preload()}
      onClick={() => onOpenChange(true)}
    />
  );
  if (!used) return plain;
  return (
    <Suspense fallback={plain}>
      <NotificationPopover
        open={open}
        onOpenChange={onOpenChange}
        trigger={trigger}
        items={items}
        onChoose={(item) => void choose(item)}
        onShowAll={() => setOpen(false)}
      />
    </Suspense>
  );
}
