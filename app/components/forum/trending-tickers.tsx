/**
 * 'Trendande aktier' on the forum home: the 10 tickers named by the
 * most distinct members in the last 24 hours, each with its rank, `$TICKER` linking to the ticker
 * page, company name, mentions and members, the change against the previous 24 hours and the
 * split of stated views. A native `<details open>`: on mobile the summary (Visa/Dölj, like
 * 'Kategorier') folds the list away without JavaScript; from `md` up it is a plain heading.
 *
 * @module
 */
import { ChevronDown } from "lucide-react";
import { Link } from "react-router";
import { trendingChange, type TrendingTicker } from "../../../domain/trending-tickers";
import { forum as f, trendingTickers as tt } from "../../../domain/i18n/sv";

/** `/forum/aktie/{TICKER}` */
const tickerPath = (ticker: string) => `/forum/aktie/${ticker}`;

/**
 * The section, placed under the 'Kategorier' grid.
 *
 * @param props.tickers the ranked list from the loader (`cachedTrendingTickers`); empty shows the empty-state text
 */
export function TrendingTickers({ tickers }: { tickers: TrendingTicker[] }) {
  return (
    <section aria-labelledby="trending-tickers-heading" data-testid="trending-tickers">
      <details open className="group">
        <summary className="flex cursor-pointer list-none items-center justify-between gap-2 md:pointer-events-none md:cursor-default [&::-webkit-details-marker]:hidden">
          <h2 id="trending-tickers-heading" className="text-xl font-bold text-slate-900">
            {tt.heading}
          </h2>
          <span className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-semibold text-brand-700 md:hidden">
            <span className="hidden group-open:inline">{f.hide}</span>
            <span className="group-open:hidden">{f.show}</span>
            <ChevronDown className="size-4 transition group-open:rotate-180" aria-hidden />
          </span>
        </summary>
        <p className="mt-1 text-sm text-slate-600">{tt.intro}</p>
        {tickers.length === 0 ? (
          <p className="mt-3 rounded-xl border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">{tt.empty}</p>
        ) : (
          <ol className="mt-3 grid grid-cols-1 gap-x-6 rounded-xl border border-slate-200 bg-white px-3 md:grid-cols-2 md:px-4">
            {tickers.map((t) => (
              <TickerRow key={t.ticker} t={t} />
            ))}
          </ol>
        )}
      </details>
    </section>
  );
}

/** One ranked ticker: rank, link, name, counts, change badge and sentiment split. */
function TickerRow({ t }: { t: TrendingTicker }) {
  const change = trendingChange(t);
  return (
    // Phone: rank | ticker, name, counts | change, and the split on a second line; from `sm` one line.
    <li className="grid grid-cols-[1.25rem_minmax(0,1fr)_2.75rem] items-center gap-x-3 gap-y-1 border-b border-slate-100 py-2 text-sm last:border-b-0 sm:grid-cols-[1.25rem_minmax(0,1fr)_9rem_2.75rem] md:[&:nth-last-child(2):nth-child(odd)]:border-b-0">
      <span className="row-start-1 text-right font-bold tabular-nums text-slate-500" aria-label={tt.rank(t.rank)}>
        {t.rank}
      </span>
      <div className="row-start-1 min-w-0">
        <div className="flex items-baseline gap-2">
          <Link to={tickerPath(t.ticker)} className="shrink-0 whitespace-nowrap font-bold text-brand-700 hover:underline">
            ${t.ticker}
          </Link>
          <span className="truncate text-slate-600">{t.name}</span>
        </div>
        <div className="text-xs text-slate-500">
          {tt.mentions(t.mentions)} · {tt.members(t.members)}
        </div>
      </div>
      <Split bullish={t.bullish} bearish={t.bearish} />
      {change.kind === "new" ? (
        <span title={tt.changeNewTitle} className={`${changePlace} rounded bg-brand-50 px-1.5 py-0.5 text-center text-xs font-semibold text-brand-700`}>
          {tt.changeNew}
        </span>
      ) : (
        <span
          title={tt.changeTitle}
          className={`${changePlace} text-center text-xs font-semibold tabular-nums ${change.delta > 0 ? "text-emerald-700" : change.delta < 0 ? "text-rose-700" : "text-slate-500"}`}
        >
          {tt.change(change.delta)}
        </span>
      )}
    </li>
  );
}

/** Grid places of the change badge and the split (see the row's grid). */
const changePlace = "col-start-3 row-start-1 sm:col-start-4";
const splitPlace = "col-span-2 col-start-2 row-start-2 sm:col-span-1 sm:col-start-3 sm:row-start-1";

/** A two-colour bar (bullish green, bearish red) with its counts as text. */
function Split({ bullish, bearish }: { bullish: number; bearish: number }) {
  const total = bullish + bearish;
  if (total === 0) {
    return (
      <span className={`${splitPlace} hidden text-center text-xs text-slate-500 sm:block`} title={tt.splitNone}>
        <span aria-hidden>–</span>
        <span className="sr-only">{tt.splitNone}</span>
      </span>
    );
  }
  const bullPct = Math.round((bullish / total) * 100);
  return (
    <span className={`${splitPlace} flex items-center gap-2 sm:block`} title={tt.splitTitle}>
      <span className="flex h-1.5 w-24 shrink-0 overflow-hidden rounded-full bg-rose-500 sm:w-full" aria-hidden>
        <span className="bg-emerald-500" style={{ width: `${bullPct}%` }} />
      </span>
      <span className="block whitespace-nowrap text-xs text-slate-600 sm:mt-0.5">{tt.split(bullish, bearish)}</span>
    </span>
  );
}
