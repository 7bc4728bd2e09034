/**
 * Category page (SPEC §2 Category page): name, description, 'Nytt inlägg', thread list newest
 * first, empty state. Served at `/forum/kategori/{id}` and `/forum/category/{id}`.
 *
 * @module
 */
import { Plus } from "lucide-react";
import { data, Link } from "react-router";
import { getCategory, listCategoryThreads } from "../../server/forum/queries";
import { servicesContext } from "../../server/services";
import { ThreadList } from "../components/forum/thread-row";
import { NotFoundBox } from "../components/layout/not-found";
import { ButtonLink } from "../components/ui/button";
import { app, forum as f, nav } from "../i18n/sv";
import { categoryPath, newThreadPath } from "../lib/paths";
import type { Route } from "./+types/category";

/** The category and one page of its threads (`?sida=N`). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext);
  const category = await getCategory(db, params.categoryId);
  if (!category) throw data(f.categoryNotFound, { status: 404 });
  const pageParam = Number(new URL(request.url).searchParams.get("sida") ?? "1");
  const page = Number.isFinite(pageParam) && pageParam >= 1 && pageParam <= 10_000 ? Math.floor(pageParam) : 1;
  const { threads, hasMore } = await listCategoryThreads(db, category.id, page);
  return { category, threads, page, hasMore, canonical: `${config.publicUrl}${categoryPath(category.id)}` };
}

/** Title, description and OpenGraph tags of the category. */
export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: `${f.categoryNotFound} – ${app.name}` }];
  const { category, canonical } = loaderData;
  return [
    { title: `${category.name} – ${app.name}` },
    { name: "description", content: category.description },
    { property: "og:title", content: `${category.name} – ${app.name}` },
    { property: "og:description", content: category.description },
    { property: "og:type", content: "website" },
    { property: "og:url", content: canonical },
    { property: "og:site_name", content: app.name },
    { tagName: "link", rel: "canonical", href: canonical },
  ];
};

/** The category page. */
export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, threads, page, hasMore } = loaderData;
  return (
    <div className="space-y-6">
      <nav aria-label={nav.breadcrumb} className="text-sm text-slate-500">
        <Link to="/forum" className="hover:text-slate-800 hover:underline">
          {f.breadcrumbForum}
        </Link>{" "}
        / <span className="text-slate-700">{category.name}</span>
      </nav>
      <div className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
        <div className="space-y-1">
          <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 md:text-3xl">{category.name}</h1>
          <p className="text-slate-600">{category.description}</p>
        </div>
        <ButtonLink to={newThreadPath(category.id)} className="shrink-0 self-start">
          <Plus className="size-4" aria-hidden /> {f.newPost}
        </ButtonLink>
      </div>
      <ThreadList
        threads={threads}
        empty={
          <div className="flex flex-col items-center gap-4">
            <p>{f.emptyCategory}</p>
            <ButtonLink to={newThreadPath(category.id)}>{f.createFirstPost}</ButtonLink>
          </div>
        }
      />
      {page > 1 || hasMore ? (
        <nav className="flex justify-between text-sm font-semibold" aria-label={nav.pages}>
          {page > 1 ? <Link to={`?sida=${page - 1}`} className="text-brand-700 hover:underline">{nav.newer}</Link> : <span />}
          {hasMore ? <Link to={`?sida=${page + 1}`} className="text-brand-700 hover:underline">{nav.older}</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}

/** Missing category: the spec's text, status 404. */
export function ErrorBoundary() {
  return <NotFoundBox text={f.categoryNotFound} />;
}
