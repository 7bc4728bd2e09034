/**
 * Every user-facing string of Börssnack, in Swedish, with the spec's exact wording where the spec
 * gives one (section in each group's comment). Server and browser both import from here.
 *
 * Functions build strings that embed a value; they take plain values and return a string.
 *
 * @module
 */
import type { AuthorSentiment, MAIL_JOB_STATUSES, ModerationAction, NotificationChannel, NotificationKind, Position, ReactionType, ReportReason, Role, SearchKind, TargetType, ThemePreference } from "../values";

/** Product name and document title (SPEC §1). */
export const app = {
  name: "Börssnack",
  title: "Sveriges nya forum för börssnack",
  description:
    "Börssnack är forumet där svenska traders och investerare diskuterar aktier, fonder, makro och krypto.",
  copyright: (year: number) => `© ${year} Börssnack. Alla rättigheter förbehållna.`,
  poweredBy: "Drivs med öppen källkod",
  /** Issue 19: the accessible name of the toast region (sonner's default is English). */
  toastRegion: "Aviseringar",
  toastClose: "Stäng aviseringen",
  /** Issue 19 (SPEC §2 footer: "a link to the provider"): 'Drivs av <provider>'. */
  providedBy: "Drivs av",
  footerData:
    "Bolagsdata: FinanceDatabase (MIT). Exempeltexter: Swedish NER corpus av Andreas Klintberg, baserad på Språkbanken Webbnyheter 2012, CC BY 4.0.",
} as const;

/** Header, menus and shared layout (SPEC §2 Shared forum layout). */
export const nav = {
  forum: "Forum",
  login: "Logga in",
  register: "Registrera",
  logout: "Logga ut",
  myProfile: "Min profil",
  setPassword: "Ställ in lösenord",
  changePassword: "Byt lösenord",
  account: "Mitt konto",
  admin: "Admin",
  messages: "Meddelanden",
  notifications: "Notifieringar",
  watchlist: "Bevakning",
  userMenu: "Användarmeny",
  openMenu: "Öppna meny",
  closeMenu: "Stäng meny",
  home: "Till startsidan",
  skipToContent: "Hoppa till innehållet",
  mainMenu: "Huvudmeny",
  breadcrumb: "Brödsmulor",
  pages: "Sidor",
  newer: "← Nyare",
  older: "Äldre →",
} as const;

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
  registerLink: "Registrera dig",
  loginLink: "Logga in",
  nicknameChecking: "Kontrollerar...",
  nicknameAvailable: "Nickname är ledigt",
  // SPEC §5 Nickname
  nicknameEmpty: "Nickname kan inte vara tomt",
  nicknameSpaces: "Nickname kan inte innehålla mellanslag",
  nicknameChars:
    "Nickname får endast innehålla bokstäver (inklusive å, ä, ö), siffror, punkter, understreck och bindestreck",
  nicknameTaken: "Detta användarnamn är redan taget",
  /** Reserved names and their look-alikes (issue 15 item 7; domain/limits.ts RESERVED_NICKNAMES). */
  nicknameReserved: "Detta användarnamn är reserverat",
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
  // Passwords and abuse limits (issue "Accounts and privacy")
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
  /** GET /auth/magic shows a button; only its POST signs in (issue 15 item 8). */
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

/** Forum home, category, thread and new-thread screens (SPEC §2). */
export const forum = {
  /** Pager of a thread's comments, oldest first (issue 8: paginated comments). */
  earlierComments: "← Tidigare kommentarer",
  laterComments: "Senare kommentarer →",
  howToTitle: "Så använder du forumet",
  howTo: [
    "Navigera: välj en kategori eller en diskussion i listan för att läsa.",
    "Starta en tråd: öppna en kategori och klicka på 'Nytt inlägg'.",
    "Kommentera: skriv i fältet under tråden, eller klicka 'Svara' på en kommentar.",
    "Reaktioner: visa vad du tycker med Bullish, Bearish, Like eller Hot.",
    "Taggningar: nämn andra medlemmar med @användarnamn och aktier med $TICKER.",
    "Anmäl: ser du något olämpligt, anmäl det så tittar moderatorerna på det.",
  ],
  /** Issue 17 'Innehav': why disclosing a position matters (EU market abuse regulation, MAR). */
  howToDisclosureTitle: "Varför ange innehav?",
  howToDisclosure:
    "Berätta om du äger aktien du skriver om: välj 'Jag äger aktien' eller 'Jag äger inte aktien' under 'Innehav' när du skriver. Att prata upp en aktie du själv äger utan att säga det kan vara marknadsmanipulation enligt EU:s marknadsmissbruksförordning (MAR). Öppet innehav låter andra väga in ditt intresse när de läser.",
  show: "Visa",
  hide: "Dölj",
  categories: "Kategorier",
  discussions: "Diskussioner",
  sortLatest: "Senaste",
  sortTrending: "Trendar",
  sortPopular: "Populära",
  badgeHot: "Hettar till",
  badgeFast: "Snabb",
  badgeTop: "Top 10%",
  badgeHotTitle: "Många reaktioner och kommentarer just nu",
  badgeFastTitle: "Minst 3 reaktioner den senaste timmen",
  badgeTopTitle: "Bland de 10 % hetaste trådarna",
  emptyTrending: "Inga trådar har fått reaktioner den senaste timmen.",
  pageOf: (page: number) => `Sida ${page}`,
  emptyThreads: "Inga trådar än. Skapa den första!",
  threadsCount: (n: number) => (n === 1 ? "1 tråd" : `${n} trådar`),
  replies: (n: number) => `${n} svar`,
  unknownAuthor: "Okänd",
  newPost: "Nytt inlägg",
  emptyCategory: "Det finns inga inlägg i denna kategori än.",
  createFirstPost: "Skapa första inlägget",
  categoryNotFound: "Kategorin hittades inte",
  threadNotFound: "Tråden eller kategorin hittades inte",
  commentsHeading: (n: number) => `${n} Kommentarer`,
  noComments: "Var först med att kommentera!",
  loginToComment: "Du måste vara inloggad för att kommentera",
  loginToCreate: "Du måste vara inloggad för att skapa ett inlägg",
  orWord: "eller",
  reply: "Svara",
  hideReplies: (n: number) => `Dölj ${n} svar`,
  showReplies: (n: number) => `Visa ${n} svar`,
  commentPlaceholder: "Skriv en kommentar...",
  replyPlaceholder: "Skriv ett svar...",
  send: "Skicka",
  sending: "Skickar...",
  cancel: "Avbryt",
  createHeading: (category: string) => `Skapa nytt inlägg i ${category}`,
  createHeadingNoCategory: "Skapa nytt inlägg",
  chooseCategory: "Kategori",
  chooseCategoryPlaceholder: "Välj kategori",
  titleLabel: "Rubrik",
  bodyLabel: "Innehåll",
  titlePlaceholder: "Vad vill du diskutera?",
  bodyPlaceholder: "Skriv ditt inlägg här...",
  tipsTitle: "Tips",
  tipTicker: "Skriv $TICKER (t.ex. $VOLV-B) för att länka en aktie.",
  tipMention: "Skriv @användarnamn för att tagga en annan medlem.",
  create: "Publicera",
  creating: "Skapar...",
  breadcrumbForum: "Forum",
  editPlaceholder: (id: string) => `Redigering av inlägg ${id} kommer snart.`,
  editTitle: "Redigera inlägg",
  actions: "Åtgärder",
  /** A post's kind as a label (domain/post-target.ts). */
  postKinds: { thread: "Tråd", comment: "Kommentar" } satisfies Record<TargetType, string>,
  deleteThread: "Ta bort tråd",
  deleteComment: "Ta bort kommentar",
  confirmDeleteThread: "Är du säker på att du vill ta bort tråden? Det går inte att ångra.",
  confirmDeleteComment: "Är du säker på att du vill ta bort kommentaren? Det går inte att ångra.",
  confirm: "Ta bort",
  postedAt: (when: string) => `Publicerad ${when}`,
  by: "av",
  back: "Tillbaka",
  loading: "Laddar...",
  // Validation (SPEC §5 Comment, New thread) and limits (decided: docs/decisions/001)
  titleRequired: "Rubriken får inte vara tom.",
  bodyRequired: "Innehållet får inte vara tomt.",
  commentRequired: "Kommentaren får inte vara tom.",
  titleTooLong: "Rubriken får vara högst 200 tecken.",
  bodyTooLong: "Inlägget får vara högst 20 000 tecken.",
  commentTooLong: "Kommentaren får vara högst 10 000 tecken.",
  categoryRequired: "Välj en kategori.",
  replyDepth: "Det går bara att svara på kommentarer, inte på svar.",
  blocked: "Ditt konto är blockerat och kan inte skapa inlägg eller kommentarer.",
} as const;

/** Reactions (SPEC §5 Reactions, §8 Reactions, §9 labels). */
export const reactions = {
  labels: { bull: "Bullish", bear: "Bearish", like: "Like", fire: "Hot" } satisfies Record<ReactionType, string>,
  /** The button's picture beside each label. */
  emoji: { bull: "🐂", bear: "🐻", like: "👍", fire: "🔥" } satisfies Record<ReactionType, string>,
  barLabel: "Reaktioner",
  ownContent: "Du kan inte reagera på ditt eget innehåll",
  notLoggedIn: "Ej inloggad",
  loginToReact: "Du måste vara inloggad för att reagera",
  removeFailed: "Kunde inte ta bort reaktion",
  addFailed: "Kunde inte lägga till reaktion",
  loadFailed: "Kunde inte hämta reaktioner",
  handleFailed: "Kunde inte hantera reaktionen",
  invalid: "Ogiltig reaktion",
} as const;

/** Content toasts (SPEC §8 Content, Permissions and social). */
export const toasts = {
  commentAdded: "Kommentar tillagd",
  commentAddedDescription: "Din kommentar har publicerats",
  replyAdded: "Svar tillagt",
  replyAddedDescription: "Ditt svar har publicerats",
  commentFailed: "Kunde inte skapa kommentar",
  replyFailed: "Kunde inte skapa svar",
  commentFailedDescription: "Ett fel uppstod när kommentaren skulle skapas",
  threadCreated: "Inlägg skapat!",
  threadCreatedDescription: "Ditt inlägg har publicerats",
  threadFailed: "Kunde inte skapa inlägg",
  threadFailedDescription: "Ett fel uppstod när inlägget skulle skapas",
  loadThreadFailed: "Kunde inte ladda tråden",
  loadCommentsFailed: "Kunde inte ladda kommentarer",
  threadNotFound: "Kunde inte hitta tråden",
  commentNotFound: "Kunde inte hitta kommentaren",
  deleteThreadFailed: "Kunde inte ta bort tråden",
  deleteFailed: "Kunde inte radera tråden/kommentaren",
  deleteFailedDescription: "Ett fel uppstod. Försök igen senare.",
  threadDeleted: "Tråd borttagen",
  commentDeleted: "Kommentar borttagen",
  ownThreadsOnly: "Du kan bara ta bort dina egna trådar",
  ownCommentsOnly: "Du kan bara ta bort dina egna kommentarer",
  notLoggedIn: "Ej inloggad",
  insufficientRights: "Otillräckliga rättigheter",
} as const;

/** Editing threads and comments, and their history (issue 16). */
export const editing = {
  edit: "Redigera",
  save: "Spara",
  saving: "Sparar...",
  cancel: "Avbryt",
  editThreadHeading: "Redigera tråd",
  editCommentLabel: "Redigera kommentar",
  reasonLabel: "Anledning (syns i moderationsloggen)",
  reasonTooLong: (max: number) => `Anledningen får vara högst ${max} tecken`,
  edited: "redigerad",
  /** Accessible name of the 'redigerad' button: opens the history. */
  editedLabel: (relative: string) => `Redigerad ${relative}, visa historik`,
  historyTitle: "Redigeringshistorik",
  historyDescription: "Varje ändring med vem som gjorde den och när. Borttagen text är överstruken, tillagd text understruken.",
  historyLoading: "Laddar historik...",
  historyFailed: "Kunde inte ladda historiken",
  historyEmpty: "Inga sparade ändringar.",
  revisionBy: (nickname: string) => `Ändrad av ${nickname}`,
  titleChange: "Rubrik",
  bodyChange: "Text",
  removed: "Borttaget:",
  added: "Tillagt:",
  close: "Stäng",
  saved: "Ändringen är sparad",
  editFailed: "Kunde inte spara ändringen",
  notAllowed: "Du kan bara redigera dina egna inlägg",
  threadNotFound: "Kunde inte hitta tråden",
  commentNotFound: "Kunde inte hitta kommentaren",
  loginToEdit: "Du måste vara inloggad för att redigera",
  blocked: "Ditt konto är blockerat och kan inte redigera inlägg",
} as const;

/** Generic errors (SPEC §8 Authentication, generic handler) and the 404 page (SPEC §2). */
export const errors = {
  genericTitle: "Ett fel uppstod",
  genericUnknown: "Ett okänt fel uppstod. Försök igen senare.",
  server: "Ett fel uppstod vid anropet till servern.",
  serverUnknown: "Ett okänt fel uppstod",
  unexpectedApp: "Unexpected Application Error!",
  notFound: "Hoppsan! Sidan hittades inte",
  backToStart: "Tillbaka till startsidan",
  connectionTitle: "Anslutningsproblem",
  connectionText:
    "Vi kunde inte verifiera din inloggning. Detta kan bero på anslutningsproblem.",
  badRequest: "Ogiltig förfrågan.",
  /** A write sent from another website (issue "Hardening": cross-site requests). */
  crossSite: "Förfrågan kom från en annan webbplats och stoppades. Ladda om sidan och försök igen.",
  /** A form or API body above the size limit (issue "Hardening"). */
  bodyTooLarge: "Förfrågan är för stor. Korta ner texten och försök igen.",
  /** Text that is not valid UTF-8 or holds NUL characters (issue "Hardening"). */
  invalidText: "Texten innehåller ogiltiga tecken. Ta bort dem och försök igen.",
  /** Title of the 400 page for an address with broken encoding or control characters (issue 15). */
  badAddressTitle: "Ogiltig adress",
  /** Text of that page; also the JSON error of API routes. */
  badAddress: "Adressen innehåller ogiltiga tecken. Kontrollera länken och försök igen.",
  /** A request without a valid Host header (issue 15). */
  badHost: "Förfrågan saknar en giltig värd (Host).",
  /** An HTTP method the forum does not offer, e.g. TRACE (issue 15): 405. */
  methodNotAllowed: "Metoden stöds inte.",
} as const;

/** Relative-time and date helpers' fixed words. */
export const time = {
} as const;

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

/** Admin area (SPEC §2 Admin dashboard, §6 Protected routes). */
export const admin = {
  title: "Admin Dashboard",
  users: "Användare",
  usersDescription: "Se medlemmar, vem som är aktiv och ta bort konton.",
  messages: "Meddelanden",
  messagesDescription: "Skicka e-post till alla eller utvalda medlemmar.",
  roles: "Användarroller",
  rolesDescription: "Ändra roller: Medlem, Moderator eller Admin.",
  accessNote: { admin: "Du har åtkomst som administratör.", moderator: "Du har åtkomst som moderator." },
  backToForum: "Till forumet",
  footer: (year: number) => `© ${year} Börssnack – Admin`,
} as const;

/** Profile page, drawer and follow (SPEC §2 Profile page, Profile side panel; §4 Follow, Bio; §8). */
export const profile = {
  memberSince: (date: string) => `Medlem sedan ${date}`,
  notFound: "Profilen hittades inte",
  threads: "Trådar",
  comments: "Kommentarer",
  loading: "Laddar profil...",
  close: "Stäng",
  followers: "Följare",
  following: "Följer",
  follow: "Följ",
  unfollow: "Sluta följa",
  followed: "Följer användare",
  followedDescription: (nickname: string) => `Du följer nu ${nickname}.`,
  unfollowed: "Slutat följa",
  unfollowedDescription: (nickname: string) => `Du följer inte längre ${nickname}.`,
  alreadyFollowing: "Redan följer",
  followFailed: "Kunde inte följa användare",
  unfollowFailed: "Kunde inte sluta följa användare",
  cannotFollowSelf: "Du kan inte följa dig själv.",
  loginToFollow: "Du måste vara inloggad för att följa andra medlemmar.",
  errorTitle: "Fel",
  userNotFound: "Kunde inte hitta användaren.",
  fetchFailed: "Kunde inte hämta profildata.",
  unexpected: "Ett oväntat fel uppstod.",
  copyLink: "Kopiera profillänk",
  linkCopied: "Länk kopierad",
  linkCopiedDescription: "Profillänken har kopierats till urklipp.",
  copyFailed: "Kunde inte kopiera länk",
  copyFailedDescription: "Ett fel uppstod när länken skulle kopieras.",
  bio: "Presentation",
  noBio: "Ingen presentation än.",
  edit: "Redigera",
  save: "Spara",
  cancel: "Avbryt",
  bioPlaceholder: "Berätta kort om dig själv som investerare...",
  bioSaved: "Profil uppdaterad",
  bioSavedDescription: "Din presentation har sparats.",
  bioFailed: "Kunde inte spara",
  bioFailedDescription: "Ett fel uppstod när presentationen skulle sparas.",
  bioTooLong: (max: number) => `Presentationen får vara högst ${max} tecken.`,
  latestThreads: "Senaste trådar",
  latestComments: "Senaste kommentarer",
  noThreads: "Inga trådar än.",
  noComments: "Inga kommentarer än.",
  inThread: (title: string) => `i ${title}`,
  openProfile: "Visa hela profilen",
} as const;

/** Ticker pages and the $TICKER / @mention pickers (issue "Profiles and the social graph"). */
export const ticker = {
  notFound: "Aktien hittades inte",
  sector: "Sektor",
  mentions: "Inlägg som nämner aktien",
  noMentions: (t: string) => `Ingen har nämnt $${t} än. Skriv $${t} i ett inlägg så hamnar det här.`,
  sentimentTitle: "Stämning senaste 7 dagarna",
  sentimentNone: "Inga Bullish- eller Bearish-reaktioner de senaste 7 dagarna.",
  bull: (n: number) => `${n} Bullish`,
  bear: (n: number) => `${n} Bearish`,
  by: (nickname: string) => `Av: ${nickname}`,
  inThread: (title: string) => `i ${title}`,
  data: "Bolagsdata: FinanceDatabase (MIT).",
  mentionMinChars: "Skriv minst två tecken för att söka efter användare",
  mentionPick: "Välj en användare att tagga",
  mentionNone: "Inga användare hittades",
  tickerPick: "Välj en aktie",
} as const;

/** Watchlist 'Bevakning' and the forum home tab 'Bevakat' (issue 17). */
export const watchlist = {
  title: "Bevakning",
  description: "Aktierna du bevakar och de senaste inläggen som nämner dem.",
  watch: "Bevaka",
  unwatch: "Sluta bevaka",
  watched: "Bevakar aktien",
  watchedDescription: (t: string) => `Du bevakar nu $${t}.`,
  unwatched: "Slutat bevaka",
  unwatchedDescription: (t: string) => `Du bevakar inte längre $${t}.`,
  watchFailed: "Kunde inte bevaka aktien",
  unwatchFailed: "Kunde inte sluta bevaka aktien",
  loginToWatch: "Du måste vara inloggad för att bevaka aktier.",
  loginToWatchLink: "Logga in för att bevaka",
  badTicker: "Ange en giltig aktie, till exempel VOLV-B.",
  blocked: "Ditt konto är blockerat och kan inte bevaka aktier.",
  limitReached: (max: number) => `Du kan bevaka högst ${max} aktier. Sluta bevaka någon innan du lägger till fler.`,
  count: (n: number, max: number) => `${n} av ${max} aktier`,
  tickers: "Bevakade aktier",
  colTicker: "Aktie",
  colCompany: "Bolag",
  colSector: "Sektor",
  colPostsToday: "Inlägg i dag",
  colSentiment: "Medlemmarnas syn (7 dagar)",
  colActions: "Åtgärder",
  noSector: "–",
  empty: "Du bevakar inga aktier än. Öppna en akties sida, till exempel genom att klicka på en $TICKER i ett inlägg, och tryck på 'Bevaka'.",
  feed: "Senaste inlägg om dina aktier",
  feedEmpty: "Inga trådar eller kommentarer nämner dina bevakade aktier än.",
  tab: "Bevakat",
  tabEmpty: "Här visas trådar från medlemmar du följer och trådar som nämner aktier du bevakar. Följ medlemmar eller bevaka aktier så fylls fliken.",
  showTicker: "Visa aktien",
  menuLabel: (t: string) => `Meny för $${t}`,
} as const;

/**
 * Ticker page facts (issue 17): Swedish names of the data set's GICS-style sectors and
 * industries (the names Avanza, Nordnet and Affärsvärlden use for GICS sectors), keyed by the
 * English value exactly as in `server/data/companies.csv`. Every value in the data must be here
 * (tests/build/sector-names.test.ts); an unknown one is shown in English (domain/sectors.ts).
 */
export const sectors = {
  industry: "Bransch",
  website: "Webbplats",
  facts: "Fakta om bolaget",
  sectorNames: {
    "Communication Services": "Kommunikationstjänster",
    "Consumer Discretionary": "Sällanköpsvaror",
    "Consumer Staples": "Dagligvaror",
    Energy: "Energi",
    Financials: "Finans",
    "Health Care": "Hälsovård",
    Industrials: "Industri",
    "Information Technology": "Informationsteknik",
    Materials: "Råvaror",
    "Real Estate": "Fastigheter",
    Utilities: "Kraftförsörjning",
  } as Record<string, string>,
  industryNames: {
    "Aerospace & Defense": "Flyg- och försvarsindustri",
    "Air Freight & Logistics": "Flygfrakt och logistik",
    "Auto Components": "Fordonskomponenter",
    Automobiles: "Fordonstillverkare",
    Banks: "Banker",
    Beverages: "Drycker",
    Biotechnology: "Bioteknik",
    "Building Products": "Byggprodukter",
    "Capital Markets": "Kapitalmarknader",
    Chemicals: "Kemikalier",
    "Commercial Services & Supplies": "Företagstjänster och förnödenheter",
    "Communications Equipment": "Kommunikationsutrustning",
    "Construction & Engineering": "Bygg och anläggning",
    "Construction Materials": "Byggmaterial",
    "Consumer Finance": "Konsumentkrediter",
    Distributors: "Distributörer",
    "Diversified Financial Services": "Diversifierade finansiella tjänster",
    "Diversified Telecommunication Services": "Diversifierade telekomtjänster",
    "Electric Utilities": "Elförsörjning",
    "Electrical Equipment": "Elektrisk utrustning",
    "Electronic Equipment, Instruments & Components": "Elektronisk utrustning, instrument och komponenter",
    "Energy Equipment & Services": "Energiutrustning och energitjänster",
    Entertainment: "Underhållning",
    "Food & Staples Retailing": "Livsmedels- och dagligvaruhandel",
    "Health Care Equipment & Supplies": "Medicinteknisk utrustning och förnödenheter",
    "Health Care Providers & Services": "Vårdgivare och vårdtjänster",
    "Health Care Technology": "Hälsovårdsteknik",
    "Hotels, Restaurants & Leisure": "Hotell, restauranger och fritid",
    "Household Durables": "Varaktiga hushållsprodukter",
    "Household Products": "Hushållsprodukter",
    "IT Services": "IT-tjänster",
    "Independent Power and Renewable Electricity Producers": "Oberoende kraftproducenter och förnybar el",
    "Industrial Conglomerates": "Industrikonglomerat",
    Insurance: "Försäkring",
    "Interactive Media & Services": "Interaktiva medier och tjänster",
    "Internet & Direct Marketing Retail": "E-handel och postorder",
    Machinery: "Maskiner",
    Marine: "Sjöfart",
    "Metals & Mining": "Metaller och gruvdrift",
    "Oil, Gas & Consumable Fuels": "Olja, gas och bränslen",
    "Paper & Forest Products": "Papper och skogsprodukter",
    Pharmaceuticals: "Läkemedel",
    "Professional Services": "Konsult- och experttjänster",
    "Real Estate Management & Development": "Fastighetsförvaltning och fastighetsutveckling",
    "Road & Rail": "Väg- och järnvägstransport",
    "Semiconductors & Semiconductor Equipment": "Halvledare och halvledarutrustning",
    Software: "Mjukvara",
    "Specialty Retail": "Specialiserad detaljhandel",
    "Technology Hardware, Storage & Peripherals": "Datorer, lagring och kringutrustning",
    "Textiles, Apparel & Luxury Goods": "Textil, kläder och lyxvaror",
    "Thrifts & Mortgage Finance": "Sparbanker och bolånefinansiering",
    Tobacco: "Tobak",
    "Trading Companies & Distributors": "Handelsföretag och distributörer",
    "Transportation Infrastructure": "Transportinfrastruktur",
  } as Record<string, string>,
} as const;

/** CLI messages (`forum` command). */
export const cli = {
  usage: `Användning:
  forum set-role <nickname> <member|moderator|admin>   Ändra en medlems roll
  forum create-admin <e-post> <nickname>                Skapa en administratör (lösenordet i FORUM_ADMIN_PASSWORD)
  forum migrate                                         Kör databasmigreringar
  forum seed-demo [--force]                             Fyll forumet med demoinnehåll
                                                        (--force krävs när NODE_ENV=production)
  forum recook                                          Rendera om alla inlägg och profiltexter (Markdown)
  forum backup <fil>                                    Säkerhetskopiera databasen till en fil
  forum restore <fil>                                   Återställ databasen från en säkerhetskopia
  forum help                                            Visa den här hjälpen`,
  unknownCommand: (c: string) => `Okänt kommando: ${c}`,
  unknownNickname: (n: string) => `Hittar ingen medlem med nickname "${n}"`,
  unknownRole: (r: string) => `Okänd roll "${r}". Välj member, moderator eller admin.`,
  roleSet: (n: string, r: string) => `${n} har nu rollen ${r}.`,
  migrated: "Databasen är migrerad.",
  seeded: (users: number, threads: number, comments: number) =>
    `Demoinnehåll skapat: ${users} användare, ${threads} trådar, ${comments} kommentarer.`,
  alreadySeeded: "Demoinnehållet finns redan.",
  demoLogins: (password: string) =>
    `Logga in som någon av demoanvändarna (samma lösenord för alla: ${password}):`,
  demoLogin: (nickname: string, email: string) => `  ${nickname.padEnd(18)} ${email}`,
  /** A demo login with staff powers (issue 19: the demo has a moderator and an admin). */
  demoStaffLogin: (nickname: string, email: string, role: string) => `  ${nickname.padEnd(18)} ${email} (${role})`,
  seedInProduction:
    "Vägrar skapa demoinnehåll när NODE_ENV=production: demokontona har ett känt lösenord. Lägg till --force om du verkligen vill.",
  failed: (message: string) => `Kommandot misslyckades: ${message}`,
  adminPasswordMissing: "Ange lösenordet (minst 8 tecken) i miljövariabeln FORUM_ADMIN_PASSWORD.",
  adminCreated: (nickname: string, email: string) => `Administratören ${nickname} (${email}) är skapad.`,
  backedUp: (file: string, bytes: number) => `Säkerhetskopian är sparad i ${file} (${Math.ceil(bytes / 1024)} kB).`,
  restored: (file: string) => `Databasen är återställd från ${file}.`,
  restoreMovedAside: (dir: string) => `Den tidigare databasmappen ligger kvar i ${dir}.`,
  /** Issue 15 item 9: the embedded database has one writer, the running server. */
  serverRunning: (pid: number, dataDir: string) =>
    `Servern körs (process ${pid}) och har den inbyggda databasen i ${dataDir} öppen. Stoppa servern först, eller kör kommandot mot PostgreSQL med DATABASE_URL.`,
  backupFileMissing: (file: string) => `Hittar ingen säkerhetskopia i ${file}.`,
  pgToolMissing: (tool: string) =>
    `${tool} saknas. Installera PostgreSQL-klienten (t.ex. apt install postgresql-client) i samma version som servern.`,
  pgToolFailed: (tool: string, message: string) => `${tool} misslyckades: ${message}`,
} as const;

/** Start-up configuration errors shown to the operator (server/config.ts). */
export const config = {
  invalid: (variable: string, problem: string) => `Ogiltig konfiguration: ${variable} ${problem}`,
  missingInProduction: "saknas (krävs i produktion)",
  postgresUrl: "måste börja med postgres:// eller postgresql://",
  smtpUrl: "måste börja med smtp:// eller smtps://",
  secretLength: "måste vara minst 32 tecken",
  /** Web Push (issue 18). */
  vapidKey: "måste vara en base64url-nyckel från web-push generate-vapid-keys",
  vapidPair: "saknas: ange både VAPID_PUBLIC_KEY och VAPID_PRIVATE_KEY, eller ingen av dem",
  vapidSubject: "måste vara en mailto:-adress eller en https://-adress",
  /** Issue 19: the footer's provider link. */
  providerUrl: "måste vara en http(s)-adress eller en sökväg som börjar med /",
  /** Issue 20: robots.txt and the sitemaps. */
  searchEngines: "måste vara on eller off",
  /** Issue 21: share of successful page requests written to the request log. */
  logSample: "måste vara ett tal från 0 till 1 (andelen lyckade GET-anrop som loggas)",
  /** Issue 21: worker processes (server/web-concurrency.ts, server/cluster.ts). */
  webConcurrency: (max: number) => `måste vara ett heltal från 1 till ${max}`,
  webConcurrencyPglite: "måste vara 1 med den inbyggda databasen (PGlite ägs av en process); ange DATABASE_URL för fler",
  /** The cluster primary's log lines (server/cluster.ts). */
  clusterStarting: (workers: number, cores: number) => `Börssnack startar ${workers} arbetsprocesser (${cores} kärnor)`,
  clusterReady: (workers: number, port: number) => `Börssnack: ${workers} arbetsprocesser lyssnar på port ${port}`,
  clusterWorkerDied: (slot: number, pid: number, how: string, delayMs: number) =>
    `Arbetsprocess ${slot} (pid ${pid}) avslutades (${how}); startas om om ${delayMs} ms`,
  clusterStartFailed: (code: number) => `Den första arbetsprocessen kunde inte starta (slutkod ${code}); avbryter`,
  clusterStopping: (signal: string, workers: number) => `${signal}: stänger ${workers} arbetsprocesser...`,
  clusterStopTimeout: (workers: number) => `${workers} arbetsprocesser svarade inte i tid; avslutas med SIGKILL`,
} as const;

/** Role labels (SPEC §9). */
export const roles = { member: "Medlem", moderator: "Moderator", admin: "Admin" } as const satisfies Record<Role, string>;

/** Landing page (SPEC §2 Landing page) and the auth layout's clocks and header (SPEC §2 Auth layout). */
export const landing = {
  metaTitle: "Börssnack är live – Sveriges nya forum för börssnack",
  metaDescription:
    "Börssnack är nu öppet: forumet där svenska traders och investerare diskuterar aktier, fonder, makro och krypto. Skapa konto, reservera ditt nickname och häng med i snacket.",
  bannerTitle: "Börssnack är live!",
  bannerText: "Sveriges nya forum för börssnack är nu öppet för alla.",
  heroTitle: "Sveriges nya forum för börssnack",
  heroText:
    "Här möts svenska traders och investerare för att diskutera aktier, fonder, makro och krypto – från morgonens rapporter till kvällens stängningskurser.",
  startTitle: "Kom igång direkt",
  start: {
    reserved: {
      title: "Återställ lösenord",
      text: "Har du redan reserverat ett nickname före lanseringen? Logga in genom att återställa lösenordet med samma e-postadress som du använde när du reserverade.",
    },
    register: {
      title: "Skapa konto",
      text: "Ny på Börssnack? Välj ett nickname, bekräfta din e-post och börja skriva på under en minut.",
    },
    login: {
      title: "Logga in",
      text: "Har du redan ett konto? Logga in med lösenord eller med en inloggningslänk via e-post.",
    },
    forum: {
      title: "Utforska forumet",
      text: "Läs trådar och sök bland diskussionerna direkt – du behöver inget konto för att läsa.",
    },
  },
  aboutTitle: "Om Börssnack",
  aboutText:
    "Börssnack är en svensk mötesplats för traders och investerare. Diskussionerna samlas i trådar sorterade i kategorier, så att du snabbt hittar det som rör dina innehav och idéer.",
  aboutPoints: [
    "Skapa trådar och kommentera i kategorier för aktier, fonder, makro och mer.",
    "Reagera med Bullish, Bearish, Like eller Hot.",
    "Tagga andra medlemmar med @nickname och nämn aktier med $TICKER.",
    "Följ medlemmar och få notifieringar när något händer.",
  ],
  poweredBy: "Drivs av Börssnack – byggt med öppen källkod",
  clocksLabel: "Världsklockor",
  toLanding: "Börssnack – till startsidan för lanseringen",
} as const;

/**
 * Privacy: the 'GDPR och datapolicy' dialog (SPEC §2 Shared forum layout, 11 sections), the
 * account page `/forum/konto` with data export and account deletion, the deletion mail and the
 * deletion-link page (issue "GDPR"; docs/decisions/006-privacy.md).
 */
export const privacy = {
  // Footer and dialog (SPEC §2)
  footerButton: "GDPR och datapolicy",
  footerNote: "Vi använder bara nödvändiga cookies – ingen spårning.",
  dialogTitle: "GDPR och datapolicy",
  dialogIntro:
    "Så här behandlar Börssnack dina personuppgifter enligt dataskyddsförordningen (GDPR). Policyn gäller för forumet och ditt konto.",
  close: "Stäng",
  accept: "Acceptera",
  alreadyAccepted: "Du har redan accepterat policyn.",
  manageData: "Hantera dina data",
  updated: "Senast uppdaterad 21 november 2026.",
  sections: [
    {
      title: "Personuppgiftsansvarig",
      paragraphs: [
        "Börssnack är personuppgiftsansvarig för de personuppgifter som behandlas i forumet. Det betyder att vi bestämmer varför och hur uppgifterna behandlas och att vi ansvarar för att det sker enligt GDPR.",
        "Frågor om dataskydd når oss på dataskydd@borssnack.se (se avsnitt 11).",
      ],
      items: [],
    },
    {
      title: "Vilka uppgifter vi samlar in",
      paragraphs: ["Vi sparar bara det som behövs för att forumet ska fungera:"],
      items: [
        "Kontouppgifter: e-postadress, nickname, när kontot skapades och om e-postadressen är bekräftad. Lösenordet sparas aldrig i klartext, bara som en saltad hash i vårt inloggningssystem.",
        "Profil: presentation (bio), profilbild och omslagsbild om du själv lägger till dem, din roll samt räknare för trådar, kommentarer och reaktioner och din EdgeLevel.",
        "Det du gör i forumet: trådar, kommentarer och svar du skriver, reaktioner du ger, vilka du följer och som följer dig, anmälningar du gör och de notifieringar vi skapar åt dig.",
        "Inloggning: sessioner med tidpunkt, utgångstid, IP-adress och webbläsarens namn (user agent).",
        "Aktivitet: när du senast var aktiv och vilka timmar (datum och timme) du har använt forumet, för att visa hur många som är online.",
        "Missbruksskydd: IP-adress och e-postadress i kortlivade räknare som begränsar antalet försök att logga in, registrera sig och beställa mejl.",
      ],
    },
    {
      title: "Varför vi behandlar uppgifterna",
      paragraphs: ["Uppgifterna används för att:"],
      items: [
        "skapa och sköta ditt konto och låta dig logga in,",
        "visa det du publicerar under ditt nickname och din offentliga profil,",
        "skicka mejl som hör till kontot: bekräftelse av e-postadress, inloggnings- och återställningslänkar, raderingslänk och meddelanden från forumets administratörer,",
        "skapa notifieringar när någon svarar dig, nämner dig eller när någon du följer skriver,",
        "moderera innehåll, hantera anmälningar och skydda forumet mot spam, intrång och missbruk.",
      ],
    },
    {
      title: "Rättslig grund",
      paragraphs: [
        "Avtal (artikel 6.1 b GDPR): när du skapar ett konto ingår vi ett avtal om att tillhandahålla forumet, och uppgifterna behövs för att kunna göra det.",
        "Berättigat intresse (artikel 6.1 f GDPR): säkerhet, missbruksskydd och moderering. Vi har vägt vårt och andra medlemmars intresse av ett tryggt forum mot ditt intresse av integritet och samlar därför bara in det som behövs för ändamålet.",
        "Rättslig förpliktelse (artikel 6.1 c GDPR): om en lag kräver att vi sparar eller lämnar ut uppgifter.",
        "Vi använder inte samtycke som grund och inga uppgifter används för reklam eller säljs vidare.",
      ],
      items: [],
    },
    {
      title: "Hur länge vi sparar uppgifterna",
      paragraphs: [],
      items: [
        "Konto, profil, reaktioner, följningar, dolda medlemmar, sparade inlägg och notifieringar: tills du raderar kontot eller en administratör gör det.",
        "Sessioner: upp till 30 dagar och förlängs när du använder forumet. När du loggar ut avslutas sessionen direkt.",
        "Räknare för missbruksskydd: från en minut upp till en halvtimme, därefter rensas de automatiskt.",
        "Länkar i mejl: bekräftelselänken gäller 24 timmar och raderingslänken en timme.",
        "Trådar och kommentarer: finns kvar när kontot raderas, så att diskussionerna går att följa, men visas då med författaren 'Okänd' och utan koppling till ditt konto. Vill du att de ska försvinna kan du ta bort dem själv innan du raderar kontot.",
      ],
    },
    {
      title: "Vem som får ta del av uppgifterna",
      paragraphs: [
        "Ditt nickname, din profil och allt du publicerar är offentligt och kan läsas av alla besökare. Din e-postadress visas aldrig för andra medlemmar.",
        "Moderatorer och administratörer ser anmälningar och kan hantera innehåll och konton. Leverantörer av drift och e-post behandlar uppgifter för vår räkning som personuppgiftsbiträden, enligt avtal och bara efter våra instruktioner.",
        "Vi säljer aldrig uppgifter och lämnar bara ut dem till myndigheter när lagen kräver det.",
      ],
      items: [],
    },
    {
      title: "Dina rättigheter",
      paragraphs: ["Du har rätt att:"],
      items: [
        "få tillgång till dina uppgifter – på sidan 'Hantera dina data' laddar du ner allt vi har om dig som en JSON-fil,",
        "flytta dina uppgifter (dataportabilitet) – samma fil är maskinläsbar,",
        "få felaktiga uppgifter rättade – presentationen ändrar du på din profil, annat hjälper vi dig med,",
        "bli raderad – 'Radera mitt konto' tar bort kontot direkt,",
        "begära begränsning av behandlingen och invända mot behandling som grundar sig på berättigat intresse,",
        "klaga hos Integritetsskyddsmyndigheten (IMY), imy.se, om du anser att vi behandlar dina uppgifter felaktigt.",
      ],
    },
    {
      title: "Cookies",
      paragraphs: [
        "Börssnack använder bara cookies som är nödvändiga för att forumet ska fungera. Sådana cookies kräver inget samtycke enligt lagen (2022:482) om elektronisk kommunikation. Vi har inga analys- eller reklamcookies och ingen spårning från tredje part.",
      ],
      items: [
        "borssnack.session_token – håller dig inloggad, upp till 30 dagar. Kan inte läsas av skript på sidan.",
        "borssnack_flash – visar ett kort meddelande efter att du skickat ett formulär, högst 60 sekunder.",
        "borssnack_gdpr – kommer ihåg att du har accepterat den här policyn, i ett år.",
      ],
    },
    {
      title: "Säkerhet",
      paragraphs: [
        "Lösenord lagras som saltade hashar och kan inte läsas ut, inte ens av oss. Inloggningscookien är skyddad mot skript och skickas inte med förfrågningar från andra webbplatser. Antalet inloggningsförsök är begränsat, och bara moderatorer och administratörer kommer åt verktygen för moderering.",
        "Radering av kontot kräver ditt lösenord eller en länk som skickas till din e-postadress. Om en personuppgiftsincident ändå skulle inträffa anmäler vi den till IMY och informerar dig när det krävs.",
      ],
      items: [],
    },
    {
      title: "Överföring till tredje land",
      paragraphs: [
        "Vi behandlar personuppgifterna inom EU/EES. Om en leverantör någon gång skulle behandla uppgifter utanför EU/EES sker det bara med skyddsåtgärder enligt kapitel V i GDPR, till exempel EU-kommissionens standardavtalsklausuler, och vi uppdaterar då den här policyn.",
      ],
      items: [],
    },
    {
      title: "Kontakt",
      paragraphs: [
        "Har du frågor eller vill använda dina rättigheter? Mejla dataskydd@borssnack.se. Vi svarar inom en månad. Exporten och raderingen av kontot gör du själv direkt under 'Hantera dina data'.",
      ],
      items: [],
    },
  ],

  // Account page /forum/konto
  accountTitle: "Mitt konto",
  accountIntro: "Här ser du dina kontouppgifter, laddar ner dina data och kan radera ditt konto.",
  detailsTitle: "Dina uppgifter",
  nicknameLabel: "Nickname",
  emailLabel: "E-post",
  memberSinceLabel: "Medlem sedan",
  postsLabel: "Inlägg",
  postsValue: (threads: number, comments: number) =>
    `${threads === 1 ? "1 tråd" : `${threads} trådar`}, ${comments === 1 ? "1 kommentar" : `${comments} kommentarer`}`,
  toProfile: "Till min profil",
  exportTitle: "Ladda ner mina data",
  exportText:
    "Få en JSON-fil med allt Börssnack har sparat om dig: profil, trådar, kommentarer och deras redigeringar, reaktioner, följningar, dolda medlemmar, sparade inlägg, notifieringar, anmälningar och inloggningar. Lösenord och inloggningsnycklar ingår aldrig.",
  exportButton: "Ladda ner mina data",
  deleteTitle: "Radera mitt konto",
  deleteIntro: "Raderingen går inte att ångra. Det här händer:",
  deleteConsequences: [
    "Ditt konto, din profil, din e-postadress och ditt lösenord tas bort och du loggas ut överallt.",
    "Dina reaktioner, följningar, dolda medlemmar, sparade inlägg och notifieringar tas bort.",
    "Dina trådar och kommentarer finns kvar men visas med författaren 'Okänd'. Vill du ta bort dem gör du det innan du raderar kontot.",
  ],
  passwordLabel: "Bekräfta med ditt lösenord",
  deleteButton: "Radera mitt konto",
  deleting: "Raderar...",
  linkTextWithPassword: "Har du glömt lösenordet? Vi kan i stället mejla en raderingslänk till din e-postadress.",
  linkTextNoPassword:
    "Ditt konto har inget lösenord. Vi mejlar en raderingslänk till din e-postadress; kontot raderas när du öppnar länken och bekräftar.",
  sendLink: "Skicka raderingslänk",
  sendingLink: "Skickar...",
  linkSent: "Vi har skickat en raderingslänk till din e-postadress. Länken gäller i en timme.",
  deleted: "Kontot raderat",
  deletedDescription: "Ditt konto och dina personuppgifter är borttagna. Tack för tiden på Börssnack!",

  // Deletion-link page /forum/konto/radera
  confirmTitle: "Radera konto",
  confirmText: (nickname: string) => `Vill du radera kontot ${nickname} för gott?`,
  confirmButton: "Ja, radera kontot",
  cancel: "Avbryt",
  backToAccount: "Till Mitt konto",

  // Errors
  passwordRequired: "Ange ditt lösenord för att radera kontot.",
  wrongPassword: "Fel lösenord. Kontot har inte raderats.",
  tooManyAttempts: (minutes: number) =>
    `För många felaktiga försök. Vänta ${minutes === 1 ? "en minut" : `${minutes} minuter`} och försök igen.`,
  notLoggedIn: "Du måste vara inloggad för att hantera ditt konto.",
  accountMissing: "Kontot finns inte längre.",
  /** Issue 15 item 7: same rule as /admin, the forum always keeps an administrator. */
  lastAdminCannotDelete:
    "Du är den sista administratören och kan inte radera ditt konto. Ge en annan medlem rollen admin först.",
  deleteFailed: "Kontot kunde inte raderas. Försök igen senare.",
  linkRecentlySent: "Vi skickade nyss en raderingslänk. Vänta en minut innan du ber om en ny.",
  linkSendFailed: "Raderingslänken kunde inte skickas. Försök igen senare.",
  linkInvalid: "Raderingslänken är ogiltig, redan använd eller har gått ut. Be om en ny på sidan Mitt konto.",
  exportLoginRequired: "Du måste vara inloggad för att ladda ner dina data.",
  methodNotAllowed: "Metoden stöds inte.",

  // Deletion mail
  mailSubject: "Bekräfta radering av ditt konto på Börssnack",
  mailGreeting: (nickname: string) => `Hej ${nickname}!`,
  mailBody:
    "Du har bett om att få radera ditt konto på Börssnack. Klicka på knappen nedan och bekräfta, så raderas kontot. Länken gäller i en timme och kan bara användas en gång.",
  mailButton: "Radera mitt konto",
  mailFallback: "Fungerar inte knappen? Kopiera länken till din webbläsare:",
  mailIgnore: "Har du inte bett om det här kan du bortse från mejlet. Ditt konto finns kvar.",
  mailSignature: "Hälsningar, Börssnack",
} as const;

/** Avatar and banner uploads (issue "Profiles and the social graph": uploads; docs/decisions/008-uploads.md). */
export const uploads = {
  // Profile page controls
  changeAvatar: "Byt profilbild",
  changeBanner: "Byt omslagsbild",
  remove: "Ta bort",
  uploading: "Laddar upp...",
  removing: "Tar bort...",
  hint: (maxMb: number) => `JPEG, PNG, WebP eller GIF, högst ${maxMb} MB.`,
  avatarUpdated: "Profilbilden är uppdaterad",
  bannerUpdated: "Omslagsbilden är uppdaterad",
  avatarRemoved: "Profilbilden är borttagen",
  bannerRemoved: "Omslagsbilden är borttagen",
  uploadFailed: "Bilden kunde inte laddas upp",
  removeFailed: "Bilden kunde inte tas bort",

  // Errors (server answers and the browser's own check)
  missingFile: "Välj en bild att ladda upp.",
  tooLarge: (maxMb: number) => `Filen är för stor. Bilden får vara högst ${maxMb} MB.`,
  unsupportedType: "Filtypen stöds inte. Ladda upp en bild i formatet JPEG, PNG, WebP eller GIF.",
  tooManyPixels: (maxMegapixels: number) =>
    `Bilden har för många pixlar. Den får vara högst ${maxMegapixels} megapixlar.`,
  unreadable: "Bilden kunde inte läsas. Filen verkar vara skadad.",
  loginRequired: "Du måste vara inloggad för att ladda upp bilder.",
  unknownKind: "Okänd bildtyp.",
  methodNotAllowed: "Metoden stöds inte.",
  notFound: "Bilden finns inte.",
  storageFailed: "Bilden kunde inte sparas just nu. Försök igen senare.",
  networkError: "Kunde inte nå servern. Kontrollera anslutningen och försök igen.",

  // Configuration (server/config.ts)
  s3Incomplete: "saknas (S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID och S3_SECRET_ACCESS_KEY anges tillsammans)",
} as const;

/** Images in posts (issue 16: chart screenshots): composer button, progress, lightbox, errors. */
export const postImages = {
  addImage: "Lägg till bild",
  fileInputLabel: "Välj en bild att lägga till i texten",
  uploading: "Laddar upp bild...",
  progressLabel: "Uppladdning av bild",
  uploaded: "Bilden är tillagd i texten.",
  dropHint: "Släpp bilden för att lägga till den",
  /** Alt text written into the Markdown, `![bild](url)`. */
  altText: "bild",
  /** Count shown in the composer, e.g. `3 av 10 bilder`. */
  count: (used: number, max: number) => `${used} av ${max} bilder`,
  tooManyImages: (max: number) => `Ett inlägg får innehålla högst ${max} bilder.`,
  tooLarge: (maxMb: number) => `Bilden är för stor. Den får vara högst ${maxMb} MB.`,
  uploadFailed: "Bilden kunde inte laddas upp. Försök igen.",
  /** Lightbox (full-size view). */
  openFull: "Visa bilden i full storlek",
  lightboxTitle: "Bild i full storlek",
  lightboxDescription: "Tryck Esc eller på Stäng för att gå tillbaka.",
  close: "Stäng",
  openOriginal: "Öppna bilden i en ny flik",
  /** Composer hint (added to the Markdown hint). */
  hint: (maxMb: number, max: number) =>
    `Bilder (JPEG, PNG, WebP, GIF, högst ${maxMb} MB, ${max} per inlägg): klistra in, dra hit eller välj med 'Lägg till bild'.`,
} as const;

/** Markdown in posts and bios: composer toggle, live preview, hint, and `forum recook` (issue "Markdown"). */
export const markdown = {
  write: "Skriv",
  preview: "Förhandsgranska",
  modeLabel: "Visa text eller förhandsgranskning",
  previewRegion: "Förhandsgranskning",
  previewLoading: "Laddar förhandsgranskning...",
  previewEmpty: "Inget att förhandsgranska ännu.",
  previewFailed: "Förhandsgranskningen kunde inte visas. Försök igen.",
  previewLoginRequired: "Du måste vara inloggad för att förhandsgranska.",
  previewTooLong: (max: number) => `Texten är för lång för att förhandsgranskas (högst ${max} tecken).`,
  methodNotAllowed: "Metoden stöds inte.",
  hint: "Du kan använda **fetstil**, *kursiv*, listor (- punkt), > citat, `kod` och länkar.",
  recooked: (threads: number, comments: number, bios: number, changed: number) =>
    `Omrenderat ${threads} trådar, ${comments} kommentarer och ${bios} profiler (${changed} ändrade).`,
} as const;

/** Quoting a selection and local drafts in the composers (issue 16 "Quote", "Drafts"). */
export const quoteDrafts = {
  /** The button next to a text selection in a post or comment. */
  quote: "Citera",
  /** The composer's help sentence on quoting (under the Markdown hint). */
  quoteHelp: "Markera text i ett inlägg och välj Citera för att citera det.",
  /** Shown above a composer whose unsent text was brought back from this browser. */
  draftRestored: "Utkast återställt",
  discardDraft: "Släng utkast",
} as const;

/** EdgeLevel, the engagement score (SPEC §1, §3, §9): profile bar and avatar ring. */
export const edgeLevel = {
  /** A percentage as shown (SPEC §9: ×100 without decimals), e.g. `42 %`. */
  percent: (percent: number) => `${percent}\u00a0%`,
  /** Visible bar label, e.g. `EdgeLevel 42 %`. */
  label: (percent: number) => `EdgeLevel ${percent}\u00a0%`,
  /** Tooltip of the avatar ring, e.g. `Aktie_Anna – EdgeLevel 42 %`. */
  ringTitle: (nickname: string, percent: number) => `${nickname} – EdgeLevel ${percent}\u00a0%`,
  /** Names of the colour bands (below 20, 20–39, 40–59, 60–79, 80 % and above). */
  bands: ["Nykomling", "Deltagare", "Aktiv", "Engagerad", "Tongivande"],
  description:
    "EdgeLevel visar hur aktiv en medlem är: trådar, kommentarer, reaktioner från andra och givna reaktioner, och sjunker efter en månads inaktivitet.",
} as const;

/** Search box and results page (SPEC §2 Search results, §4 Search, §8; issue "Trending and search"). */
export const search = {
  label: "Sök i forumet",
  placeholder: "Sök inlägg, medlemmar eller $TICKER…",
  submit: "Sök",
  clear: "Rensa sökningen",
  /** SPEC §2 kind labels. */
  kinds: { thread: "Inlägg", comment: "Kommentar", member: "Profil" } satisfies Record<SearchKind, string>,
  /** Filter tabs on the results page. */
  filters: { all: "Alla", thread: "Inlägg", comment: "Kommentarer", member: "Profiler" },
  allCategories: "Alla kategorier",
  category: "Kategori",
  by: (author: string) => `Av: ${author}`,
  loading: "Söker...",
  /** SPEC §2: 'Inga resultat för' plus the query. */
  noResults: (query: string) => `Inga resultat för "${query}"`,
  failed: "Fel vid sökning",
  showAll: (query: string) => `Visa alla resultat för "${query}"`,
  pageTitle: "Sök",
  resultsFor: (query: string) => `Sökresultat för "${query}"`,
  emptyPrompt: "Skriv vad du letar efter: ett bolag, en ticker som $VOLV-B, ett ämne eller en medlem.",
  membersHeading: "Medlemmar",
  postsHeading: "Inlägg och kommentarer",
  memberSince: (date: string) => `Medlem sedan ${date}`,
  metaDescription: "Sök bland trådar, kommentarer och medlemmar på Börssnack.",
  resultsCount: (n: number) => (n === 1 ? "1 resultat" : `${n} resultat`),
} as const;

/**
 * Notifications: bell, popover, page, texts (SPEC §2 Notifications page, §4 Notification,
 * §8 Notifications and Notification texts; `mention` is issue 5, beyond the spec).
 */
export const notifications = {
  bell: "Notifieringar",
  bellWithCount: (n: number) => `Notifieringar, ${n} olästa`,
  badgeOverflow: "9+",
  popoverTitle: "Olästa notifieringar",
  noUnread: "Inga olästa notifieringar",
  showAll: "Visa alla notifieringar",
  pageTitle: "Notifieringar",
  markAllRead: "Markera alla som lästa",
  empty: "Inga notifieringar",
  loading: "Laddar notifieringar...",
  unread: "Oläst",
  allReadTitle: "Alla notifieringar är nu lästa",
  allReadDescription: "Dina notifieringar har markerats som lästa.",
  loadFailedTitle: "Kunde inte ladda notifieringar",
  loadFailedDescription: "Ett fel uppstod vid hämtning av notifieringar",
  defaultActor: "Någon",
  newThread: (title: string) => ` skapade en ny tråd: "${title}"`,
  newComment: (title: string) => ` kommenterade i tråden: "${title}"`,
  mention: (title: string) => ` nämnde dig i: "${title}"`,
  other: " gjorde något",
  /** Issue 18 'Notiser': a quote of one's post (the actor in front). */
  quote: (title: string) => ` citerade dig i: "${title}"`,
  /**
   * Issue 18 'Notiser': a watched ticker mentioned; one post has the actor in front, a batch of
   * several (while unread) has none.
   */
  tickerMention: (count: number, ticker: string, title: string) =>
    count === 1 ? ` nämnde $${ticker} i: "${title}"` : `${count} nya inlägg om $${ticker}`,
  /** Issue 18 'Bevaka tråd': the batched row of a watched thread (no actor in front). */
  threadActivity: (count: number, title: string) =>
    count === 1 ? `1 ny kommentar i "${title}"` : `${count} nya kommentarer i "${title}"`,
  /** Issue 18 'Bevaka tråd': the thread page's bell toggle and its answers. */
  subscription: {
    subscribe: "Bevaka tråd",
    unsubscribe: "Sluta bevaka",
    subscribed: "Du bevakar tråden",
    subscribedDescription: "Du får en notis när någon kommenterar.",
    unsubscribed: "Du bevakar inte längre tråden",
    unsubscribedDescription: "Du får inga fler notiser om nya kommentarer.",
    subscribeFailed: "Kunde inte bevaka tråden",
    unsubscribeFailed: "Kunde inte sluta bevaka tråden",
    loginToSubscribe: "Du måste vara inloggad för att bevaka trådar.",
    blocked: "Ditt konto är blockerat och kan inte bevaka trådar.",
    threadNotFound: "Kunde inte hitta tråden",
  },
  liveComments: (n: number) => (n === 1 ? "1 ny kommentar har lagts till" : `${n} nya kommentarer har lagts till`),
} as const;

/** Presence: the online-users indicator (SPEC §2 Landing page, §3 Online stats, §4 Presence). */
export const presence = {
  online: (n: number) => `${n} online`,
  onlineLabel: (n: number, lastHour: number) =>
    `${n} ${n === 1 ? "medlem" : "medlemmar"} online just nu, ${lastHour} aktiva senaste timmen`,
} as const;

/**
 * Reports, blocking and the moderation menu (SPEC §4 Report/Block, §5 Report, §6, §8 Permissions
 * and social, Reactions and reports, §9 Report reasons; issue 7 report queue and log).
 */
export const moderation = {
  report: "Anmäl",
  reportTitle: "Anmäl innehåll",
  reportThread: "Anmäl tråd",
  reportComment: "Anmäl kommentar",
  reasonLabel: "Anledning",
  reasons: {
    spam: "Spam",
    harassment: "Trakasserier",
    misinformation: "Felaktig information",
    inappropriate: "Olämpligt innehåll",
    offensive: "Kränkande innehåll",
    other: "Övrigt",
  } satisfies Record<ReportReason, string>,
  detailsLabel: "Detaljer (valfritt)",
  detailsPlaceholder: "Beskriv gärna vad som är fel...",
  detailsTooLong: "Detaljerna får vara högst 2 000 tecken.",
  submitReport: "Skicka anmälan",
  sendingReport: "Skickar...",
  cancel: "Avbryt",
  chooseReasonTitle: "Välj en anledning",
  chooseReason: "Du måste ange en anledning för din anmälan",
  loginRequiredTitle: "Inloggning krävs",
  loginToReport: "Du måste vara inloggad för att anmäla innehåll.",
  loginToReportShort: "Du måste vara inloggad för att anmäla innehåll",
  profileMissing: "Kunde inte hitta din profil. Vänligen logga ut och in igen.",
  reportFailed: "Kunde inte skicka anmälan",
  reportThanks: "Tack för din anmälan",
  reportThanksDescription: "Vårt team kommer att granska innehållet.",
  reportTargetMissing: "Innehållet du vill anmäla finns inte längre.",
  /** Issue 15 item 7: members cannot report their own threads and comments. */
  cannotReportOwn: "Du kan inte anmäla ditt eget innehåll.",
  // Block (SPEC §6, §8)
  blockUser: "Blockera användare",
  unblockUser: "Avblockera användare",
  blockConfirm: (nickname: string) =>
    `Är du säker på att du vill blockera @${nickname}? De kommer inte längre att kunna skapa inlägg eller kommentarer.`,
  blockReasonLabel: "Anledning (valfritt)",
  blockButton: "Blockera",
  unblockButton: "Avblockera",
  checkingBlock: "Kontrollerar...",
  blocked: "Användare blockerad",
  blockedDescription: (nickname: string) => `@${nickname} har blockerats.`,
  unblocked: "Användare avblockerad",
  unblockedDescription: (nickname: string) => `@${nickname} har avblockerats.`,
  alreadyBlocked: "Användaren är redan blockerad",
  notBlocked: "Användaren är inte blockerad",
  blockFailed: "Kunde inte blockera användare",
  unblockFailed: "Kunde inte avblockera användare",
  unblockConfirm: (nickname: string) => `Vill du avblockera @${nickname}? De kan skapa inlägg och kommentarer igen.`,
  staffOnlyBlock: "Endast moderatorer och administratörer kan blockera/avblockera användare",
  cannotBlockAdmin: "Moderatorer kan inte blockera administratörer.",
  cannotBlockSelf: "Du kan inte blockera dig själv.",
  cannotUnblockSelf: "Du kan inte avblockera dig själv.",
  cannotBlockAnAdmin: "Administratörer kan inte blockeras.",
  moderatorsBlockMembersOnly: "Moderatorer kan bara blockera och avblockera medlemmar.",
  blockedStaff: "Ditt konto är blockerat. Du kan inte moderera förrän blockeringen har hävts.",
  userNotFound: "Kunde inte hitta användaren.",
  insufficientRights: "Otillräckliga rättigheter",
  notLoggedIn: "Ej inloggad",
  loginRequired: "Du måste vara inloggad.",
  // Report queue (/admin/reports)
  queueTitle: "Anmälningar",
  queueDescription: "Granska anmält innehåll: avfärda, ta bort innehållet eller blockera författaren.",
  queueEmpty: "Inga öppna anmälningar.",
  reportCount: (n: number) => (n === 1 ? "1 anmälan" : `${n} anmälningar`),
  byAuthor: (nickname: string) => `Av: ${nickname}`,
  firstReported: "Först anmäld",
  showContent: "Visa innehållet",
  dismiss: "Avfärda",
  deleteContent: "Ta bort innehållet",
  blockAuthor: "Blockera författaren",
  dismissConfirm: "Avfärda anmälningarna? Innehållet ligger kvar.",
  dismissed: "Anmälningarna avfärdade",
  contentDeleted: "Innehållet borttaget",
  authorBlocked: "Författaren blockerad",
  groupGone: "Anmälningarna är redan hanterade.",
  openBadge: (n: number) => `${n} öppna anmälningar`,
  details: "Detaljer",
  // Moderation log (/admin/logg)
  logTitle: "Moderationslogg",
  logDescription: "Alla moderations- och administratörsåtgärder: vem, vad, när och varför.",
  logEmpty: "Inga åtgärder än.",
  logRecipientsAll: (n: number) => `alla (${n})`,
  logRecipients: (n: number) => `${n} mottagare`,
  logWhen: "När",
  logWho: "Vem",
  logWhat: "Åtgärd",
  logTarget: "Mål",
  logReason: "Anledning",
  logActions: {
    delete_thread: "Tog bort tråd",
    delete_comment: "Tog bort kommentar",
    block_user: "Blockerade användare",
    unblock_user: "Avblockerade användare",
    dismiss_reports: "Avfärdade anmälningar",
    delete_user: "Raderade användare",
    change_role: "Ändrade roll",
    send_message: "Skickade meddelande",
    edit_thread: "Redigerade tråd",
    edit_comment: "Redigerade kommentar",
  } satisfies Record<ModerationAction, string>,
} as const;

/** Admin users, roles and messages (SPEC §2 Admin users/messages/roles, §4 Admin send, §5, §6, §8 Admin). */
export const adminPages = {
  nav: "Adminmeny",
  overview: "Översikt",
  reportsCard: "Anmälningar",
  reportsCardDescription: "Granska anmält innehåll och stäng anmälningarna.",
  logCard: "Moderationslogg",
  logCardDescription: "Se alla moderations- och administratörsåtgärder.",
  // Users
  usersTitle: "Användare",
  activeBadge: (online: number, lastHour: number) => `${online} aktiva nu • ${lastHour} senaste timmen`,
  searchLabel: "Sök användare",
  searchPlaceholder: "Sök på nickname",
  search: "Sök",
  selectAll: "Välj alla",
  selectRow: (nickname: string) => `Välj ${nickname}`,
  colUser: "Användare",
  colRole: "Roll",
  colStatus: "Status",
  colActions: "Åtgärder",
  online: "Online",
  offline: "Offline",
  viewProfile: "Visa profil",
  deleteUser: "Radera",
  deleteUserLabel: (nickname: string) => `Radera ${nickname}`,
  deleteConfirmTitle: "Radera användare?",
  deleteConfirmText: (nickname: string) =>
    `Kontot för ${nickname} raderas permanent och kan inte återställas. Trådar och kommentarer ligger kvar med författaren 'Okänd'.`,
  deleteConfirm: "Radera permanent",
  cancel: "Avbryt",
  userDeleted: "Användare borttagen",
  userDeletedDescription: (nickname: string) => `Användaren ${nickname} har raderats permanent.`,
  deleteFailed: "Fel vid borttagning",
  deleteFailedDescription: "Kunde inte radera användaren",
  cannotDeleteSelf: "Du kan inte radera dig själv här. Använd Mitt konto.",
  moderatorsDeleteMembersOnly: "Moderatorer kan bara radera medlemmar.",
  adminsOnlyDeleteAdmins: "Administratörer kan inte raderas här. Ändra rollen först.",
  noUsers: "Inga användare hittades.",
  sendMessage: "Skicka meddelande",
  noUsersSelected: "Inga användare valda",
  noUsersSelectedDescription: "Vänligen välj minst en användare eller välj alla",
  selectedCount: (n: number) => `${n} valda`,
  allSelected: "Alla användare valda",
  pageInfo: (page: number, pages: number, total: number) => `Sida ${page} av ${pages} (${total} användare)`,
  previous: "Föregående",
  next: "Nästa",
  // Roles
  rolesTitle: "Användarroller",
  rolesNoAccess: "Du har inte behörighet att hantera användarroller.",
  roleFor: (nickname: string) => `Roll för ${nickname}`,
  saveRole: "Spara",
  roleUpdated: "Roll uppdaterad",
  roleUpdatedDescription: (nickname: string, role: string) => `${nickname} är nu ${role}.`,
  roleFailed: "Fel vid uppdatering av roll",
  roleFailedDescription: "Kunde inte uppdatera användarrollen",
  accessDenied: "Åtkomst nekad",
  adminsOnlyRoles: "Endast administratörer kan ändra användarroller",
  lastAdmin: "Den sista administratören kan inte få en annan roll.",
  invalidRole: "Ogiltig roll.",
  // Messages
  messagesTitle: "Meddelanden",
  messagesNoAccess: "Du har inte behörighet att skicka meddelanden.",
  sendToAll: "Skicka till alla användare",
  recipients: "Mottagare",
  recipientsHint: "Separera e-postadresser med komma eller semikolon.",
  recipientsPlaceholder: "namn@exempel.se, namn2@exempel.se",
  recipientsAllHint: "Meddelandet skickas till alla medlemmar som inte har tackat nej till utskick.",
  subject: "Ämne",
  content: "Innehåll",
  contentHint: "HTML stöds: stycken, fetstil, kursiv, listor och länkar.",
  addButton: "Lägg till knapp",
  buttonLabel: "Knapptext",
  buttonUrl: "Knapp-URL",
  defaultButtonLabel: "Klicka här",
  send: "Skicka",
  sending: "Skickar...",
  progress: (done: number, total: number) => `${done} av ${total} skickade`,
  progressLabel: "Förlopp",
  noRecipientsTitle: "Inga mottagare",
  noRecipients: "Du måste ange minst en e-postadress",
  invalidEmail: (address: string) => `Ogiltig e-postadress: ${address}`,
  subjectRequired: "Ämnet får inte vara tomt.",
  subjectTooLong: "Ämnet får vara högst 200 tecken.",
  contentRequired: "Innehållet får inte vara tomt.",
  contentTooLong: "Innehållet får vara högst 50 000 tecken.",
  buttonUrlInvalid: "Knapp-URL måste börja med http:// eller https://, eller vara #.",
  tooManyRecipients: "Högst 1 000 adresser kan anges för hand. Välj 'Skicka till alla användare' för fler.",
  sent: "Meddelandet skickat",
  sentDescription: (sent: number, skipped: number) =>
    skipped > 0 ? `${sent} skickade, ${skipped} hoppades över (avregistrerade eller misslyckade).` : `${sent} skickade.`,
  sendFailed: "Fel vid skickande",
  unexpected: "Kunde inte skicka meddelandet",
  noPermissionTitle: "Behörighet saknas",
  adminsOnlyMessages: "Endast administratörer kan skicka meddelanden",
  emailsFailed: "Kunde inte hämta e-postadresser",
  previousJobs: "Senaste utskick",
  jobStatus: { sending: "Skickas", done: "Klart" } satisfies Record<(typeof MAIL_JOB_STATUSES)[number], string>,
} as const;

/** Admin bulk e-mail and its opt-out (issue 7; List-Unsubscribe). */
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

/**
 * The admin panel 'Jobb' (issue 18 "Background work on a maintained queue": queued, failed, last
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
    "fanout-sweep": "Notiser till följare",
    "post-image-sweep": "Rensning av inläggsbilder",
    "edge-level-refresh": "EdgeLevel",
    /** Issue 18: e-mail for members who are away. */
    "email-digest": "E-postsammanfattning av notiser",
    "weekly-digest": "Veckans hetaste trådar",
    // Web Push (issue 18).
    "push-send": "Pushnotiser",
    "push-sweep": "Pushnotiser (uppsamling)",
  } as Record<string, string>,
} as const;

/** When to try again after an abuse limit (issue "Hardening"): seconds, minutes or hours. */
function tryAgainIn(seconds: number): string {
  if (seconds < 120) return `Försök igen om ${seconds} ${seconds === 1 ? "sekund" : "sekunder"}.`;
  if (seconds < 2 * 3600) return `Försök igen om ${Math.ceil(seconds / 60)} minuter.`;
  return `Försök igen om ${Math.ceil(seconds / 3600)} timmar.`;
}

/**
 * Abuse limits per action (issue "Hardening", README "Abuse limits", docs/decisions/014): the
 * message of an HTTP 429 answer, given the wait in seconds.
 */
export const abuseLimits = {
  title: "För många förfrågningar",
  threadInterval: (s: number) => `Du skapar trådar för tätt: vänta minst 15 sekunder mellan två trådar. ${tryAgainIn(s)}`,
  threadPerDay: (s: number) => `Du har skapat många trådar i dag. ${tryAgainIn(s)}`,
  threadFirstDay: (s: number) =>
    `Nya medlemmar kan skapa högst 3 trådar under sitt första dygn. ${tryAgainIn(s)}`,
  commentInterval: (s: number) =>
    `Du skriver för tätt: vänta minst 5 sekunder mellan två kommentarer. ${tryAgainIn(s)}`,
  commentPerDay: (s: number) => `Du har skrivit många kommentarer i dag. ${tryAgainIn(s)}`,
  commentFirstDay: (s: number) =>
    `Nya medlemmar kan skriva högst 10 kommentarer och svar under sitt första dygn. ${tryAgainIn(s)}`,
  identicalText: (s: number) =>
    `Du skrev precis exakt samma text. Skriv något nytt eller vänta 5 minuter. ${tryAgainIn(s)}`,
  fromYourAddress: (s: number) => `För många inlägg från din internetadress. ${tryAgainIn(s)}`,
  reaction: (s: number) => `Du reagerar för ofta. ${tryAgainIn(s)}`,
  report: (s: number) => `Du har skickat många anmälningar. ${tryAgainIn(s)}`,
  follow: (s: number) => `Du följer och slutar följa för ofta. ${tryAgainIn(s)}`,
  upload: (s: number) => `Du laddar upp bilder för ofta. ${tryAgainIn(s)}`,
  search: (s: number) => `Du söker för ofta. ${tryAgainIn(s)}`,
  mention: (s: number) => `För många sökningar efter medlemmar. ${tryAgainIn(s)}`,
  edit: (s: number) => `Du redigerar för ofta. ${tryAgainIn(s)}`,
  editPerDay: (s: number) => `Du har redigerat många inlägg i dag. ${tryAgainIn(s)}`,
  inFlight: "Inlägget skickas redan. Vänta ett ögonblick och ladda om sidan.",
  /** Bio, preview, presence, notifications, mail opt-out: more requests than a person makes. */
  tooOften: (s: number) => `Du skickar för många förfrågningar. ${tryAgainIn(s)}`,
  /** Too many open live-update connections (`/api/events`) from one address or member. */
  tooManyStreams: "För många öppna flikar med liveuppdateringar. Stäng några flikar och ladda om sidan.",
  /** A request body that arrives too slowly is cut (HTTP 408). */
  slowBody: "Förfrågan tog för lång tid att skicka. Kontrollera din uppkoppling och försök igen.",
} as const;

/**
 * The database cannot be reached (issue "Hardening", faults; docs/decisions/016-faults.md):
 * pages and API answers are HTTP 503 with `Retry-After` until it is back.
 */
export const unavailable = {
  title: "Forumet är tillfälligt otillgängligt",
  text: "Vi kan inte nå vår databas just nu. Det brukar gå över på några sekunder – ladda om sidan om en liten stund.",
  /** Short form for JSON answers and toasts. */
  json: "Forumet är tillfälligt otillgängligt. Försök igen om en liten stund.",
  retry: "Ladda om sidan",
} as const;

/**
 * Market hours under the auth layout's clocks and in the forum header (issue 17, "Market hours";
 * rules in domain/market-hours.ts). `opensAt` is used when the next opening is later the same
 * local day, `opensOn` when it is another day (the exchange's local weekday, short form).
 */
export const marketHours = {
  open: "Öppen",
  closed: "Stängd",
  /** e.g. "öppnar 09:00" (later today, the exchange's local time). */
  opensAt: (time: string) => `öppnar ${time}`,
  /** e.g. "öppnar mån 09:00" (another day; local weekday and time of the exchange). */
  opensOn: (weekday: string, time: string) => `öppnar ${weekday} ${time}`,
  /** Short weekday names, index 0 = Sunday (as `Date.getDay`). */
  weekdays: ["sön", "mån", "tis", "ons", "tors", "fre", "lör"],
  /** Exchange names in the header line, keyed like the clocks. */
  exchanges: { stockholm: "Stockholm", newYork: "New York", tokyo: "Tokyo" },
  /** Accessible name of the header line. */
  headerLabel: "Börsernas öppettider",
  /** What the status shows before the browser has computed it (server render, hydration). */
  pending: "…",
} as const;

/**
 * 'Trendande aktier' on the forum home (issue 17 "Trending tickers"; under 'Kategorier',
 * collapsible on mobile). Counts: the last 24 hours; the change compares distinct members with
 * the 24 hours before (docs/decisions/025-trending-tickers.md).
 */
export const trendingTickers = {
  heading: "Trendande aktier",
  /** What the list counts, under the heading. */
  intro: "Aktierna som flest medlemmar har nämnt de senaste 24 timmarna.",
  empty: "Inga aktier har nämnts de senaste 24 timmarna. Skriv till exempel $ERIC-B i ett inlägg så syns aktien här.",
  /** Accessible name of the rank number, e.g. "Plats 1". */
  rank: (n: number) => `Plats ${n}`,
  mentions: (n: number) => (n === 1 ? "1 omnämnande" : `${n} omnämnanden`),
  members: (n: number) => (n === 1 ? "1 medlem" : `${n} medlemmar`),
  /** The change badge: no member named it in the previous 24 hours. */
  changeNew: "ny",
  /** The change badge, e.g. "+3", "−2" (minus sign U+2212), "±0". */
  change: (delta: number) => (delta > 0 ? `+${delta}` : delta < 0 ? `−${-delta}` : "±0"),
  /** Tooltip and accessible name of the change badge. */
  changeTitle: "Förändring i antal medlemmar mot de föregående 24 timmarna",
  changeNewTitle: "Ingen medlem nämnde aktien de föregående 24 timmarna",
  /** The sentiment split of stated views ('Din syn'), one per member. */
  split: (bullish: number, bearish: number) => `Bullish ${bullish} · Bearish ${bearish}`,
  splitNone: "Ingen har angett syn",
  splitTitle: "Medlemmarnas angivna syn de senaste 24 timmarna, en röst per medlem",
} as const;

/**
 * The author's stated view and position per ticker of a post (issue 17 'Din syn' and 'Innehav'):
 * the composer's radio groups, the tags beside a cashtag in the post, the ticker page's members'
 * sentiment and disclosure share, and the validation messages.
 */
export const stances = {
  /** Heading of the composer's rows (shown only when the text names a ticker). */
  composerTitle: "Din syn och ditt innehav (frivilligt)",
  sentimentShort: "Din syn",
  positionShort: "Innehav",
  /** Accessible name of a ticker's sentiment radio group. */
  sentimentLegend: (ticker: string) => `Din syn för $${ticker}`,
  /** Accessible name of a ticker's position radio group. */
  positionLegend: (ticker: string) => `Innehav för $${ticker}`,
  sentimentLabels: { bullish: "Bullish", bearish: "Bearish" } satisfies Record<AuthorSentiment, string>,
  sentimentNone: "Ingen",
  positionLabels: { owns: "Jag äger aktien", does_not_own: "Jag äger inte aktien" } satisfies Record<Position, string>,
  positionNone: "Ej angivet",
  /** The tags beside a cashtag in a post. */
  sentimentTags: { bullish: "Bullish", bearish: "Bearish" } satisfies Record<AuthorSentiment, string>,
  positionTags: { owns: "Äger", does_not_own: "Äger ej" } satisfies Record<Position, string>,
  /** Tooltips of the tags. */
  sentimentTagTitle: "Skribentens syn på aktien",
  positionTagTitle: "Skribentens innehav i aktien",
  /** Accessible name of the row of tags under a post (tickers named only in a thread's title). */
  tagsLabel: "Skribentens syn och innehav",
  invalidSentiment: "Ogiltig syn: välj Bullish, Bearish eller Ingen.",
  invalidPosition: "Ogiltigt innehav: välj Jag äger aktien, Jag äger inte aktien eller Ej angivet.",
  invalidTicker: "Ogiltig aktie i Din syn eller Innehav.",
  tooMany: (max: number) => `Du kan ange syn och innehav för högst ${max} aktier per inlägg.`,
  /** Ticker page: members' stated sentiment, one vote per member (7 days). */
  membersTitle: "Medlemmarnas syn (7 dagar)",
  membersCount: (bullish: number, bearish: number) => `Bullish ${bullish} · Bearish ${bearish}`,
  membersBarLabel: (bullish: number, bearish: number) => `Medlemmarnas syn: ${bullish} Bullish, ${bearish} Bearish`,
  membersNote: "En röst per medlem: den senaste angivna synen i ett inlägg.",
  membersNone: (ticker: string) => `Ingen medlem har angett Bullish eller Bearish för $${ticker} de senaste 7 dagarna.`,
  /** Ticker page: the reactions-based line kept under the members' view. */
  reactionsTitle: "Reaktioner (7 dagar)",
  /** Ticker page: the disclosure share (30 days). */
  positionsTitle: "Innehav (30 dagar)",
  positionsShare: (percent: number, owns: number, stated: number) =>
    `${percent} % av inläggen med angivet innehav de senaste 30 dagarna är skrivna av medlemmar som äger aktien (${owns} av ${stated}).`,
  positionsNone: "Inga inlägg med angivet innehav de senaste 30 dagarna.",
} as const;

/** The installable app (issue 18): web app manifest, offline page, push notifications. */
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

/**
 * The settings section 'Notiser' on /forum/konto (issue 18; docs/decisions/029): one radio group
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

/**
 * E-mail for members who are away (issue 18): the digest of unread notifications, the weekly
 * summary 'Veckans hetaste trådar' and the digest's one-click opt-out page `/avregistrera-notiser`
 * (server/digest/*, docs/decisions/030-email-digest.md).
 */
export const digestMail = {
  /** Digest subject: 'Nytt på Börssnack: 3 notiser'. */
  subject: (count: number) => `Nytt på Börssnack: ${count} ${count === 1 ? "notis" : "notiser"}`,
  greeting: (nickname: string) => `Hej ${nickname}!`,
  intro: "Det här har hänt sedan du var inne senast:",
  /** Heading of notifications without a thread (e.g. a removed thread). */
  otherHeading: "Övrigt",
  open: "Öppna",
  settings: "Ändra dina notisinställningar",
  unsubscribe: "Stäng av alla e-postnotiser",
  footer: "Du får det här mejlet för att du har e-postnotiser på i Börssnack och inte har varit inne på en stund.",
  weeklySubject: "Veckans hetaste trådar på Börssnack",
  weeklyIntro: "Du har inte varit inne på en vecka. Här är veckans hetaste trådar:",
  /** One thread line of the weekly summary: comments and reactions of the thread. */
  weeklyCounts: (comments: number, reactions: number) =>
    `${comments} ${comments === 1 ? "kommentar" : "kommentarer"} · ${reactions} ${reactions === 1 ? "reaktion" : "reaktioner"}`,
  weeklyFooter: "Du får det här mejlet för att du har valt 'Veckans hetaste trådar' i dina notisinställningar.",
  visit: "Gå till Börssnack",
  /** The opt-out page. */
  unsubscribeTitle: "Stäng av e-postnotiser",
  unsubscribeText: "Vill du sluta få notiser och sammanfattningar från Börssnack via e-post? Notiserna i forumet finns kvar.",
  unsubscribeButton: "Stäng av e-postnotiser",
  unsubscribed: "E-postnotiserna är avstängda",
  unsubscribedText: "Vi skickar inga fler notiser eller sammanfattningar via e-post. Du kan slå på dem igen under Mitt konto, Notiser.",
  invalidLink: "Länken är ogiltig.",
} as const;

/** Web Push per device (issue 18): the toggle in 'Notiser', the API's answers, the notification title. */
export const webPush = {
  /** Title of every push notification (the body says who did what). */
  notificationTitle: "Börssnack",
  heading: "Push på den här enheten",
  enable: "Aktivera pushnotiser på den här enheten",
  disable: "Stäng av pushnotiser på den här enheten",
  enabled: "Pushnotiser är på för den här enheten",
  disabledInfo: "Pushnotiser visas på enheten även när Börssnack inte är öppet, för de notistyper du har ställt in på push.",
  checking: "Kontrollerar pushnotiser …",
  working: "Ett ögonblick …",
  unsupported: "Den här webbläsaren kan inte ta emot pushnotiser. Prova en annan webbläsare, eller installera Börssnack som app.",
  denied:
    "Du har blockerat notiser för Börssnack i webbläsaren. Tillåt notiser i webbplatsinställningarna (ikonen till vänster om adressen) och försök igen.",
  permissionDismissed: "Notiser tilläts inte. Försök igen och välj Tillåt när webbläsaren frågar.",
  subscribeFailed: "Det gick inte att aktivera pushnotiser på den här enheten. Webbläsarens pushtjänst svarade inte; försök igen senare.",
  saveFailed: "Det gick inte att spara enheten. Försök igen.",
  unsubscribeFailed: "Det gick inte att stänga av pushnotiser. Försök igen.",
  /** API answers. */
  loginToSubscribe: "Logga in för att aktivera pushnotiser.",
  saveTitle: "Pushnotiser kunde inte aktiveras",
  invalidEndpoint: "Ogiltig pushadress: webbläsarens pushtjänst måste ha en https-adress.",
  invalidKeys: "Ogiltiga krypteringsnycklar från webbläsaren.",
  endpointTooLong: "Pushadressen är för lång.",
} as const;

/** Colour theme (issue 19 "Dark mode"): the user menu's and the visitors' footer choice. */
export const theme = {
  /** Name of the radio group. */
  label: "Tema",
  options: { system: "Systemets tema", light: "Ljust", dark: "Mörkt" } as const satisfies Record<ThemePreference, string>,
  /** The footer form's submit button (needed only without JavaScript). */
  save: "Byt tema",
  /** `POST /api/theme` with a value outside `THEME_PREFERENCES` (domain/values.ts). */
  invalid: "Okänt tema. Välj Systemets tema, Ljust eller Mörkt.",
} as const;

/** Muting a member 'Dölj medlem' (issue 19): the toggle, the collapsed line, the account section. */
export const mutes = {
  mute: "Dölj medlem",
  unmute: "Visa medlem igen",
  muteLabel: (nickname: string) => `Dölj medlem @${nickname}`,
  unmuteLabel: (nickname: string) => `Visa medlem @${nickname} igen`,
  muted: "Medlem dold",
  mutedDescription: (nickname: string) => `Inlägg från @${nickname} döljs nu för dig.`,
  unmuted: "Medlem visas igen",
  unmutedDescription: (nickname: string) => `Inlägg från @${nickname} visas igen.`,
  /** The collapsed line: 'Dolt inlägg från @nick', {@link mutes.separator}, then the 'visa' button. */
  hiddenFrom: (nickname: string) => `Dolt inlägg från @${nickname}`,
  separator: " – ",
  show: "visa",
  showLabel: (nickname: string) => `Visa dolt inlägg från @${nickname}`,
  muteFailed: "Kunde inte dölja medlemmen",
  unmuteFailed: "Kunde inte visa medlemmen igen",
  loginToMute: "Du måste vara inloggad för att dölja medlemmar.",
  cannotMuteSelf: "Du kan inte dölja dig själv.",
  userNotFound: "Kunde inte hitta medlemmen.",
  limitReached: (max: number) => `Du kan dölja högst ${max} medlemmar. Visa någon igen innan du döljer fler.`,
  section: "Dolda medlemmar",
  sectionHelp: "Trådar och kommentarer från medlemmar du döljer visas som en rad som du kan öppna. Du får inga notiser från dem. De ser inte att du har dolt dem.",
  empty: "Du har inte dolt någon medlem.",
} as const;

/** Saved threads and comments 'Spara' and the page 'Sparade' (issue 19). */
export const bookmarks = {
  save: "Spara",
  saved: "Sparad",
  saveThreadLabel: "Spara tråden",
  saveCommentLabel: "Spara kommentaren",
  title: "Sparade",
  description: "Trådar och kommentarer du har sparat, senast sparade först.",
  empty: "Du har inte sparat något än.",
  remove: "Ta bort",
  removeLabel: (title: string) => `Ta bort ${title} från sparade`,
  removed: "Borttagen från sparade",
  savedToast: "Sparad",
  savedToastDescription: "Du hittar den under Sparade i menyn.",
  thread: "Tråd",
  comment: "Kommentar",
  commentIn: (title: string) => `Kommentar i ${title}`,
  savedAt: "Sparad",
  saveFailed: "Kunde inte spara",
  removeFailed: "Kunde inte ta bort från sparade",
  loginToSave: "Du måste vara inloggad för att spara inlägg.",
  badTarget: "Ange en tråd eller kommentar att spara.",
  notFound: "Inlägget finns inte längre.",
  limitReached: (max: number) => `Du kan spara högst ${max} inlägg. Ta bort något innan du sparar fler.`,
  menu: "Sparade",
} as const;

/**
 * Atom feeds of the newest threads, each category, each thread and each ticker page, and the
 * `<link rel="alternate">` titles that point at them (issue 20 "Feeds"; docs/decisions/035-feeds.md).
 */
export const feeds = {
  forumTitle: "Börssnack – senaste trådarna",
  forumSubtitle: "De senaste trådarna på Börssnack, forumet för börssnack.",
  categoryTitle: (category: string) => `${category} – Börssnack`,
  categorySubtitle: (category: string) => `De senaste trådarna i kategorin ${category} på Börssnack.`,
  threadTitle: (title: string) => `${title} – Börssnack`,
  threadSubtitle: (title: string) => `De senaste kommentarerna i tråden "${title}" på Börssnack.`,
  tickerTitle: (ticker: string, company: string) => `$${ticker} – ${company} – Börssnack`,
  tickerSubtitle: (ticker: string) => `De senaste inläggen som nämner $${ticker} på Börssnack.`,
  /** Entry title of a comment: 'Kommentar av @nick i "…"'. */
  commentEntry: (nickname: string, title: string) => `Kommentar av @${nickname} i "${title}"`,
  /** Entry title of a comment whose author deleted the account. */
  commentEntryNoAuthor: (title: string) => `Kommentar i "${title}"`,
  /** `title` of the `<link rel="alternate">` on a page: the feed's title plus the format. */
  alternate: (feedTitle: string) => `${feedTitle} (Atom-flöde)`,
} as const;
