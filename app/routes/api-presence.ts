/**
 * `GET /api/presence`: JSON `{ ok, totalOnline, lastHourActive }` for the online indicator
 * (SPEC §3 Online stats, §7 count_active_users with p_minutes = 15); open to visitors.
 * `POST /api/presence` with `date=YYYY-MM-DD&hour=0..23`: logs the member's activity (SPEC §7
 * log_user_activity; throttled to once per 5 minutes on the server too) → `{ ok, updated }`;
 * 401 for visitors, 400 for a malformed date or hour, 429 over 10 a minute (server/action-limits.ts).
 *
 * @module
 */
import { refusedJson } from "../../server/action-limits";
import { clientIp } from "../../server/client-ip";
import { ForumError } from "../../server/errors";
import { readForm } from "../../server/http";
import { logUserActivity } from "../../server/presence/activity";
import { countActiveUsers } from "../../server/presence/stats";
import { servicesContext } from "../../server/services";
import { getViewer } from "../../server/session";
import { toasts as t } from "../../domain/i18n/sv";
import type { Route } from "./+types/api-presence";

/** Online and last-hour counts. */
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const counts = await countActiveUsers(services.db, { minutes: 15 });
  return Response.json({ ok: true, ...counts }, { headers: { "Cache-Control": "no-store" } });
}

/** Logs activity. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const viewer = await getViewer(services, request);
  if (!viewer) return Response.json({ ok: false, error: t.notLoggedIn }, { status: 401 });
  const refused = await refusedJson(services.actionLimits, "presence", { userId: viewer.id, ip: clientIp(request), role: viewer.role });
  if (refused) return refused;
  const form = await readForm(request);
  try {
    const result = await logUserActivity(services.db, viewer.id, { date: form.date, hour: form.hour });
    return Response.json({ ok: true, ...result });
  } catch (error) {
    if (error instanceof ForumError) return Response.json({ ok: false, error: error.message }, { status: error.status });
    throw error;
  }
}
