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
import { Suspense, useEffect } from "react";
import { Await, useFetcher, useNavigate } from "react-router";
import { readAllFromPageWrite } from "../../server/notifications/commands";
import { getAllNotifications } from "../../server/notifications/queries";
import { memberRead, notificationListKey } from "../../server/cache/read-caches";
import { readForm } from "../../server/http/forms";
import { sharePersonal } from "../../server/cache/share-personal";
import { servicesContext } from "../../server/platform/services";
import { getViewer, requireViewer } from "../../server/accounts/session";
import { failureJson, runWrite, writeContext } from "../../server/writes/pipeline";
import { NOTIFICATIONS_CHANGED_EVENT } from "../components/notifications/notification-bell";
import { NotificationList, NotificationsLoading } from "../components/notifications/notification-list";
import { app, notifications as n } from "../../domain/i18n/sv";
import type { NotificationItem } from "../../domain/notifications";
import { useActionToast, type ActionAnswer } from "../lib/use-action-toast";
import { Personal } from "../lib/personal";
import { NOINDEX } from "../lib/seo";
import type { Route } from "./+types/notifications";

/**
 * The member's notifications; streamed, so the page shows 'Laddar notifieringar...' first.
 * In the shared member render (server/cache/page-cache.ts) the page is made once without a
 * list, and the list is the member's personal part ({@link NOTIFICATIONS_PART}): the server sets
 * each member's list into that markup.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const viewer = await requireViewer(services, request);
  // The same per-member read for the member's own render and the shared render's part.
  const read = (member: { id: string }, cookie: string | null) =>
    memberRead(services.memberReads, cookie, notificationListKey(member.id), () => getAllNotifications(services.db, member.id));
  const shared = sharePersonal(context, async (member) => ({ [NOTIFICATIONS_PART]: await read(member, null) }));
  if (shared.shared) return { items: Promise.resolve<NotificationItem[] | null>(null), ...shared };
  const items = read(viewer, request.headers.get("cookie")).catch((error: Error) => {
    console.error("[notifieringar] kunde inte läsas:", error.message);
    return null;
  });
  return { items };
}

/**
 * `intent=read-all`: marks every unread notification read ({@link readAllFromPageWrite}); 401
 * `{ ok: false, error }` for a visitor, 400 for any other intent.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const viewer = await getViewer(services, request);
  const form = viewer ? await readForm(request) : {};
  const result = await runWrite(readAllFromPageWrite, writeContext(services, viewer, request), { intent: form.intent });
  if (!result.ok) return failureJson(result);
  return { ok: true, toast: { title: n.allReadTitle, description: n.allReadDescription } };
}

/** Page title. */
export const meta: Route.MetaFunction = () => [{ title: `${n.pageTitle} – ${app.name}` }, NOINDEX];

/** The notification list as a personal part of the shared member render: its state is the member's items. */
const NOTIFICATIONS_PART = "notifications";

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
      {"shared" in loaderData ? (
        // From the shared render: the member's list is in the first paint (nothing jumps).
        <Personal name={NOTIFICATIONS_PART} value={null as NotificationItem[] | null}>
          {(items) => (items ? list(items) : <div hidden id="notification-list-place" />)}
        </Personal>
      ) : (
        <Suspense fallback={<NotificationsLoading />}>
          <Await resolve={loaderData.items}>{list}</Await>
        </Suspense>
      )}
    </div>
  );
}
