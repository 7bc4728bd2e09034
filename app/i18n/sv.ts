/**
 * Every user-facing string of Börssnack, in Swedish, with the spec's exact wording where the spec
 * gives one (section in each group's comment). Server and browser both import from here.
 *
 * Functions build strings that embed a value; they take plain values and return a string.
 *
 * @module
 */

/** Product name and document title (SPEC §1). */
export const app = {
  name: "Börssnack",
  title: "Sveriges nya forum för börssnack",
  description:
    "Börssnack är forumet där svenska traders och investerare diskuterar aktier, fonder, makro och krypto.",
  copyright: (year: number) => `© ${year} Börssnack. Alla rättigheter förbehållna.`,
  poweredBy: "Drivs med öppen källkod",
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
  admin: "Admin",
  messages: "Meddelanden",
  notifications: "Notifieringar",
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
} as const;

/** Forum home, category, thread and new-thread screens (SPEC §2). */
export const forum = {
  howToTitle: "Så använder du forumet",
  howTo: [
    "Navigera: välj en kategori eller en diskussion i listan för att läsa.",
    "Starta en tråd: öppna en kategori och klicka på 'Nytt inlägg'.",
    "Kommentera: skriv i fältet under tråden, eller klicka 'Svara' på en kommentar.",
    "Reaktioner: visa vad du tycker med Bullish, Bearish, Like eller Hot.",
    "Taggningar: nämn andra medlemmar med @användarnamn och aktier med $TICKER.",
    "Anmäl: ser du något olämpligt, anmäl det så tittar moderatorerna på det.",
  ],
  show: "Visa",
  hide: "Dölj",
  categories: "Kategorier",
  discussions: "Diskussioner",
  sortLatest: "Senaste",
  sortTrending: "Trendar",
  sortPopular: "Populära",
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
  labels: { bull: "Bullish", bear: "Bearish", like: "Like", fire: "Hot" },
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
} as const;

/** Relative-time and date helpers' fixed words. */
export const time = {
  justNow: "alldeles nyss",
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

/** CLI messages (`forum` command). */
export const cli = {
  usage: `Användning:
  forum set-role <nickname> <member|moderator|admin>   Ändra en medlems roll
  forum migrate                                         Kör databasmigreringar
  forum seed-demo [--force]                             Fyll forumet med demoinnehåll
                                                        (--force krävs när NODE_ENV=production)
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
  seedInProduction:
    "Vägrar skapa demoinnehåll när NODE_ENV=production: demokontona har ett känt lösenord. Lägg till --force om du verkligen vill.",
  failed: (message: string) => `Kommandot misslyckades: ${message}`,
} as const;

/** Start-up configuration errors shown to the operator (server/config.ts). */
export const config = {
  invalid: (variable: string, problem: string) => `Ogiltig konfiguration: ${variable} ${problem}`,
  missingInProduction: "saknas (krävs i produktion)",
  postgresUrl: "måste börja med postgres:// eller postgresql://",
  smtpUrl: "måste börja med smtp:// eller smtps://",
  secretLength: "måste vara minst 32 tecken",
} as const;

/** Role labels (SPEC §9). */
export const roles = { member: "Medlem", moderator: "Moderator", admin: "Admin" } as const;
