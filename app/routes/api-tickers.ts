/**
 * `GET /api/tickers?q=…`: companies for the $TICKER picker, by ticker or name ('volvo' →
 * VOLV-B), from the Nasdaq Stockholm list.
 *
 * @module
 */
import { searchCompanies } from "../../server/companies";
import { servicesContext } from "../../server/services";
import type { Route } from "./+types/api-tickers";

/** JSON array of `{ ticker, name, sector, industry }` (at most 8). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const rows = await searchCompanies(context.get(servicesContext).db, q);
  return Response.json(rows, { headers: { "Cache-Control": "public, max-age=300" } });
}
