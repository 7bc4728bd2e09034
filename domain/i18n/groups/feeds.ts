/**
 * Atom feeds of the newest threads, each category, each thread and each ticker page, and the
 * `<link rel="alternate">` titles that point at them (docs/decisions/035-feeds.md).
 */
export const feeds = {
  forumTitle: "Börssnack – senaste trådarna",
  forumSubtitle: "De senaste trådarna på Börssnack, forumet för börssnack.",
  categoryTitle: (category: string) => `${category} – Börssnack`,
  categorySubtitle: (category: string) => `De senaste trådarna i kategorin ${category} på Börssnack.`,
  threadTitle: (title: string) => `${title} – Börssnack`,
  threadSubtitle: (title: string) => `De senaste kommentarerna i tråden "${title}" på Börssnack.`,
  tickerTitle: (ticker: string, company: string) => `$${ticker} – ${company} – Börssnack`,
  tickerSubtitle: (ticker: string) => `De senaste inläggen som nämner $${ticker} på Börssnack.`,
  /** Entry title of a comment: 'Kommentar av @nick i "…"'. */
  commentEntry: (nickname: string, title: string) => `Kommentar av @${nickname} i "${title}"`,
  /** Entry title of a comment whose author deleted the account. */
  commentEntryNoAuthor: (title: string) => `Kommentar i "${title}"`,
  /** `title` of the `<link rel="alternate">` on a page: the feed's title plus the format. */
  alternate: (feedTitle: string) => `${feedTitle} (Atom-flöde)`,
} as const;
