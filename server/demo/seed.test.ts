/**
 * `forum seed-demo`'s content as a visitor and a demo member see it:
 * seeded once into a fresh test forum (PGlite, or PostgreSQL with `TEST_DATABASE_URL`), then read
 * back through the forum's own queries (the home page list with its badges, the category cards,
 * 'Trendande aktier', the watchlist tab) and the stored rows. A living forum: no comment or
 * opening post twice, every thread on its own companies, every category in use, members' views
 * on a realistic share of posts, activity on each of the last days. A second fresh forum seeded
 * with the same seed must read the same.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRENDING_TICKERS_LIMIT, trendingChange } from "../../domain/trending-tickers";
import { BADGE_THRESHOLDS } from "../../domain/values";
import type { Db } from "../db/client";
import { DEFAULT_CATEGORIES } from "../forum/default-categories";
import { listCategories } from "../forum/queries";
import { storageFor } from "../storage/storage";
import { createTestForum, type TestForum } from "../testing/harness";
import { listThreads } from "../trending/queries";
import { keyFromUrl } from "../uploads/profile-images";
import { watchedThreads } from "../watchlist/queries";
import { readCompanyList } from "../tickers/companies";
import { cachedTrendingTickers } from "../tickers/trending";
import { namePattern } from "./companies";
import { CATEGORY } from "./lines";
import { DEMO_USERS } from "./members";
import { demoCompanies, planDemo } from "./plan";
import { loadSentences, seedDemo, type SeedResult } from "./seed";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The badges a thread row earns, by the thresholds the home page uses (SPEC §9; the component
 * `app/components/forum/thread-badges.tsx` applies the same `BADGE_THRESHOLDS`, and server code
 * may not import it).
 */
function earnedBadges(t: { hotScore: number | null; reactionsLast1h: number | null; pctRank: number | null }): string[] {
  return [
    ...(t.hotScore != null && t.hotScore > BADGE_THRESHOLDS.hotAbove ? ["hot"] : []),
    ...(t.reactionsLast1h != null && t.reactionsLast1h >= BADGE_THRESHOLDS.fastFrom ? ["fast"] : []),
    ...(t.pctRank != null && t.pctRank >= BADGE_THRESHOLDS.topFrom ? ["top"] : []),
  ];
}
let forum: TestForum;
let result: SeedResult | null;
let seconds: number;

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A comment's own text: without the quote it may open with (`> @nick skrev: …`). */
const own = (body: string) =>
  body
    .split("\n")
    .filter((l) => !l.startsWith(">"))
    .join("\n")
    .trim();

const demo = demoCompanies(readCompanyList());

/** The demo companies a text names, by cashtag or by name (also in the genitive). */
function companiesIn(text: string): Set<string> {
  return new Set(demo.filter((c) => text.includes(c.tag) || namePattern(c.name).test(text)).map((c) => c.ticker));
}

/** A text with members, tickers, company names and numbers masked: what a template wrote. */
function skeleton(text: string): string {
  let out = own(text).replace(/@[\p{L}\p{N}._-]+/gu, "@").replace(/\$[A-Z0-9]+(?:-[A-Z0-9]+)?/g, "$");
  for (const c of demo) out = out.replace(new RegExp(namePattern(c.name).source, "gu"), "X");
  return out.replace(/\d+(?:[ ,.]\d+)*/g, "N");
}

/** Titles and texts of a seeded forum, oldest first; comment ids in quote links made neutral. */
async function content(db: Db) {
  const titles = await rows<{ title: string; body: string }>(db, sql`SELECT title, body FROM threads ORDER BY created_at, title`);
  const texts = await rows<{ body: string }>(db, sql`SELECT body FROM comments ORDER BY created_at, body`);
  const neutral = (s: string) => s.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "ID");
  return { threads: titles.map((t) => [t.title, t.body]), comments: texts.map((c) => neutral(c.body)) };
}

beforeAll(async () => {
  forum = await createTestForum();
  const started = Date.now();
  result = await seedDemo(forum.services);
  seconds = (Date.now() - started) / 1000;
}, 180_000);

afterAll(async () => {
  await forum?.close();
});

describe("forum seed-demo", () => {
  it("creates about fifty threads with comments from sixteen members, within reasonable time", () => {
    expect(result).not.toBeNull();
    expect(result!.users).toBe(DEMO_USERS.length);
    expect(result!.users).toBeGreaterThanOrEqual(12);
    expect(result!.threads).toBeGreaterThanOrEqual(45);
    expect(result!.comments).toBeGreaterThan(result!.threads * 2);
    // A budget for a shared two-core machine (about 10 s when idle on PGlite).
    expect(seconds).toBeLessThan(60);
  });

  it("has a moderator and an admin among the members, every one verified with an avatar from /uploads", async () => {
    const { db, config } = forum.services;
    const members = await rows<{ nickname: string; role_id: string; avatar_url: string | null; verified: boolean }>(
      db,
      sql`SELECT p.nickname, p.role_id, p.avatar_url, u.email_verified AS verified FROM profiles p JOIN "user" u ON u.id = p.id`,
    );
    expect(members.filter((m) => m.role_id === "moderator").map((m) => m.nickname)).toEqual(["Mod-Maja"]);
    expect(members.filter((m) => m.role_id === "admin").map((m) => m.nickname)).toEqual(["Admin-Anders"]);
    expect(members.every((m) => m.verified)).toBe(true);
    const storage = storageFor(config);
    for (const m of members) {
      expect(m.avatar_url, m.nickname).toMatch(/^\/uploads\/avatars\//);
      const file = await storage.get(keyFromUrl(config, m.avatar_url!)!);
      expect(file?.contentType).toBe("image/webp");
      expect(file!.bytes.length).toBeGreaterThan(500);
    }
    // The moderator was appointed by the admin, as on /admin/roller.
    const log = await rows<{ action: string; target_label: string }>(db, sql`SELECT action, target_label FROM moderation_log`);
    expect(log).toContainEqual(expect.objectContaining({ action: "change_role", target_label: "Mod-Maja" }));
  });

  it("talks about real Nasdaq Stockholm companies in the titles, and every cashtag links to a known ticker", async () => {
    const { db } = forum.services;
    const threads = await rows<{ title: string; body: string; body_html: string; category: string }>(
      db,
      sql`SELECT t.title, t.body, t.body_html, c.name AS category FROM threads t JOIN categories c ON c.id = t.category_id`,
    );
    const comments = await rows<{ body: string; body_html: string }>(db, sql`SELECT body, body_html FROM comments`);
    const known = new Set((await rows<{ ticker: string }>(db, sql`SELECT ticker FROM companies`)).map((c) => c.ticker));
    // Every title in a company category, and half of all, names a company of the list by its
    // usual name or cashtag; that company is in the tickers table under its registered name and
    // the thread tags it.
    const registered = new Map((await rows<{ ticker: string; name: string }>(db, sql`SELECT ticker, name FROM companies`)).map((c) => [c.ticker, c.name]));
    const titled = threads.flatMap((t) => {
      const c = demo.find((x) => t.title.includes(x.tag) || t.title.includes(x.name));
      return c ? [{ t, c }] : [];
    });
    expect(titled.length).toBeGreaterThan(threads.length * 0.5);
    const companyCategories: string[] = [CATEGORY.large, CATEGORY.small, CATEGORY.dividends, CATEGORY.technical];
    for (const t of threads.filter((x) => companyCategories.includes(x.category))) {
      expect(titled.some((x) => x.t === t), t.title).toBe(true);
    }
    for (const { t, c } of titled) {
      expect(registered.get(c.ticker), c.ticker).toBe(c.registeredName);
      expect(`${t.title} ${t.body}`, t.title).toMatch(/\$[A-Z]/);
    }

    const tags = [...[...threads, ...comments].flatMap((p) => [...`${"title" in p ? p.title : ""} ${p.body}`.matchAll(/\$([A-Z0-9]+(?:-[A-Z0-9]+)?)/g)].map((m) => m[1]!))];
    expect(tags.length).toBeGreaterThan(40);
    for (const t of tags) expect(known.has(t), t).toBe(true);
    const linked = threads.filter((t) => t.body.includes("$")).every((t) => t.body_html.includes('data-ticker="'));
    expect(linked).toBe(true);
    expect(new Set(tags).size).toBeGreaterThan(20);
  });

  it("mentions only demo members, as links, and answers name the asker", async () => {
    const { db } = forum.services;
    const nicks = new Set(DEMO_USERS.map((u) => u.nickname.toLowerCase()));
    const posts = await rows<{ body: string; body_html: string; asker: string }>(
      db,
      sql`SELECT c.body, c.body_html, p.nickname AS asker FROM comments c JOIN threads t ON t.id = c.thread_id JOIN profiles p ON p.id = t.author_id`,
    );
    const mentions = posts.flatMap((p) => [...p.body.matchAll(/(?:^|\s|\()@([A-Za-zÅÄÖåäö0-9._-]+[A-Za-zÅÄÖåäö0-9])/g)].map((m) => m[1]!));
    expect(mentions.length).toBeGreaterThan(50);
    for (const m of mentions) expect(nicks.has(m.toLowerCase()), m).toBe(true);
    expect(posts.filter((p) => p.body.includes("@")).every((p) => p.body_html.includes('class="mention"'))).toBe(true);
    expect(posts.filter((p) => p.body.includes(`@${p.asker}`)).length).toBeGreaterThan(30);
    // A few replies quote the comment they answer (domain/quote.ts), shown as a quote block.
    const quotes = posts.filter((p) => /^> @\S+ skrev:/.test(p.body));
    expect(quotes.length).toBeGreaterThan(2);
    expect(quotes.every((q) => q.body_html.includes("<blockquote"))).toBe(true);
    // Replies nest one level.
    const deep = await rows<{ n: number | string }>(db, sql`SELECT count(*) AS n FROM comments c JOIN comments p ON p.id = c.parent_id WHERE p.parent_id IS NOT NULL`);
    expect(Number(deep[0]!.n)).toBe(0);
    expect(Number((await rows<{ n: number | string }>(db, sql`SELECT count(*) AS n FROM comments WHERE parent_id IS NOT NULL`))[0]!.n)).toBeGreaterThan(10);
  });

  it("shows a 2012 news sentence only as a quote line", async () => {
    const { db } = forum.services;
    const sentences = loadSentences();
    const bodies = [
      ...(await rows<{ body: string }>(db, sql`SELECT body FROM threads`)),
      ...(await rows<{ body: string }>(db, sql`SELECT body FROM comments`)),
    ].map((b) => b.body);
    let quoted = 0;
    for (const body of bodies) {
      for (const line of body.split("\n")) {
        const hit = sentences.find((s) => line.includes(s));
        if (!hit) continue;
        expect(line.startsWith("> "), line).toBe(true);
        quoted++;
      }
    }
    expect(quoted).toBeLessThanOrEqual(3);
    // The old filler is gone.
    expect(bodies.some((b) => b.includes("Young Boys"))).toBe(false);
  });

  it("puts only a few recent threads under 'Hettar till' and 'Snabb' on the home page", async () => {
    const { db } = forum.services;
    const { threads } = await listThreads(db, { sort: "latest", page: 1, pageSize: 100 });
    expect(threads.length).toBe(result!.threads);
    const now = Date.now();
    const badges = threads.map((t) => ({ t, ageH: (now - Date.parse(t.createdAt)) / HOUR, b: earnedBadges(t) }));
    const fast = badges.filter((x) => x.b.includes("fast"));
    const hot = badges.filter((x) => x.b.includes("hot"));
    const top = badges.filter((x) => x.b.includes("top"));
    expect(fast.length).toBeGreaterThanOrEqual(1);
    expect(fast.length).toBeLessThanOrEqual(4);
    expect(hot.length).toBeGreaterThanOrEqual(1);
    expect(hot.length).toBeLessThanOrEqual(6);
    expect(top.length).toBeLessThanOrEqual(Math.ceil(threads.length * 0.1) + 1);
    for (const x of [...fast, ...hot]) expect(x.ageH, x.t.title).toBeLessThan(24);
    expect(badges.filter((x) => x.b.length === 0).length).toBeGreaterThan(threads.length * 0.75);
    // Spread over about four weeks, most of them older than a few days, none in the future.
    const ages = badges.map((x) => x.ageH);
    expect(Math.max(...ages)).toBeGreaterThan(24 * 21);
    expect(Math.max(...ages)).toBeLessThan(24 * 30);
    expect(Math.min(...ages)).toBeGreaterThan(0);
    expect(ages.filter((a) => a > 72).length).toBeGreaterThan(threads.length / 2);
  });

  it("dates comments after their thread and parent, reactions after their target, none in the future", async () => {
    const { db } = forum.services;
    const bad = await rows<{ n: number | string }>(
      db,
      sql`SELECT count(*) AS n FROM comments c JOIN threads t ON t.id = c.thread_id LEFT JOIN comments p ON p.id = c.parent_id
          WHERE c.created_at <= t.created_at OR c.created_at <= p.created_at OR c.created_at > now()`,
    );
    expect(Number(bad[0]!.n)).toBe(0);
    const early = await rows<{ n: number | string }>(
      db,
      sql`SELECT count(*) AS n FROM reactions r
          LEFT JOIN threads t ON r.target_type = 'thread' AND t.id = r.target_id
          LEFT JOIN comments c ON r.target_type = 'comment' AND c.id = r.target_id
          WHERE r.created_at < coalesce(t.created_at, c.created_at) OR r.created_at > now()`,
    );
    expect(Number(early[0]!.n)).toBe(0);
  });

  it("gives the demo member follows and a 'Bevakat' tab with threads", async () => {
    const { db } = forum.services;
    const [asa] = await rows<{ id: string; following_count: number }>(db, sql`SELECT id, following_count FROM profiles WHERE nickname = 'Aktie-Åsa'`);
    expect(asa!.following_count).toBeGreaterThanOrEqual(2);
    const watched = await watchedThreads(db, asa!.id, 1, 20);
    expect(watched.threads.length).toBeGreaterThanOrEqual(3);
  });

  it("writes no comment, opening post or title twice, not even with other names in it", async () => {
    const { db } = forum.services;
    const threads = await rows<{ title: string; body: string }>(db, sql`SELECT title, body FROM threads`);
    const comments = (await rows<{ body: string }>(db, sql`SELECT body FROM comments`)).map((c) => c.body);
    expect(new Set(threads.map((t) => t.title)).size).toBe(threads.length);
    expect(new Set(threads.map((t) => t.body)).size).toBe(threads.length);
    expect(new Set(comments.map(own)).size).toBe(comments.length);
    // One template per text: with members, tickers, companies and numbers masked, still distinct.
    expect(new Set(threads.map((t) => skeleton(t.body))).size).toBe(threads.length);
    const skeletons = comments.map(skeleton);
    const twice = skeletons.filter((x, i) => skeletons.indexOf(x) !== i);
    expect(twice).toEqual([]);
  });

  it("keeps every comment on its thread's companies, and a thread about one company on it alone", async () => {
    const { db } = forum.services;
    const threads = await rows<{ id: string; title: string; body: string }>(db, sql`SELECT id, title, body FROM threads`);
    const comments = await rows<{ thread_id: string; body: string }>(db, sql`SELECT thread_id, body FROM comments`);
    const named = new Map(threads.map((t) => [t.id, companiesIn(`${t.title}\n${t.body}`)]));
    let onCompany = 0;
    for (const c of comments) {
      const allowed = named.get(c.thread_id)!;
      const mentioned = companiesIn(c.body);
      for (const ticker of mentioned) expect(allowed.has(ticker), `${ticker} in "${c.body}"`).toBe(true);
      if (mentioned.size > 0) onCompany++;
    }
    expect(onCompany).toBeGreaterThan(comments.length / 3);
    for (const t of threads) {
      const inTitle = companiesIn(t.title);
      if (inTitle.size === 1) expect(named.get(t.id), t.title).toEqual(inTitle);
    }
  });

  it("has threads with comments in every category, 'Krypto' and 'Off topic' included", async () => {
    const { db } = forum.services;
    const cards = await listCategories(db);
    expect(cards.map((c) => c.name).sort()).toEqual(DEFAULT_CATEGORIES.map((c) => c.name).sort());
    for (const card of cards) expect(card.threadsCount, card.name).toBeGreaterThanOrEqual(3);
    const commented = await rows<{ name: string; n: number | string }>(
      db,
      sql`SELECT c.name, count(k.id) AS n FROM categories c LEFT JOIN threads t ON t.category_id = c.id
          LEFT JOIN comments k ON k.thread_id = t.id GROUP BY c.name`,
    );
    for (const c of commented) expect(Number(c.n), c.name).toBeGreaterThanOrEqual(4);
  });

  it("states 'Din syn' and 'Innehav' on a realistic share of posts, each on a ticker the post names", async () => {
    const { db } = forum.services;
    const [counts] = await rows<{ threads: number | string; comments: number | string }>(
      db,
      sql`SELECT (SELECT count(*) FROM threads) AS threads, (SELECT count(*) FROM comments) AS comments`,
    );
    const posts = Number(counts!.threads) + Number(counts!.comments);
    const stated = await rows<{ target_type: string; target_id: string; sentiment: string | null; position: string | null }>(
      db,
      sql`SELECT target_type, target_id, sentiment, position FROM post_tickers WHERE sentiment IS NOT NULL OR position IS NOT NULL`,
    );
    const withView = new Set(stated.map((s) => `${s.target_type}:${s.target_id}`));
    expect(withView.size / posts).toBeGreaterThanOrEqual(0.3);
    expect(withView.size / posts).toBeLessThanOrEqual(0.6);
    // Comments state views too, not only opening posts; both ways, owned and not.
    expect(stated.filter((s) => s.target_type === "comment").length).toBeGreaterThan(stated.filter((s) => s.target_type === "thread").length);
    for (const sentiment of ["bullish", "bearish"]) expect(stated.some((s) => s.sentiment === sentiment), sentiment).toBe(true);
    for (const position of ["owns", "does_not_own"]) expect(stated.some((s) => s.position === position), position).toBe(true);
    // Every view the plan states reached the forum: it names the ticker's cashtag.
    const plan = planDemo(readCompanyList(), loadSentences());
    let planned = 0;
    for (const t of plan.threads) {
      for (const [text, stances] of [[`${t.title}\n${t.body}`, t.stances] as const, ...t.comments.map((c) => [c.body, c.stances] as const)]) {
        if (!stances) continue;
        planned++;
        for (const ticker of Object.keys(stances)) expect(text, ticker).toContain(`$${ticker}`);
      }
    }
    expect(withView.size).toBe(planned);
  });

  it("gives 'Trendande aktier' a previous day to compare with and the members' views", async () => {
    const list = await cachedTrendingTickers(forum.services.db, 0);
    expect(list.length).toBe(TRENDING_TICKERS_LIMIT);
    // The change column: most rows compare with yesterday ('+2', '0', '−1'), not all 'ny'.
    const compared = list.filter((t) => trendingChange(t).kind === "delta");
    expect(compared.length).toBeGreaterThanOrEqual(3);
    // The split column: members' stated views, not '–' everywhere.
    expect(list.filter((t) => t.bullish + t.bearish > 0).length).toBeGreaterThanOrEqual(5);
    expect(list.some((t) => t.bearish > 0)).toBe(true);
  });

  it("spreads posts, reactions and views over each of the last four days", async () => {
    const { db } = forum.services;
    const now = Date.now();
    for (let day = 0; day < 4; day++) {
      const from = new Date(now - (day + 1) * DAY).toISOString();
      const to = new Date(now - day * DAY).toISOString();
      const [n] = await rows<{ posts: number | string; reactions: number | string; views: number | string }>(
        db,
        sql`SELECT
              (SELECT count(*) FROM threads WHERE created_at >= ${from}::timestamptz AND created_at < ${to}::timestamptz)
            + (SELECT count(*) FROM comments WHERE created_at >= ${from}::timestamptz AND created_at < ${to}::timestamptz) AS posts,
              (SELECT count(*) FROM reactions WHERE created_at >= ${from}::timestamptz AND created_at < ${to}::timestamptz) AS reactions,
              (SELECT count(*) FROM post_tickers WHERE sentiment IS NOT NULL AND created_at >= ${from}::timestamptz AND created_at < ${to}::timestamptz) AS views`,
      );
      expect(Number(n!.posts), `posts, day ${day}`).toBeGreaterThanOrEqual(8);
      expect(Number(n!.reactions), `reactions, day ${day}`).toBeGreaterThanOrEqual(5);
      expect(Number(n!.views), `views, day ${day}`).toBeGreaterThanOrEqual(2);
    }
  });

  it("is the same text and structure from the same seed in another fresh database", { timeout: 180_000 }, async () => {
    const other = await createTestForum();
    try {
      expect(await seedDemo(other.services)).toEqual(result);
      expect(await content(other.services.db)).toEqual(await content(forum.services.db));
    } finally {
      await other.close();
    }
  });

  it("does nothing the second time", async () => {
    expect(await seedDemo(forum.services)).toBeNull();
  });
});
