/**
 * 'Markera alla som lästa' for the whole forum or one category (docs/decisions/052-unread-and-links.md):
 * a form posting to `/api/unread`, which answers with a redirect back here and a toast, so it
 * works without JavaScript; with it, a fetcher posts and the lists load again without the marks.
 * Members only (the caller decides).
 *
 * @module
 */
import { CheckCheck } from "lucide-react";
import { useFetcher, useLocation } from "react-router";
import { unread as ur } from "../../../domain/i18n/sv";
import { buttonClass } from "../ui/button";

/** @param categoryId one category, or none for the whole forum */
export function MarkReadButton({ categoryId }: { categoryId?: string }) {
  const fetcher = useFetcher();
  const location = useLocation();
  return (
    <fetcher.Form method="post" action="/api/unread" className="inline">
      <input type="hidden" name="intent" value="all" />
      {categoryId ? <input type="hidden" name="categoryId" value={categoryId} /> : null}
      <input type="hidden" name="back" value={`${location.pathname}${location.search}`} />
      <button type="submit" disabled={fetcher.state !== "idle"} className={`${buttonClass("secondary")} min-h-11 sm:min-h-9`}>
        <CheckCheck aria-hidden className="size-4" />
        {categoryId ? ur.markCategoryRead : ur.markAllRead}
      </button>
    </fetcher.Form>
  );
}
