/**
 * The search box's results list (SPEC §2 Shared forum layout, §4 Search): the state line
 * ('Söker…', 'Fel vid sökning', no results) and the options — each result, then 'Visa alla
 * resultat'. Loaded when the box first takes focus (not in a first visit's JavaScript);
 * the box (`search-box.tsx`) keeps the combobox state and the keys.
 *
 * @module
 */
import { FileText, Loader2, MessageSquare, User } from "lucide-react";
import { forum as f, mutes as mu, search as s } from "../../../domain/i18n/sv";
import { searchPath } from "../../../domain/paths";
import { Highlighted } from "./highlight";
import { resultPath } from "./result-link";
import type { SearchState } from "./search-box";

const KIND_ICON = { thread: FileText, comment: MessageSquare, member: User } as const;

/** Props of {@link SearchResultsPanel}. */
export interface SearchResultsPanelProps {
  /** The listbox's id (the input's `aria-controls`); option ids are `<listId>-option-<n>`. */
  listId: string;
  /** The box's fetch state (not `idle`: the panel shows only while there is a query). */
  state: SearchState;
  /** The trimmed query. */
  query: string;
  /** The active option's index, -1 for none. */
  active: number;
  /** Makes an option active (pointer over it). */
  onActive: (index: number) => void;
  /** Opens a path (a result, or the full results page) and clears the box. */
  onChoose: (path: string) => void;
}

/**
 * @param props see {@link SearchResultsPanelProps}
 * @returns the panel under the box
 */
export function SearchResultsPanel({ listId, state, query, active, onActive, onChoose }: SearchResultsPanelProps) {
  const results = state.status === "done" ? state.results : [];
  const optionId = (index: number) => `${listId}-option-${index}`;
  return (
    <div
      className="absolute inset-x-0 top-full z-40 mt-1 max-h-[70vh] overflow-y-auto rounded-lg border border-slate-200 bg-white shadow-xl"
      data-testid="search-results"
    >
      {state.status === "loading" ? (
        <p className="flex items-center gap-2 px-4 py-3 text-sm text-slate-500" role="status">
          <Loader2 className="size-4 animate-spin" aria-hidden /> {s.loading}
        </p>
      ) : state.status === "error" ? (
        <p className="px-4 py-3 text-sm text-red-700" role="alert">
          {s.failed}
        </p>
      ) : results.length === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-500" role="status">
          {s.noResults(state.status === "done" ? state.query : query)}
        </p>
      ) : null}
      <ul id={listId} role="listbox" aria-label={s.label} className={results.length ? "py-1" : "hidden"}>
        {results.map((result, index) => {
          const Icon = KIND_ICON[result.kind];
          const terms = state.status === "done" ? state.terms : [];
          return (
            <li
              key={`${result.kind}-${result.id}`}
              id={optionId(index)}
              role="option"
              aria-selected={active === index}
              data-kind={result.kind}
              onPointerEnter={() => onActive(index)}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onChoose(resultPath(result))}
              className={`flex cursor-pointer gap-3 px-4 py-2.5 ${active === index ? "bg-brand-50" : "hover:bg-slate-50"}`}
            >
              <Icon className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
              <div className="min-w-0 flex-1">
                <p className="flex items-baseline gap-2">
                  <span className="shrink-0 text-[11px] font-semibold uppercase tracking-wide text-brand-700">
                    {s.kinds[result.kind]}
                  </span>
                  <span className="truncate text-sm font-semibold text-slate-900">
                    {result.muted ? (
                      // A muted member's post; choosing the option opens it.
                      mu.hiddenFrom(result.author_name ?? f.unknownAuthor)
                    ) : (
                      <Highlighted text={result.title} terms={terms} />
                    )}
                  </span>
                </p>
                {result.snippet && !result.muted ? (
                  <p className="line-clamp-2 text-sm text-slate-600">
                    <Highlighted text={result.snippet} terms={terms} />
                  </p>
                ) : null}
                {result.kind !== "member" ? (
                  <p className="text-xs text-slate-500">{s.by(result.author_name ?? f.unknownAuthor)}</p>
                ) : null}
              </div>
            </li>
          );
        })}
        {results.length > 0 ? (
          <li
            id={optionId(results.length)}
            role="option"
            aria-selected={active === results.length}
            onPointerEnter={() => onActive(results.length)}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onChoose(searchPath(query))}
            className={`cursor-pointer border-t border-slate-100 px-4 py-2.5 text-sm font-semibold text-brand-700 ${
              active === results.length ? "bg-brand-50" : "hover:bg-slate-50"
            }`}
          >
            {s.showAll(query)}
          </li>
        ) : null}
      </ul>
    </div>
  );
}
