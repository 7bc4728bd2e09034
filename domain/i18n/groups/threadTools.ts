/**
 * Moderators' thread tools in the thread's 'Åtgärder' menu: 'Fäst' / 'Lossa', 'Lås' / 'Lås upp',
 * 'Flytta', 'Slå ihop' and 'Långsamt läge' — the menu items, their confirmation dialogs, the
 * toasts after, the server's refusals and the moderation log's details
 * (docs/decisions/053-thread-tools.md), and the texts of a locked or slowed thread, which the
 * thread page's loader sends. Only staff's menu and the server load this group; the two words a
 * thread page's first visit needs ('Fäst', 'Tråden är låst') are in `threadState`.
 */
export const threadTools = {
  // The menu items.
  pin: "Fäst",
  pinHome: "Fäst på startsidan",
  unpin: "Lossa",
  lock: "Lås",
  unlock: "Lås upp",
  move: "Flytta",
  merge: "Slå ihop",
  slowMode: "Långsamt läge",

  // The confirmation dialogs.
  cancel: "Avbryt",
  save: "Spara",
  pinTitle: "Fäst tråden?",
  pinText: "Tråden visas först i sin kategori tills den lossas.",
  pinHomeTitle: "Fäst tråden på startsidan?",
  pinHomeText: "Tråden visas först i sin kategori och först under Senaste på forumets startsida tills den lossas.",
  unpinTitle: "Lossa tråden?",
  unpinText: "Tråden visas åter på sin vanliga plats i listorna.",
  lockTitle: "Lås tråden?",
  lockText:
    "Ingen kan längre kommentera, svara eller reagera i tråden förrän den låses upp. Moderatorer och administratörer kan fortfarande moderera.",
  unlockTitle: "Lås upp tråden?",
  unlockText: "Medlemmarna kan åter kommentera, svara och reagera i tråden.",
  moveTitle: "Flytta tråden",
  moveText: "Välj kategorin som tråden ska flyttas till. Länkar till den gamla adressen leder till den nya.",
  moveLabel: "Ny kategori",
  moveChoose: "Välj kategori",
  mergeTitle: "Slå ihop trådar",
  mergeText: (title: string) =>
    `Inlägget och kommentarerna i "${title}" flyttas till tråden du väljer, i tidsordning, och "${title}" tas bort. Länkar till den gamla adressen leder till den valda tråden. Bevakningar av båda trådarna behålls.`,
  mergeSearchLabel: "Måltråd: sök på titeln eller klistra in trådens länk",
  mergeSearching: "Söker…",
  mergeNoResults: "Inga andra trådar hittades.",
  mergeResults: "Trådar som matchar",
  mergeLinkChosen: "Tråden i länken väljs.",
  slowModeTitle: "Långsamt läge",
  slowModeText: "Hur ofta får varje medlem kommentera i tråden? Moderatorer och administratörer undantas.",
  slowModeLegend: "En kommentar per medlem",
  slowModeOff: "Av",
  slowModeChoice: (minutes: number) => (minutes === 1 ? "Var 1 minut" : `Var ${minutes} minuter`),

  // What readers see of a locked or slowed thread (the thread page's loader sends the texts).
  lockedDescription: "Det går inte längre att kommentera, svara eller reagera i tråden.",
  lockedStaff: "Som moderator eller administratör kan du ändå kommentera och moderera.",
  slowModeRule: (minutes: number) => `Långsamt läge: en kommentar per ${minutes === 1 ? "minut" : `${minutes} minuter`}.`,
  slowModeNext: (clock: string) => `Du kan kommentera igen kl. ${clock}.`,
  slowModeWait: (clock: string) => `Långsamt läge: du kan kommentera igen kl. ${clock}.`,
  slowModeWaitTitle: "Vänta lite",

  // Toasts after a tool was used.
  pinnedToast: "Tråden är fäst",
  pinnedHomeToast: "Tråden är fäst på startsidan",
  unpinnedToast: "Tråden är lossad",
  lockedToast: "Tråden är låst",
  unlockedToast: "Tråden är upplåst",
  movedToast: (category: string) => `Tråden är flyttad till ${category}`,
  mergedToast: "Trådarna är ihopslagna",
  mergedToastDescription: (title: string) => `Inläggen finns nu i "${title}".`,
  slowModeOnToast: (minutes: number) => `Långsamt läge: en kommentar per ${minutes === 1 ? "minut" : `${minutes} minuter`}`,
  slowModeOffToast: "Långsamt läge är av",

  // Refusals (the server's 4xx answers) and their toast titles.
  loginRequired: "Du måste vara inloggad som moderator eller administratör.",
  staffOnly: "Endast moderatorer och administratörer kan fästa, låsa, flytta eller slå ihop trådar.",
  pinHomeAdminOnly: "Endast administratörer kan fästa trådar på forumets startsida.",
  unpinHomeAdminOnly: "Endast administratörer kan lossa en tråd som är fäst på forumets startsida.",
  threadNotFound: "Kunde inte hitta tråden",
  categoryNotFound: "Kategorin hittades inte",
  chooseCategory: "Välj kategorin som tråden ska flyttas till.",
  sameCategory: "Tråden ligger redan i den kategorin.",
  mergeTargetMissing: "Välj tråden att slå ihop med, eller klistra in dess länk.",
  mergeSelf: "En tråd kan inte slås ihop med sig själv.",
  mergeTargetNotFound: "Kunde inte hitta tråden att slå ihop med.",
  mergeNotAllowed: "Du kan bara slå ihop trådar som du själv får ta bort.",
  mergeTooLong: "Trådens inlägg är längre än en kommentar får vara (10 000 tecken). Korta det innan trådarna slås ihop.",
  mergePoll: "En tråd med omröstning kan inte slås ihop med en annan tråd.",
  invalidSlowMode: "Välj Av, 1, 5, 15 eller 60 minuter.",
  pinFailed: "Kunde inte fästa tråden",
  unpinFailed: "Kunde inte lossa tråden",
  lockFailed: "Kunde inte låsa tråden",
  unlockFailed: "Kunde inte låsa upp tråden",
  moveFailed: "Kunde inte flytta tråden",
  mergeFailed: "Kunde inte slå ihop trådarna",
  slowModeFailed: "Kunde inte ändra långsamt läge",

  // The moderation log's reason column: what the tool did.
  logPinnedHome: "På forumets startsida",
  logMoved: (from: string, to: string) => `Från ${from} till ${to}`,
  logMerged: (title: string) => `In i "${title}"`,
  logSlowMode: (minutes: number | null) => (minutes === null ? "Av" : minutes === 1 ? "En kommentar per minut" : `En kommentar per ${minutes} minuter`),
} as const;
