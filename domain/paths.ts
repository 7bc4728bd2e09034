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
/** `/forum/edit/{threadId}`: the edit page of a thread (issue 16; comments are edited in place). */
export const editPath = (threadId: string) => `/forum/edit/${threadId}`;
/** `/forum/ny-trad/{categoryId}` */
export const newThreadPath = (categoryId: string) => `/forum/ny-trad/${categoryId}`;
/** Login URL that returns to `back` afterwards. */
export const loginPath = (back?: string) =>
  back ? `/auth/login?redirectTo=${encodeURIComponent(back)}` : "/auth/login";
/** `/forum/profil/{userId}` */
export const profilePath = (userId: string) => `/forum/profil/${userId}`;
/** `/forum/sok?q=…` (issue "Trending and search": the full results page). */
export const searchPath = (query: string) => `/forum/sok?q=${encodeURIComponent(query)}`;
/** `/forum/aktie/{TICKER}`: the ticker page (issue "Profiles and the social graph": cashtags). */
export const tickerPath = (ticker: string) => `/forum/aktie/${encodeURIComponent(ticker)}`;
