/**
 * 'Kategorier' grid (SPEC §2 Forum home): name, description, thread count; on mobile the grid
 * is compact and collapsible with Visa/Dölj.
 *
 * @module
 */
import { ChevronDown, ChevronUp } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { CategoryCard } from "../../../domain/views";
import { forum as f } from "../../../domain/i18n/sv";
import { categoryPath } from "../../../domain/paths";

/** The grid with its heading and the mobile Visa/Dölj toggle. */
export function CategoryGrid({ categories }: { categories: CategoryCard[] }) {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="categories-heading" className="space-y-3">
      <div className="flex items-center justify-between">
        <h2 id="categories-heading" className="text-xl font-bold text-slate-900">
          {f.categories}
        </h2>
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50 md:hidden"
          aria-expanded={open}
          aria-controls="category-grid"
          onClick={() => setOpen((v) => !v)}
        >
          {open ? f.hide : f.show}
          {open ? <ChevronUp className="size-4" aria-hidden /> : <ChevronDown className="size-4" aria-hidden />}
        </button>
      </div>
      <ul
        id="category-grid"
        className={`${open ? "grid" : "hidden"} grid-cols-1 gap-2 sm:grid-cols-2 md:grid md:grid-cols-3 md:gap-3 lg:grid-cols-4`}
      >
        {categories.map((c) => (
          <li key={c.id}>
            <Link
              to={categoryPath(c.id)}
              className="flex h-full flex-col gap-1 rounded-xl border border-slate-200 bg-white p-3 transition hover:border-brand-500 hover:shadow-sm md:p-4"
            >
              <span className="font-semibold text-slate-900">{c.name}</span>
              <span className="line-clamp-2 hidden text-sm text-slate-600 md:block">{c.description}</span>
              <span className="mt-auto pt-1 text-xs font-medium text-brand-700">{f.threadsCount(c.threadsCount)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
