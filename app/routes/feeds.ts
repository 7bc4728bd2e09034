/**
 * Atom feeds, one resource route module under four paths (`app/routes.ts`):
 *
 * - `/forum/feed.atom`: the newest threads of the forum,
 * - `/forum/kategori/{categoryId}/feed.atom`: the newest threads of a category,
 * - `/forum/kategori/{categoryId}/trad/{threadId}/feed.atom`: a thread's newest comments,
 * - `/forum/aktie/{TICKER}/feed.atom`: the newest posts naming a ticker.
 *
 * Public, the same for every visitor (no session is read). Unknown category, thread or ticker: 404
 * with the Swedish message; a moved or merged thread's old feed URL: 301 to its feed now. Rules in docs/decisions/035-feeds.md.
 *
 * @module
 */
import { redirect } from "react-router";
import { getCompany } from "../../server/tickers/companies";
import { atomFeed, feedNotFound, feedResponse, type FeedHead } from "../../server/feeds/atom";
import { feedThread, feedThreads, feedTickerPosts, type FeedPost } from "../../server/feeds/queries";
import { getCategory } from "../../server/forum/queries";
import { movedThreadLocation } from "../../server/thread-tools/queries";
import { servicesContext } from "../../server/platform/services";
import { feeds as fd, forum as f, ticker as tk } from "../../domain/i18n/sv";
import {
  categoryFeedPath,
  categoryPath,
  forumFeedPath,
  threadFeedPath,
  threadPath,
  tickerFeedPath,
  tickerPath,
} from "../../domain/paths";
import type { Route } from "./+types/feeds";

/**
 * The feed named by the URL's params: `threadId` (with `categoryId`) → thread feed, `categoryId`
 * → category feed, `ticker` → ticker feed (a lower-case ticker redirects 301 to the upper-case
 * feed), none → forum feed.
 *
 * @returns the Atom `Response` (200, or 304 for a matching `If-None-Match`), a plain-text 404, or
 *   a redirect
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext);
  const p = params as { categoryId?: string; threadId?: string; ticker?: string };
  let head: FeedHead;
  let posts: FeedPost[];
  if (p.threadId && p.categoryId) {
    const thread = await feedThread(db, p.categoryId, p.threadId);
    if (!thread) {
      // A moved or merged thread's old feed URL leads to its feed where it is now.
      const moved = await movedThreadLocation(db, p.categoryId, p.threadId);
      if (moved) throw redirect(threadFeedPath(moved.categoryId, moved.threadId), 301);
      return feedNotFound(f.threadNotFound);
    }
    head = {
      title: fd.threadTitle(thread.title),
      subtitle: fd.threadSubtitle(thread.title),
      pagePath: threadPath(thread.categoryId, p.threadId, thread.title),
      feedPath: threadFeedPath(thread.categoryId, p.threadId),
    };
    posts = thread.posts;
  } else if (p.categoryId) {
    const category = await getCategory(db, p.categoryId);
    if (!category) return feedNotFound(f.categoryNotFound);
    head = {
      title: fd.categoryTitle(category.name),
      subtitle: fd.categorySubtitle(category.name),
      pagePath: categoryPath(category.id),
      feedPath: categoryFeedPath(category.id),
    };
    posts = await feedThreads(db, category.id);
  } else if (p.ticker) {
    const company = await getCompany(db, p.ticker);
    if (!company) return feedNotFound(tk.notFound);
    if (p.ticker !== company.ticker) throw redirect(tickerFeedPath(company.ticker), 301);
    head = {
      title: fd.tickerTitle(company.ticker, company.name),
      subtitle: fd.tickerSubtitle(company.ticker),
      pagePath: tickerPath(company.ticker),
      feedPath: tickerFeedPath(company.ticker),
    };
    posts = await feedTickerPosts(db, company.ticker);
  } else {
    head = { title: fd.forumTitle, subtitle: fd.forumSubtitle, pagePath: "/forum", feedPath: forumFeedPath() };
    posts = await feedThreads(db, null);
  }
  return feedResponse(request, atomFeed(head, posts, config.publicUrl));
}
