/**
 * 'Din syn' and 'Innehav' in a composer: for each listed ticker the text names, a
 * compact row `$ERIC-B` · a radio group 'Din syn för $ERIC-B' (Bullish / Bearish / Ingen) · a
 * radio group 'Innehav för $ERIC-B' (Jag äger aktien / Jag äger inte aktien / Ej angivet). The
 * radios are the form's `syn.{TICKER}` / `innehav.{TICKER}` fields (`domain/stances.ts`); nothing
 * shows while the text names no ticker.
 *
 * Which cashtags are listed: the candidates of the text (`cashtagCandidates`, the server's rule)
 * are asked of `GET /api/tickers?known=…` once each (debounced 300 ms); tickers the form starts
 * with (an edit) are known at once, so they render on the server too. If the question fails,
 * every ticker-looking candidate gets a row and the server ignores the unlisted ones.
 *
 * @module
 */
import { useEffect, useId, useMemo, useState } from "react";
import { stances as st } from "../../../domain/i18n/sv";
import { cashtagCandidates, positionField, resolveCashtags, sentimentField, type PostStance } from "../../../domain/stances";
import { AUTHOR_SENTIMENTS, POSITIONS } from "../../../domain/values";

/** Props of {@link StancePicker}. */
export interface StancePickerProps {
  /** The text whose cashtags get rows (a thread: title and body joined by a newline). */
  text: string;
  /** What the post states now (an edit), also the tickers known from the start. */
  initial?: readonly PostStance[];
  /** Smaller, for a reply form. */
  compact?: boolean;
}

/** What a ticker-looking candidate must be when the server could not be asked (as cook's unknown cashtag). */
const TICKER_LIKE = /^[A-Z][A-Z0-9]{0,9}(?:-[A-Z0-9]{1,4})?$/;

type Choice = { sentiment: string; position: string };

/**
 * Listed tickers of a text, resolved with the server (see the module comment).
 *
 * @param text the composer's text
 * @param initial tickers known to be listed from the start
 * @returns upper-case tickers in order of appearance
 */
function useListedTickers(text: string, initial: readonly string[]): string[] {
  const [known, setKnown] = useState<Record<string, boolean>>(() => Object.fromEntries(initial.map((t) => [t, true])));
  const candidates = useMemo(() => cashtagCandidates(text), [text]);
  const unasked = [...new Set(candidates.flat())].filter((t) => !(t in known));
  const ask = unasked.join(",");
  useEffect(() => {
    if (!ask) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const asked = ask.split(",");
      try {
        const answer = (await (await fetch(`/api/tickers?known=${encodeURIComponent(ask)}`, { signal: controller.signal })).json()) as {
          known: string[];
        };
        const listed = new Set(answer.known);
        setKnown((k) => ({ ...k, ...Object.fromEntries(asked.map((t) => [t, listed.has(t)])) }));
      } catch {
        if (!controller.signal.aborted) setKnown((k) => ({ ...k, ...Object.fromEntries(asked.map((t) => [t, TICKER_LIKE.test(t)])) }));
      }
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [ask]);
  return resolveCashtags(candidates, (t) => known[t] === true);
}

/** The rows, or nothing when the text names no listed ticker. */
export function StancePicker({ text, initial = [], compact = false }: StancePickerProps) {
  const id = useId();
  const tickers = useListedTickers(
    text,
    initial.map((s) => s.ticker),
  );
  const [choices, setChoices] = useState<Record<string, Choice>>(() =>
    Object.fromEntries(initial.map((s) => [s.ticker, { sentiment: s.sentiment ?? "", position: s.position ?? "" }])),
  );
  if (tickers.length === 0) return null;
  const choose = (ticker: string, part: keyof Choice, value: string) =>
    setChoices((c) => ({ ...c, [ticker]: { sentiment: "", position: "", ...c[ticker], [part]: value } }));
  const radio = (ticker: string, part: keyof Choice, value: string, label: string) => {
    const checked = (choices[ticker]?.[part] ?? "") === value;
    const inputId = `${id}-${part}-${ticker}-${value || "none"}`;
    return (
      // At least 44 px tall on touch screens (WCAG 2.5.5), one line on desktop.
      <label key={value || "none"} htmlFor={inputId} className="inline-flex min-h-11 cursor-pointer items-center gap-1.5 whitespace-nowrap sm:min-h-0">
        <input
          id={inputId}
          type="radio"
          name={part === "sentiment" ? sentimentField(ticker) : positionField(ticker)}
          value={value}
          checked={checked}
          onChange={() => choose(ticker, part, value)}
          className="size-4 accent-brand-600 sm:size-3.5"
        />
        {label}
      </label>
    );
  };
  return (
    <div className={`space-y-1.5 rounded-lg border border-slate-200 bg-slate-50 px-2.5 py-2 ${compact ? "text-xs" : "text-sm"}`}>
      <p className="text-xs font-semibold text-slate-600">{st.composerTitle}</p>
      {tickers.map((ticker) => (
        // Phones: the ticker, then one row per question with its label in a column of its own, so
        // the options start at the same place in both rows; wider: all on one line.
        <div key={ticker} className="grid gap-y-0.5 border-t border-slate-200 pt-1.5 first-of-type:border-0 first-of-type:pt-0 sm:flex sm:flex-wrap sm:items-center sm:gap-x-3">
          <span className="font-mono font-bold text-sky-800">${ticker}</span>
          <fieldset className="grid grid-cols-[5rem_1fr] items-center sm:flex sm:items-center sm:gap-x-2">
            <legend className="sr-only">{st.sentimentLegend(ticker)}</legend>
            <span aria-hidden className="text-slate-500">
              {st.sentimentShort}:
            </span>
            <span className="flex flex-wrap items-center gap-x-3 sm:gap-x-2">
              {AUTHOR_SENTIMENTS.map((v) => radio(ticker, "sentiment", v, st.sentimentLabels[v]))}
              {radio(ticker, "sentiment", "", st.sentimentNone)}
            </span>
          </fieldset>
          <fieldset className="grid grid-cols-[5rem_1fr] items-center sm:flex sm:items-center sm:gap-x-2">
            <legend className="sr-only">{st.positionLegend(ticker)}</legend>
            <span aria-hidden className="text-slate-500">
              {st.positionShort}:
            </span>
            <span className="flex flex-wrap items-center gap-x-3 sm:gap-x-2">
              {POSITIONS.map((v) => radio(ticker, "position", v, st.positionLabels[v]))}
              {radio(ticker, "position", "", st.positionNone)}
            </span>
          </fieldset>
        </div>
      ))}
    </div>
  );
}
