/**
 * Ticker page `/forum/aktie/{TICKER}`: company name, ticker, sector and industry in Swedish and
 * the website, every thread and comment that mentions it in its text or, for a thread,
 * its title (newest first, each with its own time), the members' stated view ('Din syn':
 * one vote per member, latest of 7 days, with the numbers), the bull/bear bar from the Bullish and
 * Bearish reactions on those posts in the last 7 days as a second line, and the share of posts
 * with a stated position ('Innehav', 30 days) whose author owns the stock. Unknown tickers answer 404.
 *
 * @module
 */
import { data, Link, redirect } from "react-router";
import { getCompany } from "../../server/tickers/companies";
import { servicesContext } from "../../server/platform/services";
import { getViewer } from "../../server/accounts/session";
import { markMuted } from "../../server/mutes/collapse";
import { listTickerPosts, memberSentiment, positionShare, tickerSentiment } from "../../server/tickers/queries";
import { isWatching } from "../../server/watchlist/commands";
import { watchFormAction } from "../../server/watchlist/form-action";
import { WatchButton } from "../components/watchlist/watch-button";
import { TickerPostList } from "../components/forum/ticker-post-list";
import { RouteErrorBox } from "../components/layout/error-views";
import { app, feeds as fd, nav, ticker as tk, forum as f, sectors as sec, stances as st } from "../../domain/i18n/sv";
import { industryName, sectorName } from "../../domain/sectors";
import { tickerFeedPath } from "../../domain/paths";
import { NOINDEX } from "../lib/seo";
import type { Route } from "./+types/ticker";

/**
 * Company, posts, sentiment and whether the viewer watches the ticker ('Bevaka'); a
 * lower-case ticker redirects to the upper-case URL.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { db, config } = services;
  const company = await getCompany(db, params.ticker);
  if (!company) throw data(tk.notFound, { status: 404 });
  if (params.ticker !== company.ticker) throw redirect(`/forum/aktie/${company.ticker}`, 301);
  const viewer = await getViewer(services, request);
  const [posts, sentiment, members, positions, watching] = await Promise.all([
    listTickerPosts(db, company.ticker),
    tickerSentiment(db, company.ticker),
    memberSentiment(db, company.ticker),
    positionShare(db, company.ticker),
    viewer ? isWatching(db, viewer.id, company.ticker) : Promise.resolve(false),
  ]);
  return {
    company,
    // Posts by members the viewer mutes collapse to one line.
    posts: markMuted(posts, viewer, (p) => p.authorId),
    sentiment,
    members,
    positions,
    watching,
    loggedIn: viewer !== null,
    url: `${config.publicUrl}/forum/aktie/${company.ticker}`,
  };
}

/** 'Bevaka' / 'Sluta bevaka': `intent=watch|unwatch`, `ticker`. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  return watchFormAction(services, await getViewer(services, request), request);
}

/** Title, description and OpenGraph. */
export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: `${tk.notFound} – ${app.name}` }, NOINDEX];
  const { company, url } = loaderData;
  const title = `$${company.ticker} – ${company.name} – ${app.name}`;
  const description = `${tk.mentions}: ${company.name} (${company.ticker}) på ${app.name}.`;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { tagName: "link", rel: "canonical", href: url },
    // The feed of the newest posts naming the ticker.
    { tagName: "link", rel: "alternate", type: "application/atom+xml", title: fd.alternate(fd.tickerTitle(company.ticker, company.name)), href: tickerFeedPath(company.ticker) },
  ];
};

/**
 * The members' stated view ('Din syn'): one vote per member, their latest of 7 days;
 * the numbers in words beside the bar.
 */
function MemberSentimentBar({ ticker, bullish, bearish }: { ticker: string; bullish: number; bearish: number }) {
  const total = bullish + bearish;
  if (total === 0) return <p className="text-sm text-slate-500">{st.membersNone(ticker)}</p>;
  const bullPct = Math.round((bullish / total) * 100);
  return (
    <div className="space-y-1">
      <div className="flex h-3 overflow-hidden rounded-full bg-red-200" role="img" aria-label={st.membersBarLabel(bullish, bearish)}>
        <div className="bg-emerald-600" style={{ width: `${bullPct}%` }} />
      </div>
      <p className="text-sm font-semibold text-slate-800" data-testid="member-sentiment">
        {st.membersCount(bullish, bearish)}
      </p>
      <p className="text-xs text-slate-500">{st.membersNote}</p>
    </div>
  );
}

/** The disclosure share ('Innehav'): posts of 30 days with a stated position whose author owns the stock. */
function PositionLine({ owns, stated }: { owns: number; stated: number }) {
  if (stated === 0) return <p className="text-sm text-slate-500">{st.positionsNone}</p>;
  return <p className="text-sm text-slate-800">{st.positionsShare(Math.round((owns / stated) * 100), owns, stated)}</p>;
}

function SentimentBar({ bull, bear }: { bull: number; bear: number }) {
  const total = bull + bear;
  if (total === 0) return <p className="text-sm text-slate-500">{tk.sentimentNone}</p>;
  const bullPct = Math.round((bull / total) * 100);
  return (
    <div className="space-y-1">
      <div
        className="flex h-3 overflow-hidden rounded-full bg-red-200"
        role="img"
        aria-label={`${tk.bull(bull)}, ${tk.bear(bear)}`}
      >
        <div className="bg-brand-600" style={{ width: `${bullPct}%` }} />
      </div>
      <div className="flex justify-between text-sm font-semibold">
        <span className="text-brand-800">🐂 {tk.bull(bull)}</span>
        <span className="text-red-700">🐻 {tk.bear(bear)}</span>
      </div>
    </div>
  );
}

/**
 * Sector and industry in Swedish and the website. The data set has no Nasdaq
 * Large/Mid/Small Cap segment (its size bucket is FinanceDatabase's own), so no list size is shown.
 */
function CompanyFacts({ company }: { company: Route.ComponentProps["loaderData"]["company"] }) {
  const sector = sectorName(company.sector);
  const industry = industryName(company.industry);
  if (!sector && !industry && !company.website) return null;
  return (
    <dl aria-label={sec.facts} className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {sector ? (
        <>
          <dt className="text-slate-500">{tk.sector}</dt>
          <dd className="text-slate-800">{sector}</dd>
        </>
      ) : null}
      {industry ? (
        <>
          <dt className="text-slate-500">{sec.industry}</dt>
          <dd className="text-slate-800">{industry}</dd>
        </>
      ) : null}
      {company.website ? (
        <>
          <dt className="text-slate-500">{sec.website}</dt>
          <dd className="min-w-0">
            <a
              href={company.website}
              rel="nofollow noopener"
              className="text-brand-700 underline hover:text-brand-800 [overflow-wrap:anywhere]"
            >
              {displayHost(company.website)}
            </a>
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** `http://www.volvogroup.com/` → `www.volvogroup.com` (path kept when there is one). */
function displayHost(url: string): string {
  return url.replace(/^https?:\/\//, "").replace(/\/$/, "");
}

/** The ticker page. */
export default function TickerPage({ loaderData }: Route.ComponentProps) {
  const { company, posts, sentiment, members, positions, watching, loggedIn } = loaderData;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <nav aria-label={nav.breadcrumb} className="text-sm text-slate-500">
        <Link to="/forum" className="hover:underline">
          {f.breadcrumbForum}
        </Link>{" "}
        / <span className="text-slate-700">${company.ticker}</span>
      </nav>
      <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 md:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <p className="font-mono text-sm font-bold text-brand-700">${company.ticker}</p>
            <h1 className="text-2xl font-extrabold tracking-tight">{company.name}</h1>
          </div>
          <WatchButton ticker={company.ticker} watching={watching} loggedIn={loggedIn} />
        </div>
        <CompanyFacts company={company} />
        <div className="space-y-3">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{st.membersTitle}</h2>
          <MemberSentimentBar ticker={company.ticker} bullish={members.bullish} bearish={members.bearish} />
          {/* The reactions-based figure, kept as a second line. */}
          <div className="space-y-1">
            <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{st.reactionsTitle}</h3>
            <SentimentBar bull={sentiment.bull} bear={sentiment.bear} />
          </div>
          <div className="space-y-1">
            <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{st.positionsTitle}</h3>
            <PositionLine owns={positions.owns} stated={positions.stated} />
          </div>
        </div>
      </section>
      <section className="space-y-3">
        <h2 className="text-xl font-bold">{tk.mentions}</h2>
        {posts.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
            {tk.noMentions(company.ticker)}
          </p>
        ) : (
          <TickerPostList posts={posts} />
        )}
      </section>
      <p className="text-xs text-slate-500">{tk.data}</p>
    </div>
  );
}

/** Unknown ticker; the 503 page when the database is unavailable. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorBox error={error} text={tk.notFound} />;
}
