/**
 * `GET /api/search?q=…&limit=…`: the search box's results (SPEC §7 search_all, limit 20; §4 Search).
 *
 * @module
 */
import { clientIp } from "../../server/http/client-ip";
import { RateLimitedError, retryAfterHeaders } from "../../server/platform/errors";
import { getViewer } from "../../server/accounts/session";
import { markMuted } from "../../server/mutes/collapse";
import { searchAll, SearchUnavailableError } from "../../server/search/search";
import { servicesContext } from "../../server/platform/services";
import { search as s } from "../../domain/i18n/sv";
import type { Route } from "./+types/api-search";

/**
 * JSON `{ results: SearchResult[], terms: string[] }`; empty results for an empty or
 * unsearchable query. A database failure or time-out answers 503 `{ error: 'Fel vid sökning' }`;
 * over the abuse limit (server/abuse/action-limits.ts, `search`) 429 `{ error }` with `Retry-After`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const limit = Number(params.get("limit") ?? 20);
  const services = context.get(servicesContext);
  const viewer = await getViewer(services, request);
  try {
    await services.actionLimits.enforce("search", { userId: viewer?.id ?? null, ip: clientIp(request), role: viewer?.role });
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    return Response.json({ error: error.message }, { status: 429, headers: { "Cache-Control": "no-store", ...retryAfterHeaders(error) } });
  }
  try {
    const q = params.get("q") ?? "";
    const found = await services.searchCache.get(`box|${limit}|${q}`, () => searchAll(services.db, q, limit));
    // Posts by members the viewer mutes are marked (the box shows 'Dolt inlägg från @nick').
    const body = { ...found, results: markMuted(found.results, viewer, (r) => (r.kind === "member" ? null : r.author_id)) };
    return Response.json(body, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (!(error instanceof SearchUnavailableError)) throw error;
    console.error("[search] failed:", error.code ?? "", (error.cause as Error | undefined)?.message ?? error);
    return Response.json({ error: s.failed }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
