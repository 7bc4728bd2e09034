/**
 * The three ticking market clocks of the auth layout (SPEC §2 Auth layout, §9 Clocks).
 *
 * @module
 */
import { useEffect, useState } from "react";
import { auth as a, landing as ld, marketHours as mh } from "../../../domain/i18n/sv";
import { CLOCK_PLACEHOLDER, formatClock, MARKET_CLOCKS, msUntilNextSecond } from "../../lib/clocks";
import { opensText, useMarketStatuses } from "../market/market-status";
import type { MarketStatusJson } from "../../../domain/market-hours";

/**
 * The status under one clock: 'Öppen', or 'Stängd' with 'öppnar 09:00' on a second line;
 * `mh.pending` while pending. Text, not colour alone (the colour only repeats it).
 *
 * @param props.status the exchange's state, or `null` while pending
 */
function ClockMarketStatus({ status }: { status: MarketStatusJson | null }) {
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

/**
 * The current instant, refreshed at every whole second; `null` until the component has mounted
 * in the browser, so the server render and the hydrating render are identical.
 */
function useSecondTick(): Date | null {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      setNow(new Date());
      // Re-aligned on every tick (a few ms past the boundary), so the clocks never drift.
      timer = setTimeout(tick, msUntilNextSecond(Date.now()) + 5);
    };
    tick();
    return () => clearTimeout(timer);
  }, []);
  return now;
}

/**
 * New York, Stockholm and Tokyo in 24-hour HH:mm:ss, ticking each second.
 *
 * Renders "--:--:--" on the server and during hydration, then the live time. Each clock is a
 * group named after its city holding a `<time>` with `data-time-zone` (the IANA zone) and, once
 * live, `dateTime` equal to the shown text. No live region: screen readers are not told every
 * second. Under each time, whether that exchange is open ('Öppen' / 'Stängd' + 'öppnar 09:00';
 * `ClockMarketStatus`), computed after mount like the time.
 *
 * @param props.className extra classes for the row of clocks
 */
export function MarketClocks({ className = "" }: { className?: string }) {
  const now = useSecondTick();
  const markets = useMarketStatuses();
  return (
    <div role="group" aria-label={ld.clocksLabel} className={`flex items-stretch gap-1.5 ${className}`.trim()}>
      {MARKET_CLOCKS.map(({ key, timeZone }) => {
        const city = a.clocks[key];
        const text = now ? formatClock(now, timeZone) : CLOCK_PLACEHOLDER;
        return (
          <div
            key={key}
            role="group"
            aria-label={city}
            className="flex min-w-0 flex-1 flex-col items-center rounded-lg border border-slate-200 bg-slate-50 px-2.5 py-1 md:flex-none"
          >
            <span aria-hidden className="text-[10px] font-semibold uppercase leading-4 tracking-wide text-slate-500">
              {city}
            </span>
            <time
              dateTime={now ? text : undefined}
              data-time-zone={timeZone}
              className="font-mono text-sm font-semibold leading-5 tabular-nums text-slate-900"
            >
              {text}
            </time>
            <ClockMarketStatus status={markets ? markets[key] : null} />
          </div>
        );
      })}
    </div>
  );
}
