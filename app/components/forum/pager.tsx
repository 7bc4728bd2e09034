/**
 * 'Nyare' / 'Äldre' page links that keep the other query parameters (e.g. the sort tab).
 *
 * @module
 */
import { Link, useSearchParams } from "react-router";
import { forum as f, nav } from "../../../domain/i18n/sv";

/**
 * Shown only when there is another page; `page` is 1-based. `labels="comments"` names the
 * links for a thread's comments, oldest first ('Tidigare kommentarer' / 'Senare kommentarer');
 * the default suits newest-first lists ('Nyare' / 'Äldre').
 */
export function Pager({ page, hasMore, labels = "lists" }: { page: number; hasMore: boolean; labels?: "lists" | "comments" }) {
  const [params] = useSearchParams();
  if (page <= 1 && !hasMore) return null;
  const to = (n: number) => {
    const next = new URLSearchParams(params);
    if (n <= 1) next.delete("sida");
    else next.set("sida", String(n));
    const q = next.toString();
    return q ? `?${q}` : "?";
  };
  return (
    <nav className="flex items-center justify-between text-sm font-semibold" aria-label={nav.pages}>
      {page > 1 ? (
        <Link to={to(page - 1)} className="text-brand-700 hover:underline">
          {labels === "comments" ? f.earlierComments : nav.newer}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-500">{f.pageOf(page)}</span>
      {hasMore ? (
        <Link to={to(page + 1)} className="text-brand-700 hover:underline">
          {labels === "comments" ? f.laterComments : nav.older}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/**
 * Reads `?sida=N` safely.
 *
 * @returns a page number from 1 to 10 000 (1 for anything else)
 */
export function pageFrom(url: URL): number {
  const n = Number(url.searchParams.get("sida") ?? "1");
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}
