/**
 * `GET /api/ticker-card/{TICKER}`: what the cashtag menu shows (watchlist: "in the ticker
 * hover/link menu: 'Bevaka' / 'Sluta bevaka'"): `{ ok, ticker, name, sector, watching, loggedIn }`
 * with the sector in Swedish (or null); 404 JSON 'Aktien hittades inte' for an unknown ticker.
 * Never cached: the watch state is per viewer.
 *
 * @module
 */
import { getCompany } from "../../server/tickers/companies";
import { servicesContext } from "../../server/platform/services";
import { getViewer } from "../../server/accounts/session";
import { isWatching } from "../../server/watchlist/commands";
import { ticker as tk } from "../../domain/i18n/sv";
import { sectorName } from "../../domain/sectors";
import type { Route } from "./+types/api-ticker-card";

/** The card as JSON. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const headers = { "Cache-Control": "no-store" };
  const company = await getCompany(services.db, params.ticker ?? "");
  if (!company) return Response.json({ ok: false, error: tk.notFound }, { status: 404, headers });
  const viewer = await getViewer(services, request);
  const watching = viewer ? await isWatching(services.db, viewer.id, company.ticker) : false;
  return Response.json(
    { ok: true, ticker: company.ticker, name: company.name, sector: sectorName(company.sector), watching, loggedIn: viewer !== null },
    { headers },
  );
}
