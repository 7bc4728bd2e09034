import { tryAgainIn } from "./abuseLimits";

/** A size in megabytes as the member reads it: whole gigabytes as `1 GB`, else `20 MB`. */
function megabytes(mb: number): string {
  return mb >= 1024 && mb % 1024 === 0 ? `${mb / 1024} GB` : `${mb} MB`;
}

/**
 * Avatar and banner uploads, and the storage
 * quota of post images (docs/decisions/008-uploads.md).
 */
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

  // Post-image storage quota (server/uploads/post-image-quota.ts); a refusal deletes nothing
  /** Over the bytes per rolling 24 hours (HTTP 429), given the quota in MB and the wait in seconds. */
  postImageDayQuota: (mb: number, s: number) =>
    `Du har laddat upp bilder för ${megabytes(mb)} det senaste dygnet, vilket är gränsen. Dina tidigare bilder och din text finns kvar. ${tryAgainIn(s)}`,
  /** Over the first-day limit of a new account (HTTP 429): images, MB and the wait in seconds. */
  postImageFirstDay: (images: number, mb: number, s: number) =>
    `Nya konton kan ladda upp högst ${images} bilder och ${megabytes(mb)} under sitt första dygn. Dina tidigare bilder och din text finns kvar. ${tryAgainIn(s)}`,
  /** Over the total of stored post images (HTTP 413), given the quota in MB. */
  postImageTotalQuota: (mb: number) =>
    `Du har nått gränsen för sparade bilder (${megabytes(mb)} totalt). Bilder i inlägg som tas bort räknas bort inom ett dygn.`,
  /** Still larger than the stored maximum after re-encoding at lower quality and size (HTTP 413). */
  postImageTooDetailed: (mb: number) =>
    `Bilden blir större än ${megabytes(mb)} även efter komprimering. Beskär eller förminska den och försök igen.`,

  // Configuration (server/platform/config.ts)
  s3Incomplete: "saknas (S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID och S3_SECRET_ACCESS_KEY anges tillsammans)",
} as const;
