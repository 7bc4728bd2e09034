/**
 * `/forum/notifications` (SPEC §2 Notifications page): the member's notifications (at most 50,
 * newest first, unread highlighted), 'Markera alla som lästa' only when unread exist,
 * 'Inga notifieringar' when empty, 'Laddar notifieringar...' while loading, and the
 * 'Alla notifieringar är nu lästa' toast (SPEC §8). Visitors are sent to the login page.
 *
 * @module
 */
import { Suspense, useEffect } from "react";
import { Await, Link, useFetcher } from "react-router";
import { markAllNotificationsRead } from "../../server/notifications/commands";
import { getAllNotifications } from "../../server/notifications/queries";
import { readForm } from "../../server/http";
import { servicesContext } from "../../server/services";
import { getViewer, requireViewer } from "../../server/session";
import { RelativeTime } from "../components/forum/relative-time";
import { NOTIFICATIONS_CHANGED_EVENT } from "../components/notifications/notification-bell";
import { buttonClass } from "../components/ui/button";
import { app, errors, notifications as n, toasts as t } from "../../domain/i18n/sv";
import { notificationText, type NotificationItem } from "../../domain/notifications";
import { useActionToast, type ActionAnswer } from "../lib/use-action-toast";
import { NOINDEX } from "../lib/seo";
import type { Route } from "./+types/notifications";

/** The member's notifications; streamed, so the page shows 'Laddar notifieringar...' first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const viewer = await requireViewer(services, request);
  const items = getAllNotifications(services.db, viewer.id).catch((error: Error) => {
    console.error("[notifieringar] kunde inte läsas:", error.message);
    return null;
  });
  return { items };
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

function PageHeading({ children }: { children?: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">{n.pageTitle}</h1>
      {children}
    </div>
  );
}

function NotificationList({ items }: { items: NotificationItem[] | null }) {
  const fetcher = useFetcher<ActionAnswer>();
  useActionToast(fetcher.data);
  useEffect(() => {
    if (fetcher.data?.ok) window.dispatchEvent(new Event(NOTIFICATIONS_CHANGED_EVENT));
  }, [fetcher.data]);
  if (items === null) {
    return (
      <>
        <PageHeading />
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          <strong>{n.loadFailedTitle}</strong>: {n.loadFailedDescription}
        </p>
      </>
    );
  }
  const hasUnread = items.some((i) => !i.read);
  return (
    <>
      <PageHeading>
        {hasUnread ? (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="read-all" />
            <button type="submit" className={buttonClass("secondary")} disabled={fetcher.state !== "idle"}>
              {n.markAllRead}
            </button>
          </fetcher.Form>
        ) : null}
      </PageHeading>
      {items.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-center text-slate-600">{n.empty}</p>
      ) : (
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white">
          {items.map((item) => (
            <li key={item.id} data-unread={item.read ? undefined : "true"} className={item.read ? "" : "bg-brand-50"}>
              <Link to={item.href} className="flex items-start gap-3 px-4 py-3 hover:bg-slate-50">
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
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The notifications page. */
export default function NotificationsPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Suspense
        fallback={
          <>
            <PageHeading />
            <p className="text-slate-600">{n.loading}</p>
          </>
        }
      >
        <Await resolve={loaderData.items}>{(items) => <NotificationList items={items} />}</Await>
      </Suspense>
    </div>
  );
}
