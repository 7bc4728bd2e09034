/** Markdown in posts and bios: composer toggle, live preview, hint, and `forum recook`. */
export const markdown = {
  write: "Skriv",
  preview: "Förhandsgranska",
  modeLabel: "Visa text eller förhandsgranskning",
  previewRegion: "Förhandsgranskning",
  previewLoading: "Laddar förhandsgranskning...",
  previewEmpty: "Inget att förhandsgranska ännu.",
  previewFailed: "Förhandsgranskningen kunde inte visas. Försök igen.",
  previewLoginRequired: "Du måste vara inloggad för att förhandsgranska.",
  previewTooLong: (max: number) => `Texten är för lång för att förhandsgranskas (högst ${max} tecken).`,
  methodNotAllowed: "Metoden stöds inte.",
  hint: "Du kan använda **fetstil**, *kursiv*, listor (- punkt), > citat, `kod` och länkar.",
  recooked: (threads: number, comments: number, bios: number, changed: number) =>
    `Omrenderat ${threads} trådar, ${comments} kommentarer och ${bios} profiler (${changed} ändrade).`,
} as const;
