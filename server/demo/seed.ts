/**
 * Demo content for `forum seed-demo`: six members, fifteen threads spread over the default
 * categories, comments, replies and reactions, all in Swedish, so a newcomer sees a living forum
 * (SPEC §2 Forum home, Thread page; §3 entities).
 *
 * Everything goes through the real write paths: members sign up through better-auth (so their
 * passwords work) and are then marked verified; threads, comments and reactions are created with
 * the forum's domain commands, so every counter trigger and rule applies (no one reacts to their
 * own content, replies nest one level). Only presentation details the commands do not take are
 * written directly: bio, EdgeLevel and join date of the demo profiles, and `created_at` of threads
 * and comments, spread over the last four days.
 *
 * Company names and tickers come from `server/demo/data/companies.csv` (FinanceDatabase, MIT) and
 * filler sentences from `server/demo/data/sentences.txt` (Swedish NER corpus by Andreas Klintberg,
 * based on Språkbanken Webbnyheter 2012, CC BY 4.0); see `server/demo/data/SOURCES.md`.
 *
 * @module
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { categories, comments, profiles, threads, user } from "../db/schema";
import { createComment, createThread, type Member } from "../forum/commands";
import { DEFAULT_CATEGORIES } from "../forum/default-categories";
import { projectRoot } from "../paths";
import { toggleReaction } from "../reactions/commands";
import type { Services } from "../services";
import type { ReactionType, TargetType } from "../../domain/values";

/** Password shared by every demo account (printed by the CLI so a newcomer can log in). */
export const DEMO_PASSWORD = "borssnack-demo";

/** A demo account: nickname (with å/ä/ö), e-mail on the reserved `.example` domain, profile text. */
export interface DemoUser {
  nickname: string;
  email: string;
  bio: string;
  /** EdgeLevel shown on the profile (0–1, SPEC §3 EdgeLevel). */
  edgeLevel: number;
  /** How many days ago the member joined ('Medlem sedan'). */
  joinedDaysAgo: number;
}

/**
 * The demo accounts, in a fixed order. E-mails use `demo.borssnack.example` (a reserved domain), so
 * no real person can receive mail meant for them.
 */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    nickname: "Aktie-Åsa",
    email: "asa@demo.borssnack.example",
    bio: "Långsiktig investerare sedan 2009. Gillar kvalitetsbolag, tråkiga industrier och lång horisont.",
    edgeLevel: 0.82,
    joinedDaysAgo: 640,
  },
  {
    nickname: "Göran_Utdelning",
    email: "goran@demo.borssnack.example",
    bio: "Pensionär som lever på utdelningar. Banker, telekom och dagligvaror i portföljen.",
    edgeLevel: 0.67,
    joinedDaysAgo: 410,
  },
  {
    nickname: "Björn.Trendkoll",
    email: "bjorn@demo.borssnack.example",
    bio: "Teknisk analys, glidande medelvärden och stop loss. Grafen har alltid rätt (nästan).",
    edgeLevel: 0.55,
    joinedDaysAgo: 305,
  },
  {
    nickname: "Märta_Småbolag",
    email: "marta@demo.borssnack.example",
    bio: "Letar guldkorn bland småbolagen. Läser årsredovisningar för nöjes skull.",
    edgeLevel: 0.48,
    joinedDaysAgo: 190,
  },
  {
    nickname: "Örjan-Index",
    email: "orjan@demo.borssnack.example",
    bio: "Indexfonder först, investmentbolag sedan. Avgifter är den enda gratislunchen.",
    edgeLevel: 0.36,
    joinedDaysAgo: 95,
  },
  {
    nickname: "Kryptokalle",
    email: "kalle@demo.borssnack.example",
    bio: "Ny på börsen, gammal i kryptovärlden. Här för att lära mig.",
    edgeLevel: 0.14,
    joinedDaysAgo: 12,
  },
];

/** What {@link seedDemo} created. */
export interface SeedResult {
  users: number;
  threads: number;
  comments: number;
}

/** A company of the demo data: ticker as on Nasdaq Stockholm, registered name, short name. */
export interface Company {
  ticker: string;
  name: string;
  /** Name as people write it in a forum (legal suffixes removed), e.g. `Volvo`. */
  short: string;
}

/**
 * Parses CSV text (RFC 4180: quoted fields, doubled quotes, CRLF or LF line ends).
 *
 * @param text the file contents
 * @returns the rows, each a list of fields; empty lines are dropped
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch !== '"') field += ch;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += ch;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => !(r.length === 1 && r[0] === ""));
}

/**
 * The name people use for a company, from its registered name: `AB Volvo (publ)` → `Volvo`,
 * `Investment AB Latour (publ)` → `Latour`, `Essity AB Class B` → `Essity`.
 *
 * @param name registered name as in the data
 * @returns the short name
 */
export function shortCompanyName(name: string): string {
  return name
    .replace(/\s*\(publ\.?\)/gi, "")
    .replace(/\s+Class [A-Z]$/, "")
    .replace(/^(Telefonaktiebolaget LM|Investment AB|Fastighets AB|AB)\s+/, "")
    .replace(/\s+(AB|Ltd|PLC|plc|Inc\.|S\.A\.|SE)$/, "")
    .trim();
}

function dataDir(): string {
  return path.join(projectRoot(), "server", "demo", "data");
}

/**
 * Reads the demo companies from `server/demo/data/companies.csv`.
 *
 * @returns companies by ticker
 * @throws when the file is missing or has no `ticker`/`name` columns
 */
export function loadCompanies(): Map<string, Company> {
  const [header, ...rows] = parseCsv(readFileSync(path.join(dataDir(), "companies.csv"), "utf8"));
  const tickerAt = header?.indexOf("ticker") ?? -1;
  const nameAt = header?.indexOf("name") ?? -1;
  if (tickerAt < 0 || nameAt < 0) throw new Error("companies.csv saknar kolumnerna ticker och name");
  const map = new Map<string, Company>();
  for (const r of rows) {
    const ticker = r[tickerAt]!;
    const name = r[nameAt]!;
    map.set(ticker, { ticker, name, short: shortCompanyName(name) });
  }
  return map;
}

/**
 * Reads the demo filler sentences from `server/demo/data/sentences.txt`.
 *
 * @returns non-empty trimmed lines
 */
export function loadSentences(): string[] {
  return readFileSync(path.join(dataDir(), "sentences.txt"), "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
}

/** Deterministic pseudo-random numbers (mulberry32), so every seed looks the same. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Helpers a thread or comment template gets. */
interface Ctx {
  /** Company by ticker; throws on a ticker missing from the demo data (a programming error). */
  co(ticker: string): Company;
  /** `$TICKER` of a company (SPEC §1: stocks are linked with $TICKER). */
  tag(ticker: string): string;
  /** A real Swedish news sentence (the next one from the corpus). */
  sentence(): string;
}

interface ThreadPlan {
  category: string;
  /** Index into {@link DEMO_USERS}. */
  author: number;
  /** The company the comments talk about, if any. */
  ticker?: string;
  title: string;
  body: string;
}

const [ALLMANT, LARGE, SMALL, TEKNISK, FONDER, MAKRO, UTDELNING, KRYPTO, NYBORJARE, OFFTOPIC] =
  DEFAULT_CATEGORIES.map((c) => c.name) as [string, string, string, string, string, string, string, string, string, string];

/** The fifteen demo threads, oldest first. */
function threadPlans(c: Ctx): ThreadPlan[] {
  const { co, tag, sentence } = c;
  return [
    {
      category: ALLMANT,
      author: 0,
      title: "Morgonkoll: vad har ni på bevakningslistan den här veckan?",
      body: `God morgon allihop!\n\nBörsen öppnade svagt men ${co("ERIC-B").short} (${tag("ERIC-B")}) och ${co("VOLV-B").short} (${tag("VOLV-B")}) drar upp. Själv fyllde jag på lite ${tag("ATCO-A")} på dippen igår.\n\nVad har ni på bevakningslistan?`,
    },
    {
      category: LARGE,
      author: 1,
      ticker: "VOLV-B",
      title: `${co("VOLV-B").short} (${tag("VOLV-B")}) inför rapporten – orderingången i fokus`,
      body: `Rapporten närmar sig och allt handlar om orderingången för lastbilar. Förra kvartalet var marginalerna starka men orderböckerna krympte.\n\nLäste det här i en gammal nyhetsartikel och det fick mig att tänka: ”${sentence()}”\n\nTror ni på en positiv överraskning, eller är det redan inprisat?`,
    },
    {
      category: MAKRO,
      author: 1,
      ticker: "CAST",
      title: "Riksbanken sänker räntan – vinnare och förlorare på börsen?",
      body: `Lägre räntor borde gynna fastighetsbolagen mest: ${co("CAST").short} (${tag("CAST")}), ${co("BALD-B").short} (${tag("BALD-B")}) och ${co("SBB-B").short} (${tag("SBB-B")}) har ju lidit av räntekostnaderna länge.\n\nSamtidigt tappar bankerna lite av räntenettot. Hur positionerar ni er?`,
    },
    {
      category: SMALL,
      author: 3,
      ticker: "MYCR",
      title: "Mina tre favoriter bland småbolagen just nu",
      body: `Jag gillar bolag som få analytiker följer. Just nu tittar jag mest på:\n\n1. ${co("MYCR").short} (${tag("MYCR")}) – stark nettokassa och bra orderläge.\n2. ${co("BOOZT").short} (${tag("BOOZT")}) – e-handel som faktiskt tjänar pengar.\n3. ${co("STORY-B").short} (${tag("STORY-B")}) – vändning på gång?\n\nVad säger ni, missar jag något uppenbart?`,
    },
    {
      category: TEKNISK,
      author: 2,
      ticker: "EVO",
      title: `${co("EVO").short} (${tag("EVO")}) testar stödet igen`,
      body: `Tredje gången på kort tid som ${tag("EVO")} testar samma stödnivå. RSI ligger under 30 och volymen ökar på nedgångsdagarna.\n\nAntingen studsar den härifrån eller så blir det ett rejält brott nedåt. Jag har en stop loss strax under stödet.`,
    },
    {
      category: UTDELNING,
      author: 1,
      ticker: "TELIA",
      title: "Min utdelningsportfölj – kritik välkomnas",
      body: `Så här ser min portfölj ut idag:\n\n- ${co("SHB-A").short} (${tag("SHB-A")})\n- ${co("TELIA").short} (${tag("TELIA")})\n- ${co("AXFO").short} (${tag("AXFO")})\n- ${co("ESSITY-B").short} (${tag("ESSITY-B")})\n- ${co("SWED-A").short} (${tag("SWED-A")})\n\nDirektavkastningen landar runt fem procent. För mycket bank? Ge gärna ärlig kritik.`,
    },
    {
      category: FONDER,
      author: 4,
      ticker: "LATO-B",
      title: "Investmentbolag eller global indexfond?",
      body: `Jag har länge bara ägt en global indexfond, men funderar på att lägga en del i investmentbolag som ${co("LATO-B").short} (${tag("LATO-B")}), ${co("LUND-B").short} (${tag("LUND-B")}) och ${co("INDU-C").short} (${tag("INDU-C")}).\n\nFördelen är ingen förvaltningsavgift, nackdelen att man får en väldigt svensk portfölj. Hur tänker ni?`,
    },
    {
      category: LARGE,
      author: 4,
      ticker: "ERIC-B",
      title: `${co("ERIC-B").short} (${tag("ERIC-B")}): värdefälla eller vändcase?`,
      body: `Aktien har gått ingenstans på flera år. Kassaflödet ser bättre ut nu, men 5G-utbyggnaden i Nordamerika går långsamt.\n\n”${sentence()}”\n\nÄr det dags att köpa, eller är det här den klassiska värdefällan?`,
    },
    {
      category: NYBORJARE,
      author: 5,
      title: "Helt ny här: ISK eller kapitalförsäkring, och var börjar jag?",
      body: `Hej! Jag har sparat på banken i några år och vill börja med aktier och fonder. Ska jag öppna ett ISK eller en kapitalförsäkring? Och spelar det någon roll om jag väljer ${co("AZA").short} (${tag("AZA")}) eller ${co("SAVE").short} (${tag("SAVE")}) som mäklare?\n\nTacksam för alla tips!`,
    },
    {
      category: KRYPTO,
      author: 5,
      title: "Hur stor del krypto har ni i portföljen?",
      body: `Jag har nästan allt i krypto just nu, vilket jag förstår är lite väl riskabelt. Hur mycket har ni andra? Fem procent? Noll?\n\nFunderar på att flytta en del till en indexfond och kanske ${co("INDU-C").short} (${tag("INDU-C")}).`,
    },
    {
      category: LARGE,
      author: 0,
      ticker: "SEB-A",
      title: `Storbankerna: ${co("SEB-A").short}, ${co("SHB-A").short} eller ${co("SWED-A").short}?`,
      body: `Om man bara får äga en svensk storbank, vilken blir det?\n\n${tag("SEB-A")} har starkast tillväxt, ${tag("SHB-A")} är den trygga och ${tag("SWED-A")} har högst direktavkastning.\n\n”${sentence()}”`,
    },
    {
      category: SMALL,
      author: 3,
      ticker: "EMBRAC-B",
      title: `${co("EMBRAC-B").short} (${tag("EMBRAC-B")}) efter uppdelningen – äger någon kvar?`,
      body: `Jag satt kvar genom hela resan och har nu aktier i flera bolag i stället för ett. Ärligt talat har jag tappat överblicken.\n\nÄr det någon här som räknat på vad delarna är värda var för sig?`,
    },
    {
      category: TEKNISK,
      author: 2,
      ticker: "SAAB-B",
      title: "50 eller 200 dagars glidande medelvärde – vilket litar ni på?",
      body: `Jag använder 200 dagar för att avgöra trenden och 50 dagar för timing. Just nu ligger ${co("SAAB-B").short} (${tag("SAAB-B")}) långt över båda, vilket brukar betyda att en rekyl är nära.\n\nHur gör ni andra? Använder ni medelvärden alls?`,
    },
    {
      category: ALLMANT,
      author: 3,
      ticker: "HM-B",
      title: "Rapportperioden: vilka rapporter ser ni mest fram emot?",
      body: `För min del blir det ${co("HM-B").short} (${tag("HM-B")}) – kan de äntligen få upp bruttomarginalen? Och ${co("SAND").short} (${tag("SAND")}) som brukar ge en bra bild av konjunkturen.\n\n”${sentence()}”`,
    },
    {
      category: OFFTOPIC,
      author: 0,
      title: "Vilka böcker om investeringar har betytt mest för er?",
      body: `Jag börjar: mest har jag faktiskt lärt mig av att läsa årsredovisningar, men jag vill ha något nytt att läsa i sommar. Vilka böcker eller poddar rekommenderar ni?\n\nSå här skrev en tidning en gång: ”${sentence()}” Den meningen har jag tänkt på sedan dess.`,
    },
  ];
}

type CommentTemplate = (a: { author: string; t?: Company; tag?: string; sentence: () => string }) => string;

const TICKER_COMMENTS: CommentTemplate[] = [
  ({ author, tag }) => `Håller med @${author}. ${tag} ser billig ut på de här nivåerna, jag fyller på lite i taget.`,
  ({ tag }) => `Jag är mer skeptisk. Värderingen i ${tag} prisar redan in det mesta av det positiva, så jag väntar på rapporten.`,
  ({ t }) => `Äger ${t!.short} sedan flera år och har inte ångrat mig en sekund. Långsiktigt är det här ett kvalitetsbolag.`,
  ({ tag }) => `Sålde hälften av mina ${tag} förra veckan. Tar gärna tillbaka dem om det blir en rekyl.`,
  ({ t }) => `Någon som vet när ${t!.short} rapporterar nästa gång?`,
  ({ t, sentence }) => `Apropå det här läste jag i nyheterna: ”${sentence()}” Inte samma sak, men det påminner om läget för ${t!.short}.`,
  ({ tag }) => `Jag har ${tag} på bevakningslistan men väntar på ett bättre inköpsläge.`,
  ({ author, t }) => `Bra skrivet, @${author}! Vad tycker du om skuldsättningen i ${t!.short}?`,
];

const GENERAL_COMMENTS: CommentTemplate[] = [
  () => "Bra tråd! Sparar den här.",
  ({ author }) => `Intressant resonemang, @${author}. Har du någon källa eller är det en egen kalkyl?`,
  () => "Jag kör en enkel strategi: månadssparande i en global indexfond och några få enskilda aktier vid sidan av.",
  () => "Tänk på courtaget om du handlar små poster, det äter upp avkastningen snabbare än man tror.",
  ({ sentence }) => `Läste det här häromdagen: ”${sentence()}” Säger en del om läget just nu.`,
  () => "Tålamod är underskattat. De flesta av mina bästa affärer är de jag bara har låtit ligga.",
  ({ author }) => `Tack @${author}, precis den här diskussionen jag letade efter.`,
  () => "Det bästa rådet jag har fått: investera aldrig pengar som du behöver inom fem år.",
];

const REPLIES: CommentTemplate[] = [
  ({ author }) => `@${author} Bra poäng, det hade jag inte tänkt på.`,
  ({ author }) => `@${author} Håller inte riktigt med. Marknaden kan vara irrationell längre än man tror.`,
  ({ author }) => `@${author} Exakt så tänker jag också. Tack för att du delar!`,
  ({ author }) => `@${author} Vilken kurs köpte du på, om man får fråga?`,
  ({ author, sentence }) => `@${author} Fast glöm inte det här: ”${sentence()}”`,
  ({ author }) => `@${author} Rapporten kommer att visa vem av oss som har rätt.`,
  ({ author }) => `@${author} Tack, det ska jag kolla upp.`,
  ({ author }) => `@${author} Samma här, jag köpte på mig lite till igår.`,
];

const REACTION_WEIGHTS: ReadonlyArray<readonly [ReactionType, number]> = [
  ["like", 4],
  ["bull", 3],
  ["fire", 2],
  ["bear", 1],
];

const HOUR = 60 * 60 * 1000;

/**
 * Fills the forum with demo content, unless the demo members already exist.
 *
 * @param services open services (database migrated, default categories created, better-auth),
 *   as returned by `createServices`
 * @param now the moment the content is dated back from (threads over the four days before it)
 * @returns how many members, threads and comments (replies included) were created, or `null`
 *   when a demo member already exists (nothing is written: the seed is idempotent)
 * @throws when the data files are missing, no category exists, or a write fails (a failure
 *   halfway leaves what was created; delete the demo users to start over)
 */
export async function seedDemo(services: Services, now: Date = new Date()): Promise<SeedResult | null> {
  const { db, auth } = services;
  const existing = await db
    .select({ id: user.id })
    .from(user)
    .where(
      inArray(
        user.email,
        DEMO_USERS.map((u) => u.email),
      ),
    )
    .limit(1);
  if (existing.length > 0) return null;

  const companies = loadCompanies();
  const sentences = loadSentences();
  const random = prng(20_12);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  /** Draws without repeats until the list is used up, then starts over (no echoing comments). */
  const bag = <T>(list: readonly T[]) => {
    let left: T[] = [];
    return (): T => {
      if (left.length === 0) left = [...list];
      return left.splice(Math.floor(random() * left.length), 1)[0]!;
    };
  };
  let sentenceAt = Math.floor(random() * sentences.length);
  const ctx: Ctx = {
    co(ticker) {
      const company = companies.get(ticker);
      if (!company) throw new Error(`Bolaget ${ticker} saknas i server/demo/data/companies.csv`);
      return company;
    },
    tag: (ticker) => `$${ctx.co(ticker).ticker}`,
    sentence: () => sentences[sentenceAt++ % sentences.length]!.replace(/^[–-]\s*/, ""),
  };

  // Members: the real sign-up path, then verified (as after clicking the e-mail link).
  const members: Member[] = [];
  for (const demo of DEMO_USERS) {
    const result = await auth.api.signUpEmail({
      body: { email: demo.email, password: DEMO_PASSWORD, name: demo.nickname, username: demo.nickname },
    });
    const id = result.user.id;
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, id));
    await db
      .update(profiles)
      .set({
        bio: demo.bio,
        edgeLevel: demo.edgeLevel,
        createdAt: new Date(now.getTime() - demo.joinedDaysAgo * 24 * HOUR),
      })
      .where(eq(profiles.id, id));
    members.push({ id, role: "member", nickname: demo.nickname });
  }

  const categoryRows = await db.select({ id: categories.id, name: categories.name }).from(categories);
  if (categoryRows.length === 0) throw new Error("Det finns inga kategorier att skapa trådar i");
  const categoryId = (name: string, i: number) =>
    (categoryRows.find((c) => c.name === name) ?? categoryRows[i % categoryRows.length]!).id;

  const plans = threadPlans(ctx);
  const span = 4 * 24 * HOUR;
  let commentCount = 0;
  const othersThan = (...ids: string[]) => members.filter((m) => !ids.includes(m.id));

  const react = async (targetType: TargetType, targetId: string, authorId: string, max: number) => {
    const count = Math.floor(random() * (max + 1));
    const reactors = [...othersThan(authorId)].sort(() => random() - 0.5).slice(0, count);
    for (const reactor of reactors) {
      let roll = random() * REACTION_WEIGHTS.reduce((s, [, w]) => s + w, 0);
      const type = REACTION_WEIGHTS.find(([, w]) => (roll -= w) < 0)?.[0] ?? "like";
      await toggleReaction(db, reactor, { targetType, targetId, reactionType: type });
    }
  };

  for (const [i, plan] of plans.entries()) {
    const author = members[plan.author]!;
    const thread = await createThread(db, author, {
      categoryId: categoryId(plan.category, i),
      title: plan.title,
      body: plan.body,
    });
    // Oldest first, the newest about half an hour old, with a little jitter.
    const threadTime =
      now.getTime() - span + ((span - HOUR / 2) * i) / (plans.length - 1) - random() * 2 * HOUR * (i > 0 ? 1 : 0);
    await db.update(threads).set({ createdAt: new Date(threadTime) }).where(eq(threads.id, thread.id));
    await react("thread", thread.id, author.id, 4);

    const company = plan.ticker ? ctx.co(plan.ticker) : undefined;
    const created: string[] = [];
    const tickerComment = bag(TICKER_COMMENTS);
    const generalComment = bag(GENERAL_COMMENTS);
    const replyText = bag(REPLIES);
    const topLevel = 2 + Math.floor(random() * 3);
    for (let k = 0; k < topLevel; k++) {
      const commenter = pick(othersThan(author.id));
      const template = company && random() < 0.6 ? tickerComment() : generalComment();
      const body = template({
        author: author.nickname,
        t: company,
        tag: company ? `$${company.ticker}` : undefined,
        sentence: ctx.sentence,
      });
      const comment = await createComment(db, commenter, thread.id, { body });
      created.push(comment.id);
      await react("comment", comment.id, commenter.id, 2);
      const replies = Math.floor(random() * random() * 3);
      for (let r = 0; r < replies; r++) {
        const replier = pick(othersThan(commenter.id));
        const reply = await createComment(db, replier, thread.id, {
          body: replyText()({ author: commenter.nickname, sentence: ctx.sentence }),
          parentId: comment.id,
        });
        created.push(reply.id);
        await react("comment", reply.id, replier.id, 1);
      }
    }
    // Comments and replies after their thread, in the order written, before now.
    const gap = (now.getTime() - 60_000 - threadTime) / (created.length + 1);
    for (const [k, id] of created.entries()) {
      const at = threadTime + gap * (k + 1) + random() * gap * 0.5;
      await db.update(comments).set({ createdAt: new Date(at) }).where(eq(comments.id, id));
    }
    commentCount += created.length;
  }

  return { users: members.length, threads: plans.length, comments: commentCount };
}
