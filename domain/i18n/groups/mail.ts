/** E-mail texts (verification). Links are added by the mail templates. */
export const mail = {
  verifySubject: "Bekräfta din e-postadress hos Börssnack",
  verifyGreeting: (nickname: string) => `Hej ${nickname}!`,
  verifyBody:
    "Tack för att du registrerade dig på Börssnack. Klicka på knappen nedan för att bekräfta din e-postadress och aktivera ditt konto.",
  verifyButton: "Bekräfta e-postadress",
  verifyFallback: "Fungerar inte knappen? Kopiera länken till din webbläsare:",
  verifyIgnore: "Har du inte skapat något konto kan du bortse från det här mejlet.",
  signature: "Hälsningar, Börssnack",
} as const;
