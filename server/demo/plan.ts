/**
 * What `forum seed-demo` writes, decided before anything is written:
 * about forty threads on real Nasdaq Stockholm companies (report days, dividends, buybacks,
 * guidance, sector talk, technical analysis, macro), their comments, one-level replies, quotes
 * and reactions, with times as offsets before a 'now' the seeder is given.
 *
 * The plan is a pure function of a seed and the company list: a mulberry32 PRNG drives every
 * choice, so the same seed gives the same titles, texts, authors and offsets on every run (the
 * screenshots of the demo are repeatable). Texts are filled from templates that read as Swedish
 * investors write: a question, answers that name the asker by `@nick` and refer to the question,
 * disagreement, `$TICKER` cashtags (the forum's cashtag syntax, `server/content/cook.ts`) of
 * companies in the tickers table, `@mentions` of other demo members, and quotes of a parent
 * comment (`domain/quote.ts`, built by the seeder once the quoted comment has an id).
 *
 * Times follow a realistic curve: most threads are days or weeks old and quiet, a few are recent
 * and busy; comments and reactions mostly come soon after what they answer. So only the few
 * recent, busy threads earn 'Hettar till' or 'Snabb' (SPEC §9 thresholds, `server/trending/`).
 *
 * News sentences of 2012 (`server/demo/data/sentences.txt`) appear only as a blockquote after
 * 'Läste i en gammal tidningsartikel från 2012:' in a macro thread.
 *
 * @module
 */
import { sectorName } from "../../domain/sectors";
import type { ReactionType } from "../../domain/values";
import { DEFAULT_CATEGORIES } from "../forum/default-categories";
import { DEMO_USERS, type DemoStyle } from "./members";

/** The fixed seed of `forum seed-demo`. */
export const DEMO_SEED = 19_2026;

/** A company as the plan needs it (from `readCompanyList`, `server/tickers/companies.ts`). */
export interface PlanCompany {
  ticker: string;
  name: string;
  sector: string | null;
}

/** A reaction to write: who (index into {@link DEMO_USERS}), which type, how long before 'now'. */
export interface PlannedReaction {
  by: number;
  type: ReactionType;
  /** Milliseconds before 'now' (≥ 60 000, after its target). */
  agoMs: number;
}

/** A comment or reply to write, in the order it is written (a parent comes before its replies). */
export interface PlannedComment {
  /** Index into {@link DEMO_USERS}. */
  author: number;
  /** The member's own text (after the quote, when there is one). */
  body: string;
  /** Index (in the thread's comment list) of the comment this replies to; replies nest one level. */
  parent?: number;
  /** Quote the parent's first sentence in front of the text (`domain/quote.ts`). */
  quoteParent?: boolean;
  /** Milliseconds before 'now'. */
  agoMs: number;
  reactions: PlannedReaction[];
}

/** A thread to write. */
export interface PlannedThread {
  /** Category name, one of `DEFAULT_CATEGORIES`. */
  category: string;
  author: number;
  title: string;
  body: string;
  /** 'Din syn' / 'Innehav' of the author for the thread's main ticker, when stated. */
  stances?: Record<string, { sentiment?: "bullish" | "bearish"; position?: "owns" | "does_not_own" }>;
  /** The thread's main company ticker, if any. */
  ticker?: string;
  agoMs: number;
  reactions: PlannedReaction[];
  comments: PlannedComment[];
}

/** The whole demo. */
export interface DemoPlan {
  threads: PlannedThread[];
  /** Follow edges `[follower, followed]` (indexes into {@link DEMO_USERS}). */
  follows: Array<[number, number]>;
  /** Watched tickers per member index ('Bevakning'). */
  watchlists: Array<{ member: number; tickers: string[] }>;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Deterministic random numbers in [0, 1) (mulberry32). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The random helpers every template gets. */
interface Rng {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  chance(p: number): boolean;
  shuffle<T>(list: readonly T[]): T[];
}

function rngOf(seed: number): Rng {
  const next = mulberry32(seed);
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)]!,
    chance: (p) => next() < p,
    shuffle: (list) => {
      const out = [...list];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    },
  };
  return rng;
}

/**
 * The demo's companies: Nasdaq Stockholm tickers of the bundled list with the name people use in
 * a forum (the registered names carry `AB (publ)` and lack å/ä/ö), the segment and whether it is
 * known for paying a dividend.
 */
const DEMO_COMPANIES: ReadonlyArray<{ ticker: string; name: string; cap: "large" | "small"; dividend?: true }> = [
  { ticker: "VOLV-B", name: "Volvo", cap: "large", dividend: true },
  { ticker: "ERIC-B", name: "Ericsson", cap: "large" },
  { ticker: "ATCO-A", name: "Atlas Copco", cap: "large" },
  { ticker: "SEB-A", name: "SEB", cap: "large", dividend: true },
  { ticker: "SHB-A", name: "Handelsbanken", cap: "large", dividend: true },
  { ticker: "SWED-A", name: "Swedbank", cap: "large", dividend: true },
  { ticker: "NDA-SE", name: "Nordea", cap: "large", dividend: true },
  { ticker: "HM-B", name: "H&M", cap: "large" },
  { ticker: "INVE-B", name: "Investor", cap: "large", dividend: true },
  { ticker: "EVO", name: "Evolution", cap: "large" },
  { ticker: "SAND", name: "Sandvik", cap: "large" },
  { ticker: "ABB", name: "ABB", cap: "large" },
  { ticker: "AZN", name: "AstraZeneca", cap: "large" },
  { ticker: "ASSA-B", name: "Assa Abloy", cap: "large" },
  { ticker: "ESSITY-B", name: "Essity", cap: "large", dividend: true },
  { ticker: "TELIA", name: "Telia", cap: "large", dividend: true },
  { ticker: "TEL2-B", name: "Tele2", cap: "large", dividend: true },
  { ticker: "SAAB-B", name: "Saab", cap: "large" },
  { ticker: "SKF-B", name: "SKF", cap: "large", dividend: true },
  { ticker: "ALFA", name: "Alfa Laval", cap: "large" },
  { ticker: "HEXA-B", name: "Hexagon", cap: "large" },
  { ticker: "CAST", name: "Castellum", cap: "large" },
  { ticker: "BALD-B", name: "Balder", cap: "large" },
  { ticker: "SAGA-B", name: "Sagax", cap: "large" },
  { ticker: "BOL", name: "Boliden", cap: "large", dividend: true },
  { ticker: "SSAB-B", name: "SSAB", cap: "large", dividend: true },
  { ticker: "NIBE-B", name: "Nibe", cap: "large" },
  { ticker: "AXFO", name: "Axfood", cap: "large", dividend: true },
  { ticker: "INDU-C", name: "Industrivärden", cap: "large", dividend: true },
  { ticker: "LATO-B", name: "Latour", cap: "large" },
  { ticker: "LIFCO-B", name: "Lifco", cap: "large" },
  { ticker: "ADDT-B", name: "Addtech", cap: "large" },
  { ticker: "SECU-B", name: "Securitas", cap: "large", dividend: true },
  { ticker: "TREL-B", name: "Trelleborg", cap: "large" },
  { ticker: "AZA", name: "Avanza", cap: "large", dividend: true },
  { ticker: "SAVE", name: "Nordnet", cap: "large", dividend: true },
  { ticker: "HOLM-B", name: "Holmen", cap: "large", dividend: true },
  { ticker: "SOBI", name: "Sobi", cap: "large" },
  { ticker: "MYCR", name: "Mycronic", cap: "small" },
  { ticker: "BOOZT", name: "Boozt", cap: "small" },
  { ticker: "VIT-B", name: "Vitec", cap: "small" },
  { ticker: "VITR", name: "Vitrolife", cap: "small" },
  { ticker: "CAMX", name: "Camurus", cap: "small" },
  { ticker: "XVIVO", name: "Xvivo", cap: "small" },
  { ticker: "BIOA-B", name: "BioArctic", cap: "small" },
  { ticker: "NOTE", name: "NOTE", cap: "small" },
  { ticker: "MTRS", name: "Munters", cap: "small" },
  { ticker: "THULE", name: "Thule", cap: "small", dividend: true },
  { ticker: "BETS-B", name: "Betsson", cap: "small", dividend: true },
  { ticker: "HPOL-B", name: "Hexpol", cap: "small", dividend: true },
  { ticker: "SINCH", name: "Sinch", cap: "small" },
  { ticker: "STORY-B", name: "Storytel", cap: "small" },
];

/** A company with the slots templates fill. */
export interface DemoCompany {
  ticker: string;
  /** The name people use (`Volvo`). */
  name: string;
  /** The registered name of the data set (`AB Volvo (publ)`). */
  registeredName: string;
  /** `$TICKER`. */
  tag: string;
  /** Swedish sector name in lower case (`industri`), from the data set's sector. */
  sector: string;
  cap: "large" | "small";
  dividend: boolean;
}

/**
 * The demo's companies that are in the bundled list, with their Swedish sector.
 *
 * @param list every known company (`readCompanyList()`)
 * @returns the companies of the demo found in `list`, in the demo's fixed order
 */
export function demoCompanies(list: readonly PlanCompany[]): DemoCompany[] {
  const byTicker = new Map(list.map((c) => [c.ticker, c]));
  return DEMO_COMPANIES.flatMap((d) => {
    const c = byTicker.get(d.ticker);
    if (!c) return [];
    return [
      {
        ticker: d.ticker,
        name: d.name,
        registeredName: c.name,
        tag: `$${d.ticker}`,
        sector: (sectorName(c.sector) ?? "").toLowerCase(),
        cap: d.cap,
        dividend: Boolean(d.dividend),
      },
    ];
  });
}

const [ALLMANT, LARGE, SMALL, TEKNISK, FONDER, MAKRO, UTDELNING, , NYBORJARE] = DEFAULT_CATEGORIES.map((c) => c.name) as string[];

/** What a topic template gets: the company, a second one of the same kind, the asker, a member to mention. */
interface Slots {
  c: DemoCompany;
  /** Another company (same sector when there is one). */
  d: DemoCompany;
  /** A bank (for the rates threads). */
  b: DemoCompany;
  /** The thread author's nickname. */
  asker: string;
  /** Another demo member's nickname (for a mention). */
  other: string;
  r: Rng;
}

/** One way a thread of a kind starts: its title, its opening post and the first answers to it. */
interface Variant {
  title: (s: Slots) => string;
  body: (s: Slots) => string;
  /** First answers: refer to the question and name the asker. */
  answers: ReadonlyArray<(s: Slots) => string>;
  /** The author's 'Din syn' for the company, when this opening states one. */
  stance?: "bullish" | "bearish";
}

/** A kind of thread: where it goes, who writes it, how it opens and what else is said under it. */
interface Topic {
  kind: string;
  category: (c: DemoCompany) => string;
  /** Styles of the members who start such threads. */
  authors: readonly DemoStyle[];
  /** Only companies that pass (e.g. dividend payers); all when absent. */
  fits?: (c: DemoCompany) => boolean;
  /** Whether the thread is about no single company (macro, beginners). */
  general?: true;
  variants: readonly Variant[];
  /** Further comments: views, details. */
  comments: ReadonlyArray<(s: Slots) => string>;
  /** The author's 'Din syn' for every opening of this kind. */
  stance?: "bullish" | "bearish";
}

const cap = (c: DemoCompany) => (c.cap === "large" ? LARGE! : SMALL!);

/** Comments that fit under any company thread. */
const COMPANY_COMMENTS: ReadonlyArray<(s: Slots) => string> = [
  ({ c }) => `Äger ${c.name} sedan några år och har inte ångrat mig. Det är ett av de där bolagen man inte behöver titta på varje dag.`,
  ({ c }) => `Jag är mer skeptisk. Värderingen i ${c.tag} prisar redan in det mesta av det positiva, så jag väntar hellre på nästa rapport.`,
  ({ c }) => `Sålde hälften av mina ${c.name} förra månaden. Tar gärna tillbaka dem om det kommer en rekyl.`,
  ({ d }) => `Har ni jämfört med ${d.name} (${d.tag})? Samma sektor men lägre multipel, om man nu ska titta på sådant.`,
  ({ c }) => `${c.tag} ligger på min bevakningslista, men jag väntar på ett bättre inköpsläge.`,
  ({ c, other }) => `@${other} brukar ha koll på ${c.name}, vad säger du?`,
  ({ c }) => `Kassaflödet är det enda jag bryr mig om i ${c.name}. Så länge det håller sitter jag still.`,
  ({ c }) => `Blankningen i ${c.tag} har ökat på sistone, värt att ha i bakhuvudet.`,
  () => `Bra tråd, sparar den här.`,
  ({ c }) => `Fyllde på lite ${c.tag} i morse. Inte för att jag vet något, jag tycker bara att priset är rimligt.`,
  ({ c }) => `Skuldsättningen i ${c.name} oroar mig mer än marginalerna, ärligt talat.`,
  ({ c }) => `Det som talar för ${c.name} är att ledningen levererat det de lovat de senaste åren. Det är inte självklart i den här branschen.`,
];

/** Comments that fit under any thread without a single company (macro, beginners, portfolios). */
const GENERAL_COMMENTS: ReadonlyArray<(s: Slots) => string> = [
  () => `Bra tråd, sparar den här.`,
  ({ asker }) => `Intressant resonemang, @${asker}. Har du någon källa eller är det en egen kalkyl?`,
  () => `Jag kör en enkel strategi: månadssparande i en global indexfond och några få enskilda aktier vid sidan av.`,
  ({ other }) => `@${other} skrev något klokt om det här för ett tag sedan, minns inte i vilken tråd.`,
  () => `Det viktigaste är att ha en plan och hålla fast vid den när det blåser.`,
  ({ asker }) => `Håller inte riktigt med dig @${asker}, men det är en bra diskussion.`,
  () => `Börsen är en maskin som flyttar pengar från de otåliga till de tålmodiga, som någon klok sa.`,
];

/** Disagreement with the asker or an earlier comment. */
const DISAGREE: ReadonlyArray<(s: Slots) => string> = [
  ({ asker }) => `Håller inte med dig @${asker}. Marknaden kan vara irrationell längre än man tror, och det här har varit en fälla förut.`,
  ({ asker, c }) => `Fast @${asker}, är inte det redan inprisat? Alla vet ju det där om ${c.name}.`,
  ({ c }) => `Jag tror ni överskattar ${c.name} rejält. Tillväxten har varit köpt, inte organisk.`,
];

/** Replies to a comment; `asker` is then the commenter replied to. */
const REPLIES: ReadonlyArray<(s: Slots) => string> = [
  ({ asker }) => `@${asker} Bra poäng, det hade jag inte tänkt på.`,
  ({ asker }) => `@${asker} Exakt så tänker jag också.`,
  ({ asker }) => `@${asker} Har du någon källa på det, eller är det en egen kalkyl?`,
  ({ asker }) => `@${asker} Nja. Det låter bra på papperet, men jag har sett det gå åt andra hållet för många gånger.`,
];

/** Replies under a thread about one company. */
const COMPANY_REPLIES: ReadonlyArray<(s: Slots) => string> = [
  ({ asker }) => `@${asker} Vilken kurs köpte du på, om man får fråga?`,
  ({ asker, c }) => `@${asker} Rapporten från ${c.name} kommer att visa vem av oss som har rätt.`,
  ({ asker }) => `@${asker} Tja, vi får se. Jag sitter kvar oavsett.`,
  ({ asker, c }) => `@${asker} Jag köpte på mig lite ${c.tag} i går av samma skäl.`,
];

/** Replies that open with a quote of the answer they react to (the quote is added by the seeder). */
const QUOTE_REPLIES: ReadonlyArray<(s: Slots) => string> = [
  () => `Det här. Precis det här.`,
  () => `Håller med, men tidshorisonten är allt här.`,
  () => `Ärligt talat tror jag inte på det. Vi får se om ett par kvartal.`,
];

/** Quote replies under a thread about one company. */
const COMPANY_QUOTE_REPLIES: ReadonlyArray<(s: Slots) => string> = [
  ({ c }) => `Fast gäller inte det hela sektorn, inte bara ${c.name}?`,
  () => `Skulle inte skriva under på det rakt av. Marginalerna har gått åt fel håll två kvartal i rad.`,
];

/** The answer of a member who was asked by name. */
const ASKED_REPLIES: ReadonlyArray<(s: Slots) => string> = [
  ({ asker, c }) => `@${asker} Försiktigt positiv till ${c.name}, men jag väntar på rapporten innan jag gör något.`,
  ({ asker }) => `@${asker} Haha, tack för förtroendet. Jag har ingen position just nu, så jag tittar mest från sidan.`,
  ({ asker }) => `@${asker} Jag tycker att värderingen är okej men inte mer. Ingen brådska att köpa.`,
];

/** The thread author thanking an answer. */
const THANKS: ReadonlyArray<(s: Slots) => string> = [
  ({ asker }) => `Tack @${asker}, precis den här diskussionen jag letade efter.`,
  ({ asker, c }) => `@${asker} Tack! Då lutar det åt att jag behåller mina ${c.name} ett tag till.`,
  ({ asker }) => `Bra svar @${asker}, det lugnade mig lite.`,
];

const TOPICS: readonly Topic[] = [
  {
    kind: "report",
    category: cap,
    authors: ["analyst", "quality", "value", "daytrader"],
    // Order intake and gross margin: words for industrial and consumer companies, not banks.
    fits: (c) => c.sector !== "finans" && c.sector !== "fastigheter",
    variants: [
      {
        title: ({ c }) => `${c.name} (${c.tag}) rapporterar i morgon bitti – förväntningar?`,
        body: ({ c, d }) =>
          `Rapporten kommer 07.30 i morgon. Konsensus ligger på en svag tillväxt och i stort sett oförändrad marginal.\n\nJag tittar mest på tre saker:\n\n1. Orderingången\n2. Bruttomarginalen\n3. Vad vd säger om efterfrågan framåt\n\n${d.name} (${d.tag}) rapporterade i förra veckan och var försiktiga. Tror ni ${c.name} låter likadant?`,
        answers: [
          ({ asker, c }) => `@${asker} Jag tror orderingången är det enda marknaden bryr sig om den här gången. Marginalen i ${c.name} har varit stark länge, det är redan känt.`,
          ({ asker, d }) => `@${asker} ${d.name} har en annan kundmix, jag skulle inte dra för stora slutsatser av deras rapport.`,
        ],
      },
      {
        title: ({ c }) => `Kvartalsrapport ${c.name}: bättre än väntat på rörelseresultatet`,
        body: () =>
          `Rörelseresultatet kom in ungefär fem procent över snittet av analytikernas förväntningar, och kassaflödet var starkt. Aktien steg direkt i öppningen.\n\nSamtidigt var omsättningen i linje och valutan hjälpte till. Hur mycket av lyftet är egentligen kronan? Någon som hunnit räkna?`,
        answers: [
          ({ asker }) => `Bra sammanfattning @${asker}. Valutan stod för ungefär hälften av lyftet enligt min snabba kalkyl, så justerat är det mer i linje.`,
          ({ asker, c }) => `@${asker} Kassaflödet är det viktiga. ${c.name} har inte visat så här bra kassaomvandling på länge.`,
        ],
      },
      {
        title: ({ c }) => `${c.tag} föll efter rapporten – överreaktion eller befogat?`,
        body: ({ c }) =>
          `${c.tag} tappade runt sju procent på rapporten. Siffrorna var inte dåliga, men utsikterna var vagare än förra kvartalet och orderingången svagare.\n\nJag sitter på en liten post och funderar på att öka. Är det överreaktion, eller missar jag något?`,
        answers: [
          ({ asker, c }) => `@${asker} Överreaktion, tycker jag. Det var utsikterna för ett kvartal framåt som skrämde, och ${c.name} har alltid låtit försiktig i sådana lägen.`,
          ({ asker }) => `@${asker} Titta på kassaflödet innan du bestämmer dig. Det var det starkaste på två år.`,
        ],
      },
      {
        title: ({ c }) => `${c.name}s rapport: marginalen lyfte, men vad hände med orderingången?`,
        body: ({ c }) =>
          `Läste igenom ${c.name}s rapport på tåget. Marginalen upp, kostnaderna under kontroll, men orderingången var lägre än jag hoppats.\n\nVad tycker ni väger tyngst just nu, marginal eller order?`,
        answers: [
          ({ asker }) => `@${asker} Order, alla dagar. Marginalen i dag är orderingången från i fjol.`,
          ({ asker, c }) => `@${asker} Jämför med samma kvartal i fjol i stället för förra kvartalet, ${c.name} har en tydlig säsong.`,
        ],
      },
    ],
    comments: [
      () => `Telefonkonferensen var ganska intetsägande. Vd upprepade mest att de "ser en stabil efterfrågan".`,
      ({ c }) => `Lagren växte igen. Det är det jag gillar minst i ${c.name}s rapport.`,
      () => `Snittet av analytikerna ligger ofta fel på sådant här ändå. Jag bryr mig mer om trenden över fyra kvartal.`,
    ],
  },
  {
    kind: "dividend",
    category: () => UTDELNING!,
    authors: ["dividend", "quality", "value"],
    fits: (c) => c.dividend,
    stance: "bullish",
    variants: [
      {
        title: ({ c }) => `${c.name} höjer utdelningen – dags att fylla på ${c.tag}?`,
        body: ({ c }) =>
          `Styrelsen föreslår en höjd ordinarie utdelning, och direktavkastningen landar på drygt fem procent på dagens kurs.\n\nJag har ${c.name} som ett av mina största innehav och funderar på att öka ytterligare. Är det för mycket av en och samma aktie i en utdelningsportfölj?`,
        answers: [
          ({ asker, c }) => `@${asker} Inte för mycket om resten är spritt. Jag skulle dock inte ha mer än tio procent i ${c.name} ensamt.`,
          ({ asker, c }) => `@${asker} Jag har haft ${c.tag} i tolv år och den har aldrig sänkt. Det säger förstås inget om framtiden.`,
        ],
      },
      {
        title: ({ c }) => `Hur säker är utdelningen i ${c.name}?`,
        body: ({ c }) =>
          `Utdelningsandelen i ${c.name} har krupit upp mot 80 procent av vinsten. Samtidigt har skulderna ökat.\n\nJag lever på mina utdelningar, så en sänkning skulle göra ont. Hur bedömer ni risken?`,
        answers: [
          ({ asker }) => `@${asker} Utdelningsandelen i sig oroar mig inte, kassaflödet täcker den. Det är skuldsidan jag skulle hålla koll på.`,
          ({ asker, c }) => `@${asker} ${c.name} sänkte senast under finanskrisen. Det krävs en hel del för att de ska göra om det.`,
        ],
      },
      {
        title: ({ c }) => `${c.tag} handlas utan utdelning på torsdag`,
        body: ({ c }) =>
          `Påminnelse till er som vill ha utdelningen: sista dag med rätt till utdelning är onsdag, och på torsdag handlas ${c.tag} exklusive.\n\nKöper ni före, eller väntar ni på att kursen justeras ned?`,
        answers: [
          ({ asker }) => `@${asker} Det spelar ingen roll i teorin, kursen sjunker med utdelningen. Men på ett ISK är det ju ingen skillnad skattemässigt, så gör det som passar dig.`,
          ({ asker }) => `Tack för påminnelsen @${asker}! Jag köper aldrig för utdelningens skull, men det är skönt att veta när den kommer.`,
        ],
      },
    ],
    comments: [
      () => `Direktavkastning är bra, men totalavkastningen är det som räknas i slutändan.`,
      ({ c }) => `Jag tar hellre ett återköp än en höjd utdelning i ${c.name}, men det är väl en smaksak.`,
      () => `Kom ihåg att utdelning inte är gratis pengar. Kursen justeras ned lika mycket på x-dagen.`,
    ],
  },
  {
    kind: "buyback",
    category: cap,
    authors: ["value", "quality", "index"],
    variants: [
      {
        title: ({ c }) => `${c.name} startar återköp – bra användning av kassan?`,
        body: ({ c }) =>
          `${c.name} meddelade i går ett nytt återköpsprogram på upp till fem procent av aktierna, fram till nästa stämma.\n\nJag tycker det är rätt när aktien handlas så här lågt, men hellre hade jag sett förvärv. Hur ser ni på det?`,
        answers: [
          ({ asker }) => `@${asker} Återköp när aktien är billig är i princip alltid värdeskapande. Förvärv till höga multiplar är det sällan.`,
          ({ asker, c }) => `@${asker} Det beror helt på priset. Köper ${c.name} tillbaka till ett P/E på 25 så förstör de värde, hur man än vänder på det.`,
        ],
      },
      {
        title: ({ c }) => `Återköpen i ${c.tag}: skapar de värde eller är det bara kosmetika?`,
        body: ({ c }) =>
          `Antalet aktier i ${c.tag} har minskat med nästan fyra procent på ett år tack vare återköpen. Vinst per aktie ser därför bättre ut än själva vinsten.\n\nÄr det bara kosmetika, eller skapar det faktiskt värde för oss som sitter kvar?`,
        answers: [
          ({ asker }) => `Håller med dig @${asker}, det är lite kosmetika. Men jag klagar inte på att min andel av bolaget växer.`,
          ({ asker }) => `@${asker} Det är värdeskapande så länge de köper under det verkliga värdet. Problemet är att ingen vet vad det är.`,
        ],
      },
    ],
    comments: [
      () => `Jag hade hellre sett en extrautdelning, då kan var och en välja själv.`,
      ({ c }) => `Återköp är skattemässigt smartare än utdelning för många ägare, även om det spelar mindre roll på ett ISK. ${c.name} gör rätt här.`,
    ],
  },
  {
    kind: "guidance",
    category: cap,
    authors: ["analyst", "sceptic", "growth"],
    variants: [
      {
        title: ({ c }) => `${c.name} sänker prognosen för helåret`,
        stance: "bearish",
        body: ({ c }) =>
          `Vinstvarning i kväll: ${c.name} räknar nu med en lägre organisk tillväxt än tidigare och hänvisar till svagare efterfrågan i Europa.\n\nAktien lär få stryk i morgon. Köpläge eller början på något värre?`,
        answers: [
          ({ asker, c }) => `@${asker} Det brukar komma fler vinstvarningar i samma bransch. Jag skulle vänta ett par veckor med ${c.name}.`,
          ({ asker }) => `@${asker} En vinstvarning kommer sällan ensam. Jag står över tills nästa rapport.`,
        ],
      },
      {
        title: ({ c }) => `${c.tag} lyfter guidningen – håller tillväxtcaset?`,
        stance: "bullish",
        body: ({ c }) =>
          `${c.name} höjer målet för rörelsemarginalen och säger att efterfrågan håller i sig även nästa år.\n\nJag har varit skeptisk länge, men det här är tredje kvartalet i rad som de levererar. Dags att ändra mig?`,
        answers: [
          ({ asker }) => `@${asker} Tre kvartal i rad är ingen slump. Ändra dig, men köp i omgångar.`,
          ({ asker, c }) => `@${asker} Guidningen är bara en guidning. ${c.name} har tidigare hamnat i underkant av sina egna mål.`,
        ],
      },
    ],
    comments: [
      ({ c }) => `Bra att ${c.name} vågar sätta siffror överhuvudtaget, många bolag har slutat med det.`,
      () => `Marknaden hade nog redan räknat med det här, titta på hur kursen rört sig senaste månaden.`,
    ],
  },
  {
    kind: "sector",
    category: cap,
    authors: ["quality", "smallcap", "realestate", "health", "growth"],
    fits: (c) => c.sector !== "finans",
    variants: [
      {
        title: ({ c, d }) => `${c.name} eller ${d.name}: vilken skulle ni välja?`,
        body: ({ c, d }) =>
          `Om man bara får äga ett bolag inom ${c.sector}, vilket blir det?\n\n${c.tag} har starkare balansräkning, ${d.tag} växer snabbare. Själv lutar jag åt ${c.name} för att jag sover bättre då.`,
        answers: [
          ({ asker, d }) => `@${asker} Jag skulle välja ${d.name}. Högre risk, men tillväxten är värd mer än du tror.`,
          ({ asker, c }) => `@${asker} Samma här, ${c.name}. Balansräkningen avgör när konjunkturen vänder.`,
        ],
      },
      {
        title: ({ c }) => `${c.name} känns billig – hela sektorn har halkat efter`,
        body: ({ c }) =>
          `Hela sektorn (${c.sector}) har halkat efter index i år. ${c.name} handlas nu på en multipel jag inte sett på flera år.\n\nÄr det här ett läge att öka, eller finns det en anledning till att ingen vill äga sektorn?`,
        answers: [
          ({ asker }) => `@${asker} Sektorn är billig av en anledning, men anledningar brukar gå över. Jag ökar i små steg.`,
          ({ asker, c }) => `@${asker} Jag väntar på att estimaten slutar sänkas. Billigt kan bli billigare, även för ${c.name}.`,
        ],
      },
      {
        title: ({ c, d }) => `${c.tag} mot ${d.tag} – samma sektor, helt olika värdering`,
        body: ({ c, d }) =>
          `${c.name} handlas på ungefär dubbla multipeln mot ${d.name}, trots att båda räknas till ${c.sector}. Kvalitetspremie eller ren övervärdering?\n\nNyfiken på hur ni resonerar.`,
        answers: [
          ({ asker, c }) => `Kvalitetspremie, @${asker}. ${c.name} har haft högre avkastning på kapitalet i tio år.`,
          ({ asker, d }) => `@${asker} Övervärdering. ${d.name} är det bättre köpet på de här nivåerna.`,
        ],
      },
    ],
    comments: [
      ({ c, d }) => `Äger båda, ${c.tag} och ${d.tag}. Man behöver inte välja.`,
      () => `Hela sektorn är mer cyklisk än bolagen själva vill erkänna.`,
    ],
  },
  {
    kind: "technical",
    category: () => TEKNISK!,
    authors: ["technical", "daytrader"],
    variants: [
      {
        title: ({ c }) => `${c.tag} testar stödet igen`,
        body: ({ c }) =>
          `Tredje gången på kort tid som ${c.tag} testar samma stödnivå. RSI ligger under 30 och volymen ökar på nedgångsdagarna.\n\nAntingen studsar den härifrån eller så blir det ett rejält brott nedåt. Jag har en stop loss strax under stödet.`,
        answers: [
          ({ asker }) => `@${asker} Samma stop här. Bryts stödet på volym så är jag ute, inga diskussioner.`,
          ({ asker }) => `@${asker} RSI under 30 tre gånger i rad brukar ge en studs. Jag tar en liten trade.`,
        ],
      },
      {
        title: ({ c }) => `${c.name} bröt 200-dagars – köpsignal?`,
        body: ({ c }) =>
          `${c.name} stängde i går över 200-dagars glidande medelvärde för första gången sedan i våras, på hög volym.\n\nJag tar en position med stop under gårdagens lägsta. Någon annan som ser samma sak?`,
        answers: [
          ({ asker }) => `@${asker} Jag väntar på en retest av brottet innan jag går in. Falska brott är vanligare än man tror.`,
          ({ asker }) => `Snyggt fångat @${asker}. Volymen är det som övertygar mig.`,
        ],
      },
      {
        title: ({ c }) => `Dubbeltopp i ${c.tag}?`,
        body: ({ c }) =>
          `Två toppar på ungefär samma nivå med ett par veckors mellanrum, och MACD som vänder ned. Klassisk dubbeltopp i ${c.tag} om halsen bryts.\n\nJag har minskat men inte sålt allt.`,
        answers: [
          ({ asker }) => `Snygg analys @${asker}. Divergensen syns tydligt på veckografen också.`,
          ({ asker }) => `@${asker} Ingen dubbeltopp förrän halsen faktiskt bryts. Tills dess är det en konsolidering.`,
        ],
      },
    ],
    comments: [
      () => `Teknisk analys är astrologi med Excel. Men fortsätt gärna, det är underhållande.`,
      () => `Hur långa medelvärden kör ni? Jag använder 50 för timing och 200 för trend.`,
      ({ c }) => `Volymen i ${c.tag} har varit låg hela veckan, jag litar inte på rörelserna.`,
    ],
  },
  {
    kind: "riksbank",
    category: () => MAKRO!,
    authors: ["macro", "realestate"],
    general: true,
    variants: [
      {
        title: () => `Riksbanken på torsdag: sänkning eller paus?`,
        body: ({ c, d }) =>
          `KPIF kom in under Riksbankens prognos förra månaden, men kronan har försvagats igen.\n\nMin gissning är paus med en mjuk signal. Lägre räntor borde gynna fastighetsbolagen mest, ${c.name} (${c.tag}) och ${d.name} (${d.tag}) har ju lidit av räntekostnaderna länge.\n\nVad tror ni?`,
        answers: [
          ({ asker }) => `@${asker} Paus, tror jag också. Riksbanken vill inte försvaga kronan ytterligare.`,
          ({ asker, c }) => `@${asker} Jag har ökat i ${c.name} inför beskedet. Fastigheter är en ren räntebetting just nu.`,
        ],
      },
      {
        title: () => `Riksbanken lämnade räntan oförändrad – vinnare och förlorare på börsen?`,
        body: ({ b }) =>
          `Oförändrat, men räntebanan pekar nedåt under nästa år. Läste i en gammal tidningsartikel från 2012:\n\n> {{news}}\n\nDet känns som att vi varit här förut. Bankerna som ${b.name} (${b.tag}) tappar lite räntenetto, fastighetsbolagen andas ut. Hur positionerar ni er?`,
        answers: [
          ({ asker }) => `@${asker} Marknaden prisar redan in två sänkningar. Det är där risken ligger om det inte blir några.`,
          ({ asker, b }) => `@${asker} Bankerna har tjänat bra på räntenettot. ${b.name} klarar ett par sänkningar utan problem.`,
        ],
      },
    ],
    comments: [
      () => `Räntebanan är en prognos, inget löfte. Det har vi lärt oss den hårda vägen.`,
      () => `Det intressanta är vad Fed och ECB gör. Riksbanken kan inte gå för långt åt andra hållet.`,
    ],
  },
  {
    kind: "krona",
    category: () => MAKRO!,
    authors: ["macro", "value"],
    general: true,
    variants: [
      {
        title: () => `Kronan stärks – vad betyder det för exportbolagen?`,
        body: ({ c, d }) =>
          `Kronan har stärkts mot både euro och dollar de senaste veckorna. För exporttunga bolag som ${c.name} (${c.tag}) och ${d.name} (${d.tag}) blir det motvind i nästa rapport.\n\nValutasäkrar ni, eller räknar ni med att det jämnar ut sig?`,
        answers: [
          ({ asker }) => `@${asker} Jag valutasäkrar aldrig. Det jämnar ut sig över tio år, och kostnaden äter upp vinsten.`,
          ({ asker, c }) => `@${asker} ${c.name} har mycket produktion i kundernas länder, så effekten är mindre än man tror.`,
        ],
      },
      {
        title: () => `Valutaeffekterna i rapporterna: hur mycket är kronan?`,
        body: ({ c }) =>
          `I varje rapport den här perioden står det "justerat för valuta". ${c.name} växte organiskt med några procent, men den rapporterade siffran var mycket högre.\n\nHur mycket av de senaste årens vinstlyft i storbolagen tror ni är en svag krona?`,
        answers: [
          ({ asker }) => `@${asker} En hel del. En starkare krona är det bästa argumentet för att äga utländska aktier just nu.`,
          ({ asker }) => `@${asker} Kanske en tredjedel. Resten är prishöjningar som faktiskt har hållit.`,
        ],
      },
    ],
    comments: [() => `Kronan har varit "undervärderad" i tio år enligt alla modeller. Jag slutade tro på modellerna.`],
  },
  {
    kind: "newbie",
    category: () => NYBORJARE!,
    authors: ["newbie"],
    general: true,
    variants: [
      {
        title: () => `Helt ny här: ISK eller kapitalförsäkring, och var börjar jag?`,
        body: ({ c, d }) =>
          `Hej! Jag har sparat på banken i några år och vill börja med aktier och fonder. Ska jag öppna ett ISK eller en kapitalförsäkring? Och spelar det någon roll om jag väljer ${c.name} (${c.tag}) eller ${d.name} (${d.tag}) som mäklare?\n\nTacksam för alla tips!`,
        answers: [
          ({ asker }) => `Välkommen @${asker}! ISK för de flesta. Enkelt, ingen deklaration av varje affär, och schablonskatten är låg.`,
          ({ asker, c, d }) => `@${asker} ${c.name} eller ${d.name} spelar mindre roll, båda har lågt courtage. Välj den app du gillar.`,
        ],
      },
      {
        title: ({ c }) => `Är det dumt att köpa ${c.name} som första aktie?`,
        body: ({ c }) =>
          `Jag har 20 000 kronor och tänkte köpa ${c.name} (${c.tag}) för att det är ett bolag jag känner igen. Är det dumt att lägga allt i en aktie? Pappa säger indexfond.`,
        answers: [
          ({ asker }) => `@${asker} Lyssna på din pappa. En global indexfond först, enskilda aktier när du vet varför du köper dem.`,
          ({ asker, c }) => `@${asker} Inte dumt att köpa ${c.name}, men dumt att lägga allt där. Sprid riskerna.`,
        ],
      },
      {
        title: () => `Vad betyder egentligen P/E och direktavkastning?`,
        body: () =>
          `Jag ser P/E och direktavkastning överallt här men förstår inte riktigt. Är lågt P/E alltid bra? Förklara gärna som för en femåring.`,
        answers: [
          ({ asker }) => `@${asker} P/E är priset delat med vinsten per aktie. Lågt kan betyda billigt, men ofta betyder det att marknaden tror att vinsten ska sjunka.`,
          ({ asker, other }) => `@${asker} Bra fråga! Direktavkastning är utdelningen delat med kursen. @${other} kan säkert förklara resten bättre än jag.`,
        ],
      },
    ],
    comments: [
      () => `Det bästa rådet jag har fått: investera aldrig pengar som du behöver inom fem år.`,
      () => `Tänk på courtaget om du handlar små poster, det äter upp avkastningen snabbare än man tror.`,
      () => `Tålamod är underskattat. De flesta av mina bästa affärer är de jag bara har låtit ligga.`,
    ],
  },
  {
    kind: "portfolio",
    category: () => FONDER!,
    authors: ["index", "dividend", "quality"],
    general: true,
    variants: [
      {
        title: () => `Investmentbolag eller global indexfond?`,
        body: ({ c, d }) =>
          `Jag har länge bara ägt en global indexfond, men funderar på att lägga en del i investmentbolag som ${c.name} (${c.tag}) och ${d.name} (${d.tag}).\n\nFördelen är ingen förvaltningsavgift och ofta en rabatt mot substansvärdet, nackdelen att portföljen blir väldigt svensk. Hur tänker ni?`,
        answers: [
          ({ asker, c }) => `@${asker} Båda. ${c.name} till rabatt är en bra komplettering, men låt indexfonden vara basen.`,
          ({ asker }) => `@${asker} Rabatten är inte gratis. Den finns där för att den kan bestå i decennier.`,
        ],
      },
      {
        title: () => `Min portfölj efter tio år – kritik välkomnas`,
        body: ({ c, d }) =>
          `Så här ser det ut idag:\n\n- Global indexfond, 40 %\n- ${c.name} (${c.tag}), 15 %\n- ${d.name} (${d.tag}), 10 %\n- Resten i ett tiotal svenska storbolag\n\nFör mycket hemmamarknad? Ge gärna ärlig kritik.`,
        answers: [
          ({ asker }) => `@${asker} Ser stabilt ut. Jag hade nog minskat hemmamarknaden något, men det är petitesser.`,
          ({ asker, d }) => `@${asker} Varför ${d.name} och inte bara mer index? Inte kritik, jag är nyfiken.`,
        ],
      },
    ],
    comments: [() => `Avgifter är den enda gratislunchen. Allt annat är tro.`],
  },
  {
    kind: "general",
    category: () => ALLMANT!,
    authors: ["daytrader", "quality", "sceptic"],
    general: true,
    variants: [
      {
        title: () => `Morgonkoll: vad har ni på bevakningslistan den här veckan?`,
        body: ({ c, d }) =>
          `God morgon allihop!\n\nBörsen öppnade svagt men ${c.name} (${c.tag}) och ${d.name} (${d.tag}) drar upp. Själv har jag en köporder liggande lite under gårdagens stängning.\n\nVad har ni på bevakningslistan?`,
        answers: [
          ({ asker, c }) => `@${asker} ${c.tag} här också. Köpte lite i går eftermiddag.`,
          ({ asker }) => `@${asker} Inget just nu. Jag sitter på händerna tills rapportperioden är över.`,
        ],
      },
      {
        title: () => `Vilken rapport ser ni mest fram emot den här perioden?`,
        body: ({ c, d }) =>
          `För min del blir det ${c.name} (${c.tag}) – kan de äntligen få upp marginalen? Och ${d.name} (${d.tag}) som brukar ge en bra bild av konjunkturen.\n\nVilka följer ni?`,
        answers: [
          ({ asker, d }) => `@${asker} ${d.name}, alla dagar. Den säger mer om konjunkturen än vilken makrosiffra som helst.`,
          ({ asker, c }) => `@${asker} ${c.name} för min del också. Marginalen är hela caset.`,
        ],
      },
    ],
    comments: [
      () => `Jag håller mig borta hela rapportperioden. För mycket brus.`,
      ({ other }) => `@${other} vad tycker du? Du brukar ha koll på sådant här.`,
    ],
  },
];

/** Which topic each of the threads is, oldest first is not implied (ages are shuffled). */
const TOPIC_MIX: readonly string[] = [
  "report", "report", "report", "report", "report", "report", "report",
  "dividend", "dividend", "dividend", "dividend",
  "buyback", "buyback", "buyback",
  "guidance", "guidance", "guidance",
  "sector", "sector", "sector", "sector", "sector",
  "technical", "technical", "technical", "technical",
  "riksbank", "riksbank", "krona", "krona",
  "newbie", "newbie", "newbie",
  "portfolio", "portfolio",
  "general", "general",
  "report", "sector", "dividend",
];

/**
 * How long ago each thread was started, newest first: two within the hour, two a few hours old,
 * four in the last day, eight in the last few days, the rest over four weeks.
 */
function threadAges(r: Rng, n: number): number[] {
  const ages: number[] = [];
  ages.push(r.int(18, 35) * MINUTE, r.int(40, 55) * MINUTE);
  ages.push(r.int(150, 200) * MINUTE, r.int(260, 330) * MINUTE);
  for (let i = 0; i < 4; i++) ages.push((8 + i * 4 + r.next() * 3) * HOUR);
  for (let i = 0; i < 8; i++) ages.push((1.2 + i * 0.4 + r.next() * 0.3) * DAY);
  const rest = n - ages.length;
  for (let i = 0; i < rest; i++) ages.push((4.5 + ((28 - 4.5) * (i + r.next() * 0.8)) / rest) * DAY);
  return ages;
}

/** How busy a thread is by its age: thread reactions, top-level comments, reply chance. */
function activityFor(r: Rng, ageMs: number): { reactions: number; comments: number; replyChance: number } {
  if (ageMs < 6 * HOUR) return { reactions: r.int(6, 10), comments: r.int(6, 9), replyChance: 0.45 };
  if (ageMs < DAY) return { reactions: r.int(2, 5), comments: r.int(3, 5), replyChance: 0.3 };
  if (ageMs < 5 * DAY) return { reactions: r.int(1, 4), comments: r.int(2, 4), replyChance: 0.25 };
  return { reactions: r.int(0, 3), comments: r.int(0, 3), replyChance: 0.15 };
}

const REACTION_WEIGHTS: ReadonlyArray<readonly [ReactionType, number]> = [
  ["like", 5],
  ["bull", 3],
  ["fire", 2],
  ["bear", 1],
];

/** Members by style, for picking authors and commenters. */
function membersWith(styles: readonly DemoStyle[]): number[] {
  return DEMO_USERS.flatMap((u, i) => (styles.includes(u.style) ? [i] : []));
}

/** Draws without repeats until the list is used up, then starts over. */
function bag<T>(r: Rng, list: readonly T[]): () => T {
  let left: T[] = [];
  return () => {
    if (left.length === 0) left = r.shuffle(list);
    return left.pop()!;
  };
}

/**
 * The moment (ms before now) of something that answers what was written `sinceAgo` before now:
 * within `window` of it, mostly early (people react while a post is fresh); never in the last
 * minute, and for threads older than two days never in the last six hours (old threads are quiet).
 */
function soonAfter(r: Rng, sinceAgo: number, threadAgo: number, window = 3 * HOUR): number {
  const floor = threadAgo > 2 * DAY ? 6 * HOUR : MINUTE;
  const room = Math.min(Math.max(sinceAgo - floor, 0), window);
  return Math.max(Math.round(sinceAgo - room * r.next() ** 1.8), floor);
}

/** How long after a thread its discussion goes on: hours for a fresh thread, days for an old one. */
function discussionWindow(threadAgo: number): number {
  return threadAgo < DAY ? 3 * HOUR : 4 * DAY;
}

/**
 * Reactions of distinct members (never the author) on a target written `targetAgo` before now.
 */
function reactionsOn(r: Rng, author: number, count: number, targetAgo: number, threadAgo: number): PlannedReaction[] {
  const total = REACTION_WEIGHTS.reduce((s, [, w]) => s + w, 0);
  const reactors = r.shuffle(DEMO_USERS.map((_, i) => i).filter((i) => i !== author)).slice(0, count);
  return reactors.map((by) => {
    let roll = r.next() * total;
    const type = REACTION_WEIGHTS.find(([, w]) => (roll -= w) < 0)?.[0] ?? "like";
    return { by, type, agoMs: soonAfter(r, targetAgo, threadAgo) };
  });
}

/** The 2012 news sentences that fit a rates thread (money, rates, inflation). */
function fittingNews(sentences: readonly string[]): string[] {
  return sentences.filter((s) => /ränta|räntan|inflation|riksbank/i.test(s) && s.length < 160);
}

/**
 * Plans the whole demo.
 *
 * @param companies every known company (`readCompanyList()`); the demo uses those of its list
 *   that are present
 * @param sentences the 2012 news sentences (`server/demo/data/sentences.txt`, one per entry)
 * @param seed the PRNG seed (default {@link DEMO_SEED}); the same seed gives the same plan
 * @returns threads (newest first) with their comments and reactions, follows and watchlists;
 *   times are offsets before 'now'
 * @throws when fewer than ten demo companies are in `companies` (a broken data file)
 */
export function planDemo(companies: readonly PlanCompany[], sentences: readonly string[], seed: number = DEMO_SEED): DemoPlan {
  const r = rngOf(seed);
  const all = demoCompanies(companies);
  if (all.length < 10) throw new Error("För få demobolag i bolagslistan (server/data/companies.csv)");
  const news = bag(r, fittingNews(sentences).length > 0 ? fittingNews(sentences) : ["Riksbanken lämnade reporäntan oförändrad."]);
  const nicknames = DEMO_USERS.map((u) => u.nickname);
  const everyone = DEMO_USERS.map((_, i) => i);

  const used = new Set<string>();
  const titles = new Set<string>();
  const variantBags = new Map(TOPICS.map((t) => [t.kind, bag(r, t.variants)]));
  const ages = threadAges(r, TOPIC_MIX.length);
  const mix = r.shuffle(TOPIC_MIX);
  const only = (tickers: string[]) => all.filter((c) => tickers.includes(c.ticker));
  const banks = only(["SEB-A", "SHB-A", "SWED-A", "NDA-SE"]);
  const realEstate = all.filter((c) => c.sector === "fastigheter");
  const exporters = only(["VOLV-B", "ATCO-A", "SAND", "ABB", "ALFA", "SKF-B", "EPI-A", "ASSA-B", "ERIC-B"]);
  const brokers = only(["AZA", "SAVE"]);
  const holdings = only(["INVE-B", "INDU-C", "LATO-B"]);
  const bellwethers = only(["VOLV-B", "ATCO-A", "SAND", "ERIC-B", "HM-B", "ABB", "SKF-B", "ALFA"]);

  /** Two different companies: `c` from `first` (preferring unused ones), `d` from `second`. */
  const pair = (first: DemoCompany[], second: DemoCompany[]): [DemoCompany, DemoCompany] => {
    const fresh = first.filter((x) => !used.has(x.ticker));
    const c = r.pick(fresh.length > 0 ? fresh : first);
    const rest = second.filter((x) => x.ticker !== c.ticker);
    return [c, r.pick(rest.length > 0 ? rest : all.filter((x) => x.ticker !== c.ticker))];
  };

  const started = everyone.map(() => 0);
  const threads: PlannedThread[] = mix.map((kind, i) => {
    const topic = TOPICS.find((t) => t.kind === kind)!;
    const variant = variantBags.get(kind)!();
    const fits = all.filter((c) => (topic.fits ? topic.fits(c) : true));
    const [c, d] =
      kind === "riksbank"
        ? pair(realEstate, realEstate)
        : kind === "krona"
          ? pair(exporters, exporters)
          : kind === "newbie"
            ? pair(brokers, brokers)
            : kind === "portfolio"
              ? pair(holdings, holdings)
              : kind === "general"
                ? pair(bellwethers, bellwethers)
                : pair(fits, []);
    const sameSector = all.filter((x) => x.sector === c.sector && x.ticker !== c.ticker);
    const peer = topic.general ? d : sameSector.length > 0 ? r.pick(sameSector) : d;
    if (!topic.general) used.add(c.ticker);

    // The author: a member whose style fits, the one with the fewest threads so far.
    const fitting = membersWith(topic.authors);
    const candidates = fitting.length > 0 ? fitting : everyone;
    const fewest = Math.min(...candidates.map((m) => started[m]!));
    const author = r.pick(candidates.filter((m) => started[m] === fewest));
    started[author]! += 1;
    const otherOf = (not: number[]) => nicknames[r.pick(everyone.filter((x) => !not.includes(x)))]!;
    const slots: Slots = { c, d: peer, b: banks.length > 0 ? r.pick(banks) : c, asker: nicknames[author]!, other: otherOf([author]), r };

    let title = variant.title(slots);
    if (titles.has(title)) title = `${title} (${c.name})`;
    titles.add(title);
    let body = variant.body(slots).replace("{{news}}", () => news());
    // A thread about a company tags it once (its ticker page lists the thread).
    if (!topic.general && !title.includes(c.tag) && !body.includes(c.tag)) {
      // After the name, or after its genitive ('Alfa Lavals ($ALFA) rapport'), never inside a word.
      const at = new RegExp(`${c.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(s?)(?![\\p{L}])`, "u");
      body = at.test(body) ? body.replace(at, (_m, s: string) => `${c.name}${s} (${c.tag})`) : `${body}\n\n${c.tag}`;
    }

    const agoMs = ages[i]!;
    const pool = [...topic.comments, ...(topic.general ? GENERAL_COMMENTS : [...COMPANY_COMMENTS, ...DISAGREE])];
    const busy = activityFor(r, agoMs);
    // No comment twice in one thread: at most the answers and the pool.
    const act = { ...busy, comments: Math.min(busy.comments, pool.length + variant.answers.length) };
    const comments: PlannedComment[] = [];
    const answer = bag(r, variant.answers);
    const extra = bag(r, pool);
    const reply = bag(r, topic.general ? REPLIES : [...REPLIES, ...COMPANY_REPLIES]);
    const quoteReply = bag(r, topic.general ? QUOTE_REPLIES : [...QUOTE_REPLIES, ...COMPANY_QUOTE_REPLIES]);
    const thanks = bag(r, THANKS);
    // Commenters: every member but the author, in a thread-specific order (nobody answers twice
    // on top level unless the thread is long).
    const likely = r.shuffle(everyone.filter((x) => x !== author));
    // Top-level times: independent moments after the thread, in order.
    const times = Array.from({ length: act.comments }, () => soonAfter(r, agoMs, agoMs, discussionWindow(agoMs))).sort((a, b) => b - a);
    const asked = bag(r, ASKED_REPLIES);
    for (let k = 0; k < act.comments; k++) {
      const commenter = likely[k % likely.length]!;
      const s: Slots = { ...slots, other: otherOf([author, commenter]) };
      const isAnswer = k < variant.answers.length && (k === 0 || r.chance(0.6));
      const text = isAnswer ? answer()(s) : extra()(s);
      const at = times[k]!;
      comments.push({ author: commenter, body: text, agoMs: at, reactions: reactionsOn(r, commenter, r.int(0, act.reactions > 5 ? 3 : 2), at, agoMs) });
      const parent = comments.length - 1;
      // A comment that asks another member ('@x, vad säger du?') is answered by that member.
      const askedMember = text.endsWith("?") && text.includes(`@${s.other}`) ? nicknames.indexOf(s.other) : -1;
      // Opinions (answers, disagreement with the asker) draw more replies.
      const opinion = isAnswer || text.includes(`@${slots.asker}`);
      if (askedMember >= 0 || r.chance(opinion ? act.replyChance * 1.8 : act.replyChance)) {
        // The asker thanks an answer; others answer, or quote an opinion they react to.
        const byAuthor = askedMember < 0 && k === 0 && r.chance(0.6);
        const replier = askedMember >= 0 ? askedMember : byAuthor ? author : r.pick(everyone.filter((x) => x !== commenter));
        const rs: Slots = { ...slots, asker: nicknames[commenter]!, other: otherOf([replier, commenter]) };
        const quote = askedMember < 0 && !byAuthor && opinion && r.chance(0.7);
        const replyText = askedMember >= 0 ? asked()(rs) : byAuthor ? thanks()(rs) : quote ? quoteReply()(rs) : reply()(rs);
        // Strictly after the parent (at least half a minute), never in the last half minute.
        const rat = Math.max(Math.min(soonAfter(r, at, agoMs, discussionWindow(agoMs) / 2), at - MINUTE), MINUTE / 2);
        comments.push({
          author: replier,
          body: replyText,
          parent,
          ...(quote ? { quoteParent: true } : {}),
          agoMs: rat,
          reactions: reactionsOn(r, replier, r.int(0, 1), rat, agoMs),
        });
      }
    }

    const stated = variant.stance ?? topic.stance;
    const stance =
      stated && !topic.general && r.chance(0.7)
        ? { [c.ticker]: { sentiment: stated, position: r.chance(0.7) ? ("owns" as const) : ("does_not_own" as const) } }
        : undefined;
    return {
      category: topic.category(c),
      author,
      title,
      body,
      ...(stance ? { stances: stance } : {}),
      ...(topic.general ? {} : { ticker: c.ticker }),
      agoMs,
      reactions: reactionsOn(r, author, act.reactions, agoMs, agoMs),
      comments,
    };
  });

  // Follows: each member follows two to five others, more often the well-known ones.
  const follows: Array<[number, number]> = [];
  for (const i of everyone) {
    const targets = r.shuffle(everyone.filter((x) => x !== i)).slice(0, r.int(2, 5));
    for (const t of targets) follows.push([i, t]);
  }

  // Watchlists: the first member (the suggested demo login) and a few others watch tickers the
  // threads talk about, so 'Bevakat' and the watchlist page have content.
  const talked = [...new Set(threads.flatMap((t) => (t.ticker ? [t.ticker] : [])))];
  const watchlists = [0, 1, 3, 6, 12].map((member) => ({
    member,
    tickers: r.shuffle(talked).slice(0, member === 0 ? 6 : r.int(2, 4)),
  }));

  return { threads, follows, watchlists };
}
