/**
 * `POST /api/watchlist`: `ticker` and `intent` (`watch` | `unwatch`) → JSON
 * `{ ok, ticker, watching, count }`, or 4xx `{ ok: false, error, title }` (issue 17 Watchlist
 * 'Bevakning'; visitors get 401). Used by the cashtag menu; the ticker page and
 * `/forum/bevakning` post to their own actions, which run the same writes.
 *
 * @module
 */
import { unwatchWrite, watchWrite } from "../../server/watchlist/commands";
import { failureBody, failureHeaders, runWrite, writeContext } from "../../server/writes/pipeline";
import { readForm } from "../../server/http";
import { servicesContext } from "../../server/services";
import { getViewer } from "../../server/session";
import { errors } from "../../domain/i18n/sv";
import type { Route } from "./+types/api-watchlist";

/** GET is not a watch. */
export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

/** Watches or unwatches: runs {@link watchWrite} or {@link unwatchWrite} and maps its result. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await readForm(request);
  const viewer = await getViewer(services, request);
  const write = form.intent === "watch" ? watchWrite : form.intent === "unwatch" ? unwatchWrite : null;
  if (!write) return Response.json({ ok: false, error: errors.badRequest }, { status: 400 });
  const result = await runWrite(write, writeContext(services, viewer, request), { ticker: form.ticker ?? "" });
  if (!result.ok) return Response.json(failureBody(result), { status: result.status, headers: failureHeaders(result) });
  return Response.json({ ok: true, ...result.value });
}
