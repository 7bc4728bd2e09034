import type { AuthorSentiment, Position } from "../../values";

/**
 * What a thread or comment shows beside its text: the 'redigerad' mark and the author's
 * stance tags. A group of its own because every first visit to a thread loads it; the composer
 * and the history dialog use `editing` and `stances`.
 */
export const postMarks = {
  edited: "redigerad",
  /** Accessible name of the 'redigerad' button: opens the history. */
  editedLabel: (relative: string) => `Redigerad ${relative}, visa historik`,
  /** The tags beside a cashtag in a post. */
  sentimentTags: { bullish: "Bullish", bearish: "Bearish" } satisfies Record<AuthorSentiment, string>,
  positionTags: { owns: "Äger", does_not_own: "Äger ej" } satisfies Record<Position, string>,
  /** Tooltips of the tags. */
  sentimentTagTitle: "Skribentens syn på aktien",
  positionTagTitle: "Skribentens innehav i aktien",
  /** Accessible name of the row of tags under a post (tickers named only in a thread's title). */
  tagsLabel: "Skribentens syn och innehav",
};
