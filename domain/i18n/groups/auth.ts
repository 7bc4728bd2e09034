/** Auth screens (SPEC §2 /auth/*, §5, §8 Authentication). */
export const auth = {
  registerTitle: "Skapa konto",
  registerIntro: "Reservera ditt nickname och bli en del av Börssnack.",
  loginTitle: "Logga in",
  loginIntro: "Välkommen tillbaka till Börssnack.",
  email: "E-post",
  emailPlaceholder: "namn@exempel.se",
  nickname: "Nickname",
  nicknamePlaceholder: "t.ex. Aktie_Anna",
  password: "Lösenord",
  passwordHint: "Minst 6 tecken.",
  submitRegister: "Skapa konto",
  submittingRegister: "Skapar konto...",
  submitLogin: "Logga in",
  submittingLogin: "Loggar in...",
  tabPassword: "Lösenord",
  tabMagic: "Magisk länk",
  forgotPassword: "Glömt lösenordet?",
  haveAccount: "Har du redan ett konto?",
  noAccount: "Har du inget konto?",
  nicknameChecking: "Kontrollerar...",
  nicknameAvailable: "Nickname är ledigt",
  // SPEC §5 Nickname
  nicknameEmpty: "Nickname kan inte vara tomt",
  nicknameSpaces: "Nickname kan inte innehålla mellanslag",
  nicknameChars:
    "Nickname får endast innehålla bokstäver (inklusive å, ä, ö), siffror, punkter, understreck och bindestreck",
  // SPEC §5 says 'användarnamn' here; the field and its other messages say 'Nickname': one word for one thing.
  nicknameTaken: "Detta nickname är redan taget",
  /** Reserved names and their look-alikes (domain/limits.ts RESERVED_NICKNAMES). */
  nicknameReserved: "Detta nickname är reserverat",
  nicknameLength: "Nickname måste vara 2–30 tecken långt",
  // SPEC §5 Register / Login
  fillAllFields: "Vänligen fyll i alla fält",
  passwordTooShort: "Lösenordet måste vara minst 6 tecken långt.",
  passwordTooLong: "Lösenordet får vara högst 128 tecken långt.",
  invalidEmail: "Vänligen ange en giltig e-postadress.",
  fillEmailAndPassword: "Vänligen fyll i både e-post och lösenord",
  emailTaken: "Det finns redan ett konto med den e-postadressen.",
  invalidCredentials: "Fel e-post eller lösenord.",
  // SPEC §8 Authentication
  registerFailed: "Registrering misslyckades",
  registerSucceeded: "Registrering lyckades",
  confirmEmailMessage:
    "Registrering lyckades! Vi har skickat ett mejl till dig. Klicka på länken i mejlet för att bekräfta din e-postadress innan du loggar in.",
  loggedIn: "Inloggad",
  loggedOut: "Utloggad",
  logoutFailed: "Utloggning misslyckades",
  logoutFailedDescription: "Ett fel uppstod vid utloggning.",
  unexpected: "Ett oväntat fel uppstod. Försök igen senare.",
  timeout: "Inloggningsförfrågan tog för lång tid. Vänligen försök igen.",
  tooManyAttempts: "För många försök. Vänta en stund och försök igen.",
  // E-mail verification (SPEC §2 Email verification screen)
  notVerified:
    "Din e-postadress är inte bekräftad än. Klicka på länken i mejlet vi skickade, eller skicka ett nytt mejl.",
  resendVerification: "Skicka bekräftelsemejlet igen",
  resendingVerification: "Skickar...",
  verificationResent:
    "Om kontot finns och inte är bekräftat har vi skickat ett nytt bekräftelsemejl.",
  verifyTitle: "Bekräfta din e-postadress",
  verifyText:
    "Vi har skickat ett bekräftelsemejl. Klicka på länken i mejlet för att aktivera ditt konto.",
  backToLogin: "Tillbaka till inloggningen",
  verified: "Din e-postadress är bekräftad. Välkommen till Börssnack!",
  verifyFailed: "Länken är ogiltig eller har gått ut. Logga in för att få ett nytt bekräftelsemejl.",
  clocks: { newYork: "New York", stockholm: "Stockholm", tokyo: "Tokyo" },
  // Passwords and abuse limits
  passwordCommon: "Lösenordet är för vanligt och lätt att gissa. Välj ett annat.",
  accountLocked:
    "För många misslyckade inloggningar. Vänta 15 minuter och försök igen, eller återställ lösenordet.",
  retryIn: (seconds: number) =>
    seconds >= 120 ? `Försök igen om ${Math.ceil(seconds / 60)} minuter.` : `Försök igen om ${seconds} sekunder.`,
  // Magic link (SPEC §2 /auth/login magic tab, §5, §9: 15 minutes)
  magicIntro: "Ange din e-postadress så skickar vi en inloggningslänk. Länken gäller i 15 minuter.",
  magicSubmit: "Skicka magisk länk",
  magicSending: "Skickar...",
  magicSent: "Magisk länk skickad",
  magicSentDescription:
    "Om adressen hör till ett konto på Börssnack har vi skickat en inloggningslänk. Den gäller i 15 minuter och kan användas en gång.",
  fillEmail: "Vänligen fyll i din e-postadress",
  magicInvalidTitle: "Inloggningslänken fungerar inte",
  magicInvalid:
    "Länken är ogiltig, redan använd eller har gått ut (en magisk länk gäller i 15 minuter och kan användas en gång).",
  magicRequestNew: "Skicka en ny länk",
  /** GET /auth/magic shows a button; only its POST signs in. */
  magicConfirmTitle: "Logga in på Börssnack",
  magicConfirmText: "Klicka på knappen för att logga in med länken från ditt mejl.",
  magicConfirmButton: "Logga in",
  magicConfirmBusy: "Loggar in...",
  // Forgot / reset password (SPEC §2, §5, §8)
  forgotTitle: "Glömt lösenordet?",
  forgotIntro: "Ange din e-postadress så skickar vi en länk där du kan välja ett nytt lösenord.",
  forgotSubmit: "Skicka återställningslänk",
  resetLinkSent: "Återställningslänk skickad",
  resetLinkSentDescription:
    "Om adressen hör till ett konto på Börssnack har vi skickat en länk för att välja ett nytt lösenord. Kolla inkorgen, och skräpposten om den dröjer.",
  useAnotherEmail: "Använd en annan e-postadress",
  resetTitle: "Välj ett nytt lösenord",
  resetVerifying: "Kontrollerar länken...",
  newPassword: "Nytt lösenord",
  confirmPassword: "Bekräfta lösenordet",
  resetSubmit: "Spara nytt lösenord",
  resetMinLength: "Lösenordet måste vara minst 8 tecken långt.",
  passwordsDontMatch: "Lösenorden matchar inte.",
  resetNoToken: "Ingen återställningslänk hittad. Begär en ny länk för att återställa ditt lösenord.",
  resetInvalid: "Denna länk är ogiltig eller har utgått. Begär en ny länk för att återställa ditt lösenord.",
  resetRestart: "Begär en ny länk",
  passwordUpdated: "Lösenord uppdaterat",
  passwordUpdatedDescription: "Du kan nu logga in med ditt nya lösenord.",
  // Set / change password (SPEC §2 user menu 'Ställ in lösenord', §4 hasPassword)
  setPasswordTitle: "Ställ in lösenord",
  setPasswordIntro:
    "Ditt konto har inget lösenord än, du loggar in med magisk länk. Välj ett lösenord så kan du logga in med det också.",
  changePasswordTitle: "Byt lösenord",
  changePasswordIntro: "När du byter lösenord loggas dina andra inloggade enheter ut.",
  currentPassword: "Nuvarande lösenord",
  wrongCurrentPassword: "Fel nuvarande lösenord.",
  savePassword: "Spara lösenord",
  saving: "Sparar...",
  // E-mail verification screen (SPEC §2)
  resendDone: "Om kontot finns och inte är bekräftat har vi skickat ett nytt bekräftelsemejl.",
} as const;
