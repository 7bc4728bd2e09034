import type { SearchKind } from "../../values";

/** Search box and results page (SPEC §2 Search results, §4 Search, §8). */
export const search = {
  label: "Sök i forumet",
  placeholder: "Sök inlägg, medlemmar eller $TICKER…",
  submit: "Sök",
  clear: "Rensa sökningen",
  /** SPEC §2 kind labels. */
  kinds: { thread: "Inlägg", comment: "Kommentar", member: "Profil" } satisfies Record<SearchKind, string>,
  /** Filter tabs on the results page. */
  filters: { all: "Alla", thread: "Inlägg", comment: "Kommentarer", member: "Profiler" },
  allCategories: "Alla kategorier",
  category: "Kategori",
  by: (author: string) => `Av: ${author}`,
  loading: "Söker...",
  /** SPEC §2: 'Inga resultat för' plus the query. */
  noResults: (query: string) => `Inga resultat för "${query}"`,
  failed: "Fel vid sökning",
  showAll: (query: string) => `Visa alla resultat för "${query}"`,
  pageTitle: "Sök",
  resultsFor: (query: string) => `Sökresultat för "${query}"`,
  emptyPrompt: "Skriv vad du letar efter: ett bolag, en ticker som $VOLV-B, ett ämne eller en medlem.",
  membersHeading: "Medlemmar",
  postsHeading: "Inlägg och kommentarer",
  memberSince: (date: string) => `Medlem sedan ${date}`,
  metaDescription: "Sök bland trådar, kommentarer och medlemmar på Börssnack.",
  resultsCount: (n: number) => (n === 1 ? "1 resultat" : `${n} resultat`),
} as const;
