/** Quoting a selection and local drafts in the composers. */
export const quoteDrafts = {
  /** The button next to a text selection in a post or comment. */
  quote: "Citera",
  /** The composer's help sentence on quoting (under the Markdown hint). */
  quoteHelp: "Markera text i ett inlägg och välj Citera för att citera det.",
  /** Shown above a composer whose unsent text was brought back from this browser. */
  draftRestored: "Utkast återställt",
  discardDraft: "Släng utkast",
} as const;
