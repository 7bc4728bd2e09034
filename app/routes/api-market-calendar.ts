/**
 * `GET /api/market-calendar`: the closed and short trading days of Nasdaq Stockholm, NYSE and the
 * Tokyo Stock Exchange for the next weeks (server/market/calendar.ts),
 * which the auth clocks and the forum header's market line judge open/closed with in the browser.
 * Public (holiday dates only), cached by browsers for an hour.
 *
 * The calendar module, with the `date-holidays` library and its data for every country (≈ 8 MiB
 * of a server process's heap), is loaded at the first request of this route, not at start-up
 * (docs/decisions/041-memory-settings.md): the server build puts it in a chunk of its own.
 *
 * @module
 */

/** JSON {@link import("../../domain/market-hours").MarketCalendar} around the request time. */
export async function loader() {
  const { marketCalendar } = await import("../../server/market/calendar");
  return Response.json(marketCalendar(new Date()), { headers: { "Cache-Control": "public, max-age=3600" } });
}
