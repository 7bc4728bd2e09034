/**
 * `GET /api/notifications`: the bell's data, JSON `{ ok, items, unreadCount }` (SPEC §7
 * get_unread_notifications, at most 10, newest first).
 * `POST /api/notifications` with `intent=read&id=<uuid>` or `intent=read-all`: JSON
 * `{ ok, changed }` (SPEC §4 Notification, §7 Writes), through the write pipeline
 * (`readNotificationsWrite`, server/notifications/commands.ts); 400 `{ ok: false, error }` for any
 * other intent; 429 with `Retry-After` over 60 a minute (server/abuse/action-limits.ts), counted only
 * for a well-formed request. Visitors get 401.
 *
 * @module
 */
import { readNotificationsWrite } from "../../server/notifications/commands";
import { getUnreadNotifications } from "../../server/notifications/queries";
import { readForm } from "../../server/http/forms";
import { servicesContext } from "../../server/platform/services";
import { getViewer } from "../../server/accounts/session";
import { failureJson, runWrite, writeContext } from "../../server/writes/pipeline";
import { toasts as t } from "../../domain/i18n/sv";
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

/** Marks one or all read: runs {@link readNotificationsWrite} and answers JSON. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const viewer = await getViewer(services, request);
  const form = viewer ? await readForm(request) : {};
  const result = await runWrite(readNotificationsWrite, writeContext(services, viewer, request), { intent: form.intent, id: form.id });
  if (!result.ok) return failureJson(result);
  return Response.json({ ok: true, changed: result.value.changed });
}
