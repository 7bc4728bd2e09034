/**
 * Start page `/` and forum home `/forum` (SPEC §2 Forum home): how-to text, 'Kategorier' grid,
 * 'Trendande aktier' (the 10 tickers most members named in the last 24 hours),
 * 'Diskussioner' with the tabs Senaste (newest), Trendar (reactions in the last hour) and
 * Populära (hot score). The tab is in the URL (`?sortera=trendar`), so it survives a reload and
 * can be shared; lists paginate with `?sida=N`. Members get a fourth tab 'Bevakat'
 * (`?sortera=bevakat`): threads by members they follow and threads mentioning tickers
 * they watch, newest first. Visitors do not see it; a visitor asking for it gets 'Senaste'
 * (docs/decisions/023-watchlist.md).
 *
 * @module
 */
import { listReader, sharePersonal } from "../../server/cache/share-personal";
import { Link } from "react-router";
import { listCategories } from "../../server/forum/queries";
import { servicesContext } from "../../server/platform/services";
import { getViewer } from "../../server/accounts/session";
import { markMuted } from "../../server/mutes/collapse";
import { listThreads } from "../../server/trending/queries";
import { cachedTrendingTickers } from "../../server/tickers/trending";
import { watchedThreads } from "../../server/watchlist/queries";
import { CategoryGrid } from "../components/forum/category-grid";
import { HowTo } from "../components/forum/how-to";
import { pageFrom, Pager } from "../components/forum/pager";
import { ThreadList } from "../components/forum/thread-row";
import { TrendingTickers } from "../components/forum/trending-tickers";
import { app, feeds as fd, forum as f, watchlist as wl } from "../../domain/i18n/sv";
import { forumFeedPath } from "../../domain/paths";
import { useViewer } from "../lib/viewer";
import { sharedRead } from "../../server/cache/read-caches";
import { websiteJsonLd } from "../lib/structured-data";
import { JsonLd } from "../components/seo/json-ld";
import type { Route } from "./+types/forum-home";

/** URL values of the tabs and the list order they choose. */
const TABS = [
  { param: "senaste", sort: "latest", label: f.sortLatest },
  { param: "trendar", sort: "trending", label: f.sortTrending },
  { param: "populara", sort: "popular", label: f.sortPopular },
] as const;

/** The members' fourth tab: followed members' threads and watched tickers' threads. */
const WATCHED_TAB = { param: "bevakat", label: wl.tab } as const;

/** SPEC §9 Recent threads: 10 per page. */
const PAGE_SIZE = 10;

/**
 * Categories, one page of threads in the chosen order, and the trending tickers;
 * `?sortera=bevakat` is the member's 'Bevakat' tab (a visitor gets 'Senaste').
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { db, config } = services;
  const url = new URL(request.url);
  const asked = url.searchParams.get("sortera");
  const page = pageFrom(url);
  const member = await getViewer(services, request);
  const viewer = asked === WATCHED_TAB.param ? member : null;
  const tab = TABS.find((t) => t.param === asked) ?? TABS[0];
  // The lists every member sees alike come from the shared cache in production.
  const shared = <T extends object>(key: string, read: () => Promise<T>) => sharedRead(services.sharedPageData, request, member !== null, key, read);
  const [categories, list, trendingTickers] = await Promise.all([
    shared("categories", () => listCategories(db)),
    viewer
      ? watchedThreads(db, viewer.id, page, PAGE_SIZE)
      : shared(`list|${tab.sort}|all|${page}|${PAGE_SIZE}`, () => listThreads(db, { sort: tab.sort, page, pageSize: PAGE_SIZE })),
    // 'Trendande aktier': at most a minute old (per-process cache).
    cachedTrendingTickers(db, config.trendingTickersTtlSeconds),
  ]);
  const shown: string = viewer ? WATCHED_TAB.param : tab.param;
  // Threads by members the viewer mutes collapse to one line.
  const threads = markMuted(list.threads, member, (t) => t.author?.id);
  // The shared member render learns whose threads this page lists ('Bevakat' is the
  // member's own list: no manifest, rendered for each member).
  const personal = viewer ? {} : sharePersonal(context, listReader(list.threads.map((t) => t.author?.id)));
  return { categories, threads, hasMore: list.hasMore, page, tab: shown, trendingTickers, publicUrl: config.publicUrl, ...personal };
}

/**
 * Title, description and OpenGraph tags of the start page. `/`, `/forum` and every tab and page
 * of it name `<PUBLIC_URL>/forum` as canonical (the lists change by the minute; the
 * threads themselves are the pages to index).
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${app.name} – ${app.title}` },
  { name: "description", content: app.description },
  { property: "og:title", content: app.title },
  { property: "og:description", content: app.description },
  { property: "og:type", content: "website" },
  { property: "og:site_name", content: app.name },
  ...(loaderData ? [{ tagName: "link", rel: "canonical", href: `${loaderData.publicUrl}/forum` }] : []),
  // The feed of the newest threads.
  { tagName: "link", rel: "alternate", type: "application/atom+xml", title: fd.alternate(fd.forumTitle), href: forumFeedPath() },
];

/** The forum home. */
export default function ForumHome({ loaderData }: Route.ComponentProps) {
  const { categories, threads, hasMore, page, tab, trendingTickers, publicUrl } = loaderData;
  const viewer = useViewer();
  const tabs: readonly { param: string; label: string }[] = viewer ? [...TABS, WATCHED_TAB] : TABS;
  return (
    <div className="space-y-8">
      {/* WebSite with a SearchAction for /forum/sok?q=. */}
      {viewer ? null : <JsonLd data={import.meta.env.SSR ? websiteJsonLd(publicUrl) : null} />}
      <div className="space-y-2">
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 md:text-3xl">{app.title}</h1>
        <p className="text-slate-600">{app.description}</p>
      </div>
      <HowTo />
      <CategoryGrid categories={categories} />
      <TrendingTickers tickers={trendingTickers} />
      <section aria-labelledby="discussions-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="discussions-heading" className="text-xl font-bold text-slate-900">
            {f.discussions}
          </h2>
          <div role="tablist" aria-label={f.discussions} className="inline-flex max-w-full overflow-x-auto rounded-lg bg-slate-200 p-1 text-sm">
            {tabs.map((t) => (
              <Link
                key={t.param}
                role="tab"
                aria-selected={t.param === tab}
                to={t.param === "senaste" ? "?" : `?sortera=${t.param}`}
                preventScrollReset
                className={`whitespace-nowrap rounded-md px-2.5 py-1 font-semibold sm:px-3 ${t.param === tab ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"}`}
              >
                {t.label}
              </Link>
            ))}
          </div>
        </div>
        <ThreadList
          threads={threads}
          showCategory
          empty={tab === "trendar" ? f.emptyTrending : tab === WATCHED_TAB.param ? wl.tabEmpty : f.emptyThreads}
        />
        <Pager page={page} hasMore={hasMore} />
      </section>
    </div>
  );
}
