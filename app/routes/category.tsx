/**
 * Category page (SPEC §2 Category page): name, description, 'Nytt inlägg', thread list newest
 * first, empty state. Served at `/forum/kategori/{id}` and `/forum/category/{id}`.
 *
 * @module
 */
import { listReader, sharePersonal } from "../../server/cache/share-personal";
import { Plus } from "lucide-react";
import { data, Link } from "react-router";
import { getCategory } from "../../server/forum/queries";
import { listThreads } from "../../server/trending/queries";
import { servicesContext } from "../../server/platform/services";
import { sharedRead } from "../../server/cache/read-caches";
import { getViewer } from "../../server/accounts/session";
import { markMuted } from "../../server/mutes/collapse";
import { markUnread, withUnreadMarks } from "../../server/unread/personal";
import { MarkReadButton } from "../components/forum/mark-read-button";
import { useViewer } from "../lib/viewer";
import { pageFrom, Pager } from "../components/forum/pager";
import { ThreadList } from "../components/forum/thread-row";
import { RouteErrorBox } from "../components/layout/error-views";
import { ButtonLink } from "../components/ui/button";
import { app, feeds as fd, forum as f, nav } from "../../domain/i18n/sv";
import { categoryFeedPath, categoryPath, newThreadPath } from "../../domain/paths";
import { NOINDEX, paginationLinks } from "../lib/seo";
import type { Route } from "./+types/category";

/** Threads per category page (docs/decisions/001-limits.md). */
const CATEGORY_PAGE_SIZE = 30;

/** The category and one page of its threads (`?sida=N`). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { db, config } = services;
  const viewer = await getViewer(services, request);
  // What every member sees alike comes from the shared cache in production.
  const shared = <T extends object>(key: string, read: () => Promise<T>) => sharedRead(services.sharedPageData, request, viewer !== null, key, read);
  const { category } = await shared(`category|${params.categoryId}`, async () => ({ category: await getCategory(db, params.categoryId) }));
  if (!category) throw data(f.categoryNotFound, { status: 404 });
  const page = pageFrom(new URL(request.url));
  const list = await shared(`list|latest|${category.id}|${page}|${CATEGORY_PAGE_SIZE}`, () =>
    // Pinned threads ('Fäst') lead the first page.
    listThreads(db, { sort: "latest", categoryId: category.id, page, pageSize: CATEGORY_PAGE_SIZE, pinned: "category" }),
  );
  const { hasMore } = list;
  // Threads by members the viewer mutes collapse to one line; the member's unread marks.
  const threads = markMuted(await markUnread(db, viewer, list.threads), viewer, (t) => t.author?.id);
  // The shared member render learns whose threads this page lists, and reads each member's marks.
  const personal = sharePersonal(context, withUnreadMarks(db, list.threads, listReader(list.threads.map((t) => t.author?.id))));
  return { category, threads, page, hasMore, canonical: `${config.publicUrl}${categoryPath(category.id)}`, ...personal };
}

/**
 * Title, description and OpenGraph tags of the category. Both `/forum/kategori/{id}` and
 * `/forum/category/{id}` name the `kategori` URL as canonical; a later page is canonical to
 * itself (`?sida=N`) with `rel=prev/next`. A missing category is `noindex`.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: `${f.categoryNotFound} – ${app.name}` }, NOINDEX];
  const { category, canonical, page, hasMore } = loaderData;
  return [
    { title: `${category.name} – ${app.name}` },
    { name: "description", content: category.description },
    { property: "og:title", content: `${category.name} – ${app.name}` },
    { property: "og:description", content: category.description },
    { property: "og:type", content: "website" },
    { property: "og:url", content: canonical },
    { property: "og:site_name", content: app.name },
    ...paginationLinks(canonical, page, hasMore),
    // The category's feed.
    { tagName: "link", rel: "alternate", type: "application/atom+xml", title: fd.alternate(fd.categoryTitle(category.name)), href: categoryFeedPath(category.id) },
  ];
};

/** The category page. */
export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, threads, page, hasMore } = loaderData;
  const viewer = useViewer();
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
        <div className="flex shrink-0 flex-wrap gap-2 self-start">
          <ButtonLink to={newThreadPath(category.id)}>
            <Plus className="size-4" aria-hidden /> {f.newPost}
          </ButtonLink>
          {viewer ? <MarkReadButton categoryId={category.id} /> : null}
        </div>
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
      <Pager page={page} hasMore={hasMore} />
    </div>
  );
}

/** Missing category: the spec's text, status 404; the 503 page when the database is unavailable. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorBox error={error} text={f.categoryNotFound} />;
}
