import type { ReactionType } from "../../values";

/** Reactions (SPEC §5 Reactions, §8 Reactions, §9 labels). */
export const reactions = {
  labels: { bull: "Bullish", bear: "Bearish", like: "Like", fire: "Hot" } satisfies Record<ReactionType, string>,
  /** The button's picture beside each label. */
  emoji: { bull: "🐂", bear: "🐻", like: "👍", fire: "🔥" } satisfies Record<ReactionType, string>,
  barLabel: "Reaktioner",
  ownContent: "Du kan inte reagera på ditt eget innehåll",
  notLoggedIn: "Ej inloggad",
  loginToReact: "Du måste vara inloggad för att reagera",
  removeFailed: "Kunde inte ta bort reaktion",
  addFailed: "Kunde inte lägga till reaktion",
  loadFailed: "Kunde inte hämta reaktioner",
  handleFailed: "Kunde inte hantera reaktionen",
  invalid: "Ogiltig reaktion",
} as const;
