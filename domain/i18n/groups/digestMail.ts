/**
 * E-mail for members who are away: the digest of unread notifications, the weekly
 * summary 'Veckans hetaste trådar' and the digest's one-click opt-out page `/avregistrera-notiser`
 * (server/digest/*, docs/decisions/030-email-digest.md).
 */
export const digestMail = {
  /** Digest subject: 'Nytt på Börssnack: 3 notiser'. */
  subject: (count: number) => `Nytt på Börssnack: ${count} ${count === 1 ? "notis" : "notiser"}`,
  greeting: (nickname: string) => `Hej ${nickname}!`,
  intro: "Det här har hänt sedan du var inne senast:",
  /** Heading of notifications without a thread (e.g. a removed thread). */
  otherHeading: "Övrigt",
  open: "Öppna",
  settings: "Ändra dina notisinställningar",
  unsubscribe: "Stäng av alla e-postnotiser",
  footer: "Du får det här mejlet för att du har e-postnotiser på i Börssnack och inte har varit inne på en stund.",
  weeklySubject: "Veckans hetaste trådar på Börssnack",
  weeklyIntro: "Du har inte varit inne på en vecka. Här är veckans hetaste trådar:",
  /** One thread line of the weekly summary: comments and reactions of the thread. */
  weeklyCounts: (comments: number, reactions: number) =>
    `${comments} ${comments === 1 ? "kommentar" : "kommentarer"} · ${reactions} ${reactions === 1 ? "reaktion" : "reaktioner"}`,
  weeklyFooter: "Du får det här mejlet för att du har valt 'Veckans hetaste trådar' i dina notisinställningar.",
  visit: "Gå till Börssnack",
  /** The opt-out page. */
  unsubscribeTitle: "Stäng av e-postnotiser",
  unsubscribeText: "Vill du sluta få notiser och sammanfattningar från Börssnack via e-post? Notiserna i forumet finns kvar.",
  unsubscribeButton: "Stäng av e-postnotiser",
  unsubscribed: "E-postnotiserna är avstängda",
  unsubscribedText: "Vi skickar inga fler notiser eller sammanfattningar via e-post. Du kan slå på dem igen under Mitt konto, Notiser.",
  invalidLink: "Länken är ogiltig.",
} as const;
