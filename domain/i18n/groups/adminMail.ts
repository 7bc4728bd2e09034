/** Admin bulk e-mail and its opt-out (List-Unsubscribe). */
export const adminMail = {
  footer: "Du får det här mejlet för att du är medlem på Börssnack.",
  unsubscribe: "Avregistrera dig från utskick",
  unsubscribeTitle: "Avregistrera från utskick",
  unsubscribeText: "Vill du sluta få utskick från Börssnacks administratörer? Kontomejl (inloggning, lösenord) skickas ändå.",
  unsubscribeButton: "Avregistrera mig",
  unsubscribed: "Du är avregistrerad",
  unsubscribedText: "Du får inte längre utskick från administratörerna. Du kan ändra dig under Mitt konto.",
  invalidLink: "Länken är ogiltig.",
  accountSection: "Utskick från administratörerna",
  accountOptedIn: "Du får utskick från administratörerna.",
  accountOptedOut: "Du har tackat nej till utskick från administratörerna.",
  optOut: "Tacka nej till utskick",
  optIn: "Ta emot utskick igen",
} as const;
