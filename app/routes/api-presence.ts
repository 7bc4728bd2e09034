/**
 * `GET /api/presence`: JSON `{ ok, totalOnline, lastHourActive }` for the online indicator
 * (SPEC §3 Online stats, §7 count_active_users with p_minutes = 15); open to visitors.
 * `POST /api/presence` with `date=YYYY-MM-DD&hour=0..23`: logs the member's activity (SPEC §7
 * log_user_activity; throttled to once per 5 minutes on the server too) → `{ ok, updated }`, through
 * the write pipeline (`activityWrite`, server/presence/activity.ts); `{ ok: false, error }` with
 * 401 for visitors, 400 for a malformed date or hour, 429 with `Retry-After` over 10 a minute
 * (server/abuse/action-limits.ts), counted only for a well-formed request.
 *
 * @module
 */
import { readForm } from "../../server/http/forms";
import { activityWrite } from "../../server/presence/activity";
import { countActiveUsers } from "../../server/presence/stats";
import { servicesContext } from "../../server/platform/services";
import { getViewer } from "../../server/accounts/session";
import { failureJson, runWrite, writeContext } from "../../server/writes/pipeline";
import type { Route } from "./+types/api-presence";

/** Online and last-hour counts. */
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const counts = await countActiveUsers(services.db, { minutes: 15 });
  return Response.json({ ok: true, ...counts }, { headers: { "Cache-Control": "no-store" } });
}

/** Logs activity: runs {@link activityWrite} and answers JSON. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const viewer = await getViewer(services, request);
  const form = viewer ? await readForm(request) : {};
  const result = await runWrite(activityWrite, writeContext(services, viewer, request), { date: form.date, hour: form.hour });
  if (!result.ok) return failureJson(result);
  return Response.json({ ok: true, ...result.value });
}
