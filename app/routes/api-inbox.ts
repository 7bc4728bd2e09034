/**
 * `GET /api/inbox` (docs/decisions/055-private-messages.md), members only: `{ unread }`, the
 * number of conversations with messages the member has not read, read from the database now
 * (the header's 'Inkorg' badge asks after a live `message` event). 401 `{ ok: false, error }` for
 * a visitor. Never kept by a cache (`private, no-store`).
 *
 * @module
 */
import { inbox as ib } from "../../domain/i18n/sv";
import { getViewer } from "../../server/accounts/session";
import { inboxUnread } from "../../server/messages/queries";
import { servicesContext } from "../../server/platform/services";
import type { Route } from "./+types/api-inbox";

/** The member's unread conversation count. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const viewer = await getViewer(services, request);
  if (!viewer) return Response.json({ ok: false, error: ib.loginToRead }, { status: 401 });
  return Response.json({ unread: await inboxUnread(services.db, viewer.id) }, { headers: { "Cache-Control": "private, no-store" } });
}
