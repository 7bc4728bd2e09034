/**
 * What `forum seed-demo` writes, decided before anything is written: about fifty threads in
 * every category (reports, dividends, buybacks, guidance, sector talk and charts on real Nasdaq
 * Stockholm companies; Riksbanken and the krona; funds; beginners' questions; crypto; off topic),
 * their comments, one-level replies, quotes, reactions and the authors' stated views ('Din syn' /
 * 'Innehav'), with times as offsets before a 'now' the seeder is given.
 *
 * The plan is a pure function of a seed and the company list: a mulberry32 PRNG drives every
 * choice, so the same seed gives the same titles, texts, authors and offsets on every run (the
 * screenshots of the demo are repeatable). The text comes from thread scripts (`./threads.ts`),
 * each written once, and shared lines (`./chatter.ts`), each used at most once, so no two posts
 * read alike; a thread's comments name only the companies its opening post names. Answers name the
 * asker by `@nick`, `$TICKER` cashtags link to the tickers table (`server/content/cook.ts`),
 * `@mentions` name other demo members, and some replies quote their parent (`domain/quote.ts`,
 * built by the seeder once the quoted comment has an id).
 *
 * Times follow a realistic curve: most threads are days or weeks old and quiet, a few are recent
 * and busy, so only those earn 'Hettar till' or 'Snabb' (SPEC §9 thresholds, `server/trending/`).
 * The threads of the last two days go mostly to companies, and a thread started one to three days
 * ago is still discussed today, so 'Trendande aktier' compares today's members with yesterday's
 * (docs/decisions/049-living-demo.md).
 *
 * News sentences of 2012 (`server/demo/data/sentences.txt`) appear only as a blockquote after
 * 'Läste i en gammal tidningsartikel från 2012:' in a rates thread.
 *
 * @module
 */
import type { AuthorSentiment, ReactionType } from "../../domain/values";
import { ASKED_REPLIES, CHATTER, QUOTE_REPLIES, REPLIES, THANKS } from "./chatter";
import { demoCompanies, namePattern, type DemoCompany, type PlanCompany } from "./companies";
import { rngOf, said, speak, type Line, type Rng, type Script, type Slots, type Stances, type View } from "./lines";
import { DEMO_USERS, type DemoStyle } from "./members";
import { SCRIPTS } from "./threads";

export { demoCompanies, type DemoCompany, type PlanCompany } from "./companies";

/** The fixed seed of `forum seed-demo`. */
export const DEMO_SEED = 19_2026;

/** A reaction to write: who (index into {@link DEMO_USERS}), which type, how long before 'now'. */
export interface PlannedReaction {
  by: number;
  type: ReactionType;
  /** Milliseconds before 'now' (≥ 30 000, after its target). */
  agoMs: number;
}

/** A comment or reply to write, in the order it is written (a parent comes before its replies). */
export interface PlannedComment {
  /** Index into {@link DEMO_USERS}. */
  author: number;
  /** The member's own text (after the quote, when there is one). */
  body: string;
  /** 'Din syn' / 'Innehav' of the author for a ticker the text names, when stated. */
  stances?: Stances;
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
  /** 'Din syn' / 'Innehav' of the author for a ticker the thread names, when stated. */
  stances?: Stances;
  /** The thread's main company ticker, if it is about one. */
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

/** How many of the newest threads (those of the last two days) lean towards companies. */
const RECENT_THREADS = 12;

/**
 * How long ago each thread was started, newest first: two within the hour, two a few hours old,
 * four later today, five yesterday, six in the days before, the rest over four weeks.
 */
function threadAges(r: Rng, n: number): number[] {
  const ages: number[] = [];
  ages.push(r.int(18, 35) * MINUTE, r.int(40, 55) * MINUTE);
  ages.push(r.int(150, 200) * MINUTE, r.int(260, 330) * MINUTE);
  for (let i = 0; i < 4; i++) ages.push((8 + i * 3.5 + r.next() * 2.5) * HOUR);
  for (let i = 0; i < 5; i++) ages.push((25 + i * 4 + r.next() * 3) * HOUR);
  for (let i = 0; i < 6; i++) ages.push((2.1 + i * 0.42 + r.next() * 0.3) * DAY);
  const rest = n - ages.length;
  for (let i = 0; i < rest; i++) ages.push((4.6 + ((28 - 4.6) * (i + r.next() * 0.8)) / rest) * DAY);
  return ages;
}

/** How busy a thread is by its age: thread reactions, top-level comments, reply chance. */
function activityFor(r: Rng, ageMs: number): { reactions: number; comments: number; replyChance: number } {
  if (ageMs < 6 * HOUR) return { reactions: r.int(6, 9), comments: r.int(5, 7), replyChance: 0.4 };
  if (ageMs < DAY) return { reactions: r.int(2, 5), comments: r.int(3, 5), replyChance: 0.3 };
  if (ageMs < 3 * DAY) return { reactions: r.int(2, 5), comments: r.int(5, 7), replyChance: 0.35 };
  if (ageMs < 5 * DAY) return { reactions: r.int(1, 4), comments: r.int(3, 5), replyChance: 0.25 };
  return { reactions: r.int(0, 3), comments: r.int(1, 3), replyChance: 0.15 };
}

const REACTION_WEIGHTS: ReadonlyArray<readonly [ReactionType, number]> = [
  ["like", 5],
  ["bull", 3],
  ["fire", 2],
  ["bear", 1],
];

/** Members by style, for picking authors. */
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

/** Lines that are used at most once: `take` removes a random one that passes `fit`. */
function pool(lines: readonly Line[]): { take(r: Rng, fit: (l: Line) => boolean): Line | undefined } {
  const left = [...lines];
  return {
    take(r, fit) {
      const fitting = left.flatMap((l, i) => (fit(l) ? [i] : []));
      if (fitting.length === 0) return undefined;
      return left.splice(r.pick(fitting), 1)[0];
    },
  };
}

/** Whether a line names the thread's company (and so goes only under a thread about one). */
const namesCompany = (l: Line): boolean => {
  const s = said(l);
  return s.company === true || s.fits !== undefined;
};

/**
 * A shared line for a thread: under a thread about `company` mostly one that names it (when it
 * fits the company), else one that names no company; a reply that agrees or disagrees only after
 * a comment with the view it answers (`parentView`: the replied comment's sentiment on the company).
 */
function takeFor(p: ReturnType<typeof pool>, r: Rng, company: DemoCompany | null, parentView?: AuthorSentiment): Line | undefined {
  const answers = (l: Line) => said(l).after === undefined || said(l).after === parentView;
  const plain = (l: Line) => !namesCompany(l) && answers(l);
  if (!company) return p.take(r, plain);
  const named = (l: Line) => namesCompany(l) && answers(l) && (said(l).fits?.(company) ?? true);
  return r.chance(0.8) ? (p.take(r, named) ?? p.take(r, plain)) : (p.take(r, plain) ?? p.take(r, named));
}

/**
 * The moment (ms before now) of something that answers what was written `sinceAgo` before now:
 * within `window` of it, mostly early (people react while a post is fresh); never in the last
 * minute, and for threads older than two days never in the last six hours (old threads are quiet),
 * unless what is answered is itself that recent (a comment that brought an old thread back).
 */
function soonAfter(r: Rng, sinceAgo: number, threadAgo: number, window = 3 * HOUR): number {
  const floor = threadAgo > 2 * DAY && sinceAgo > 6 * HOUR ? 6 * HOUR : Math.min(MINUTE, sinceAgo);
  const room = Math.min(Math.max(sinceAgo - floor, 0), window);
  return Math.max(Math.round(sinceAgo - room * r.next() ** 1.8), floor);
}

/**
 * How long after a thread its discussion goes on: hours for today's threads, a day and a half
 * for those of the last three days (so yesterday's threads are still discussed today, and
 * 'Trendande aktier' has a previous day to compare with), days for old ones.
 */
function discussionWindow(threadAgo: number): number {
  if (threadAgo < 6 * HOUR) return 3 * HOUR;
  if (threadAgo < DAY) return 8 * HOUR;
  if (threadAgo < 3 * DAY) return 36 * HOUR;
  return 4 * DAY;
}

/** Reactions of distinct members (never the author) on a target written `targetAgo` before now. */
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

/** The thread author's view as the write path takes it, when the thread names that company's cashtag. */
function threadStances(view: View | undefined, s: Slots, text: string): Stances | undefined {
  if (!view) return undefined;
  const { on, ...stance } = view;
  const company = on === "d" ? s.d : s.c;
  return text.includes(company.tag) ? { [company.ticker]: stance } : undefined;
}

/** Tags a thread's company once, after its name or genitive (`Alfa Lavals ($ALFA) rapport`), never inside a word. */
function tagOnce(body: string, c: DemoCompany): string {
  const at = namePattern(c.name);
  return at.test(body) ? body.replace(at, (m) => `${m} (${c.tag})`) : `${body}\n\n${c.tag}`;
}

/**
 * Plans the whole demo.
 *
 * @param companies every known company (`readCompanyList()`); the demo uses those of its list
 *   that are present
 * @param sentences the 2012 news sentences (`server/demo/data/sentences.txt`, one per entry)
 * @param seed the PRNG seed (default {@link DEMO_SEED}); the same seed gives the same plan
 * @returns threads (newest first) with their comments, reactions and stated views, follows and
 *   watchlists; times are offsets before 'now'
 * @throws when fewer than ten demo companies are in `companies` (a broken data file)
 */
export function planDemo(companies: readonly PlanCompany[], sentences: readonly string[], seed: number = DEMO_SEED): DemoPlan {
  const r = rngOf(seed);
  const all = demoCompanies(companies);
  if (all.length < 10) throw new Error("För få demobolag i bolagslistan (server/data/companies.csv)");
  const fitting = fittingNews(sentences);
  const news = bag(r, fitting.length > 0 ? fitting : ["Riksbanken lämnade reporäntan oförändrad."]);
  const nicknames = DEMO_USERS.map((u) => u.nickname);
  const everyone = DEMO_USERS.map((_, i) => i);
  const chatter = pool(CHATTER);
  const replies = pool(REPLIES);
  const quoteReplies = pool(QUOTE_REPLIES);
  const askedReplies = pool(ASKED_REPLIES);
  const thanks = pool(THANKS);

  // Which script at which age. The threads of the last two days are mostly about a company: their
  // tickers are what 'Trendande aktier' lists.
  const ages = threadAges(r, SCRIPTS.length);
  const companyScripts = r.shuffle(SCRIPTS.filter((s) => s.main));
  const otherScripts = r.shuffle(SCRIPTS.filter((s) => !s.main));
  const order: Script[] = ages.map((_, i) => {
    const share = companyScripts.length / (companyScripts.length + otherScripts.length);
    const wantCompany = r.chance(i < RECENT_THREADS ? 0.75 : share);
    return (wantCompany && companyScripts.length > 0) || otherScripts.length === 0 ? companyScripts.pop()! : otherScripts.pop()!;
  });

  // Companies, oldest thread first: the least talked-about company that fits; a thread of today
  // is sometimes the follow-up of one of the last three days (the report after its eve).
  const talkedOf = new Map<string, number>();
  const leastTalked = (list: DemoCompany[]) => {
    const fewest = Math.min(...list.map((x) => talkedOf.get(x.ticker) ?? 0));
    return r.pick(list.filter((x) => (talkedOf.get(x.ticker) ?? 0) === fewest));
  };
  const lately = new Set<string>();
  const chosen: Array<{ c: DemoCompany; d: DemoCompany }> = [];
  for (let i = order.length - 1; i >= 0; i--) {
    const spec = order[i]!.companies;
    if (!spec) {
      chosen[i] = { c: all[0]!, d: all[1]! };
      continue;
    }
    // A company that fits, and has a second one that fits beside it when the thread names two.
    const fits = all.filter((x) => spec.c(x) && (!spec.d || all.some((y) => y.ticker !== x.ticker && spec.d!(y, x))));
    const candidates = fits.length > 0 ? fits : all;
    const followUps = order[i]!.main && ages[i]! < DAY ? candidates.filter((x) => lately.has(x.ticker) && (talkedOf.get(x.ticker) ?? 0) < 2) : [];
    const c = followUps.length > 0 && r.chance(0.5) ? r.pick(followUps) : leastTalked(candidates);
    const second = all.filter((x) => x.ticker !== c.ticker && (spec.d ? spec.d(x, c) : true));
    const d = leastTalked(second.length > 0 ? second : all.filter((x) => x.ticker !== c.ticker));
    talkedOf.set(c.ticker, (talkedOf.get(c.ticker) ?? 0) + 1);
    if (spec.d) talkedOf.set(d.ticker, (talkedOf.get(d.ticker) ?? 0) + 1);
    if (order[i]!.main && ages[i]! >= DAY && ages[i]! < 3 * DAY) lately.add(c.ticker);
    chosen[i] = { c, d };
  }

  const started = everyone.map(() => 0);
  const threads: PlannedThread[] = order.map((script, i) => {
    const { c, d } = chosen[i]!;
    const company = script.main ? c : null;

    // The author: a member whose style fits, the one with the fewest threads so far.
    const styled = membersWith(script.authors);
    const candidates = styled.length > 0 ? styled : everyone;
    const fewest = Math.min(...candidates.map((m) => started[m]!));
    const author = r.pick(candidates.filter((m) => started[m] === fewest));
    started[author]! += 1;
    const otherOf = (not: number[]) => nicknames[r.pick(everyone.filter((x) => !not.includes(x)))]!;
    const slots: Slots = { c, d, asker: nicknames[author]!, other: otherOf([author]), r };

    const title = script.title(slots);
    let body = script.body(slots).replace("{{news}}", () => news());
    // A thread about a company tags it once (its ticker page lists the thread).
    if (company && !title.includes(c.tag) && !body.includes(c.tag)) body = tagOnce(body, c);
    const stances = threadStances(script.view, slots, `${title}\n${body}`);

    const agoMs = ages[i]!;
    const busy = activityFor(r, agoMs);
    const answers = r.shuffle(script.answers);
    const own = r.shuffle(script.comments);
    const ownReplies = script.replies ? r.shuffle(script.replies) : null;
    const comments: PlannedComment[] = [];
    // Commenters: every member but the author, in a thread-specific order (nobody answers twice
    // on top level unless the thread is long).
    const likely = r.shuffle(everyone.filter((x) => x !== author));
    // Top-level times: independent moments after the thread, in order.
    const window = discussionWindow(agoMs);
    const times = Array.from({ length: busy.comments }, () => soonAfter(r, agoMs, agoMs, window));
    // Now and then an older thread is brought back: one late comment in the last two days.
    if (agoMs >= 3 * DAY && agoMs < 21 * DAY && times.length > 0 && r.chance(0.45)) times[0] = r.int(2 * 60, 70 * 60) * MINUTE;
    times.sort((a, b) => b - a);
    for (let k = 0; k < busy.comments; k++) {
      const commenter = likely[k % likely.length]!;
      const s: Slots = { ...slots, other: otherOf([author, commenter]) };
      let isAnswer = answers.length > 0 && (k === 0 || r.chance(0.6));
      let line = isAnswer ? answers.shift() : (own.shift() ?? (ownReplies ? undefined : takeFor(chatter, r, company)));
      if (!line && answers.length > 0) {
        line = answers.shift();
        isAnswer = true;
      }
      if (!line) break;
      const written = speak(line, s);
      const at = times[k]!;
      comments.push({ author: commenter, ...written, agoMs: at, reactions: reactionsOn(r, commenter, r.int(0, busy.reactions > 5 ? 3 : 2), at, agoMs) });
      const parent = comments.length - 1;
      // A comment that asks another member ('@x, vad säger du?') is answered by that member.
      const askedMember = written.body.endsWith("?") && written.body.includes(`@${s.other}`) ? nicknames.indexOf(s.other) : -1;
      // Opinions (answers, disagreement with the asker) draw more replies.
      const opinion = isAnswer || written.body.includes(`@${slots.asker}`);
      if (askedMember < 0 && !r.chance(opinion ? busy.replyChance * 1.8 : busy.replyChance)) continue;
      // A question nobody was asked by name gets no stock reply (it would not answer it).
      if (askedMember < 0 && !ownReplies && written.body.endsWith("?")) continue;
      const parentView = company ? written.stances?.[company.ticker]?.sentiment : undefined;
      // The asker thanks an answer; others answer, or quote an opinion they react to.
      const byAuthor = askedMember < 0 && k === 0 && r.chance(0.6);
      const replier = askedMember >= 0 ? askedMember : byAuthor ? author : r.pick(everyone.filter((x) => x !== commenter));
      const rs: Slots = { ...slots, asker: nicknames[commenter]!, other: otherOf([replier, commenter]) };
      const quote = !ownReplies && askedMember < 0 && !byAuthor && opinion && r.chance(0.7);
      const reply = ownReplies
        ? ownReplies.shift()
        : askedMember >= 0
          ? takeFor(askedReplies, r, company)
          : ((byAuthor ? takeFor(thanks, r, company) : quote ? takeFor(quoteReplies, r, company, parentView) : undefined) ??
            takeFor(replies, r, company, parentView));
      if (!reply) continue;
      const quoted = quote && QUOTE_REPLIES.includes(reply);
      // Strictly after the parent (at least half a minute), never in the last half minute.
      const rat = Math.max(Math.min(soonAfter(r, at, agoMs, window / 2), at - MINUTE), MINUTE / 2);
      comments.push({
        author: replier,
        ...speak(reply, rs),
        parent,
        ...(quoted ? { quoteParent: true } : {}),
        agoMs: rat,
        reactions: reactionsOn(r, replier, r.int(0, 1), rat, agoMs),
      });
    }

    return {
      category: typeof script.category === "string" ? script.category : script.category(c),
      author,
      title,
      body,
      ...(stances ? { stances } : {}),
      ...(company ? { ticker: c.ticker } : {}),
      agoMs,
      reactions: reactionsOn(r, author, busy.reactions, agoMs, agoMs),
      comments,
    };
  });

  // Follows: each member follows two to five others.
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
