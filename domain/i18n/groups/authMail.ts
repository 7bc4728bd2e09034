/** Auth e-mails other than verification: magic link and password reset. */
export const authMail = {
  magicSubject: "Din inloggningslänk till Börssnack",
  magicGreeting: (nickname: string) => `Hej ${nickname}!`,
  magicBody: "Klicka på knappen nedan för att logga in på Börssnack. Länken gäller i 15 minuter och kan användas en gång.",
  magicButton: "Logga in på Börssnack",
  resetSubject: "Återställ ditt lösenord på Börssnack",
  resetBody:
    "Någon (förhoppningsvis du) har bett om att få välja ett nytt lösenord för ditt konto på Börssnack. Länken gäller i en timme och kan användas en gång. När du har bytt lösenord loggas alla inloggade enheter ut.",
  resetButton: "Välj nytt lösenord",
  linkFallback: "Fungerar inte knappen? Kopiera länken till din webbläsare:",
  ignore: "Har du inte bett om det här kan du bortse från mejlet. Ingenting ändras då.",
} as const;
