/**
 * The database cannot be reached (faults; docs/decisions/016-faults.md):
 * pages and API answers are HTTP 503 with `Retry-After` until it is back.
 */
export const unavailable = {
  title: "Forumet är tillfälligt otillgängligt",
  text: "Vi kan inte nå vår databas just nu. Det brukar gå över på några sekunder – ladda om sidan om en liten stund.",
  /** Short form for JSON answers and toasts. */
  json: "Forumet är tillfälligt otillgängligt. Försök igen om en liten stund.",
  retry: "Ladda om sidan",
} as const;
