/** The installable app: web app manifest, offline page, push notifications. */
export const pwa = {
  /** Manifest `name` and `short_name`. */
  name: "Börssnack",
  shortName: "Börssnack",
  /** The service worker's page when the network is gone. */
  offlineTitle: "Du är offline",
  offlineText: "Börssnack når inte servern just nu. Kontrollera din anslutning och försök igen.",
  offlineRetry: "Försök igen",
  /** Title of a push notification whose payload has none. */
  notificationFallbackTitle: "Börssnack",
} as const;
