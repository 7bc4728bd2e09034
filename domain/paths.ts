/**
 * URLs of forum pages (SPEC §2 route table), built in one place.
 *
 * @module
 */
import { threadSlug } from "./slug";

/** `/forum/kategori/{categoryId}` */
export const categoryPath = (categoryId: string) => `/forum/kategori/${categoryId}`;
/**
 * A thread's URL: `/forum/kategori/{categoryId}/trad/{threadId}/{slug}` (the slug of its title,
 * domain/slug.ts) with an optional `#comment-{id}` anchor. Without a title, the URL without slug,
 * which redirects to the canonical one.
 */
export const threadPath = (categoryId: string, threadId: string, title?: string | null, commentId?: string) => {
  const slug = title ? threadSlug(title) : "";
  return `/forum/kategori/${categoryId}/trad/${threadId}${slug ? `/${slug}` : ""}${commentId ? `#comment-${commentId}` : ""}`;
};
/**
 * The thread id in a thread's URL or path (with or without slug, query or anchor).
 *
 * @returns the id, or null when the path is not a thread page's
 */
export const threadIdOf = (path: string): string | null => /\/trad\/([0-9a-f-]{36})(?:[/?#]|$)/.exec(path)?.[1] ?? null;
/**
 * `/forum/kommentar/{commentId}`: redirects to the page of the thread that shows the comment, at
 * `#comment-{id}` (comments are paginated, so the thread URL alone does not say which page).
 */
export const commentPath = (commentId: string) => `/forum/kommentar/${commentId}`;
/** `/forum/edit/{threadId}`: the edit page of a thread (comments are edited in place). */
export const editPath = (threadId: string) => `/forum/edit/${threadId}`;
/** `/forum/ny-trad/{categoryId}` */
export const newThreadPath = (categoryId: string) => `/forum/ny-trad/${categoryId}`;
/** Login URL that returns to `back` afterwards. */
export const loginPath = (back?: string) =>
  back ? `/auth/login?redirectTo=${encodeURIComponent(back)}` : "/auth/login";
/** `/forum/profil/{userId}` */
export const profilePath = (userId: string) => `/forum/profil/${userId}`;
/** `/forum/sok?q=…` (the full results page). */
export const searchPath = (query: string) => `/forum/sok?q=${encodeURIComponent(query)}`;
/** `/forum/aktie/{TICKER}`: the ticker page (cashtags). */
export const tickerPath = (ticker: string) => `/forum/aktie/${encodeURIComponent(ticker)}`;
/** `/forum/feed.atom`: Atom feed of the newest threads. */
export const forumFeedPath = () => "/forum/feed.atom";
/** `/forum/kategori/{categoryId}/feed.atom`: Atom feed of a category's newest threads. */
export const categoryFeedPath = (categoryId: string) => `${categoryPath(categoryId)}/feed.atom`;
/** `/forum/kategori/{categoryId}/trad/{threadId}/feed.atom`: a thread's newest comments. */
export const threadFeedPath = (categoryId: string, threadId: string) => `/forum/kategori/${categoryId}/trad/${threadId}/feed.atom`;
/** `/forum/aktie/{TICKER}/feed.atom`: the newest posts naming a ticker. */
export const tickerFeedPath = (ticker: string) => `${tickerPath(ticker)}/feed.atom`;
