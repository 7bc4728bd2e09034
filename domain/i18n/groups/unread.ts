/**
 * Unread tracking and the 'Aktiva' list (docs/decisions/052-unread-and-links.md): what a returning
 * member sees as new since they last read, and threads by their last activity.
 */
export const unread = {
  /** The members' home tab of threads with something unread. */
  tab: "Olästa",
  tabEmpty: "Inget oläst. Du har läst allt som skrivits sedan ditt senaste besök.",
  /** The home tab of threads by their last activity, for everyone. */
  activeTab: "Aktiva",
  activeEmpty: "Inga trådar ännu.",
  /** Thread row: comments the member has not read. */
  newComments: (n: number) => `${n} ${n === 1 ? "ny" : "nya"}`,
  newCommentsLabel: (n: number) => `${n} ${n === 1 ? "ny kommentar" : "nya kommentarer"} sedan du läste – gå till första olästa`,
  /** Thread row: a thread started since the member's previous visit, never opened. */
  newThread: "Ny tråd sedan ditt senaste besök",
  /** Thread row in 'Aktiva': who wrote last and when ('Senast av @nick, 5 min sedan'). */
  lastBy: (nickname: string) => `Senast av @${nickname}`,
  lastByUnknown: "Senast av Okänd",
  participants: "Mest aktiva i tråden",
  /** The divider before the first unread comment on the thread page. */
  divider: "Nya kommentarer",
  /** Thread page notice when the first unread comment is on another page. */
  unreadElsewhere: (n: number) => `${n} ${n === 1 ? "ny kommentar" : "nya kommentarer"} sedan du läste senast.`,
  goToFirstUnread: "Gå till första olästa",
  markAllRead: "Markera alla som lästa",
  markCategoryRead: "Markera alla som lästa",
  markedAllRead: "Allt är markerat som läst",
  markedCategoryRead: (category: string) => `Allt i ${category} är markerat som läst`,
  markFailed: "Kunde inte markera som läst",
} as const;
