/**
 * `GET /api/notifications`: the bell's data, JSON `{ ok, items, unreadCount }` (SPEC §7
 * get_unread_notifications, at most 10, newest first).
 * `POST /api/notifications` with `intent=read&id=<uuid>` or `intent=read-all`: JSON
 * `{ ok, changed }` (SPEC §4 Notification, §7 Writes); 429 over 60 a minute (server/action-limits.ts).
 * Visitors get 401.
 *
 * @module
 */
import { refusedJson } from "../../server/action-limits";
import { clientIp } from "../../server/client-ip";
import { markAllNotificationsRead, markNotificationRead } from "../../server/notifications/commands";
import { getUnreadNotifications } from "../../server/notifications/queries";
import { readForm } from "../../server/http";
import { servicesContext } from "../../server/services";
import { getViewer } from "../../server/session";
import { errors, toasts as t } from "../../domain/i18n/sv";
import type { Route } from "./+types/api-notifications";

const notLoggedIn = () => Response.json({ ok: false, error: t.notLoggedIn }, { status: 401 });

/** The member's unread notifications. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const viewer = await getViewer(services, request);
  if (!viewer) return notLoggedIn();
  const unread = await getUnreadNotifications(services.db, viewer.id);
  return Response.json({ ok: true, ...unread }, { headers: { "Cache-Control": "no-store" } });
}

/** Marks one or all read. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const viewer = await getViewer(services, request);
  if (!viewer) return notLoggedIn();
  const refused = await refusedJson(services.actionLimits, "notifications", { userId: viewer.id, ip: clientIp(request), role: viewer.role });
  if (refused) return refused;
  const form = await readForm(request);
  if (form.intent === "read") {
    return Response.json({ ok: true, changed: (await markNotificationRead(services.db, viewer.id, form.id ?? "")) ? 1 : 0 });
  }
  if (form.intent === "read-all") {
    return Response.json({ ok: true, changed: await markAllNotificationsRead(services.db, viewer.id) });
  }
  return Response.json({ ok: false, error: errors.badRequest }, { status: 400 });
}
