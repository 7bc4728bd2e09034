/**
 * Notifications: bell, popover, page, texts (SPEC §2 Notifications page, §4 Notification,
 * §8 Notifications and Notification texts; `mention` is beyond the spec).
 */
export const notifications = {
  bell: "Notifieringar",
  bellWithCount: (n: number) => `Notifieringar, ${n} olästa`,
  badgeOverflow: "9+",
  popoverTitle: "Olästa notifieringar",
  noUnread: "Inga olästa notifieringar",
  showAll: "Visa alla notifieringar",
  pageTitle: "Notifieringar",
  markAllRead: "Markera alla som lästa",
  empty: "Inga notifieringar",
  /** Under 'Inga notifieringar': what brings one, and where to choose. */
  emptyHint:
    "Du får en notifiering när någon svarar dig, nämner dig med @nickname eller citerar dig, när någon du följer startar en tråd och när det händer något i trådar och aktier du bevakar.",
  emptySettings: "Välj vilka notifieringar du får",
  loading: "Laddar notifieringar...",
  unread: "Oläst",
  allReadTitle: "Alla notifieringar är nu lästa",
  allReadDescription: "Dina notifieringar har markerats som lästa.",
  loadFailedTitle: "Kunde inte ladda notifieringar",
  loadFailedDescription: "Ett fel uppstod vid hämtning av notifieringar",
  defaultActor: "Någon",
  newThread: (title: string) => ` skapade en ny tråd: "${title}"`,
  newComment: (title: string) => ` kommenterade i tråden: "${title}"`,
  mention: (title: string) => ` nämnde dig i: "${title}"`,
  other: " gjorde något",
  /** A quote of one's post (the actor in front). */
  quote: (title: string) => ` citerade dig i: "${title}"`,
  /**
   * A watched ticker mentioned; one post has the actor in front, a batch of
   * several (while unread) has none.
   */
  tickerMention: (count: number, ticker: string, title: string) =>
    count === 1 ? ` nämnde $${ticker} i: "${title}"` : `${count} nya inlägg om $${ticker}`,
  /** 'Bevaka tråd': the batched row of a watched thread (no actor in front). */
  threadActivity: (count: number, title: string) =>
    count === 1 ? `1 ny kommentar i "${title}"` : `${count} nya kommentarer i "${title}"`,
  /** 'Privat meddelande': the batched row of a conversation (the actor in front; never the text). */
  privateMessage: (count: number) => (count === 1 ? " skickade ett privat meddelande till dig" : ` skickade ${count} privata meddelanden till dig`),
  liveComments: (n: number) => (n === 1 ? "1 ny kommentar har lagts till" : `${n} nya kommentarer har lagts till`),
} as const;
