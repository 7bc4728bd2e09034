/**
 * `GET /api/market-calendar`: the closed and short trading days of Nasdaq Stockholm, NYSE and the
 * Tokyo Stock Exchange for the next weeks (issue 17, "Market hours"; server/market/calendar.ts),
 * which the auth clocks and the forum header's market line judge open/closed with in the browser.
 * Public (holiday dates only), cached by browsers for an hour.
 *
 * @module
 */
import { marketCalendar } from "../../server/market/calendar";

/** JSON {@link import("../../domain/market-hours").MarketCalendar} around the request time. */
export function loader() {
  return Response.json(marketCalendar(new Date()), { headers: { "Cache-Control": "public, max-age=3600" } });
}
