import type { NotificationChannel, NotificationKind } from "../../values";

/**
 * The settings section 'Notifieringar' on /forum/konto (docs/decisions/029): one radio group
 * per notification kind, the level labels in ladder order, the automatic subscription, the weekly
 * summary, the e-mail master switch and the answers of the settings writes.
 */
export const notificationSettings = {
  title: "Notifieringar",
  intro: "Välj var du vill få veta vad som händer. Inställningen gäller varje typ av notifiering för sig.",
  /** The legend of each kind's radio group. */
  kinds: {
    followed_thread: "Ny tråd av någon jag följer",
    reply: "Svar till mig",
    watched_thread: "Kommentar i en tråd jag bevakar",
    mention: "Omnämnande",
    quote: "Citat",
    watched_ticker: "Bevakad aktie nämns",
    private_message: "Privat meddelande",
  } satisfies Record<NotificationKind, string>,
  /** The option labels, in the order of `CHANNEL_CHOICES` (app/components/notifications/notification-settings-form.tsx): forum, email, push, off. */
  channels: {
    forum: "I forumet",
    email: "+ e-post",
    push: "+ push",
    off: "Av",
  } satisfies Record<NotificationChannel, string>,
  channelsHint:
    "”+ e-post” = ett samlat e-postmeddelande när du är borta från forumet. ”+ push” = även en pushnotifiering på enheter där du har aktiverat pushnotifieringar.",
  autoSubscribe: "Bevaka trådar jag skapar eller kommenterar",
  autoSubscribeHint: "Du får en notifiering när någon kommenterar i trådar du har skapat eller kommenterat.",
  weeklyDigest: "Veckans hetaste trådar",
  weeklyDigestHint: "Ett e-postmeddelande med veckans mest lästa trådar, bara när du inte har besökt forumet på 7 dagar.",
  save: "Spara notifieringsinställningar",
  saving: "Sparar...",
  saved: "Notifieringsinställningarna är sparade",
  savedDescription: "Dina val gäller från och med nu.",
  saveFailed: "Kunde inte spara notifieringsinställningarna",
  invalidChannel: "Välj I forumet, + e-post, + push eller Av för varje typ av notifiering.",
  invalidCheckbox: "Ogiltigt värde för en kryssruta.",
  loginToChange: "Du måste vara inloggad för att ändra dina notifieringar.",
  emailOff: "Stäng av alla e-postnotifieringar",
  emailOn: "Slå på e-postnotifieringar",
  emailOffNotice: "Alla e-postnotifieringar är avstängda.",
  emailOnNotice: "E-postnotifieringar skickas enligt dina val ovan.",
  emailTurnedOff: "Alla e-postnotifieringar är avstängda",
  emailTurnedOffDescription: "Du får inga notifieringar via e-post förrän du slår på dem igen.",
  emailTurnedOn: "E-postnotifieringarna är påslagna",
  emailTurnedOnDescription: "Du får e-post enligt dina val för varje typ av notifiering.",
  emailSwitchFailed: "Kunde inte ändra e-postnotifieringarna",
} as const;
