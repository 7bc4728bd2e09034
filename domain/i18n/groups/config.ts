/** Start-up configuration errors shown to the operator (server/config.ts). */
export const config = {
  invalid: (variable: string, problem: string) => `Ogiltig konfiguration: ${variable} ${problem}`,
  missingInProduction: "saknas (krävs i produktion)",
  postgresUrl: "måste börja med postgres:// eller postgresql://",
  smtpUrl: "måste börja med smtp:// eller smtps://",
  secretLength: "måste vara minst 32 tecken",
  /** Web Push (issue 18). */
  vapidKey: "måste vara en base64url-nyckel från web-push generate-vapid-keys",
  vapidPair: "saknas: ange både VAPID_PUBLIC_KEY och VAPID_PRIVATE_KEY, eller ingen av dem",
  vapidSubject: "måste vara en mailto:-adress eller en https://-adress",
  /** Issue 19: the footer's provider link. */
  providerUrl: "måste vara en http(s)-adress eller en sökväg som börjar med /",
  /** Issue 20: robots.txt and the sitemaps. */
  searchEngines: "måste vara on eller off",
} as const;
