/**
 * The global search box under the forum header (SPEC §2 Shared forum layout, Search results;
 * §4 Search: debounced 300 ms on trimmed text, empty clears the results; §8 'Fel vid sökning').
 *
 * A WAI-ARIA combobox: arrows move through the results, Enter opens the active result (or the
 * full results page `/forum/sok` when none is active, which also works without JavaScript),
 * Escape closes the list. Opening a result clears the search.
 *
 * @module
 */
import { Search, X } from "lucide-react";
import { Suspense, useEffect, useId, useRef, useState } from "react";
import { Form, useNavigate } from "react-router";
import { toast } from "../../lib/toast";
import type { SearchResult } from "../../../domain/search";
import { search as s } from "../../../domain/i18n/sv";
import { searchPath } from "../../../domain/paths";
import { lazyComponent } from "../../lib/lazy";
import { resultPath } from "./result-link";
import { LIMITS } from "../../../domain/values";

/** SPEC §9 Search debounce in ms. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The box's fetch state, shared with the results panel. */
export type SearchState =
  | { status: "idle" }
  | { status: "loading"; query: string }
  | { status: "done"; query: string; results: SearchResult[]; terms: string[] }
  | { status: "error"; query: string };

/** The results list, loaded when the box first takes focus (not in the first paint). */
const SearchResultsPanel = lazyComponent(() => import("./search-results-panel"), (m) => m.SearchResultsPanel);

/** The search box with its results list. */
export function SearchBox() {
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState("");
  const [state, setState] = useState<SearchState>({ status: "idle" });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const query = text.trim();
  // Debounced fetch on the trimmed text; an empty query clears the results (SPEC §4 Search).
  useEffect(() => {
    if (!query) {
      setState({ status: "idle" });
      setActive(-1);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setState({ status: "loading", query });
      try {
        const response = await fetch(`/api/search?q=${encodeURIComponent(query)}`, { signal: controller.signal });
        if (response.status === 429) {
          // Over the abuse limit: the server's Swedish message says when to try again.
          const refusal = (await response.json()) as { error?: string };
          setState({ status: "error", query });
          toast.error(refusal.error ?? s.failed);
          return;
        }
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const body = (await response.json()) as { results: SearchResult[]; terms: string[] };
        setState({ status: "done", query, results: body.results, terms: body.terms });
        setActive(-1);
      } catch (error) {
        if (controller.signal.aborted) return;
        console.error("Error during search", error);
        setState({ status: "error", query });
        toast.error(s.failed);
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  // Clicks outside close the list.
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, []);

  const results = state.status === "done" ? state.results : [];
  // The options: every result, then 'Visa alla resultat'.
  const optionCount = results.length > 0 ? results.length + 1 : 0;
  const showList = open && query.length > 0 && state.status !== "idle";

  const clear = () => {
    setText("");
    setState({ status: "idle" });
    setOpen(false);
    setActive(-1);
  };
  const go = (to: string) => {
    clear();
    inputRef.current?.blur();
    navigate(to);
  };
  const optionPath = (index: number) =>
    index < results.length ? resultPath(results[index]!) : searchPath(query);

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (optionCount === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => {
        const next = current + step;
        if (next >= optionCount) return -1;
        if (next < -1) return optionCount - 1;
        return next;
      });
    } else if (event.key === "Enter") {
      if (active >= 0 && active < optionCount) {
        event.preventDefault();
        go(optionPath(active));
      } else if (!query) {
        event.preventDefault();
      } else {
        // No active option: the form submits to the full results page; clear after it.
        setOpen(false);
      }
    } else if (event.key === "Escape") {
      if (open) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text) {
        event.preventDefault();
        clear();
      }
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <div ref={rootRef} className="relative w-full" data-testid="search-box">
      <Form method="get" action="/forum/sok" role="search" onSubmit={() => setTimeout(clear, 0)}>
        <label htmlFor={`${listId}-input`} className="sr-only">
          {s.label}
        </label>
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden />
          <input
            ref={inputRef}
            id={`${listId}-input`}
            name="q"
            type="search"
            value={text}
            maxLength={LIMITS.searchQuery}
            autoComplete="off"
            spellCheck={false}
            placeholder={s.placeholder}
            role="combobox"
            aria-expanded={showList}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
            }}
            onFocus={() => {
              setOpen(true);
              void SearchResultsPanel.preload().catch(() => undefined);
            }}
            onKeyDown={onKeyDown}
            className="h-10 w-full rounded-lg border border-slate-300 bg-white pl-9 pr-9 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 [&::-webkit-search-cancel-button]:hidden"
          />
          {text ? (
            <button
              type="button"
              onClick={() => {
                clear();
                inputRef.current?.focus();
              }}
              className="absolute right-2 top-1/2 -translate-y-1/2 rounded p-1 text-slate-400 hover:text-slate-700"
              aria-label={s.clear}
            >
              <X className="size-4" aria-hidden />
            </button>
          ) : null}
        </div>
      </Form>
      {showList ? (
        <Suspense fallback={null}>
          <SearchResultsPanel
            listId={listId}
            state={state}
            query={query}
            active={active}
            onActive={setActive}
            onChoose={go}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
