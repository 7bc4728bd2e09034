/**
 * `POST /api/watchlist`: `ticker` and `intent` (`watch` | `unwatch`) → JSON
 * `{ ok, ticker, watching, count }`, or 4xx `{ ok: false, error, title }`
 * (watchlist 'Bevakning'; visitors get 401). Used by the cashtag menu; the ticker page and
 * `/forum/bevakning` post to their own actions, which run the same writes.
 *
 * @module
 */
import { unwatchWrite, watchWrite } from "../../server/watchlist/commands";
import { toggleAction } from "../../server/writes/toggle-action";
import { servicesContext } from "../../server/platform/services";
import type { Route } from "./+types/api-watchlist";

/** GET is not a watch. */
export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

/** Watches or unwatches: runs {@link watchWrite} or {@link unwatchWrite} and maps its result. */
export async function action({ request, context }: Route.ActionArgs) {
  return toggleAction(context.get(servicesContext), request, { watch: watchWrite, unwatch: unwatchWrite }, (form) => ({ ticker: form.ticker ?? "" }));
}
