/**
 * `/forum/bevakning` (watchlist 'Bevakning'), members only (visitors are sent to the
 * login page): the member's watched tickers — `$TICKER` linked to its page, company name, sector
 * in Swedish, posts today (since midnight Europe/Stockholm), the members' stated view of the last
 * 7 days and a 'Sluta bevaka' button — and the newest threads and comments that mention any of
 * them, paginated with `?sida=N`.
 *
 * @module
 */
import { Link } from "react-router";
import { servicesContext } from "../../server/platform/services";
import { getViewer, requireViewer } from "../../server/accounts/session";
import { markMuted } from "../../server/mutes/collapse";
import { watchFormAction } from "../../server/watchlist/form-action";
import { listWatchedTickers, watchlistFeed } from "../../server/watchlist/queries";
import { pageFrom, Pager } from "../components/forum/pager";
import { TickerPostList } from "../components/forum/ticker-post-list";
import { WatchButton } from "../components/watchlist/watch-button";
import { app, stances as st, watchlist as wl } from "../../domain/i18n/sv";
import { WATCHLIST_MAX } from "../../domain/limits";
import { sectorName } from "../../domain/sectors";
import type { Route } from "./+types/watchlist";

/** The member's tickers and one page of the feed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const viewer = await requireViewer(services, request);
  const page = pageFrom(new URL(request.url));
  const [tickers, feed] = await Promise.all([
    listWatchedTickers(services.db, viewer.id),
    watchlistFeed(services.db, viewer.id, page),
  ]);
  return {
    tickers: tickers.map((t) => ({ ...t, sectorName: sectorName(t.sector) })),
    // Posts by members the viewer mutes collapse to one line.
    posts: markMuted(feed.posts, viewer, (p) => p.authorId),
    hasMore: feed.hasMore,
    page,
  };
}

/** 'Sluta bevaka' (and 'Bevaka') from the table: `intent`, `ticker`. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  return watchFormAction(services, await getViewer(services, request), request);
}

/** Page title. */
export const meta: Route.MetaFunction = () => [{ title: `${wl.title} – ${app.name}` }, { name: "robots", content: "noindex" }];

/** The watchlist page. */
export default function WatchlistPage({ loaderData }: Route.ComponentProps) {
  const { tickers, posts, hasMore, page } = loaderData;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">{wl.title}</h1>
        <p className="text-slate-600">{wl.description}</p>
      </div>
      <section aria-labelledby="watchlist-tickers" className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="watchlist-tickers" className="text-xl font-bold">
            {wl.tickers}
          </h2>
          <p className="text-sm text-slate-500">{wl.count(tickers.length, WATCHLIST_MAX)}</p>
        </div>
        {tickers.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">{wl.empty}</p>
        ) : (
          <>
          {/* Phones: one card per ticker, every column and the button readable without scrolling. */}
          <ul className="space-y-2 sm:hidden" aria-labelledby="watchlist-tickers">
            {tickers.map((t) => (
              <li key={t.ticker} className="rounded-xl border border-slate-200 bg-white p-3">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <Link to={`/forum/aktie/${t.ticker}`} className="font-mono font-bold text-brand-700 hover:underline">
                      ${t.ticker}
                    </Link>
                    <p className="truncate text-sm text-slate-800">{t.name}</p>
                    <p className="text-xs text-slate-500">{t.sectorName ?? wl.noSector}</p>
                  </div>
                  <div className="shrink-0 whitespace-nowrap">
                    <WatchButton ticker={t.ticker} watching loggedIn />
                  </div>
                </div>
                <dl className="mt-2 grid grid-cols-2 gap-2 text-sm">
                  <div>
                    <dt className="text-xs text-slate-500">{wl.colPostsToday}</dt>
                    <dd className="tabular-nums">{t.postsToday}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500">{wl.colSentiment}</dt>
                    <dd>{st.membersCount(t.sentiment.bullish, t.sentiment.bearish)}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
          {/* `relative`: the sr-only header below is absolutely placed; without a positioned
              ancestor it escapes the scroll box and widens the whole page. */}
          <div className="relative hidden overflow-x-auto rounded-xl border border-slate-200 bg-white sm:block">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th scope="col" className="px-3 py-2">{wl.colTicker}</th>
                  <th scope="col" className="px-3 py-2">{wl.colCompany}</th>
                  <th scope="col" className="hidden px-3 py-2 md:table-cell">{wl.colSector}</th>
                  <th scope="col" className="px-3 py-2 text-right">{wl.colPostsToday}</th>
                  <th scope="col" className="px-3 py-2">{wl.colSentiment}</th>
                  <th scope="col" className="px-3 py-2"><span className="sr-only">{wl.colActions}</span></th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {tickers.map((t) => (
                  <tr key={t.ticker}>
                    <td className="px-3 py-2">
                      <Link to={`/forum/aktie/${t.ticker}`} className="whitespace-nowrap font-mono font-bold text-brand-700 hover:underline">
                        ${t.ticker}
                      </Link>
                    </td>
                    <td className="px-3 py-2 text-slate-800">{t.name}</td>
                    <td className="hidden px-3 py-2 text-slate-600 md:table-cell">{t.sectorName ?? wl.noSector}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{t.postsToday}</td>
                    <td className="whitespace-nowrap px-3 py-2">
                      {st.membersCount(t.sentiment.bullish, t.sentiment.bearish)}
                    </td>
                    <td className="whitespace-nowrap px-3 py-2 text-right">
                      <WatchButton ticker={t.ticker} watching loggedIn />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          </>
        )}
      </section>
      <section aria-labelledby="watchlist-feed" className="space-y-3">
        <h2 id="watchlist-feed" className="text-xl font-bold">
          {wl.feed}
        </h2>
        {posts.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">{wl.feedEmpty}</p>
        ) : (
          <TickerPostList posts={posts} />
        )}
        <Pager page={page} hasMore={hasMore} />
      </section>
    </div>
  );
}
