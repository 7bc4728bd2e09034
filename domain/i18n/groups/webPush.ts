/** Web Push per device: the toggle in 'Notifieringar', the API's answers, the notification title. */
export const webPush = {
  /** Title of every push notification (the body says who did what). */
  notificationTitle: "Börssnack",
  heading: "Push på den här enheten",
  enable: "Aktivera pushnotifieringar på den här enheten",
  disable: "Stäng av pushnotifieringar på den här enheten",
  enabled: "Pushnotifieringar är på för den här enheten",
  disabledInfo: "Pushnotifieringar visas på enheten även när Börssnack inte är öppet, för de typer av notifieringar du har ställt in på push.",
  checking: "Kontrollerar pushnotifieringar …",
  working: "Ett ögonblick …",
  unsupported: "Den här webbläsaren kan inte ta emot pushnotifieringar. Prova en annan webbläsare, eller installera Börssnack som app.",
  denied:
    "Du har blockerat notifieringar för Börssnack i webbläsaren. Tillåt notifieringar i webbplatsinställningarna (ikonen till vänster om adressen) och försök igen.",
  permissionDismissed: "Notifieringar tilläts inte. Försök igen och välj Tillåt när webbläsaren frågar.",
  subscribeFailed: "Det gick inte att aktivera pushnotifieringar på den här enheten. Webbläsarens pushtjänst svarade inte; försök igen senare.",
  saveFailed: "Det gick inte att spara enheten. Försök igen.",
  unsubscribeFailed: "Det gick inte att stänga av pushnotifieringar. Försök igen.",
  /** API answers. */
  loginToSubscribe: "Logga in för att aktivera pushnotifieringar.",
  saveTitle: "Pushnotifieringar kunde inte aktiveras",
  invalidEndpoint: "Ogiltig pushadress: webbläsarens pushtjänst måste ha en https-adress.",
  invalidKeys: "Ogiltiga krypteringsnycklar från webbläsaren.",
  endpointTooLong: "Pushadressen är för lång.",
  /** The endpoint's host is not a known push service (domain/push-services.ts). */
  unknownService: "Pushadressen hör inte till någon känd pushtjänst. Aktivera pushnotifieringar i en vanlig webbläsare (Chrome, Edge, Firefox eller Safari).",
  /** A blocked member adds no devices. */
  blocked: "Ditt konto är blockerat och kan inte aktivera pushnotifieringar.",
  /** Operator error of `PUSH_SERVICE_HOSTS` (server/platform/config.ts), after the variable's name. */
  serviceHostsConfig: "måste vara kommaseparerade värdnamn, t.ex. push.example.org eller *.example.org (inga IP-adresser, portar eller sökvägar)",
} as const;
