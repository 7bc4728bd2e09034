/** Start-up configuration errors shown to the operator (server/platform/config.ts). */
export const config = {
  invalid: (variable: string, problem: string) => `Ogiltig konfiguration: ${variable} ${problem}`,
  missingInProduction: "saknas (krävs i produktion)",
  postgresUrl: "måste börja med postgres:// eller postgresql://",
  smtpUrl: "måste börja med smtp:// eller smtps://",
  secretLength: "måste vara minst 32 tecken",
  /** Web Push. */
  vapidKey: "måste vara en base64url-nyckel från web-push generate-vapid-keys",
  vapidPair: "saknas: ange både VAPID_PUBLIC_KEY och VAPID_PRIVATE_KEY, eller ingen av dem",
  vapidSubject: "måste vara en mailto:-adress eller en https://-adress",
  /** The footer's provider link. */
  providerUrl: "måste vara en http(s)-adress eller en sökväg som börjar med /",
  /** robots.txt and the sitemaps. */
  searchEngines: "måste vara on eller off",
  /** Share of successful page requests written to the request log. */
  logSample: "måste vara ett tal från 0 till 1 (andelen lyckade GET-anrop som loggas)",
  /** Worker processes (server/platform/web-concurrency.ts, server/platform/cluster.ts). */
  webConcurrency: (max: number) => `måste vara ett heltal från 1 till ${max}`,
  webConcurrencyPglite: "måste vara 1 med den inbyggda databasen (PGlite ägs av en process); ange DATABASE_URL för fler",
  /** The cluster primary's log lines (server/platform/cluster.ts). */
  clusterStarting: (workers: number, cores: number) => `Börssnack startar ${workers} arbetsprocesser (${cores} kärnor)`,
  clusterReady: (workers: number, port: number) => `Börssnack: ${workers} arbetsprocesser lyssnar på port ${port}`,
  clusterWorkerDied: (slot: number, pid: number, how: string, delayMs: number) =>
    `Arbetsprocess ${slot} (pid ${pid}) avslutades (${how}); startas om om ${delayMs} ms`,
  clusterStartFailed: (code: number) => `Den första arbetsprocessen kunde inte starta (slutkod ${code}); avbryter`,
  clusterStopping: (signal: string, workers: number) => `${signal}: stänger ${workers} arbetsprocesser...`,
  clusterStopTimeout: (workers: number) => `${workers} arbetsprocesser svarade inte i tid; avslutas med SIGKILL`,
} as const;
