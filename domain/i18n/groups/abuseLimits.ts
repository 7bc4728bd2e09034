/**
 * When to try again after an abuse limit or a quota: seconds, minutes or hours.
 *
 * @param seconds the wait (s, ≥ 1)
 * @returns e.g. 'Försök igen om 3 minuter.'
 */
export function tryAgainIn(seconds: number): string {
  if (seconds < 120) return `Försök igen om ${seconds} ${seconds === 1 ? "sekund" : "sekunder"}.`;
  if (seconds < 2 * 3600) return `Försök igen om ${Math.ceil(seconds / 60)} minuter.`;
  return `Försök igen om ${Math.ceil(seconds / 3600)} timmar.`;
}

/**
 * Abuse limits per action (README "Abuse limits", docs/decisions/014): the
 * message of an HTTP 429 answer, given the wait in seconds.
 */
export const abuseLimits = {
  title: "För många förfrågningar",
  threadInterval: (s: number) => `Du skapar trådar för tätt: vänta minst 15 sekunder mellan två trådar. ${tryAgainIn(s)}`,
  threadPerDay: (s: number) => `Du har skapat många trådar i dag. ${tryAgainIn(s)}`,
  threadFirstDay: (s: number) =>
    `Nya medlemmar kan skapa högst 3 trådar under sitt första dygn. ${tryAgainIn(s)}`,
  commentInterval: (s: number) =>
    `Du skriver för tätt: vänta minst 5 sekunder mellan två kommentarer. ${tryAgainIn(s)}`,
  commentPerDay: (s: number) => `Du har skrivit många kommentarer i dag. ${tryAgainIn(s)}`,
  commentFirstDay: (s: number) =>
    `Nya medlemmar kan skriva högst 10 kommentarer och svar under sitt första dygn. ${tryAgainIn(s)}`,
  identicalText: (s: number) =>
    `Du skrev precis exakt samma text. Skriv något nytt eller vänta 5 minuter. ${tryAgainIn(s)}`,
  fromYourAddress: (s: number) => `För många inlägg från din internetadress. ${tryAgainIn(s)}`,
  reaction: (s: number) => `Du reagerar för ofta. ${tryAgainIn(s)}`,
  report: (s: number) => `Du har skickat många anmälningar. ${tryAgainIn(s)}`,
  follow: (s: number) => `Du följer och slutar följa för ofta. ${tryAgainIn(s)}`,
  upload: (s: number) => `Du laddar upp bilder för ofta. ${tryAgainIn(s)}`,
  search: (s: number) => `Du söker för ofta. ${tryAgainIn(s)}`,
  mention: (s: number) => `För många sökningar efter medlemmar. ${tryAgainIn(s)}`,
  edit: (s: number) => `Du redigerar för ofta. ${tryAgainIn(s)}`,
  editPerDay: (s: number) => `Du har redigerat många inlägg i dag. ${tryAgainIn(s)}`,
  inFlight: "Inlägget skickas redan. Vänta ett ögonblick och ladda om sidan.",
  /** Bio, preview, presence, notifications, mail opt-out: more requests than a person makes. */
  tooOften: (s: number) => `Du skickar för många förfrågningar. ${tryAgainIn(s)}`,
  /** Too many open live-update connections (`/api/events`) from one address or member. */
  tooManyStreams: "För många öppna flikar med liveuppdateringar. Stäng några flikar och ladda om sidan.",
  /** A request body that arrives too slowly is cut (HTTP 408). */
  slowBody: "Förfrågan tog för lång tid att skicka. Kontrollera din uppkoppling och försök igen.",
} as const;
