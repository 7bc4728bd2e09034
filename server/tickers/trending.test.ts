/**
 * Trending tickers: a generated day of mentions at fixed times,
 * ranked by the query and compared with a ranking computed by hand below; the window edges, a
 * deleted account's mentions, a deleted comment, the limit of 10 and the per-process cache.
 * Real database (PGlite, or PostgreSQL with TEST_DATABASE_URL) and the real company list.
 *
 * Each mention is a real comment by its member, re-indexed with `indexTickers` at a fixed time
 * with the member's stated view ('Din syn'), as the composer will store it.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexTickers } from "../content/storage";
import { companies, postTickers } from "../db/schema";
import { createComment, createThread, deleteComment } from "../forum/commands";
import { listCategories } from "../forum/queries";
import { createMember, createTestForum, type TestForum, type TestMember } from "../testing/harness";
import type { AuthorSentiment } from "../../domain/values";
import type { TrendingTicker } from "../../domain/trending-tickers";
import { cachedTrendingTickers, trendingTickers } from "./trending";

let forum: TestForum;
let threadId: string;
const db = () => forum.services.db;
const members: Record<string, TestMember> = {};
const actor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });

/** The fixed end of the window: every generated time is relative to it. */
const NOW = new Date("2026-11-20T12:00:00.000Z");
const H = 3_600_000;
/** `NOW` minus hours. */
const ago = (hours: number) => new Date(NOW.getTime() - hours * H);

let posts = 0;
/**
 * One mention: a comment by `who` (a member, or `ghost`: a member whose account is then deleted,
 * leaving `author_id` NULL), indexed with `tickers` at `at` and the stated view `view`.
 */
async function mention(who: string, tickers: string[], at: Date, view: AuthorSentiment | null = null): Promise<string> {
  posts += 1;
  const author = members[who]!;
  const { id } = await createComment(db(), actor(author), threadId, { body: `Inlägg nummer ${posts} om läget.` });
  await indexTickers(db(), {
    targetType: "comment",
    targetId: id,
    threadId,
    tickers,
    createdAt: at,
    stances: Object.fromEntries(tickers.map((t) => [t, { sentiment: view, position: null }])),
  });
  if (who === "ghost") await db().update(postTickers).set({ authorId: null }).where(eq(postTickers.targetId, id));
  return id;
}

/** The fields the hand computation fixes, for a readable comparison. */
const shape = (rows: TrendingTicker[]) =>
  rows.map((r) => [r.rank, r.ticker, r.members, r.mentions, r.previousMembers, r.previousMentions, r.bullish, r.bearish]);

let deletable: string;

beforeAll(async () => {
  forum = await createTestForum({ ACTION_LIMIT_MULTIPLIER: "1000" });
  for (const name of ["anna", "bertil", "cecilia", "david", "eva", "frida", "gustav", "ghost"]) {
    members[name] = await createMember(forum, { nickname: `Trend_${name}` });
  }
  const categoryId = (await listCategories(db()))[0]!.id;
  threadId = (await createThread(db(), actor(members.anna!), { categoryId, title: "Dagens snack", body: "Vad händer i dag?" })).id;

  // ERIC-B. Current: anna ×3 (−1 h bullish, −5 h bearish, −10 h no view: her latest stated view
  // is bullish), bertil −2 h bearish, cecilia −23.99 h no view, ghost ×2 bullish (no member).
  // Previous: anna −30 h, david −47 h. Outside: eva at NOW (end is exclusive), frida 1 s before −48 h.
  await mention("anna", ["ERIC-B"], ago(1), "bullish");
  await mention("anna", ["ERIC-B"], ago(5), "bearish");
  await mention("anna", ["ERIC-B"], ago(10));
  await mention("bertil", ["ERIC-B"], ago(2), "bearish");
  await mention("cecilia", ["ERIC-B"], ago(23.99));
  await mention("ghost", ["ERIC-B"], ago(3), "bullish");
  await mention("ghost", ["ERIC-B"], ago(4), "bullish");
  await mention("anna", ["ERIC-B"], ago(30), "bearish");
  await mention("david", ["ERIC-B"], ago(47));
  await mention("eva", ["ERIC-B"], NOW, "bullish");
  await mention("frida", ["ERIC-B"], new Date(ago(48).getTime() - 1000), "bullish");

  // VOLV-B: anna bearish, bertil bearish, david bullish; nothing before.
  await mention("anna", ["VOLV-B"], ago(6), "bearish");
  await mention("bertil", ["VOLV-B"], ago(7), "bearish");
  await mention("david", ["VOLV-B"], ago(8), "bullish");

  // ABB: eva bullish, frida bullish, gustav no view; previous: those three and anna, bertil.
  await mention("eva", ["ABB"], ago(12), "bullish");
  await mention("frida", ["ABB"], ago(13), "bullish");
  await mention("gustav", ["ABB"], ago(14));
  for (const who of ["eva", "frida", "gustav", "anna", "bertil"]) await mention(who, ["ABB"], ago(36));

  // SAND: anna ×4 (most mentions, one member); previous anna once.
  for (const h of [1, 2, 3, 4]) await mention("anna", ["SAND"], ago(h + 0.5));
  await mention("anna", ["SAND"], ago(25));

  // HM-B: cecilia no view; david bullish at −3 h then no view at −1 h (still counts bullish).
  await mention("cecilia", ["HM-B"], ago(9));
  await mention("david", ["HM-B"], ago(3), "bullish");
  await mention("david", ["HM-B"], ago(1));

  // AZN: bertil exactly at −24 h (inside), eva 1 ms before (previous window).
  await mention("bertil", ["AZN"], ago(24));
  await mention("eva", ["AZN"], new Date(ago(24).getTime() - 1));

  // SEB-A: only a deleted account now (not listed); anna in the previous window.
  await mention("ghost", ["SEB-A"], ago(2), "bearish");
  await mention("anna", ["SEB-A"], ago(40));

  // TELIA: only at NOW (outside). SKF-B: gustav, then the comment is deleted.
  await mention("eva", ["TELIA"], NOW);
  deletable = await mention("gustav", ["SKF-B"], ago(2), "bullish");
}, 180_000);
afterAll(() => forum?.close());

describe("trendingTickers", () => {
  it("ranks a generated day exactly as computed by hand", async () => {
    // Hand computation: [rank, ticker, members, mentions, prev members, prev mentions, bullish, bearish].
    // Order: members desc, then mentions desc, then ticker (ABB before VOLV-B at 3/3).
    // SKF-B (1 member, 1 mention) sorts after AZN and SAND by ticker/mentions until deleted below.
    const expected = [
      [1, "ERIC-B", 3, 7, 2, 2, 1, 1],
      [2, "ABB", 3, 3, 5, 5, 2, 0],
      [3, "VOLV-B", 3, 3, 0, 0, 1, 2],
      [4, "HM-B", 2, 3, 0, 0, 1, 0],
      [5, "SAND", 1, 4, 1, 1, 0, 0],
      [6, "AZN", 1, 1, 1, 1, 0, 0],
      [7, "SKF-B", 1, 1, 0, 0, 1, 0],
    ];
    expect(shape(await trendingTickers(db(), { now: NOW }))).toEqual(expected);
  });

  it("carries the company name from the company list", async () => {
    const [row] = await trendingTickers(db(), { now: NOW, limit: 1 });
    const [company] = await db().select({ name: companies.name }).from(companies).where(eq(companies.ticker, "ERIC-B"));
    expect(row!.ticker).toBe("ERIC-B");
    expect(row!.name).toBe(company!.name);
    expect(row!.name.length).toBeGreaterThan(0);
  });

  it("a deleted comment no longer counts", async () => {
    await deleteComment(db(), actor(members.gustav!), threadId, deletable);
    const tickers = (await trendingTickers(db(), { now: NOW })).map((r) => r.ticker);
    expect(tickers).toEqual(["ERIC-B", "ABB", "VOLV-B", "HM-B", "SAND", "AZN"]);
  });

  it("an hour later the windows have moved: ERIC-B's counts follow by hand", async () => {
    const later = new Date(NOW.getTime() + H);
    const eric = (await trendingTickers(db(), { now: later })).find((r) => r.ticker === "ERIC-B")!;
    // Current [NOW − 23 h, NOW + 1 h): anna, bertil, eva (at NOW); cecilia (−23.99 h) has left.
    // Previous [NOW − 47 h, NOW − 23 h): cecilia, anna (−30 h), david (exactly −47 h: the start is inclusive).
    expect(eric).toMatchObject({ members: 3, mentions: 7, previousMembers: 3, previousMentions: 3 });
  });

  it("lists at most 10, ties broken by ticker", async () => {
    const twelve = ["SKF-B", "SEB-A", "SAND", "KINV-B", "HM-B", "ESSITY-B", "ERIC-B", "BOL", "AZN", "ATCO-A", "ALFA", "ABB"];
    const early = new Date("2026-11-10T12:00:00.000Z");
    await mention("anna", twelve, new Date(early.getTime() - H));
    const rows = await trendingTickers(db(), { now: early });
    expect(rows.map((r) => r.ticker)).toEqual([...twelve].reverse().slice(0, 10));
    expect(rows.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("is empty when no member named a ticker in the last 24 hours", async () => {
    expect(await trendingTickers(db(), { now: new Date("2026-01-01T00:00:00.000Z") })).toEqual([]);
  });
});

describe("cachedTrendingTickers", () => {
  it("serves one list for the TTL, shares the query in flight, and refreshes after the TTL", async () => {
    const t0 = Date.now();
    const first = cachedTrendingTickers(db(), 60, t0);
    expect(cachedTrendingTickers(db(), 60, t0)).toBe(first);
    expect((await first).map((r) => r.ticker)).not.toContain("TELIA");

    // A post written now (real time, through the write path) with a stated-less $TELIA.
    await createComment(db(), actor(members.cecilia!), threadId, { body: "Köper mer $TELIA" });
    expect((await cachedTrendingTickers(db(), 60, t0 + 59_000)).map((r) => r.ticker)).not.toContain("TELIA");
    const fresh = await cachedTrendingTickers(db(), 60, t0 + 60_000);
    expect(fresh.map((r) => r.ticker)).toContain("TELIA");
    expect(fresh.find((r) => r.ticker === "TELIA")).toMatchObject({ members: 1, mentions: 1, previousMembers: 0 });
    // TTL 0: computed on every call.
    expect(cachedTrendingTickers(db(), 0, t0 + 60_000)).not.toBe(cachedTrendingTickers(db(), 0, t0 + 60_000));
  });

  it("does not keep a failure: the next call within the TTL queries again", async () => {
    // A handle whose first query fails (a database outage), then answers.
    let calls = 0;
    const flaky = {
      execute: () => {
        calls += 1;
        return calls === 1 ? Promise.reject(new Error("nere")) : Promise.resolve({ rows: [] });
      },
    } as unknown as Parameters<typeof cachedTrendingTickers>[0];
    await expect(cachedTrendingTickers(flaky, 60, 1_000)).rejects.toThrow("nere");
    await expect(cachedTrendingTickers(flaky, 60, 2_000)).resolves.toEqual([]);
    await cachedTrendingTickers(flaky, 60, 3_000);
    expect(calls).toBe(2);
  });
});
