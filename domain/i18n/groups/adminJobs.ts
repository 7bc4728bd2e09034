/**
 * The admin panel 'Jobb' (background work on a maintained queue: queued, failed, last
 * run per job), /admin/jobb, admins only.
 */
export const adminJobs = {
  title: "Jobb",
  description: "Bakgrundsjobben i jobbkön: köade, pågående och misslyckade körningar, senaste och nästa körning.",
  cardDescription: "Se bakgrundsjobbens kö, fel och senaste körning.",
  notRunning: "Jobbkön körs inte i den här serverprocessen just nu. Försök igen om en stund.",
  colJob: "Jobb",
  colSchedule: "Schema (UTC)",
  colQueued: "Köade",
  colActive: "Pågår",
  colFailed: "Misslyckade",
  colCompleted: "Klara",
  colLastRun: "Senaste körning",
  colNextRun: "Nästa körning",
  lastError: "Senaste fel",
  never: "Aldrig",
  noSchedule: "Inget schema",
  lastState: { completed: "klar", failed: "misslyckades" },
  names: {
    "trending-refresh": "Trendande aktier",
    "fanout-sweep": "Notifieringar till följare",
    "post-image-sweep": "Rensning av inläggsbilder",
    "edge-level-refresh": "EdgeLevel",
    /** E-mail for members who are away. */
    "email-digest": "E-postsammanfattning av notifieringar",
    "weekly-digest": "Veckans hetaste trådar",
    // Web Push.
    "push-send": "Pushnotifieringar",
    "push-sweep": "Pushnotifieringar (uppsamling)",
    // Expired rate-limit counters, one sweep for every process.
    "limit-sweep": "Rensning av utgångna begränsningar",
  } as Record<string, string>,
} as const;
