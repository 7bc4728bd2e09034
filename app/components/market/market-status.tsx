/**
 * Whether the Stockholm, New York and Tokyo exchanges are open, for the auth layout's clocks and
 * the forum header (rules in domain/market-hours.ts).
 *
 * Hydration: the server render and the first browser render show `mh.pending`; after mount the
 * browser fetches the states from `/api/market-status` (computed on the server by
 * `domain/market-hours.ts` with the holiday calendar), and again when the answer says the next
 * open or close is due, so the text changes while the page stays open. If they cannot be fetched
 * the status stays pending ('…'); the clocks still tick. The rules, their time-zone library and
 * the holiday data never reach the browser (a first visit's JavaScript).
 *
 * @module
 */
import { useEffect, useState } from "react";
import { marketHours as mh } from "../../../domain/i18n/sv";
import type { ExchangeKey, MarketStatusesJson, MarketStatusJson } from "../../../domain/market-hours";

/** The states of all three exchanges, keyed like the clocks. */
export type MarketStatuses = Record<ExchangeKey, MarketStatusJson>;

/** Longest wait (ms) before asking again after a failed fetch. */
const RETRY_MS = 60_000;

/**
 * The current state of each exchange; `null` on the server and until the browser has fetched it
 * (so server and hydrating renders agree). Fetched again exactly when a market opens or closes
 * (the answer says when), so the text changes while the page stays open; after a failed fetch,
 * again a minute later.
 *
 * @param media optional CSS media query (e.g. "(min-width: 768px)"): the states are fetched only
 *   once it matches, so a line hidden on phones costs phones nothing
 * @returns the states, or `null` while pending
 */
export function useMarketStatuses(media?: string): MarketStatuses | null {
  const [statuses, setStatuses] = useState<MarketStatuses | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let started = false;
    const update = async () => {
      let delay = RETRY_MS;
      try {
        const response = await fetch("/api/market-status");
        if (response.ok) {
          const body = (await response.json()) as MarketStatusesJson;
          if (stopped) return;
          setStatuses(body.statuses);
          delay = body.changesInMs + 50;
        }
      } catch {
        // offline: the line stays as it was and asks again in a minute
      }
      if (!stopped) timer = setTimeout(() => void update(), delay);
    };
    const start = () => {
      if (started) return;
      started = true;
      void update();
    };
    const query = media ? window.matchMedia(media) : null;
    const onChange = () => {
      if (query?.matches) start();
    };
    if (!query || query.matches) start();
    else query.addEventListener("change", onChange);
    return () => {
      stopped = true;
      clearTimeout(timer);
      query?.removeEventListener("change", onChange);
    };
  }, [media]);
  return statuses;
}

/**
 * The "öppnar …" text of a closed exchange: "öppnar 09:00" later the same local day, else
 * "öppnar mån 09:00" (the exchange's local weekday and time).
 *
 * @param status a closed state from `marketStatus`
 * @returns Swedish text from the catalogue
 */
export function opensText(status: Extract<MarketStatusJson, { open: false }>): string {
  return status.opensWeekday === null
    ? mh.opensAt(status.opensLocal)
    : mh.opensOn(mh.weekdays[status.opensWeekday]!, status.opensLocal);
}


/** Tailwind's `md` breakpoint, where the header line shows. */
const DESKTOP = "(min-width: 768px)";

/**
 * The forum header's compact line, desktop only (hidden below the `md` breakpoint):
 * "Stockholm Öppen · New York Stängd, öppnar 15:30 · Tokyo Stängd, öppnar tis 09:00".
 * Shows `mh.pending` while pending; fetches the calendar only at `md` and up.
 */
export function MarketHoursLine() {
  const statuses = useMarketStatuses(DESKTOP);
  const order: ExchangeKey[] = ["stockholm", "newYork", "tokyo"];
  return (
    <p
      data-testid="market-hours-line"
      className="mx-auto hidden h-6 max-w-6xl items-center gap-1 truncate px-4 text-xs leading-6 text-slate-500 md:flex"
    >
      <span className="sr-only">{mh.headerLabel}: </span>
      {statuses
        ? order.map((key, i) => {
            const s = statuses[key];
            return (
              <span key={key} className="whitespace-nowrap">
                {i > 0 ? <span aria-hidden> · </span> : null}
                <span className="font-medium text-slate-700">{mh.exchanges[key]}</span>{" "}
                {s.open ? (
                  <span className="font-semibold text-emerald-700">{mh.open}</span>
                ) : (
                  <span>
                    {mh.closed}, {opensText(s)}
                  </span>
                )}
              </span>
            );
          })
        : mh.pending}
    </p>
  );
}
