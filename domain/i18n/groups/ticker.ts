/** Ticker pages and the $TICKER / @mention pickers. */
export const ticker = {
  notFound: "Aktien hittades inte",
  sector: "Sektor",
  mentions: "Inlägg som nämner aktien",
  noMentions: (t: string) => `Ingen har nämnt $${t} än. Skriv $${t} i ett inlägg så hamnar det här.`,
  sentimentTitle: "Stämning senaste 7 dagarna",
  sentimentNone: "Inga Bullish- eller Bearish-reaktioner de senaste 7 dagarna.",
  bull: (n: number) => `${n} Bullish`,
  bear: (n: number) => `${n} Bearish`,
  by: (nickname: string) => `Av: ${nickname}`,
  inThread: (title: string) => `i ${title}`,
  data: "Bolagsdata: FinanceDatabase (MIT).",
  mentionMinChars: "Skriv minst två tecken för att söka efter användare",
  mentionPick: "Välj en användare att tagga",
  mentionNone: "Inga användare hittades",
  tickerPick: "Välj en aktie",
} as const;
