/**
 * Whether the Stockholm, New York and Tokyo exchanges are open, for the auth layout's clocks and
 * the forum header (issue 17, "Market hours"; rules in domain/market-hours.ts).
 *
 * Hydration: the server render and the first browser render show `mh.pending`; after mount the
 * browser fetches the holiday calendar (`/api/market-calendar`, a few dates, cached an hour; the
 * holiday library stays on the server) and computes the states, then re-computes at the next
 * open/close and at least each minute, so the text changes while the page stays open. If the
 * calendar cannot be fetched the status stays pending ('…'); the clocks still tick. The rules
 * (`domain/market-hours.ts` with @date-fns/tz) load with the calendar (issue 21).
 *
 * @module
 */
import { useEffect, useState } from "react";
import { marketHours as mh } from "../../../domain/i18n/sv";
import type { ExchangeKey, MarketCalendar, MarketStatus } from "../../../domain/market-hours";
import { MARKET_CLOCKS } from "../../lib/clocks";

/** One fetch of the calendar per page load, shared by every caller; null when it failed. */
let calendarRequest: Promise<MarketCalendar | null> | null = null;

function loadCalendar(): Promise<MarketCalendar | null> {
  calendarRequest ??= fetch("/api/market-calendar")
    .then((response) => (response.ok ? (response.json() as Promise<MarketCalendar>) : null))
    .catch(() => null);
  return calendarRequest;
}

/** The rules (and @date-fns/tz) load with the calendar, after the first paint (issue 21). */
const loadRules = () => import("../../../domain/market-hours");

/** The states of all three exchanges, keyed like the clocks. */
export type MarketStatuses = Record<ExchangeKey, MarketStatus>;

/**
 * The current state of each exchange; `null` on the server and until the browser has computed
 * it (so server and hydrating renders agree). Updates exactly when a market opens or closes and
 * at least once a minute.
 *
 * @param media optional CSS media query (e.g. "(min-width: 768px)"): the calendar is fetched
 *   only once it matches, so a line hidden on phones costs phones nothing
 * @returns the states, or `null` while pending
 */
export function useMarketStatuses(media?: string): MarketStatuses | null {
  const [statuses, setStatuses] = useState<MarketStatuses | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      void Promise.all([loadCalendar(), loadRules().catch(() => null)]).then(([calendar, rules]) => {
        if (!calendar || !rules) return;
        const { marketStatus, msUntilChange } = rules;
        const update = () => {
          if (stopped) return;
          const now = new Date();
          const next = Object.fromEntries(MARKET_CLOCKS.map(({ key }) => [key, marketStatus(key, now, calendar)])) as MarketStatuses;
          setStatuses(next);
          const delay = Math.min(...Object.values(next).map((s) => msUntilChange(s, now.getTime())));
          timer = setTimeout(update, delay + 50);
        };
        update();
      });
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
export function opensText(status: Extract<MarketStatus, { open: false }>): string {
  return status.opensWeekday === null
    ? mh.opensAt(status.opensLocal)
    : mh.opensOn(mh.weekdays[status.opensWeekday]!, status.opensLocal);
}

/**
 * The status under one clock: 'Öppen', or 'Stängd' with 'öppnar 09:00' on a second line;
 * `mh.pending` while pending. Text, not colour alone (the colour only repeats it).
 *
 * @param props.status the exchange's state, or `null` while pending
 */
export function ClockMarketStatus({ status }: { status: MarketStatus | null }) {
  return (
    <span data-testid="market-status" className="flex flex-col items-center text-[10px] leading-3">
      {status === null ? (
        <span className="text-slate-500">{mh.pending}</span>
      ) : status.open ? (
        <span className="font-semibold text-emerald-700">{mh.open}</span>
      ) : (
        <>
          <span className="font-semibold text-slate-600">{mh.closed}</span>
          <span className="whitespace-nowrap text-slate-500">{opensText(status)}</span>
        </>
      )}
    </span>
  );
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
