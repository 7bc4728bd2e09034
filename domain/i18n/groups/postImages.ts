/** Images in posts (chart screenshots): composer button, progress, lightbox, errors. */
export const postImages = {
  addImage: "Lägg till bild",
  fileInputLabel: "Välj en bild att lägga till i texten",
  uploading: "Laddar upp bild...",
  progressLabel: "Uppladdning av bild",
  uploaded: "Bilden är tillagd i texten.",
  dropHint: "Släpp bilden för att lägga till den",
  /** Alt text written into the Markdown, `![bild](url)`. */
  altText: "bild",
  /** Count shown in the composer, e.g. `3 av 10 bilder`. */
  count: (used: number, max: number) => `${used} av ${max} bilder`,
  tooManyImages: (max: number) => `Ett inlägg får innehålla högst ${max} bilder.`,
  tooLarge: (maxMb: number) => `Bilden är för stor. Den får vara högst ${maxMb} MB.`,
  uploadFailed: "Bilden kunde inte laddas upp. Försök igen.",
  /** Lightbox (full-size view). */
  openFull: "Visa bilden i full storlek",
  lightboxTitle: "Bild i full storlek",
  lightboxDescription: "Tryck Esc eller på Stäng för att gå tillbaka.",
  close: "Stäng",
  openOriginal: "Öppna bilden i en ny flik",
  /** Composer hint (added to the Markdown hint). */
  hint: (maxMb: number, max: number) =>
    `Bilder (JPEG, PNG, WebP, GIF, högst ${maxMb} MB, ${max} per inlägg): klistra in, dra hit eller välj med 'Lägg till bild'.`,
} as const;
