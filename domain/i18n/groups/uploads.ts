/** Avatar and banner uploads (issue "Profiles and the social graph": uploads; docs/decisions/008-uploads.md). */
export const uploads = {
  // Profile page controls
  changeAvatar: "Byt profilbild",
  changeBanner: "Byt omslagsbild",
  remove: "Ta bort",
  uploading: "Laddar upp...",
  removing: "Tar bort...",
  hint: (maxMb: number) => `JPEG, PNG, WebP eller GIF, högst ${maxMb} MB.`,
  avatarUpdated: "Profilbilden är uppdaterad",
  bannerUpdated: "Omslagsbilden är uppdaterad",
  avatarRemoved: "Profilbilden är borttagen",
  bannerRemoved: "Omslagsbilden är borttagen",
  uploadFailed: "Bilden kunde inte laddas upp",
  removeFailed: "Bilden kunde inte tas bort",

  // Errors (server answers and the browser's own check)
  missingFile: "Välj en bild att ladda upp.",
  tooLarge: (maxMb: number) => `Filen är för stor. Bilden får vara högst ${maxMb} MB.`,
  unsupportedType: "Filtypen stöds inte. Ladda upp en bild i formatet JPEG, PNG, WebP eller GIF.",
  tooManyPixels: (maxMegapixels: number) =>
    `Bilden har för många pixlar. Den får vara högst ${maxMegapixels} megapixlar.`,
  unreadable: "Bilden kunde inte läsas. Filen verkar vara skadad.",
  loginRequired: "Du måste vara inloggad för att ladda upp bilder.",
  unknownKind: "Okänd bildtyp.",
  methodNotAllowed: "Metoden stöds inte.",
  notFound: "Bilden finns inte.",
  storageFailed: "Bilden kunde inte sparas just nu. Försök igen senare.",
  networkError: "Kunde inte nå servern. Kontrollera anslutningen och försök igen.",

  // Configuration (server/config.ts)
  s3Incomplete: "saknas (S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID och S3_SECRET_ACCESS_KEY anges tillsammans)",
} as const;
