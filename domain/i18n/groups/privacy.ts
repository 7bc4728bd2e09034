/**
 * Privacy: the 'GDPR och datapolicy' dialog (SPEC §2 Shared forum layout, 11 sections), the
 * account page `/forum/konto` with data export and account deletion, the deletion mail and the
 * deletion-link page (docs/decisions/006-privacy.md).
 */
export const privacy = {
  // Footer and dialog (SPEC §2)
  dialogTitle: "GDPR och datapolicy",
  dialogIntro:
    "Så här behandlar Börssnack dina personuppgifter enligt dataskyddsförordningen (GDPR). Policyn gäller för forumet och ditt konto.",
  close: "Stäng",
  accept: "Acceptera",
  alreadyAccepted: "Du har redan accepterat policyn.",
  manageData: "Hantera dina data",
  updated: "Senast uppdaterad 29 november 2026.",
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
        "Privata meddelanden: konversationer i Inkorg, vilka som är med i dem, meddelandenas text och när du har läst dem.",
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
        "Privata meddelanden: tills du tar bort dem. När du raderar kontot tas texten i dina meddelanden bort och de visas med avsändaren 'Okänd'.",
        "Trådar och kommentarer: finns kvar när kontot raderas, så att diskussionerna går att följa, men visas då med författaren 'Okänd' och utan koppling till ditt konto. Vill du att de ska försvinna kan du ta bort dem själv innan du raderar kontot.",
      ],
    },
    {
      title: "Vem som får ta del av uppgifterna",
      paragraphs: [
        "Ditt nickname, din profil och allt du publicerar är offentligt och kan läsas av alla besökare. Din e-postadress visas aldrig för andra medlemmar.",
        "Privata meddelanden kan bara läsas av deltagarna i konversationen – inte av moderatorer eller administratörer. Undantag: ett meddelande som en deltagare anmäler visas för moderatorerna tillsammans med de 5 meddelandena före det, och ett meddelande med länkar från ett konto som är yngre än ett dygn granskas av en moderator innan mottagarna ser det.",
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
  /** Same rule as /admin, the forum always keeps an administrator. */
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
