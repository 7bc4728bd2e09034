/**
 * `GET /healthz`: 200 when the database answers, 503 otherwise (issue "Foundation").
 *
 * @module
 */
import { UNAVAILABLE_RETRY_AFTER_S } from "../../server/db/unavailable";
import { servicesContext } from "../../server/services";
import type { Route } from "./+types/healthz";

/** Pings the database with a 2 s limit; a 503 carries `Retry-After`. */
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const ok = await services.database.ping(2000);
  return Response.json(
    { status: ok ? "ok" : "unavailable", database: services.database.kind },
    {
      status: ok ? 200 : 503,
      headers: { "Cache-Control": "no-store", ...(ok ? {} : { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_S) }) },
    },
  );
}
