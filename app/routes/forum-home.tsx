/**
 * Start page `/` and forum home `/forum` (SPEC §2 Forum home): how-to text, 'Kategorier' grid,
 * 'Trendande aktier' (the 10 tickers most members named in the last 24 hours),
 * 'Diskussioner' with the tabs Senaste (newest), Trendar (reactions in the last hour) and
 * Populära (hot score), then 'Aktiva' (`?sortera=aktiva`: newest comment or thread first, with
 * who wrote last and the most active participants). The tab is in the URL (`?sortera=trendar`),
 * so it survives a reload and can be shared; lists paginate with `?sida=N`. Members also get
 * 'Bevakat' (`?sortera=bevakat`): threads by members they follow and threads mentioning tickers
 * they watch, newest first (docs/decisions/023-watchlist.md), and 'Olästa' (`?sortera=olasta`):
 * threads with something they have not read (docs/decisions/052-unread-and-links.md). Visitors
 * do not see those two; a visitor asking for one gets 'Senaste'. Every row carries the member's
 * unread mark ('N nya' or the new-thread dot) as a personal part; a member's own list is one
 * personal part as a whole, so its pages also come from the shared member render.
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
import { threadRowsWithActivity, unreadThreads } from "../../server/unread/queries";
import { markUnread, withUnreadMarks } from "../../server/unread/personal";
import { CategoryGrid } from "../components/forum/category-grid";
import { HowTo } from "../components/forum/how-to";
import { pageFrom, Pager } from "../components/forum/pager";
import { ThreadList } from "../components/forum/thread-row";
import { TrendingTickers } from "../components/forum/trending-tickers";
import { MarkReadButton } from "../components/forum/mark-read-button";
import { app, feeds as fd, forum as f, unread as ur, watchlist as wl } from "../../domain/i18n/sv";
import { forumFeedPath } from "../../domain/paths";
import { useViewer } from "../lib/viewer";
import { Personal } from "../lib/personal";
import { sharedRead } from "../../server/cache/read-caches";
import { websiteJsonLd } from "../lib/structured-data";
import { JsonLd } from "../components/seo/json-ld";
import type { Route } from "./+types/forum-home";

/** URL values of the tabs and the list order they choose. */
const TABS = [
  { param: "senaste", sort: "latest", label: f.sortLatest },
  { param: "trendar", sort: "trending", label: f.sortTrending },
  { param: "populara", sort: "popular", label: f.sortPopular },
  { param: "aktiva", sort: "active", label: ur.activeTab },
] as const;

/** The members' tabs: followed members' and watched tickers' threads; threads with something unread. */
const WATCHED_TAB = { param: "bevakat", label: wl.tab } as const;
const UNREAD_TAB = { param: "olasta", label: ur.tab } as const;
const MEMBER_TABS = [WATCHED_TAB, UNREAD_TAB] as const;

/** The personal part of a member's own list ('Bevakat', 'Olästa'): `{ threads, hasMore }`. */
const OWN_LIST_PART = "own-list";

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
  // The member's own lists ('Bevakat', 'Olästa'): one personal part of the shared render.
  const own = member ? MEMBER_TABS.find((t) => t.param === asked) ?? null : null;
  const viewer = own ? member : null;
  // The rows themselves (titles, counts, who wrote last) are everyone's alike: shared page data,
  // through the request's own rule in the loader, straight from the cache in the shared render's
  // reader (which runs only for a member who did not write just now).
  type Shared = <T extends object>(key: string, read: () => Promise<T>) => Promise<T>;
  const inLoader: Shared = (key, read) => sharedRead(services.sharedPageData, request, true, key, read);
  const inReader: Shared = (key, read) => services.sharedPageData?.get(key, read) ?? read();
  const ownRows = async (memberId: string, shared: Shared) => {
    const rowsOf = (ids: string[]) => shared(`rows-with-activity|${ids.join(",")}`, () => threadRowsWithActivity(db, ids));
    const rows = own === UNREAD_TAB ? await unreadThreads(db, memberId, page, PAGE_SIZE, rowsOf) : await watchedThreads(db, memberId, page, PAGE_SIZE);
    return { threads: await markUnread(db, { id: memberId }, rows.threads), hasMore: rows.hasMore };
  };
  const tab = TABS.find((t) => t.param === asked) ?? TABS[0];
  // The lists every member sees alike come from the shared cache in production.
  const shared = <T extends object>(key: string, read: () => Promise<T>) => sharedRead(services.sharedPageData, request, member !== null, key, read);
  const [categories, list, trendingTickers] = await Promise.all([
    shared("categories", () => listCategories(db)),
    viewer
      ? ownRows(viewer.id, inLoader)
      : shared(`list|${tab.sort}|all|${page}|${PAGE_SIZE}`, () =>
          // 'Senaste' leads with the threads an admin pinned to the forum home; the rankings
          // (Trendar, Populära) show no pins (docs/decisions/053-thread-tools.md).
          listThreads(db, { sort: tab.sort, page, pageSize: PAGE_SIZE, ...(tab.sort === "latest" ? { pinned: "home" as const } : {}) }),
        ),
    // 'Trendande aktier': at most a minute old (per-process cache).
    cachedTrendingTickers(db, config.trendingTickersTtlSeconds),
  ]);
  const shown: string = own ? own.param : tab.param;
  // Threads by members the viewer mutes collapse to one line; the member's unread marks.
  const threads = markMuted(viewer ? list.threads : await markUnread(db, member, list.threads), member, (t) => t.author?.id);
  // The shared member render learns whose threads this page lists, and reads each member's
  // unread marks; on 'Bevakat' and 'Olästa' it reads each member's own list (the generic member's
  // is empty), and a member who mutes a listed author gets the page rendered for them alone.
  const personal = viewer
    ? sharePersonal(context, async (reader) => {
        const mine = await ownRows(reader.id, inReader);
        return mine.threads.some((t) => t.author && reader.mutedIds.has(t.author.id)) ? null : { [OWN_LIST_PART]: mine };
      })
    : sharePersonal(context, withUnreadMarks(db, list.threads, listReader(list.threads.map((t) => t.author?.id))));
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
  const tabs: readonly { param: string; label: string }[] = viewer ? [...TABS, ...MEMBER_TABS] : TABS;
  const ownTab = MEMBER_TABS.some((t) => t.param === tab);
  const empty = tab === "trendar" ? f.emptyTrending : tab === WATCHED_TAB.param ? wl.tabEmpty : tab === UNREAD_TAB.param ? ur.tabEmpty : f.emptyThreads;
  // A member's own list is one personal part: its rows carry their marks themselves.
  const list = (rows: typeof threads, more: boolean) => (
    <>
      <ThreadList threads={rows} showCategory ownList={ownTab} empty={empty} />
      <Pager page={page} hasMore={more} />
    </>
  );
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
          <div role="tablist" aria-label={f.discussions} className="inline-flex max-w-full flex-wrap rounded-lg bg-slate-200 p-1 text-sm">
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
        {viewer ? (
          <div className="flex justify-end">
            <MarkReadButton />
          </div>
        ) : null}
        {ownTab ? (
          <Personal name={OWN_LIST_PART} value={{ threads, hasMore }}>
            {(mine) => list(mine.threads, mine.hasMore)}
          </Personal>
        ) : (
          list(threads, hasMore)
        )}
      </section>
    </div>
  );
}
