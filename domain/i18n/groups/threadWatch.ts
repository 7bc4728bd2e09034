/**
 * 'Bevaka tråd': the thread page's bell toggle and its answers. A group of its own
 * because every first visit to a thread loads it; the notification list and bell use
 * `notifications`.
 */
export const threadWatch = {
  subscribe: "Bevaka tråd",
  unsubscribe: "Sluta bevaka",
  subscribed: "Du bevakar tråden",
  subscribedDescription: "Du får en notifiering när någon kommenterar.",
  unsubscribed: "Du bevakar inte längre tråden",
  unsubscribedDescription: "Du får inga fler notifieringar om nya kommentarer.",
  subscribeFailed: "Kunde inte bevaka tråden",
  unsubscribeFailed: "Kunde inte sluta bevaka tråden",
  loginToSubscribe: "Du måste vara inloggad för att bevaka trådar.",
  blocked: "Ditt konto är blockerat och kan inte bevaka trådar.",
  threadNotFound: "Kunde inte hitta tråden",
} as const;
