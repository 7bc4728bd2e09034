import type { AuthorSentiment, Position } from "../../values";

/**
 * The author's stated view and position per ticker of a post ('Din syn' and 'Innehav'):
 * the composer's radio groups, the tags beside a cashtag in the post, the ticker page's members'
 * sentiment and disclosure share, and the validation messages.
 */
export const stances = {
  /** Heading of the composer's rows (shown only when the text names a ticker). */
  composerTitle: "Din syn och ditt innehav (frivilligt)",
  sentimentShort: "Din syn",
  positionShort: "Innehav",
  /** Accessible name of a ticker's sentiment radio group. */
  sentimentLegend: (ticker: string) => `Din syn för $${ticker}`,
  /** Accessible name of a ticker's position radio group. */
  positionLegend: (ticker: string) => `Innehav för $${ticker}`,
  sentimentLabels: { bullish: "Bullish", bearish: "Bearish" } satisfies Record<AuthorSentiment, string>,
  sentimentNone: "Ingen",
  positionLabels: { owns: "Jag äger aktien", does_not_own: "Jag äger inte aktien" } satisfies Record<Position, string>,
  positionNone: "Ej angivet",
  invalidSentiment: "Ogiltig syn: välj Bullish, Bearish eller Ingen.",
  invalidPosition: "Ogiltigt innehav: välj Jag äger aktien, Jag äger inte aktien eller Ej angivet.",
  invalidTicker: "Ogiltig aktie i Din syn eller Innehav.",
  tooMany: (max: number) => `Du kan ange syn och innehav för högst ${max} aktier per inlägg.`,
  /** Ticker page: members' stated sentiment, one vote per member (7 days). */
  membersTitle: "Medlemmarnas syn (7 dagar)",
  membersCount: (bullish: number, bearish: number) => `Bullish ${bullish} · Bearish ${bearish}`,
  membersBarLabel: (bullish: number, bearish: number) => `Medlemmarnas syn: ${bullish} Bullish, ${bearish} Bearish`,
  membersNote: "En röst per medlem: den senaste angivna synen i ett inlägg.",
  membersNone: (ticker: string) => `Ingen medlem har angett Bullish eller Bearish för $${ticker} de senaste 7 dagarna.`,
  /** Ticker page: the reactions-based line kept under the members' view. */
  reactionsTitle: "Reaktioner (7 dagar)",
  /** Ticker page: the disclosure share (30 days). */
  positionsTitle: "Innehav (30 dagar)",
  positionsShare: (percent: number, owns: number, stated: number) =>
    `${percent} % av inläggen med angivet innehav de senaste 30 dagarna är skrivna av medlemmar som äger aktien (${owns} av ${stated}).`,
  positionsNone: "Inga inlägg med angivet innehav de senaste 30 dagarna.",
} as const;
