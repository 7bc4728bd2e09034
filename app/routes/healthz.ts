/**
 * `GET /healthz`: `{ status, database, listening }`.
 *
 * - 200 `ok`: the database answers and every LISTEN connection is up.
 * - 200 `degraded`: the database answers but this instance is not (yet) listening for other
 *   instances' writes, e.g. after a slow start; it still serves every page, so a load balancer
 *   keeps it, while monitoring sees that its live updates and cache invalidation lag until the
 *   retried LISTEN connects (server/db/client.ts).
 * - 503 `unavailable` with `Retry-After`: the database does not answer within 2 s.
 *
 * @module
 */
import { UNAVAILABLE_RETRY_AFTER_S } from "../../server/db/unavailable";
import { servicesContext } from "../../server/platform/services";
import type { Route } from "./+types/healthz";

/** Pings the database with a 2 s limit and reads the LISTEN state; never cached. */
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const ok = await services.database.ping(2000);
  const listening = services.database.listening();
  const status = !ok ? "unavailable" : listening ? "ok" : "degraded";
  return Response.json(
    { status, database: services.database.kind, listening },
    {
      status: ok ? 200 : 503,
      headers: { "Cache-Control": "no-store", ...(ok ? {} : { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_S) }) },
    },
  );
}
