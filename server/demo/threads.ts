/**
 * The demo's threads: each script below is written exactly once, so no two threads share a
 * title, an opening post or an answer. Company threads take their company from the slots (the
 * plan picks one that fits: a bank for a bank report, a dividend payer for a dividend thread);
 * their text names only that company (and, in a comparison, the second one its title names).
 * Threads off the market (Krypto, Off topic, beginners' questions, macro) name no company, or
 * only the ones their opening post names.
 *
 * Views ('Din syn' / 'Innehav') sit on the lines whose words state them (`bull`, `bear`,
 * `holds`, `./lines.ts`); questions and neutral remarks state none.
 *
 * Pure data: no database, no I/O.
 *
 * @module
 */
import type { CompanyGroup, DemoCompany } from "./companies";
import { bear, bull, byCap, CATEGORY, holds, type Script } from "./lines";

const isIn =
  (...groups: CompanyGroup[]) =>
  (c: DemoCompany): boolean =>
    groups.includes(c.group);
/** Companies that report order intake (machines, equipment, electronics), not services or raw materials. */
const withOrders = (c: DemoCompany) => (c.group === "industry" && c.ticker !== "SECU-B") || ["ERIC-B", "MYCR", "NOTE"].includes(c.ticker);
/** Companies that sell something (not banks, brokers, investment or property companies). */
const operating = isIn("industry", "tech", "material", "consumer", "health", "telecom", "gaming");
const sameGroup = (x: DemoCompany, c: DemoCompany) => x.group === c.group;
/** A peer: same kind of business and same sector (the text names the sector). */
const peer = (x: DemoCompany, c: DemoCompany) => x.group === c.group && x.sector === c.sector;
/** Shops whose sales follow the weather and the consumer. */
const retail = (c: DemoCompany) => ["HM-B", "BOOZT", "THULE"].includes(c.ticker);
const small = (c: DemoCompany) => c.cap === "small";
/** Companies that give a full-year forecast (not the small drug developers). */
const listedGuidance = (c: DemoCompany) => operating(c) && !(c.cap === "small" && c.group === "health");
const large = (c: DemoCompany) => c.cap === "large";
/** A decimal number the Swedish way (`1,7`). */
const dec = (n: number) => n.toFixed(1).replace(".", ",");

/** Threads about one company: reports, dividends, buybacks, guidance, sector talk, charts. */
const COMPANY_THREADS: readonly Script[] = [
  {
    id: "report-eve",
    category: byCap,
    authors: ["analyst", "quality", "daytrader"],
    companies: { c: withOrders },
    main: true,
    title: ({ c }) => `${c.name} (${c.tag}) rapporterar i morgon bitti – förväntningar?`,
    body: ({ c }) =>
      `Rapporten kommer 07.30 i morgon. Konsensus ligger på en svag tillväxt och i stort sett oförändrad marginal.\n\nJag tittar mest på tre saker:\n\n1. Orderingången\n2. Bruttomarginalen\n3. Vad vd säger om efterfrågan på ${c.what ?? "deras produkter"} under nästa halvår\n\nSenast var ${c.name} försiktiga i utsikterna. Tror ni de låter likadant den här gången?`,
    answers: [
      ({ asker, c }) => `@${asker} Orderingången är det enda marknaden bryr sig om den här gången. Marginalen i ${c.name} har varit stark länge, det är redan känt.`,
      ({ asker }) => `@${asker} Jag gissar att de låter lika försiktiga, vd brukar inte lova något i onödan. Det är väl just därför aktien brukar stiga dagen efter.`,
    ],
    comments: [
      bull(({ c }) => `Köpte en liten post ${c.tag} i dag inför rapporten. Inte särskilt smart kanske, men jag tror de överraskar positivt.`, "owns"),
      bear(({ c }) => `Jag står över ${c.tag} till efter rapporten. Förväntningarna är för högt ställda för min smak.`, "does_not_own"),
      () => `Har någon koll på hur stor del av försäljningen som går till Kina numera? Det kan bli den stora frågan på telefonkonferensen.`,
    ],
  },
  {
    id: "report-beat",
    category: byCap,
    authors: ["analyst", "quality", "value"],
    companies: { c: operating },
    main: true,
    view: { sentiment: "bullish", position: "owns" },
    title: ({ c }) => `Kvartalsrapport ${c.name}: bättre än väntat på rörelseresultatet`,
    body: ({ c, r }) =>
      `Rörelseresultatet i ${c.name} kom in ungefär ${r.int(4, 7)} procent över snittet av analytikernas förväntningar, och kassaflödet var starkt. Aktien steg direkt i öppningen.\n\nSamtidigt var omsättningen i linje och valutan hjälpte till. Hur mycket av lyftet är egentligen kronan? Någon som hunnit räkna?\n\nSjälv har jag ägt aktien sedan 2019 och är ganska nöjd i dag.`,
    answers: [
      ({ asker }) => `Bra sammanfattning @${asker}. Valutan stod för ungefär hälften av lyftet enligt min snabba kalkyl, så justerat är det mer i linje.`,
      bull(({ asker, c }) => `@${asker} Kassaflödet är det viktiga. ${c.name} har inte visat så här bra kassaomvandling på länge, så jag ökade i ${c.tag} direkt på morgonen.`, "owns"),
    ],
    comments: [
      ({ r }) => `Kursen har redan gått upp ${r.int(6, 9)} procent på två dagar. Lite av det goda är nog inprisat nu.`,
      bear(({ c }) => `Tråkigt att vara den som säger det, men justerat för valuta och en engångspost var det här ett ganska medelmåttigt kvartal. Jag säljer mina ${c.tag} på styrkan.`),
    ],
  },
  {
    id: "report-drop",
    category: byCap,
    authors: ["value", "daytrader", "quality"],
    companies: { c: operating },
    main: true,
    view: { position: "owns" },
    title: ({ c }) => `${c.tag} föll efter rapporten – överreaktion eller befogat?`,
    body: ({ c, r }) =>
      `${c.tag} tappade runt ${r.int(6, 9)} procent på rapporten. Siffrorna var inte dåliga, men utsikterna var vagare än förra kvartalet och försäljningen i kvartalets sista månad svagare.\n\nJag sitter på en liten post och funderar på att öka. Är det överreaktion, eller missar jag något?`,
    answers: [
      ({ asker, c }) => `@${asker} Överreaktion, tycker jag. Det var utsikterna för ett kvartal framåt som skrämde, och ${c.name} har alltid låtit försiktiga i sådana lägen.`,
      ({ asker }) => `@${asker} Titta på kassaflödet innan du bestämmer dig. Det var det starkaste på två år, och kassaflöde är svårt att fejka.`,
    ],
    comments: [
      bull(({ c }) => `Öka i omgångar, det är min enda regel. Jag lade en första order på ${c.tag} strax efter lunch.`, "owns"),
      bear(({ c }) => `Ett ras på den nivån är inte mycket om marknaden börjar räkna med ett helt år av svag efterfrågan. Jag tror ${c.tag} har mer kvar att falla.`, "does_not_own"),
      () => `Blankningen låg redan högt före rapporten. Det kan förklara en del av rörelsen.`,
    ],
  },
  {
    id: "report-orders",
    category: byCap,
    authors: ["analyst", "value"],
    companies: { c: withOrders },
    main: true,
    title: ({ c }) => `${c.gen} rapport: marginalen lyfte, men vad hände med orderingången?`,
    body: ({ c, r }) =>
      `Läste igenom ${c.gen} rapport på tåget. Marginalen upp, kostnaderna under kontroll, men orderingången var ${r.int(3, 9)} procent lägre än i förra kvartalet.\n\nVad tycker ni väger tyngst just nu, marginal eller order?`,
    answers: [
      ({ asker }) => `@${asker} Order, alla dagar. Marginalen i dag är orderingången från i fjol.`,
      ({ asker, c }) => `@${asker} Jämför med samma kvartal i fjol i stället för förra kvartalet, ${c.name} har en tydlig säsong.`,
    ],
    comments: [
      ({ c }) => `Lagren växte igen. Det är det jag gillar minst i ${c.gen} rapport.`,
      bull(({ c }) => `Marginalen är inget engångslyft, de har höjt priserna tre kvartal i rad. Behåller mina ${c.tag}.`, "owns"),
      () => `Snittet av analytikerna ligger ofta fel på orderingången ändå. Jag bryr mig mer om trenden över fyra kvartal.`,
    ],
  },
  {
    id: "report-sales",
    category: byCap,
    authors: ["value", "sceptic", "quality"],
    companies: { c: retail },
    main: true,
    view: { sentiment: "bearish", position: "does_not_own" },
    title: ({ c }) => `${c.name} tappar försäljning – konjunkturen eller egna problem?`,
    body: ({ c, r }) =>
      `Försäljningen i ${c.name} minskade med ${r.int(2, 6)} procent i lokala valutor under kvartalet. Ledningen skyller på vädret och en försiktig konsument, men konkurrenterna verkar inte ha samma problem.\n\nÄr det tillfälligt, eller har ${c.name} tappat mark på riktigt? Jag sålde mina aktier i våras och har inte saknat dem.`,
    answers: [
      ({ asker }) => `@${asker} "Vädret" är den äldsta ursäkten i handeln. Jag tror mer på egna problem, sortimentet har känts trött ett tag.`,
      bull(({ asker, c }) => `@${asker} Konsumenten är pressad av räntorna, det drabbar alla. ${c.tag} kommer tillbaka när hushållen får mer i plånboken.`),
    ],
    comments: [
      bull(({ c }) => `Jag tror ni underskattar hur snabbt det vänder när räntorna går ned. Köper ${c.tag} nu, när ingen vill ha aktien.`, "owns"),
      () => `Bruttomarginalen höll ju ändå, det tycker jag är värt att notera. De har inte rea-sålt sig ur kvartalet.`,
    ],
  },
  {
    id: "report-bank",
    category: byCap,
    authors: ["dividend", "analyst", "value"],
    companies: { c: isIn("bank") },
    main: true,
    view: { position: "owns" },
    title: ({ c }) => `${c.gen} rapport: räntenettot har toppat, vad händer nu?`,
    body: ({ c }) =>
      `${c.name} levererade ännu ett starkt kvartal, men räntenettot var lägre än i förra kvartalet för första gången på länge. Kreditförlusterna är fortsatt små.\n\nJag äger banken för utdelningens skull. Klarar den sig när räntorna går ned, eller är det dags att minska?`,
    answers: [
      bull(({ asker, c }) => `@${asker} Räntenettot faller, men volymerna växer och kostnaderna är under kontroll. Jag ser ingen anledning att sälja mina ${c.tag}.`, "owns"),
      ({ asker, c }) => `@${asker} Kreditförlusterna är det jag skulle titta på. Så länge de ligger nära noll är ${c.name} en pengamaskin.`,
    ],
    comments: [
      bear(({ c }) => `Bankerna har haft sina bästa år nu. Jag har minskat i ${c.tag} och flyttat över till industri.`, "owns"),
      bull(({ c }) => `Kapitalöverskottet i ${c.name} räcker till en extrautdelning även med lägre räntor. Jag behåller ${c.tag}.`, "owns"),
      () => `K/I-talet är det mest intressanta i rapporten. Det visar hur effektiv banken faktiskt är.`,
    ],
  },
  {
    id: "report-property",
    category: byCap,
    authors: ["realestate", "value"],
    companies: { c: isIn("property") },
    main: true,
    view: { sentiment: "bullish", position: "does_not_own" },
    title: ({ c }) => `${c.name}: förvaltningsresultatet upp, men värdeförändringarna då?`,
    body: ({ c }) =>
      `${c.name} redovisade ett förvaltningsresultat per aktie som var något bättre än väntat, men fastighetsvärdena skrevs ned igen, ungefär en procent i kvartalet.\n\nJag tycker att substansrabatten är för stor för att ignorera, men har inga fastighetsaktier än. Är det någon som vågar köpa nu?`,
    answers: [
      bull(({ asker, c }) => `@${asker} Jag vågar. Räntetoppen är bakom oss och ${c.tag} handlas under substans. Det räcker för mig.`, "owns"),
      bear(({ asker, c }) => `@${asker} Nedskrivningarna är inte över förrän transaktionsmarknaden kommer igång. Titta på vad fastigheter faktiskt säljs för, inte på värderingarna i ${c.tag}.`),
    ],
    comments: [
      () => `Räntetäckningsgraden är det enda nyckeltal jag tittar på i fastighetsbolag. Den har sjunkit fyra kvartal i rad här.`,
      bear(({ c }) => `Substansrabatter i fastighetsbolag kan bestå i åratal. Jag blankade ${c.tag} i våras och sitter kvar.`, "does_not_own"),
    ],
  },
  {
    id: "report-growth",
    category: CATEGORY.small,
    authors: ["smallcap", "growth", "health"],
    companies: { c: (c) => small(c) && operating(c) },
    main: true,
    view: { position: "owns" },
    title: ({ c }) => `${c.name} växer tvåsiffrigt igen – men var är kassaflödet?`,
    body: ({ c, r }) =>
      `${c.name} växte med ${r.int(14, 28)} procent i kvartalet, det mesta organiskt. Imponerande för ett bolag av den storleken.\n\nMen det operativa kassaflödet var negativt för andra kvartalet i rad, mest på grund av större lager och kundfordringar. Jag äger aktien sedan ett par år: ska man bry sig, eller är det normalt i den här fasen?`,
    answers: [
      ({ asker }) => `@${asker} Normalt när man växer så snabbt. Rörelsekapitalet binder pengar, det släpper när tillväxten planar ut.`,
      ({ asker }) => `@${asker} Två kvartal kan vara en slump. Tre kvartal är ett mönster. Jag skulle hålla koll på kundfordringarna.`,
    ],
    comments: [
      bull(({ c }) => `Det här är ett av få småbolag jag äger som faktiskt levererar. Behåller ${c.tag} och fyller på vid rapporterna.`, "owns"),
      () => `Likviditeten i aktien är låg, så räkna inte med att kunna sälja snabbt om det vänder.`,
      bear(({ c }) => `Värderingen i ${c.tag} förutsätter redan att tillväxten fortsätter i fem år. Det är mycket begärt.`, "does_not_own"),
    ],
  },
  {
    id: "dividend-raise",
    category: CATEGORY.dividends,
    authors: ["dividend", "quality"],
    companies: { c: (c) => c.dividend },
    main: true,
    view: { sentiment: "bullish", position: "owns" },
    title: ({ c }) => `${c.name} höjer utdelningen – dags att fylla på ${c.tag}?`,
    body: ({ c, r }) =>
      `Styrelsen föreslår en höjd ordinarie utdelning, och direktavkastningen landar på ${dec(r.int(42, 58) / 10)} procent på dagens kurs.\n\nJag har ${c.name} som ett av mina största innehav och funderar på att öka ytterligare. Är det för mycket av en och samma aktie i en utdelningsportfölj?`,
    answers: [
      ({ asker, c }) => `@${asker} Inte för mycket om resten är spritt. Jag skulle dock inte ha mer än tio procent i ${c.name} ensamt.`,
      holds(({ asker, c }) => `@${asker} Jag har haft ${c.tag} i tolv år och har aldrig fått en sänkt utdelning. Det säger förstås inget om framtiden.`, "owns"),
    ],
    comments: [
      () => `Direktavkastning är bra, men totalavkastningen är det som räknas i slutändan.`,
      bear(({ c }) => `Höjningen är mindre än vinstökningen, så utdelningsandelen sjunker faktiskt. Ändå tycker jag att ${c.tag} är fullvärderad nu.`, "does_not_own"),
    ],
  },
  {
    id: "dividend-safe",
    category: CATEGORY.dividends,
    authors: ["dividend"],
    companies: { c: (c) => c.dividend },
    main: true,
    view: { position: "owns" },
    title: ({ c }) => `Hur säker är utdelningen i ${c.name}?`,
    body: ({ c }) =>
      `Utdelningsandelen i ${c.name} har krupit upp mot 80 procent av vinsten. Samtidigt har skulderna ökat.\n\nJag lever på mina utdelningar, och ${c.name} står för en stor del av dem, så en sänkning skulle göra ont. Hur bedömer ni risken?`,
    answers: [
      ({ asker }) => `@${asker} Utdelningsandelen i sig oroar mig inte, kassaflödet täcker den. Det är skuldsidan jag skulle hålla koll på.`,
      ({ asker }) => `@${asker} Titta på hur styrelsen agerade senast vinsten föll. Det säger mer om deras prioriteringar än någon utdelningspolicy.`,
    ],
    comments: [
      () => `En utdelningsandel på 80 procent är inget problem i ett stabilt bolag, men den lämnar lite marginal för misstag.`,
      bear(({ c }) => `Jag skulle inte lita på utdelningen i ${c.tag} om räntorna stiger igen. Det är skulderna som avgör.`),
    ],
  },
  {
    id: "dividend-exdate",
    category: CATEGORY.dividends,
    authors: ["dividend", "index"],
    companies: { c: (c) => c.dividend },
    main: true,
    title: ({ c }) => `${c.tag} handlas utan utdelning på torsdag`,
    body: ({ c }) =>
      `Påminnelse till er som vill ha utdelningen: sista dag med rätt till utdelning är onsdag, och på torsdag handlas ${c.tag} exklusive.\n\nKöper ni före, eller väntar ni på att kursen justeras ned?`,
    answers: [
      ({ asker }) => `@${asker} Det spelar ingen roll i teorin, kursen sjunker med utdelningen. Och på ett ISK är det ingen skillnad skattemässigt, så gör det som passar dig.`,
      ({ asker }) => `Tack för påminnelsen @${asker}! Jag köper aldrig för utdelningens skull, men det är skönt att veta när den kommer.`,
    ],
    comments: [
      () => `Kom ihåg att utdelning inte är gratis pengar. Kursen justeras ned lika mycket på x-dagen.`,
      holds(({ c }) => `Har ${c.tag} på ISK sedan länge, så för min del blir det bara en insättning på kontot som ska återinvesteras.`, "owns"),
    ],
  },
  {
    id: "dividend-growth",
    category: CATEGORY.dividends,
    authors: ["dividend", "quality", "index"],
    companies: { c: (c) => c.dividend && !isIn("bank", "telecom")(c) },
    main: true,
    view: { sentiment: "bullish", position: "does_not_own" },
    title: ({ c }) => `Bygger en utdelningsportfölj – hör ${c.name} hemma där?`,
    body: ({ c }) =>
      `Jag bygger en portfölj som ska ge en jämn ström av utdelningar om tio år. Hittills har jag mest banker och telekom.\n\nNu funderar jag på ${c.name} (${c.tag}). Direktavkastningen är lägre än för mina andra innehav, men utdelningen har vuxit stadigt. Passar den, eller ska jag hålla mig till hög direktavkastning?`,
    answers: [
      bull(({ asker, c }) => `@${asker} Utdelningstillväxt slår hög direktavkastning på tio års sikt. ${c.tag} passar bra.`),
      ({ asker }) => `@${asker} Blanda. Några med hög direktavkastning i dag och några som växer utdelningen, så jämnar det ut sig.`,
    ],
    comments: [
      bull(({ c }) => `${c.tag} är min största utdelningsaktie. Den har höjt i stort sett varje år sedan jag köpte.`, "owns"),
      () => `Glöm inte att sprida över sektorer. Banker och telekom rör sig ofta åt samma håll när räntorna ändras.`,
    ],
  },
  {
    id: "buyback-start",
    category: byCap,
    authors: ["value", "quality", "index"],
    companies: { c: (c) => large(c) && operating(c) },
    main: true,
    view: { sentiment: "bullish" },
    title: ({ c }) => `${c.name} startar återköp – bra användning av kassan?`,
    body: ({ c }) =>
      `${c.name} meddelade i går ett nytt återköpsprogram på upp till fem procent av aktierna, fram till nästa stämma.\n\nJag tycker det är rätt när aktien handlas så här lågt, men hellre hade jag sett förvärv. Hur ser ni på det?`,
    answers: [
      ({ asker }) => `@${asker} Återköp när aktien är billig är i princip alltid värdeskapande. Förvärv till höga multiplar är det sällan.`,
      ({ asker, c, r }) => `@${asker} Det beror helt på priset. Köper ${c.name} tillbaka till ett P/E på ${r.int(24, 30)} så förstör de värde, hur man än vänder på det.`,
    ],
    comments: [
      () => `Jag hade hellre sett en extrautdelning, då kan var och en välja själv.`,
      bull(({ c }) => `Återköp är skattemässigt smartare än utdelning för många ägare, även om det spelar mindre roll på ett ISK. ${c.name} gör rätt här, och jag behåller mina ${c.tag}.`, "owns"),
    ],
  },
  {
    id: "buyback-cosmetic",
    category: byCap,
    authors: ["sceptic", "value"],
    companies: { c: (c) => large(c) && operating(c) },
    main: true,
    title: ({ c }) => `Återköpen i ${c.tag}: skapar de värde eller är det bara kosmetika?`,
    body: ({ c }) =>
      `Antalet aktier i ${c.tag} har minskat med nästan fyra procent på ett år tack vare återköpen. Vinst per aktie ser därför bättre ut än själva vinsten.\n\nÄr det bara kosmetika, eller skapar det faktiskt värde för oss som sitter kvar?`,
    answers: [
      holds(({ asker, c }) => `Håller med dig @${asker}, det är lite kosmetika. Men jag klagar inte på att min andel av ${c.tag} växer.`, "owns"),
      ({ asker }) => `@${asker} Det är värdeskapande så länge de köper under det verkliga värdet. Problemet är att ingen vet vad det är.`,
    ],
    comments: [
      () => `Det intressanta är när styrelsen köper. Har de köpt tillbaka när aktien var dyr förut är det ett dåligt tecken.`,
      bear(({ c }) => `Hälften av återköpen går åt till att täcka ledningens optionsprogram. Så mycket värdeskapande är det inte, och jag har sålt mina ${c.tag}.`, "does_not_own"),
    ],
  },
  {
    id: "guidance-cut",
    category: byCap,
    authors: ["analyst", "sceptic"],
    companies: { c: listedGuidance },
    main: true,
    view: { sentiment: "bearish" },
    title: ({ c }) => `${c.name} sänker prognosen för helåret`,
    body: ({ c }) =>
      `Vinstvarning i kväll: ${c.name} räknar nu med en lägre organisk tillväxt än tidigare och hänvisar till svagare efterfrågan i Europa.\n\nAktien lär få stryk i morgon. Köpläge eller början på något värre?`,
    answers: [
      bear(({ asker, c }) => `@${asker} Det brukar komma fler vinstvarningar i samma bransch. Jag skulle vänta ett par veckor med ${c.tag}.`),
      bear(({ asker, c }) => `@${asker} En vinstvarning kommer sällan ensam. Jag står över ${c.tag} tills nästa rapport.`, "does_not_own"),
    ],
    comments: [
      () => `Marknaden hade nog redan räknat med det här, titta på hur kursen rört sig den senaste månaden.`,
      bull(({ c }) => `Vinstvarningar är när jag köper. Har lagt en order på ${c.tag} fem procent under dagens stängning.`),
    ],
  },
  {
    id: "guidance-raise",
    category: byCap,
    authors: ["growth", "analyst"],
    companies: { c: listedGuidance },
    main: true,
    view: { sentiment: "bullish" },
    title: ({ c }) => `${c.tag} lyfter guidningen – håller tillväxtcaset?`,
    body: ({ c }) =>
      `${c.name} höjer målet för rörelsemarginalen och säger att efterfrågan håller i sig även nästa år.\n\nJag har varit skeptisk länge, men det här är tredje kvartalet i rad som de levererar. Dags att ändra mig?`,
    answers: [
      bull(({ asker, c }) => `@${asker} Tre kvartal i rad är ingen slump. Ändra dig, men köp ${c.tag} i omgångar.`),
      ({ asker, c }) => `@${asker} En guidning är bara en guidning. ${c.name} har hamnat i underkant av sina egna mål förut.`,
    ],
    comments: [
      ({ c }) => `Bra att ${c.name} vågar sätta siffror överhuvudtaget, många bolag har slutat med det.`,
      bear(({ c }) => `En höjd guidning sent i en konjunkturcykel brukar markera toppen. Jag tar hem vinsten i ${c.tag}.`),
    ],
  },
  {
    id: "sector-choice",
    category: byCap,
    authors: ["quality", "smallcap", "growth", "health"],
    companies: { c: operating, d: peer },
    main: true,
    view: { sentiment: "bullish" },
    title: ({ c, d }) => `${c.name} eller ${d.name}: vilken skulle ni välja?`,
    body: ({ c, d }) =>
      `Om man bara får äga ett bolag inom ${c.sector}, vilket blir det?\n\n${c.tag} har starkare balansräkning, ${d.tag} växer snabbare. Själv lutar jag åt ${c.name} för att jag sover bättre då.`,
    answers: [
      bull(({ asker, d }) => `@${asker} Jag skulle välja ${d.name} (${d.tag}). Högre risk, men tillväxten är värd mer än du tror.`, undefined, "d"),
      bull(({ asker, c }) => `@${asker} Samma här, ${c.tag}. Balansräkningen avgör när konjunkturen vänder.`),
    ],
    comments: [
      holds(({ c, d }) => `Äger båda, ${c.tag} och ${d.tag}. Man behöver inte välja.`, "owns"),
      () => `Balansräkningen är det första jag tittar på i hela branschen. Tillväxt går att köpa, en stark balansräkning tar år att bygga.`,
    ],
  },
  {
    id: "sector-cheap",
    category: byCap,
    authors: ["value", "realestate", "quality"],
    companies: { c: operating },
    main: true,
    view: { position: "owns" },
    title: ({ c }) => `${c.name} känns billig – hela sektorn har halkat efter`,
    body: ({ c }) =>
      `Hela sektorn (${c.sector}) har halkat efter index i år. ${c.name} handlas nu på en multipel jag inte sett på flera år.\n\nJag äger redan en del. Är det här ett läge att öka, eller finns det en anledning till att ingen vill äga sektorn?`,
    answers: [
      bull(({ asker, c }) => `@${asker} Sektorn är billig av en anledning, men anledningar brukar gå över. Jag ökar i ${c.tag} i små steg.`, "owns"),
      ({ asker, c }) => `@${asker} Jag väntar på att estimaten slutar sänkas. Billigt kan bli billigare, även för ${c.name}.`,
    ],
    comments: [
      () => `Hela sektorn är mer cyklisk än bolagen själva vill erkänna.`,
      bull(({ c }) => `Köpte ${c.tag} senast sektorn var lika illa omtyckt, och det blev en av mina bästa affärer. Jag ökar igen.`, "owns"),
    ],
  },
  {
    id: "sector-premium",
    category: byCap,
    authors: ["value", "sceptic", "analyst"],
    companies: { c: operating, d: peer },
    main: true,
    title: ({ c, d }) => `${c.tag} mot ${d.tag} – samma sektor, helt olika värdering`,
    body: ({ c, d }) =>
      `${c.name} handlas på ungefär dubbla multipeln mot ${d.name}, trots att båda räknas till ${c.sector}. Kvalitetspremie eller ren övervärdering?\n\nNyfiken på hur ni resonerar.`,
    answers: [
      bull(({ asker, c }) => `Kvalitetspremie, @${asker}. ${c.tag} har haft högre avkastning på kapitalet i tio år.`),
      bull(({ asker, c, d }) => `@${asker} Övervärdering. ${d.name} är det bättre köpet på de här nivåerna, jag har redan bytt från ${c.tag} till ${d.tag}.`, "owns", "d"),
    ],
    comments: [
      () => `Multipelskillnaden har funnits så länge jag kan minnas. Den försvinner inte för att man vill det.`,
      bear(({ c }) => `Dubbla multipeln kräver dubbla tillväxten, och den levererar inte ${c.tag}. Jag står utanför.`, "does_not_own"),
    ],
  },
  {
    id: "sector-quality",
    category: CATEGORY.small,
    authors: ["smallcap", "quality"],
    companies: { c: (c) => small(c) && operating(c) },
    main: true,
    view: { position: "owns" },
    title: ({ c }) => `${c.name}: för dyr för att köpa, för bra för att sälja?`,
    body: ({ c, r }) =>
      `${c.name} (${c.tag}) handlas på ett P/E runt ${r.int(28, 40)}, långt över småbolagsindex. Samtidigt har de levererat år efter år.\n\nJag äger en liten post och kan inte bestämma mig: öka, behålla eller ta hem vinsten?`,
    answers: [
      ({ asker }) => `@${asker} Behåll. Bra bolag är nästan alltid för dyra, det är därför man ska äga dem länge.`,
      ({ asker }) => `@${asker} Ta hem en del. Ett P/E på den nivån kräver att allt går rätt, och i småbolag gör det sällan det.`,
    ],
    comments: [
      bull(({ c }) => `Har ägt ${c.tag} i sex år. Varje gång jag tyckt att den var för dyr har den gått upp trettio procent till.`, "owns"),
      () => `Frågan är om tillväxten är köpt eller egen. Förvärvsdrivna bolag ser ofta billigare ut än de är.`,
    ],
  },
  {
    id: "chart-support",
    category: CATEGORY.technical,
    authors: ["technical", "daytrader"],
    companies: { c: () => true },
    main: true,
    view: { position: "owns" },
    title: ({ c }) => `${c.tag} testar stödet igen`,
    body: ({ c }) =>
      `Tredje gången på kort tid som ${c.tag} testar samma stödnivå. RSI ligger under 30 och volymen ökar på nedgångsdagarna.\n\nAntingen studsar den härifrån eller så blir det ett rejält brott nedåt. Jag sitter i med en stop loss strax under stödet.`,
    answers: [
      holds(({ asker, c }) => `@${asker} Samma stop här i ${c.tag}. Bryts stödet på volym så är jag ute, inga diskussioner.`, "owns"),
      bull(({ asker, c }) => `@${asker} RSI under 30 tre gånger i rad brukar ge en studs. Jag tar en liten trade i ${c.tag}.`, "owns"),
    ],
    comments: [
      () => `Teknisk analys är astrologi med Excel. Men fortsätt gärna, det är underhållande.`,
      bear(({ c }) => `Tredje testet brukar vara det som bryter. Jag blankar ${c.tag} om den stänger under stödet i dag.`, "does_not_own"),
    ],
  },
  {
    id: "chart-breakout",
    category: CATEGORY.technical,
    authors: ["technical", "daytrader"],
    companies: { c: () => true },
    main: true,
    view: { sentiment: "bullish", position: "owns" },
    title: ({ c }) => `${c.name} bröt 200-dagars – köpsignal?`,
    body: ({ c }) =>
      `${c.name} stängde i går över 200-dagars glidande medelvärde för första gången sedan i våras, på hög volym.\n\nJag har tagit en position med stop under gårdagens lägsta. Någon annan som ser samma sak?`,
    answers: [
      ({ asker }) => `@${asker} Jag väntar på en retest av brottet innan jag går in. Falska brott är vanligare än man tror.`,
      bull(({ asker, c }) => `Snyggt fångat @${asker}. Volymen är det som övertygar mig, så jag köpte ${c.tag} i morse.`, "owns"),
    ],
    comments: [
      () => `Hur långa medelvärden kör ni? Jag använder 50 för timing och 200 för trend.`,
      () => `Volymen är det enda som skiljer ett riktigt brott från ett falskt. Jämför med snittet för de senaste 20 dagarna.`,
    ],
  },
  {
    id: "chart-top",
    category: CATEGORY.technical,
    authors: ["technical"],
    companies: { c: () => true },
    main: true,
    view: { sentiment: "bearish", position: "owns" },
    title: ({ c }) => `Dubbeltopp i ${c.tag}?`,
    body: ({ c }) =>
      `Två toppar på ungefär samma nivå med ett par veckors mellanrum, och MACD som vänder ned. Klassisk dubbeltopp i ${c.tag} om halsen bryts.\n\nJag har minskat men inte sålt allt.`,
    answers: [
      bear(({ asker, c }) => `Snygg analys @${asker}. Divergensen syns tydligt på veckografen för ${c.tag} också.`),
      ({ asker }) => `@${asker} Ingen dubbeltopp förrän halsen faktiskt bryts. Tills dess är det en konsolidering.`,
    ],
    comments: [
      ({ c }) => `Volymen i ${c.tag} har varit låg hela veckan, jag litar inte på rörelserna.`,
      bull(({ c }) => `Fundamentalt har inget ändrats i ${c.name}. Jag köper ${c.tag} om den faller ned till halsen.`),
    ],
  },
  {
    id: "chart-gap",
    category: CATEGORY.technical,
    authors: ["technical", "daytrader"],
    companies: { c: () => true },
    main: true,
    view: { position: "owns" },
    title: ({ c }) => `Gap upp i ${c.tag} efter rapporten – fylls det?`,
    body: ({ c, r }) =>
      `${c.tag} öppnade ${r.int(5, 9)} procent upp i morse och har legat kvar där hela dagen. Enligt den gamla tumregeln fylls de flesta gap förr eller senare.\n\nSitter ni kvar, eller tar ni hem vinsten innan gapet stängs?`,
    answers: [
      bull(({ asker, c }) => `@${asker} Gap på rapporter fylls mer sällan än andra, det finns ny information bakom dem. Jag sitter kvar i ${c.tag}.`, "owns"),
      ({ asker }) => `@${asker} Jag sålde halva på öppningen och låter resten ligga med stop på gårdagens stängning.`,
    ],
    comments: [
      bull(({ c }) => `Köpte ${c.tag} på retesten vid lunch. Stop under gapet, så risken är tydlig.`, "owns"),
      () => `"De flesta gap fylls" är en sanning med modifikation. Små gap gör det, inte rapportgap på hög volym.`,
    ],
  },
  {
    id: "smallcap-issue",
    category: CATEGORY.small,
    authors: ["smallcap", "sceptic"],
    companies: { c: small },
    main: true,
    view: { sentiment: "bearish", position: "owns" },
    title: ({ c }) => `${c.name} tar in pengar – riktad nyemission med rabatt`,
    body: ({ c, r }) =>
      `${c.name} (${c.tag}) gör en riktad nyemission på ungefär ${r.int(8, 12)} procent av aktierna, med ${r.int(6, 9)} procents rabatt mot gårdagens stängning. Pengarna ska gå till förvärv.\n\nSom befintlig aktieägare blir jag utspädd utan att få vara med. Hur ser ni på riktade emissioner i småbolag?`,
    answers: [
      ({ asker }) => `@${asker} Det beror på vad de köper. Ett bra förvärv till ett rimligt pris gör utspädningen värd det.`,
      ({ asker }) => `@${asker} Riktade emissioner gynnar de stora institutionerna på småspararnas bekostnad. Jag gillar dem aldrig.`,
    ],
    comments: [
      bull(({ c }) => `Jag ser det som ett kvitto: proffsen betalar nästan marknadspris för att komma in. Fyllde på ${c.tag} efter nedgången.`, "owns"),
      () => `Kolla vilka som tog emissionen. Är det långsiktiga ägare är det ett gott tecken.`,
    ],
  },
  {
    id: "smallcap-insiders",
    category: CATEGORY.small,
    authors: ["smallcap", "value"],
    companies: { c: small },
    main: true,
    view: { sentiment: "bullish", position: "does_not_own" },
    title: ({ c }) => `Insiderköp i ${c.name} – vd köpte för miljonbelopp`,
    body: ({ c }) =>
      `Enligt insynsregistret har vd i ${c.name} köpt aktier för drygt två miljoner kronor, och två styrelseledamöter har också köpt.\n\nInsiderköp säger inte allt, men det är sällan man ser så många på en gång. Jag äger inga själv än. Någon som tar det som en köpsignal?`,
    answers: [
      bull(({ asker, c }) => `@${asker} Insiders säljer av många skäl men köper bara av ett. Jag tar det som en köpsignal för ${c.tag}.`),
      ({ asker }) => `@${asker} Två miljoner kan vara en bråkdel av vd:ns förmögenhet. Jämför med lönen innan du blir för glad.`,
    ],
    comments: [
      bull(({ c }) => `Köpte en första post ${c.tag} i dag. Insiderköpen fick mig att äntligen läsa årsredovisningen.`, "owns"),
      () => `Titta på historiken: hur gick aktien förra gången ledningen köpte? Det säger mer än själva köpet.`,
    ],
  },
  {
    id: "smallcap-quiet",
    category: CATEGORY.small,
    authors: ["smallcap", "growth"],
    companies: { c: (c) => small(c) && isIn("industry", "tech", "material", "consumer")(c) },
    main: true,
    view: { sentiment: "bullish", position: "owns" },
    title: ({ c }) => `Någon mer som följer ${c.name}?`,
    body: ({ c }) =>
      `Det skrivs nästan ingenting om ${c.name} (${c.tag}) här, trots att bolaget har vuxit lönsamt i flera år. Få analytiker följer det och handeln är tunn.\n\nJag äger en post sedan ett år tillbaka. Är det någon mer som har koll på bolaget?`,
    answers: [
      ({ asker }) => `@${asker} Jag följer det sedan börsintroduktionen. Ledningen är bra, men kunderna är få och stora, det är den största risken.`,
      holds(({ asker, c }) => `@${asker} Har läst årsredovisningen men inte köpt ${c.tag}. Tunn handel gör mig nervös, spreaden äter upp en del av avkastningen.`, "does_not_own"),
    ],
    comments: [
      () => `Var på årsstämman i våras. Ett tjugotal aktieägare, och vd svarade på frågor i en timme. Sådant gillar jag.`,
      bull(({ c }) => `Tack för tipset! Har lagt ${c.tag} på bevakningslistan och köpte en liten post i dag.`, "owns"),
    ],
  },
  {
    id: "beginner-first-stock",
    category: CATEGORY.beginners,
    authors: ["newbie"],
    companies: { c: (c) => large(c) && operating(c) },
    main: true,
    title: ({ c }) => `Är det dumt att köpa ${c.name} som första aktie?`,
    body: ({ c }) =>
      `Jag har 20 000 kronor och tänkte köpa ${c.name} (${c.tag}) för att det är ett bolag jag känner igen. Är det dumt att lägga allt i en aktie? Pappa säger indexfond.`,
    answers: [
      ({ asker }) => `@${asker} Lyssna på din pappa. En global indexfond först, enskilda aktier när du vet varför du köper dem.`,
      ({ asker, c }) => `@${asker} Inte dumt att köpa ${c.name}, men dumt att lägga allt där. Sprid riskerna.`,
    ],
    comments: [
      () => `Tänk på courtaget om du handlar små poster, det äter upp avkastningen snabbare än man tror.`,
      bull(({ c }) => `${c.tag} är ingen dålig första aktie, jag har själv ägt den i flera år. Men köp i omgångar, inte allt på en gång.`, "owns"),
    ],
  },
];

/** Threads about the market, money and life, naming at most the companies their opening post names. */
const GENERAL_THREADS: readonly Script[] = [
  {
    id: "rates-decision",
    category: CATEGORY.macro,
    authors: ["macro", "realestate"],
    companies: { c: isIn("property"), d: sameGroup },
    title: () => `Riksbanken på torsdag: sänkning eller paus?`,
    body: ({ c, d }) =>
      `KPIF kom in under Riksbankens prognos förra månaden, men kronan har försvagats igen.\n\nMin gissning är paus med en mjuk signal. Lägre räntor borde gynna fastighetsbolagen mest, ${c.name} (${c.tag}) och ${d.name} (${d.tag}) har ju lidit av räntekostnaderna länge.\n\nVad tror ni?`,
    answers: [
      ({ asker }) => `@${asker} Paus, tror jag också. Riksbanken vill inte försvaga kronan ytterligare.`,
      bull(({ asker, c }) => `@${asker} Jag har ökat i ${c.tag} inför beskedet. Fastigheter är en ren räntebetting just nu.`, "owns"),
    ],
    comments: [
      () => `Räntebanan är en prognos, inget löfte. Det har vi lärt oss den hårda vägen.`,
      bear(({ d }) => `Lägre räntor hjälper, men ${d.tag} har stora lån som ska refinansieras nästa år. Jag väntar.`, "does_not_own", "d"),
    ],
  },
  {
    id: "rates-hold",
    category: CATEGORY.macro,
    authors: ["macro"],
    companies: { c: isIn("bank") },
    title: () => `Riksbanken lämnade räntan oförändrad – vinnare och förlorare på börsen?`,
    body: ({ c }) =>
      `Oförändrat, men räntebanan pekar nedåt under nästa år. Läste i en gammal tidningsartikel från 2012:\n\n> {{news}}\n\nDet känns som att vi varit här förut. Bankerna som ${c.name} (${c.tag}) tappar lite räntenetto, fastighetsbolagen andas ut. Hur positionerar ni er?`,
    answers: [
      ({ asker }) => `@${asker} Marknaden prisar redan in två sänkningar. Det är där risken ligger om det inte blir några.`,
      bull(({ asker, c }) => `@${asker} Bankerna har tjänat bra på räntenettot. ${c.name} klarar ett par sänkningar utan problem, jag behåller mina ${c.tag}.`, "owns"),
    ],
    comments: [
      () => `Det intressanta är vad Fed och ECB gör. Riksbanken kan inte gå för långt åt andra hållet.`,
      () => `Hushållen märker sänkningarna först om ett halvår, när bindningstiderna löper ut. Konsumtionen lär ta fart först då.`,
    ],
  },
  {
    id: "krona-strong",
    category: CATEGORY.macro,
    authors: ["macro", "value"],
    companies: { c: (c) => c.group === "industry" && large(c), d: (x) => x.group === "industry" && large(x) },
    title: () => `Kronan stärks – vad betyder det för exportbolagen?`,
    body: ({ c, d }) =>
      `Kronan har stärkts mot både euro och dollar de senaste veckorna. För exporttunga bolag som ${c.name} (${c.tag}) och ${d.name} (${d.tag}) blir det motvind i nästa rapport.\n\nValutasäkrar ni, eller räknar ni med att det jämnar ut sig?`,
    answers: [
      ({ asker }) => `@${asker} Jag valutasäkrar aldrig. Det jämnar ut sig över tio år, och kostnaden äter upp vinsten.`,
      bull(({ asker, c }) => `@${asker} ${c.name} har mycket produktion i kundernas länder, så effekten på ${c.tag} är mindre än man tror.`),
    ],
    comments: [
      () => `Kronan har varit "undervärderad" i tio år enligt alla modeller. Jag slutade tro på modellerna.`,
      bear(({ d }) => `Valutamotvinden kommer att synas i ${d.tag} redan nästa kvartal. Jag har minskat inför rapporten.`, "owns", "d"),
    ],
  },
  {
    id: "krona-effects",
    category: CATEGORY.macro,
    authors: ["macro", "analyst"],
    companies: { c: (c) => c.group === "industry" && large(c) },
    title: () => `Valutaeffekterna i rapporterna: hur mycket är kronan?`,
    body: ({ c }) =>
      `I varje rapport den här perioden står det "justerat för valuta". ${c.name} (${c.tag}) växte organiskt med några procent, men den rapporterade siffran var mycket högre.\n\nHur mycket av de senaste årens vinstlyft i storbolagen tror ni är en svag krona?`,
    answers: [
      ({ asker }) => `@${asker} En hel del. En starkare krona är det bästa argumentet för att äga utländska aktier just nu.`,
      ({ asker }) => `@${asker} Kanske en tredjedel. Resten är prishöjningar som faktiskt har hållit.`,
    ],
    comments: [
      () => `Det roliga är att ingen klagade på valutan när den hjälpte till.`,
      () => `Jag har hälften av sparandet i globala fonder just för att slippa gissa på kronan.`,
    ],
  },
  {
    id: "inflation-figure",
    category: CATEGORY.macro,
    authors: ["macro"],
    title: () => `KPIF i dag: inflationen under målet igen`,
    body: ({ r }) =>
      `KPIF landade på ${dec(r.int(14, 19) / 10)} procent i årstakt, lägre än väntat. Tjänstepriserna stiger fortfarande, men varupriserna faller.\n\nBetyder det en sänkning redan vid nästa möte, eller vill Riksbanken se ett par siffror till?`,
    answers: [
      ({ asker }) => `@${asker} Ett par siffror till. De har bränt sig på att agera för tidigt förut.`,
      ({ asker }) => `@${asker} Marknaden prisar redan in en sänkning. Gör de ingenting blir det en besvikelse, och det vet de.`,
    ],
    comments: [
      () => `Tjänsteinflationen är det som betyder något. Varupriserna faller mest för att fraktpriserna har gjort det.`,
      () => `Jag har slutat handla på makrosiffror. Det mesta är inprisat innan siffran ens släpps.`,
    ],
  },
  {
    id: "beginner-account",
    category: CATEGORY.beginners,
    authors: ["newbie"],
    companies: { c: isIn("broker"), d: sameGroup },
    title: () => `Helt ny här: ISK eller kapitalförsäkring, och var börjar jag?`,
    body: ({ c, d }) =>
      `Hej! Jag har sparat på banken i några år och vill börja med aktier och fonder. Ska jag öppna ett ISK eller en kapitalförsäkring? Och spelar det någon roll om jag väljer ${c.name} (${c.tag}) eller ${d.name} (${d.tag}) som mäklare?\n\nTacksam för alla tips!`,
    answers: [
      ({ asker }) => `Välkommen @${asker}! ISK för de flesta. Enkelt, ingen deklaration av varje affär, och schablonskatten är låg.`,
      ({ asker, c, d }) => `@${asker} ${c.name} eller ${d.name} spelar mindre roll, båda har lågt courtage. Välj den app du gillar.`,
    ],
    comments: [
      () => `Det bästa rådet jag har fått: investera aldrig pengar som du behöver inom fem år.`,
      bull(({ c }) => `Kör ${c.name} och äger dessutom några ${c.tag} i portföljen. Appen är bra, och aktien har varit ännu bättre.`, "owns"),
    ],
  },
  {
    id: "beginner-pe",
    category: CATEGORY.beginners,
    authors: ["newbie"],
    title: () => `Vad betyder egentligen P/E och direktavkastning?`,
    body: () => `Jag ser P/E och direktavkastning överallt här men förstår inte riktigt. Är lågt P/E alltid bra? Förklara gärna som för en femåring.`,
    answers: [
      ({ asker }) => `@${asker} P/E är priset delat med vinsten per aktie. Lågt kan betyda billigt, men ofta betyder det att marknaden tror att vinsten ska sjunka.`,
      ({ asker, other }) => `@${asker} Bra fråga! Direktavkastning är utdelningen delat med kursen. @${other} kan säkert förklara resten bättre än jag.`,
    ],
    comments: [
      () => `Tålamod är underskattat. De flesta av mina bästa affärer är de jag bara har låtit ligga.`,
      () => `Ett tips: titta på P/E över tio år, inte bara i dag. Då ser du om aktien är billig jämfört med sig själv.`,
    ],
  },
  {
    id: "beginner-buffer",
    category: CATEGORY.beginners,
    authors: ["newbie"],
    title: () => `Hur mycket buffert ska man ha innan man börjar spara i aktier?`,
    body: () =>
      `Jag är 24 och har precis fått fast jobb. Jag har ungefär 30 000 kronor på sparkontot.\n\nHur mycket ska man ha kvar som buffert, och hur mycket kan man lägga på börsen? Folk säger olika saker hela tiden.`,
    answers: [
      ({ asker }) => `@${asker} Tre månadslöner i buffert brukar man säga. Resten kan du månadsspara i en indexfond.`,
      ({ asker }) => `@${asker} Grattis till jobbet! Bufferten först, sedan ett fast månadssparande. Att börja tidigt betyder mer än vad du väljer.`,
    ],
    comments: [
      () => `Se till att bufferten ligger på ett konto med insättningsgaranti och lite ränta. Det finns flera som ger över två procent.`,
      () => `Det viktigaste är att du kan sova på natten. Om ett ras på 30 procent skulle få dig att sälja har du för mycket i aktier.`,
    ],
  },
  {
    id: "funds-holdings",
    category: CATEGORY.funds,
    authors: ["index", "dividend"],
    companies: { c: isIn("holding"), d: sameGroup },
    title: () => `Investmentbolag eller global indexfond?`,
    body: ({ c, d }) =>
      `Jag har länge bara ägt en global indexfond, men funderar på att lägga en del i investmentbolag som ${c.name} (${c.tag}) och ${d.name} (${d.tag}).\n\nFördelen är ingen förvaltningsavgift och ofta en rabatt mot substansvärdet, nackdelen att portföljen blir väldigt svensk. Hur tänker ni?`,
    answers: [
      bull(({ asker, c }) => `@${asker} Båda. ${c.tag} till rabatt är en bra komplettering, men låt indexfonden vara basen.`),
      ({ asker }) => `@${asker} Rabatten är inte gratis. Den finns där för att den kan bestå i decennier.`,
    ],
    comments: [
      () => `Avgifter är den enda gratislunchen. Allt annat är tro.`,
      bull(({ c }) => `Har haft ${c.tag} i femton år och det har slagit min indexfond med råge. Men det är ingen garanti framåt.`, "owns"),
    ],
  },
  {
    id: "funds-portfolio",
    category: CATEGORY.funds,
    authors: ["index", "quality"],
    companies: { c: isIn("holding"), d: (x) => large(x) && operating(x) },
    title: () => `Min portfölj efter tio år – kritik välkomnas`,
    body: ({ c, d }) =>
      `Så här ser det ut i dag:\n\n- Global indexfond, 40 %\n- ${c.name} (${c.tag}), 15 %\n- ${d.name} (${d.tag}), 10 %\n- Resten i ett tiotal svenska storbolag\n\nFör mycket hemmamarknad? Ge gärna ärlig kritik.`,
    answers: [
      ({ asker }) => `@${asker} Ser stabilt ut. Jag hade nog minskat hemmamarknaden något, men det är petitesser.`,
      ({ asker, d }) => `@${asker} Varför ${d.name} och inte bara mer index? Inte kritik, jag är nyfiken.`,
    ],
    comments: [
      () => `Fyrtio procent i en global fond är en bra bas. Jag hade bara lagt till lite räntefonder nu när de ger något igen.`,
      () => `Tio svenska storbolag är mer koncentration än man tror. Hälften av dem rör sig som en och samma aktie när konjunkturen vänder.`,
    ],
  },
  {
    id: "funds-global",
    category: CATEGORY.funds,
    authors: ["index", "newbie"],
    title: () => `Vilken global indexfond kör ni, och varför?`,
    body: ({ r }) =>
      `Ska börja månadsspara ${r.int(2, 5)} 000 kronor och har fastnat på att välja fond. Skillnaden i avgift mellan de billigaste är några hundradelar.\n\nSpelar det någon roll vilken man väljer, eller är det bara att köra?`,
    answers: [
      ({ asker }) => `@${asker} Bara att köra. Avgiften spelar roll, men skillnaden mellan de billigaste är mindre än vad du förlorar på att vänta.`,
      ({ asker }) => `@${asker} Titta på om fonden har med tillväxtmarknader och småbolag. Två fonder med samma avgift kan följa ganska olika index.`,
    ],
    comments: [
      () => `Jag kör två fonder bara för att inte ha alla pengar hos en förvaltare. Kanske onödigt, men jag sover bättre.`,
      () => `En global fond är i praktiken till 70 procent USA. Det är värt att veta vad man faktiskt äger.`,
    ],
  },
  {
    id: "funds-etf",
    category: CATEGORY.funds,
    authors: ["index", "daytrader"],
    title: () => `ETF:er eller vanliga fonder – någon skillnad för en småsparare?`,
    body: () =>
      `Jag ser att fler och fler köper ETF:er i stället för vanliga indexfonder. Avgifterna verkar likvärdiga.\n\nVad är fördelen för någon som sparar ett par tusenlappar i månaden? Borde inte courtaget äta upp allt?`,
    answers: [
      ({ asker }) => `@${asker} För dig är en vanlig indexfond enklast. ETF:er är bra när du vill åt marknader som fonderna inte täcker.`,
      ({ asker }) => `@${asker} Flera mäklare har courtagefria ETF:er för månadssparande nu, så den nackdelen är nästan borta.`,
    ],
    comments: [
      () => `ETF:er handlas under dagen, och det är mest en nackdel för de flesta. Man frestas att handla när man borde låta bli.`,
      () => `Kolla spreaden också, inte bara avgiften. På små ETF:er kan den kosta mer än förvaltningsavgiften.`,
    ],
  },
  {
    id: "market-morning",
    category: CATEGORY.general,
    authors: ["daytrader", "quality"],
    companies: { c: (c) => large(c) && withOrders(c), d: (x) => large(x) && operating(x) },
    title: () => `Morgonkoll: vad har ni på bevakningslistan den här veckan?`,
    body: ({ c, d }) =>
      `God morgon allihop!\n\nBörsen öppnade svagt men ${c.name} (${c.tag}) och ${d.name} (${d.tag}) drar upp. Själv har jag en köporder liggande lite under gårdagens stängning.\n\nVad har ni på bevakningslistan?`,
    answers: [
      bull(({ asker, c }) => `@${asker} ${c.tag} här också. Köpte lite i går eftermiddag.`, "owns"),
      ({ asker }) => `@${asker} Ingenting just nu. Jag sitter på händerna tills rapportperioden är över.`,
    ],
    comments: [
      () => `Jag håller mig borta hela rapportperioden. För mycket brus.`,
      () => `Ingen köporder här, men en säljorder på ett innehav som gått för fort. Vi får se om den går igenom.`,
    ],
  },
  {
    id: "market-reports",
    category: CATEGORY.general,
    authors: ["analyst", "sceptic"],
    companies: { c: (c) => operating(c), d: (x) => large(x) && withOrders(x) },
    title: () => `Vilken rapport ser ni mest fram emot den här perioden?`,
    body: ({ c, d }) =>
      `För min del blir det ${c.name} (${c.tag}) – kan de äntligen få upp marginalen? Och ${d.name} (${d.tag}), som brukar ge en bra bild av konjunkturen.\n\nVilka följer ni?`,
    answers: [
      ({ asker, d }) => `@${asker} ${d.name}, alla dagar. Den säger mer om konjunkturen än vilken makrosiffra som helst.`,
      ({ asker, c }) => `@${asker} ${c.name} för min del också. Marginalen är hela caset.`,
    ],
    comments: [
      () => `Jag läser alltid vd-ordet först. Man lär sig mycket av vad de väljer att inte säga.`,
      () => `Rapportperioden är som julafton för mig. Kaffe, rapport 07.30 och sedan telefonkonferensen.`,
    ],
  },
  {
    id: "market-down",
    category: CATEGORY.general,
    authors: ["newbie", "daytrader", "macro"],
    title: () => `Börsen ned över två procent i dag – vad händer?`,
    body: () =>
      `Rött över hela linjen i dag. Stockholmsbörsen är ned drygt två procent och nästan alla storbolag faller. Jag hittar inga egentliga nyheter.\n\nÄr det bara amerikanska räntor igen, eller har jag missat något?`,
    answers: [
      ({ asker }) => `@${asker} Den amerikanska tioårsräntan steg kraftigt i går kväll. Det räcker för att dra ned allt som är räntekänsligt.`,
      ({ asker }) => `@${asker} Ingen nyhet behövs. Börsen har gått upp nästan varje dag i en månad, någon gång tas vinsterna hem.`,
    ],
    comments: [
      () => `Sådana här dagar handlar jag aldrig. Jag loggar ut och går ut med hunden.`,
      () => `Två procent är ingenting. Tål man inte det ska man inte äga aktier.`,
    ],
  },
  {
    id: "market-checking",
    category: CATEGORY.general,
    authors: ["index", "quality", "newbie"],
    title: () => `Hur ofta kollar ni portföljen?`,
    body: () =>
      `Ärlig fråga: hur ofta tittar ni på portföljen? Jag har märkt att jag öppnar appen tjugo gånger om dagen, och att jag fattar sämre beslut ju oftare jag tittar.\n\nHar någon lyckats sluta?`,
    answers: [
      ({ asker }) => `@${asker} En gång i månaden, när månadssparandet dras. Jag tog bort appen från telefonen för två år sedan.`,
      ({ asker }) => `@${asker} Varje dag, men jag handlar nästan aldrig. Att titta är inte farligt, det är att agera som kostar.`,
    ],
    comments: [
      () => `Jag har stängt av alla kursnotiser. Det är bättre för både portföljen och humöret.`,
      () => `Jag tittar varje dag, men bara på stängningskursen. Rörelserna under dagen är mest brus.`,
    ],
  },
  {
    id: "crypto-peak",
    category: CATEGORY.crypto,
    authors: ["newbie", "growth", "daytrader"],
    title: () => `Bitcoin nära toppen igen – säljer ni eller sitter ni kvar?`,
    body: ({ r }) =>
      `Bitcoin har gått upp nästan ${r.int(30, 45)} procent sedan sommaren och är nära den gamla toppen igen. Jag har haft en liten del av portföljen i krypto sedan 2020.\n\nSäljer ni en del nu, eller tror ni att det här är början på nästa stora uppgång?`,
    answers: [
      ({ asker }) => `@${asker} Jag ombalanserar. När kryptodelen blir större än fem procent av portföljen säljer jag ned till fem.`,
      ({ asker }) => `@${asker} Sitter kvar. Varje gång jag har sålt har jag ångrat mig ett halvår senare.`,
    ],
    comments: [
      () => `Bitcoin är ett rent likviditetsspel. Så länge centralbankerna sänker går det upp, sedan smäller det.`,
      () => `Jag köper inget jag inte kan värdera. Krypto har inget kassaflöde, så jag står utanför.`,
    ],
  },
  {
    id: "crypto-isk",
    category: CATEGORY.crypto,
    authors: ["newbie", "index"],
    title: () => `Krypto på ISK via börshandlade produkter – hur gör ni?`,
    body: () =>
      `Jag har förstått att man kan äga bitcoin på ISK genom börshandlade produkter i stället för att köpa direkt på en kryptobörs. Då slipper man K4 och allt krångel.\n\nVilka använder ni, och vad ska man tänka på med avgifterna?`,
    answers: [
      ({ asker }) => `@${asker} Kolla den årliga avgiften, den ligger ofta runt en procent. Det är mycket jämfört med en indexfond men lite jämfört med krånglet.`,
      ({ asker }) => `@${asker} Tänk på att du inte äger några bitcoin själv. Det är ett värdepapper från en emittent, och då har du emittentrisken också.`,
    ],
    comments: [
      () => `Smidigt, men handeln stänger när börsen stänger. Krypto rör sig dygnet runt, så det kan bli stora hopp på morgonen.`,
      () => `Jag köpte en sådan produkt för ett år sedan och har inte ångrat mig. Det är det enklaste sättet om man bara vill ha lite exponering.`,
    ],
  },
  {
    id: "crypto-tax",
    category: CATEGORY.crypto,
    authors: ["newbie", "daytrader"],
    title: () => `Deklarera krypto: hur gör ni med alla småaffärer?`,
    body: () =>
      `Handlade en hel del kryptovalutor förra året, mest små summor på olika börser. Nu ska allt in på K4 och jag har ingen aning om omkostnadsbeloppen.\n\nFinns det något smidigt sätt, eller är det bara att sätta sig med Excel?`,
    answers: [
      ({ asker }) => `@${asker} Det finns tjänster som läser in transaktionerna från börserna och räknar fram genomsnittsmetoden åt dig. Värt pengarna om du har hundratals affärer.`,
      ({ asker }) => `@${asker} Excel och mycket kaffe. Genomsnittsmetoden gäller, så du måste hålla reda på alla köp per valuta.`,
    ],
    comments: [
      () => `Lärdom till nästa år: spara alla underlag direkt. Kryptobörser stänger och försvinner, och då är historiken borta.`,
      () => `Det här är anledningen till att jag bara äger krypto via ISK numera. Ingen K4 alls.`,
    ],
    replies: [
      ({ asker }) => `@${asker} Hade samma problem förra året. Det tog en helg, men sedan var det klart.`,
      ({ asker }) => `@${asker} Har du något tips på hur man kommer igång? Jag har över trehundra affärer att gå igenom.`,
    ],
  },
  {
    id: "crypto-which",
    category: CATEGORY.crypto,
    authors: ["newbie", "growth", "sceptic"],
    title: () => `Bitcoin eller Ethereum – eller båda?`,
    body: () =>
      `Om man ska ha en liten del av portföljen i krypto, räcker det med bitcoin? Alla verkar ha en åsikt om Ethereum, men jag förstår inte riktigt vad den ska vara värd.\n\nHur fördelar ni?`,
    answers: [
      ({ asker }) => `@${asker} Bara bitcoin för min del. Det är den enda med en berättelse som jag förstår: digitalt guld.`,
      ({ asker }) => `@${asker} Ungefär 70/30. Ethereum är mer som en plattform, värdet följer hur mycket den används.`,
    ],
    comments: [
      () => `Allt utom bitcoin är i praktiken teknikaktier utan vinst. Det kan gå bra, men det är inte samma sak.`,
      () => `Jag äger ingen krypto alls och sover gott. Men jag läser gärna era trådar.`,
    ],
  },
  {
    id: "offtopic-podcasts",
    category: CATEGORY.offTopic,
    authors: ["index", "quality", "newbie"],
    title: () => `Vilka poddar om sparande och börs lyssnar ni på?`,
    body: () =>
      `Pendlar en timme om dagen och har tröttnat på mina vanliga poddar. Tips på bra börspoddar, gärna på svenska? Både bolagsintervjuer och mer allmänt om sparande går bra.`,
    answers: [
      ({ asker }) => `@${asker} Jag lyssnar mest på intervjuer med vd:ar. Man lär sig mer av hur de svarar än av vad de säger.`,
      ({ asker }) => `@${asker} Undvik dem som tipsar om enskilda aktier varje vecka. De som pratar om beteende och tålamod har hållit bäst för mig.`,
    ],
    comments: [
      () => `Jag har gått över till ljudböcker i stället. En bra bok om börsens historia slår tio poddavsnitt.`,
      () => `Promenad och podd på lunchen, det bästa med att jobba hemifrån.`,
    ],
    replies: [
      ({ asker }) => `@${asker} Samma här. Det är nästan bara de lugna poddarna som har hållit i längden.`,
      ({ asker }) => `Tack @${asker}, jag lägger till dem i listan.`,
    ],
  },
  {
    id: "offtopic-books",
    category: CATEGORY.offTopic,
    authors: ["value", "quality", "dividend"],
    title: () => `Boktips: vilken bok har påverkat hur ni investerar mest?`,
    body: () =>
      `Julen närmar sig och jag vill ge bort en bra bok om investeringar. Vilken har betytt mest för er? Själv har jag läst klassikern om den intelligenta investeraren tre gånger.`,
    answers: [
      ({ asker }) => `@${asker} Den om aktiemarknadens psykologi som alla tipsar om. Den fick mig att sluta handla på känsla.`,
      ({ asker }) => `@${asker} En bok om indexfonder som jag läste som tjugoåring. Tråkig, men det är den som har tjänat mig mest pengar.`,
    ],
    comments: [
      () => `Biografier över bra investerare är underskattade. Man ser hur mycket tålamod det krävs.`,
      () => `Den bästa boken jag har läst om börsen handlar egentligen om psykologi. Vi är vår egen värsta fiende.`,
    ],
    replies: [
      ({ asker }) => `@${asker} Den har jag också gett bort ett par gånger. Den fungerar varje gång.`,
      ({ asker }) => `@${asker} Vilken då? Nu blev jag nyfiken.`,
    ],
  },
  {
    id: "offtopic-friday",
    category: CATEGORY.offTopic,
    authors: ["quality", "dividend", "macro", "technical"],
    title: () => `Fredagstråden: hur har veckan varit?`,
    body: () =>
      `Fredag igen! Hur har veckan varit, på börsen och annars? Själv har jag mest suttit still och låtit portföljen sköta sig, och målat om köket.\n\nNågra planer för helgen?`,
    answers: [
      ({ asker }) => `@${asker} Grön vecka för mig, men det är inte min förtjänst. Helgen blir skidor om snön håller.`,
      ({ asker }) => `@${asker} Röd vecka och förkyld unge. Helgen blir soffa och årsredovisningar.`,
    ],
    comments: [
      ({ asker }) => `Vilken färg blev köket, @${asker}? Frågar åt en vän som också borde måla om.`,
      () => `Sålde ingenting, köpte ingenting. Den bästa sortens vecka.`,
    ],
    replies: [
      ({ asker }) => `@${asker} Låter som en bra vecka ändå. Ha det gott i helgen!`,
      ({ asker }) => `@${asker} Haha, så ska det låta. Trevlig helg!`,
    ],
  },
];

/** Every thread of the demo, company threads first. */
export const SCRIPTS: readonly Script[] = [...COMPANY_THREADS, ...GENERAL_THREADS];
