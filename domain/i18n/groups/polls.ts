import { tryAgainIn } from "./abuseLimits";

/**
 * 'Omröstning': the poll of a new thread and voting on the thread page (docs/decisions/054-polls.md;
 * rules in domain/polls.ts and domain/policy/polls.ts). One word per thing: 'Omröstning',
 * 'Rösta', 'Flera val', 'Stängd', 'röster'.
 */
export const polls = {
  heading: "Omröstning",
  // The new-thread form.
  add: "Lägg till omröstning",
  addHint: "Medlemmar röstar på 2–10 alternativ och kan ändra sin röst tills omröstningen stängs.",
  optionsLegend: "Alternativ",
  optionLabel: (n: number) => `Alternativ ${n}`,
  addOption: "Lägg till alternativ",
  removeOption: (n: number) => `Ta bort alternativ ${n}`,
  remove: "Ta bort",
  multiple: "Flera val",
  multipleHint: "Medlemmar kan välja mer än ett alternativ.",
  closesAtLabel: "Stängs",
  closesAtHint: (days: number) => `Valfritt. Svensk tid, högst ${days} dagar fram. Lämna tomt så stängs den aldrig.`,
  // The form's and the server's checks (domain/validation.ts).
  tooFewOptions: (min: number) => `Ange minst ${min} alternativ.`,
  tooManyOptions: (max: number) => `En omröstning kan ha högst ${max} alternativ.`,
  optionTooLong: (n: number, max: number) => `Alternativ ${n} är för långt (högst ${max} tecken).`,
  duplicateOptions: "Två alternativ är likadana. Alternativen måste vara olika.",
  invalidOptions: "Alternativen kunde inte läsas.",
  invalidClosesAt: "Ange när omröstningen stängs som datum och klockslag.",
  closesAtPast: "Stängningstiden måste vara fram i tiden.",
  closesAtTooFar: (days: number) => `En omröstning kan vara öppen i högst ${days} dagar.`,
  invalidMultiple: "Ogiltigt värde för Flera val.",
  // Voting on the thread page.
  vote: "Rösta",
  voting: "Röstar...",
  changeVote: "Ändra röst",
  cancelChange: "Avbryt",
  chooseOne: "Välj ett alternativ.",
  singleChoice: "Den här omröstningen har bara ett val. Välj ett alternativ.",
  invalidOption: "Alternativet finns inte i den här omröstningen.",
  notFound: "Omröstningen finns inte.",
  closed: "Stängd",
  closedRefusal: "Omröstningen är stängd. Rösterna är räknade.",
  closes: (when: string) => `Stängs ${when}`,
  loginToVote: "Du måste vara inloggad för att rösta.",
  loginLink: "Logga in för att rösta",
  resultsAfterClose: "Resultatet visas när omröstningen har stängt.",
  blocked: "Ditt konto är blockerat. Blockerade medlemmar kan inte rösta.",
  voteFailed: "Kunde inte rösta",
  voted: "Din röst är registrerad",
  votedDescription: "Du kan ändra den tills omröstningen stängs.",
  tooOften: (s: number) => `Du röstar för ofta. ${tryAgainIn(s)}`,
  // Results.
  votes: (n: number) => (n === 1 ? "1 röst" : `${n} röster`),
  voters: (n: number) => (n === 1 ? "1 medlem har röstat" : `${n} medlemmar har röstat`),
  percent: (p: number) => `${p} %`,
  yourChoice: "Ditt val",
} as const;
