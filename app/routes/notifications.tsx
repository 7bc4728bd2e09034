/**
 * `/forum/notifications` (SPEC §2 Notifications page): the member's notifications (at most 50,
 * newest first, unread highlighted), 'Markera alla som lästa' only when unread exist,
 * 'Inga notifieringar' when empty, 'Laddar notifieringar...' while loading, and the
 * 'Alla notifieringar är nu lästa' toast (SPEC §8). Visitors are sent to the login page. A plain
 * member's page comes from the shared member render, with their list set in by the
 * server (docs/decisions/039-shared-member-render.md).
 *
 * @module
 */
import { Suspense, useEffect, useMemo } from "react";
import { Await, useFetcher, useNavigate, useRevalidator } from "react-router";
import { markAllNotificationsRead } from "../../server/notifications/commands";
import { getAllNotifications } from "../../server/notifications/queries";
import { memberRead, notificationListKey } from "../../server/cache/member-reads";
import { readForm } from "../../server/http";
import { isGenericRender, reportManifest } from "../../server/personal/generic-render";
import { servicesContext } from "../../server/services";
import { getViewer, requireViewer } from "../../server/session";
import { NOTIFICATIONS_CHANGED_EVENT } from "../components/notifications/notification-bell";
import { NotificationList, NotificationsLoading } from "../components/notifications/notification-list";
import { app, errors, notifications as n, toasts as t } from "../../domain/i18n/sv";
import type { NotificationItem } from "../../domain/notifications";
import { useActionToast, type ActionAnswer } from "../lib/use-action-toast";
import { readOverlay } from "../lib/personal-overlay";
import { NOINDEX } from "../lib/seo";
import type { Route } from "./+types/notifications";

/**
 * The member's notifications; streamed, so the page shows 'Laddar notifieringar...' first.
 * For the shared member render (server/cache/member-pages.ts) the page is made once
 * without a list (`overlay: true`); the server sets each member's list into that markup and puts
 * the same items in the page's overlay.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const viewer = await requireViewer(services, request);
  if (isGenericRender(request)) {
    reportManifest(request, { kind: "notifications" });
    return { items: Promise.resolve<NotificationItem[] | null>([]), overlay: true };
  }
  // The same per-member read as the shared render's (server/cache/member-reads.ts).
  const read = () => getAllNotifications(services.db, viewer.id);
  const items = memberRead(services.memberReads, request.headers.get("cookie"), notificationListKey(viewer.id), read).catch((error: Error) => {
    console.error("[notifieringar] kunde inte läsas:", error.message);
    return null;
  });
  return { items, overlay: false };
}

/** `intent=read-all`: marks every unread notification read. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const viewer = await getViewer(services, request);
  if (!viewer) return Response.json({ ok: false, error: t.notLoggedIn }, { status: 401 });
  const form = await readForm(request);
  if (form.intent !== "read-all") return Response.json({ ok: false, error: errors.badRequest }, { status: 400 });
  await markAllNotificationsRead(services.db, viewer.id);
  return { ok: true, toast: { title: n.allReadTitle, description: n.allReadDescription } };
}

/** Page title. */
export const meta: Route.MetaFunction = () => [{ title: `${n.pageTitle} – ${app.name}` }, NOINDEX];

/**
 * A shared page's list when the page has no overlay (never expected: the server sets the member's
 * list and overlay together). On the server this is the place of the list in the generic render,
 * which the shared member render replaces with the member's list (`data-personal`); in the
 * browser the page's data is loaded again for the member.
 */
function SharedListPlace() {
  const revalidator = useRevalidator();
  useEffect(() => {
    void revalidator.revalidate();
    // Once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <div hidden data-personal="notifications" />;
}

/** The notifications page. */
export default function NotificationsPage({ loaderData }: Route.ComponentProps) {
  // The fetcher lives here, not in the list: a revalidation after 'Markera alla som lästa'
  // replaces a shared page's list with the loader's, and the toast must survive that.
  const fetcher = useFetcher<ActionAnswer>();
  useActionToast(fetcher.data);
  useEffect(() => {
    if (fetcher.data?.ok) window.dispatchEvent(new Event(NOTIFICATIONS_CHANGED_EVENT));
  }, [fetcher.data]);
  const navigate = useNavigate();
  // A page from the shared member render has the member's list in its overlay, read
  // before hydration, so the first render is the markup the server set (nothing jumps).
  const shared = useMemo(() => (loaderData.overlay ? readOverlay()?.notifications : undefined), [loaderData]);
  const list = (items: NotificationItem[] | null) => (
    <NotificationList
      items={items}
      busy={fetcher.state !== "idle"}
      onMarkAllRead={(form) => void fetcher.submit(form)}
      onNavigate={(href) => void navigate(href)}
    />
  );
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      {loaderData.overlay ? (
        shared ? (
          list(shared)
        ) : (
          <SharedListPlace />
        )
      ) : (
        <Suspense fallback={<NotificationsLoading />}>
          <Await resolve={loaderData.items}>{list}</Await>
        </Suspense>
      )}
    </div>
  );
}
