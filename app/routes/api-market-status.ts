/**
 * `GET /api/market-status`: whether Nasdaq Stockholm, NYSE and the Tokyo Stock Exchange are open
 * now, and when that can next change (rules in domain/market-hours.ts
 * with the holiday calendar of server/market/calendar.ts). The forum header's market line and the
 * auth layout's clocks show it; the rules, their time-zone library and the holiday data stay on
 * the server (a first visit's JavaScript). Public, the same for everyone, cached until
 * the next change (at most an hour).
 *
 * The calendar module (`date-holidays`, ≈ 8 MiB of heap) loads at the first request, as for
 * `/api/market-calendar`.
 *
 * @module
 */
import { marketStatus, marketStatusesAt } from "../../domain/market-hours";

/** JSON `MarketStatusesJson` (domain/market-hours.ts) for the request time. */
export async function loader() {
  const { marketCalendar } = await import("../../server/market/calendar");
  const now = new Date();
  const calendar = marketCalendar(now);
  const body = marketStatusesAt(now, (key, at) => marketStatus(key, at, calendar));
  const maxAge = Math.floor(body.changesInMs / 1000);
  return Response.json(body, { headers: { "Cache-Control": `public, max-age=${maxAge}` } });
}
