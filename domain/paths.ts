/**
 * URLs of forum pages (SPEC §2 route table), built in one place.
 *
 * @module
 */

/** `/forum/kategori/{categoryId}` */
export const categoryPath = (categoryId: string) => `/forum/kategori/${categoryId}`;
/** `/forum/kategori/{categoryId}/trad/{threadId}` with an optional `#comment-{id}` anchor. */
export const threadPath = (categoryId: string, threadId: string, commentId?: string) =>
  `/forum/kategori/${categoryId}/trad/${threadId}${commentId ? `#comment-${commentId}` : ""}`;
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
export const threadFeedPath = (categoryId: string, threadId: string) => `${threadPath(categoryId, threadId)}/feed.atom`;
/** `/forum/aktie/{TICKER}/feed.atom`: the newest posts naming a ticker. */
export const tickerFeedPath = (ticker: string) => `${tickerPath(ticker)}/feed.atom`;
