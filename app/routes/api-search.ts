/**
 * `GET /api/search?q=…&limit=…`: the search box's results (SPEC §7 search_all, limit 20; §4 Search).
 *
 * @module
 */
import { searchAll, SearchUnavailableError } from "../../server/search/search";
import { servicesContext } from "../../server/services";
import { search as s } from "../i18n/sv";
import type { Route } from "./+types/api-search";

/**
 * JSON `{ results: SearchResult[], terms: string[] }`; empty results for an empty or
 * unsearchable query. A database failure or time-out answers 503 `{ error: 'Fel vid sökning' }`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const limit = Number(params.get("limit") ?? 20);
  try {
    const body = await searchAll(context.get(servicesContext).db, params.get("q") ?? "", limit);
    return Response.json(body, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (!(error instanceof SearchUnavailableError)) throw error;
    console.error("[search] failed:", error.code ?? "", (error.cause as Error | undefined)?.message ?? error);
    return Response.json({ error: s.failed }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
