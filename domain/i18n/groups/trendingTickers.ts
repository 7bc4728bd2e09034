/**
 * 'Trendande aktier' on the forum home (under 'Kategorier',
 * collapsible on mobile). Counts: the last 24 hours; the change compares distinct members with
 * the 24 hours before (docs/decisions/025-trending-tickers.md).
 */
export const trendingTickers = {
  heading: "Trendande aktier",
  /** What the list counts, under the heading. */
  intro: "Aktierna som flest medlemmar har nämnt de senaste 24 timmarna.",
  empty: "Inga aktier har nämnts de senaste 24 timmarna. Skriv till exempel $ERIC-B i ett inlägg så syns aktien här.",
  /** Accessible name of the rank number, e.g. "Plats 1". */
  rank: (n: number) => `Plats ${n}`,
  mentions: (n: number) => (n === 1 ? "1 omnämnande" : `${n} omnämnanden`),
  members: (n: number) => (n === 1 ? "1 medlem" : `${n} medlemmar`),
  /** The change badge: no member named it in the previous 24 hours. */
  changeNew: "ny",
  /** The change badge, e.g. "+3", "−2" (minus sign U+2212), "±0". */
  change: (delta: number) => (delta > 0 ? `+${delta}` : delta < 0 ? `−${-delta}` : "±0"),
  /** Tooltip and accessible name of the change badge. */
  changeTitle: "Förändring i antal medlemmar mot de föregående 24 timmarna",
  changeNewTitle: "Ingen medlem nämnde aktien de föregående 24 timmarna",
  /** The sentiment split of stated views ('Din syn'), one per member. */
  split: (bullish: number, bearish: number) => `Bullish ${bullish} · Bearish ${bearish}`,
  splitNone: "Ingen har angett syn",
  splitTitle: "Medlemmarnas angivna syn de senaste 24 timmarna, en röst per medlem",
} as const;
