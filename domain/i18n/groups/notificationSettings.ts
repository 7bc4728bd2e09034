import type { NotificationChannel, NotificationKind } from "../../values";

/**
 * The settings section 'Notiser' on /forum/konto (docs/decisions/029): one radio group
 * per notification kind, the level labels in ladder order, the automatic subscription, the weekly
 * summary, the e-mail master switch and the answers of the settings writes.
 */
export const notificationSettings = {
  title: "Notiser",
  intro: "Välj var du vill få veta vad som händer. Inställningen gäller varje typ av notis för sig.",
  /** The legend of each kind's radio group. */
  kinds: {
    followed_thread: "Ny tråd av någon jag följer",
    reply: "Svar till mig",
    watched_thread: "Kommentar i en tråd jag bevakar",
    mention: "Omnämnande",
    quote: "Citat",
    watched_ticker: "Bevakad aktie nämns",
  } satisfies Record<NotificationKind, string>,
  /** The option labels, in the order of `CHANNEL_CHOICES` (app/components/notifications/notification-settings-form.tsx): forum, email, push, off. */
  channels: {
    forum: "I forumet",
    email: "+ e-post",
    push: "+ push",
    off: "Av",
  } satisfies Record<NotificationChannel, string>,
  channelsHint:
    "”+ e-post” = ett samlat e-postmeddelande när du är borta från forumet. ”+ push” = även en pushnotis på enheter där du har aktiverat pushnotiser.",
  autoSubscribe: "Bevaka trådar jag skapar eller kommenterar",
  autoSubscribeHint: "Du får en notis när någon kommenterar i trådar du har skapat eller kommenterat.",
  weeklyDigest: "Veckans hetaste trådar",
  weeklyDigestHint: "Ett e-postmeddelande med veckans mest lästa trådar, bara när du inte har besökt forumet på 7 dagar.",
  save: "Spara notisinställningar",
  saving: "Sparar...",
  saved: "Notisinställningarna är sparade",
  savedDescription: "Dina val gäller från och med nu.",
  saveFailed: "Kunde inte spara notisinställningarna",
  invalidChannel: "Välj I forumet, + e-post, + push eller Av för varje typ av notis.",
  invalidCheckbox: "Ogiltigt värde för en kryssruta.",
  loginToChange: "Du måste vara inloggad för att ändra dina notiser.",
  emailOff: "Stäng av alla e-postnotiser",
  emailOn: "Slå på e-postnotiser",
  emailOffNotice: "Alla e-postnotiser är avstängda.",
  emailOnNotice: "E-postnotiser skickas enligt dina val ovan.",
  emailTurnedOff: "Alla e-postnotiser är avstängda",
  emailTurnedOffDescription: "Du får inga notiser via e-post förrän du slår på dem igen.",
  emailTurnedOn: "E-postnotiserna är påslagna",
  emailTurnedOnDescription: "Du får e-post enligt dina val för varje typ av notis.",
  emailSwitchFailed: "Kunde inte ändra e-postnotiserna",
} as const;
