/**
 * E-mail for members who are away: the digest of unread notifications, the weekly
 * summary 'Veckans hetaste trådar' and the digest's one-click opt-out page `/avregistrera-notiser`
 * (server/digest/*, docs/decisions/030-email-digest.md).
 */
export const digestMail = {
  /** Digest subject: 'Nytt på Börssnack: 3 notifieringar'. */
  subject: (count: number) => `Nytt på Börssnack: ${count} ${count === 1 ? "notifiering" : "notifieringar"}`,
  greeting: (nickname: string) => `Hej ${nickname}!`,
  intro: "Det här har hänt sedan du var inne senast:",
  /** Heading of notifications without a thread (e.g. a removed thread). */
  otherHeading: "Övrigt",
  open: "Öppna",
  settings: "Ändra dina notifieringsinställningar",
  unsubscribe: "Stäng av alla e-postnotifieringar",
  footer: "Du får det här mejlet för att du har e-postnotifieringar på i Börssnack och inte har varit inne på en stund.",
  weeklySubject: "Veckans hetaste trådar på Börssnack",
  weeklyIntro: "Du har inte varit inne på en vecka. Här är veckans hetaste trådar:",
  /** One thread line of the weekly summary: comments and reactions of the thread. */
  weeklyCounts: (comments: number, reactions: number) =>
    `${comments} ${comments === 1 ? "kommentar" : "kommentarer"} · ${reactions} ${reactions === 1 ? "reaktion" : "reaktioner"}`,
  weeklyFooter: "Du får det här mejlet för att du har valt 'Veckans hetaste trådar' i dina notifieringsinställningar.",
  visit: "Gå till Börssnack",
  /** The opt-out page. */
  unsubscribeTitle: "Stäng av e-postnotifieringar",
  unsubscribeText: "Vill du sluta få notifieringar och sammanfattningar från Börssnack via e-post? Notifieringarna i forumet finns kvar.",
  unsubscribeButton: "Stäng av e-postnotifieringar",
  unsubscribed: "E-postnotifieringarna är avstängda",
  unsubscribedText: "Vi skickar inga fler notifieringar eller sammanfattningar via e-post. Du kan slå på dem igen under Mitt konto, Notifieringar.",
  invalidLink: "Länken är ogiltig.",
} as const;
