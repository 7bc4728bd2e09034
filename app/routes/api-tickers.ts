/**
 * `GET /api/tickers?q=…`: companies for the $TICKER picker, by ticker or name ('volvo' →
 * VOLV-B), from the Nasdaq Stockholm list. `GET /api/tickers?known=ERIC-B,ERIC,FOO`: which of
 * the given cashtag candidates are listed (the composer shows 'Din syn' / 'Innehav'
 * only for tickers the server will index; candidates from `domain/stances.ts`
 * `cashtagCandidates`).
 *
 * @module
 */
import { searchCompanies } from "../../server/tickers/companies";
import { loadTickerSet } from "../../server/content/storage";
import { servicesContext } from "../../server/platform/services";
import type { Route } from "./+types/api-tickers";

/** Most candidates one `known` request may ask about (more are ignored). */
const MAX_KNOWN = 60;

/**
 * JSON array of `{ ticker, name, sector, industry }` (at most 8); with `known`, `{ known:
 * string[] }`: the listed ones of at most {@link MAX_KNOWN} comma-separated candidates (upper case).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const db = context.get(servicesContext).db;
  const known = params.get("known");
  if (known !== null) {
    const listed = await loadTickerSet(db);
    const asked = known
      .split(",")
      .slice(0, MAX_KNOWN)
      .map((t) => t.trim().toUpperCase())
      .filter((t) => t.length > 0 && t.length <= 30);
    return Response.json({ known: [...new Set(asked.filter((t) => listed.has(t)))] }, { headers: { "Cache-Control": "public, max-age=300" } });
  }
  const rows = await searchCompanies(db, params.get("q") ?? "");
  return Response.json(rows, { headers: { "Cache-Control": "public, max-age=300" } });
}
