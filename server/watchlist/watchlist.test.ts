/**
 * Watchlist 'Bevakning' and the 'Bevakat' tab: watch/unwatch with the 200 limit,
 * idempotency and permissions; the tickers table's figures; the feed and the tab's contents and
 * order; the data export and account deletion. Real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL) with the real company list; posts are written through the real write paths.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ticker as tk, watchlist as wl } from "../../domain/i18n/sv";
import { WATCHLIST_MAX } from "../../domain/limits";
import { blockedUsers, companies, postTickers, threads, watchlistTickers } from "../db/schema";
import { follow } from "../follows/commands";
import { createComment, createThread } from "../forum/commands";
import { listCategories } from "../forum/queries";
import { exportMemberData } from "../privacy/export";
import { deleteMember } from "../privacy/delete-account";
import { toggleReaction } from "../reactions/commands";
import { expectForumError } from "../testing/expect-forum-error";
import { createMember, createTestForum, type TestForum, type TestMember } from "../testing/harness";
import { isWatching, unwatchTicker, watchTicker } from "./commands";
import { listWatchedTickers, stockholmMidnight, watchedThreads, watchlistFeed } from "./queries";

let forum: TestForum;
let anna: TestMember;
let bertil: TestMember;
let cissi: TestMember;
let categoryId: string;
const db = () => forum.services.db;
const actor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });

beforeAll(async () => {
  forum = await createTestForum();
  anna = await createMember(forum, { nickname: "Bevak_Anna" });
  bertil = await createMember(forum, { nickname: "Bevak_Bertil" });
  cissi = await createMember(forum, { nickname: "Bevak_Cissi" });
  categoryId = (await listCategories(db()))[0]!.id;
}, 60_000);
afterAll(() => forum?.close());

describe("watch and unwatch", () => {
  it("watching is idempotent, accepts any case and a leading $, and unwatching twice is a no-op", async () => {
    expect(await watchTicker(db(), anna.id, "volv-b")).toEqual({ ticker: "VOLV-B", watching: true, count: 1 });
    expect(await watchTicker(db(), anna.id, "$VOLV-B")).toEqual({ ticker: "VOLV-B", watching: true, count: 1 });
    expect(await isWatching(db(), anna.id, "VOLV-B")).toBe(true);
    expect(await unwatchTicker(db(), anna.id, "VOLV-B")).toEqual({ ticker: "VOLV-B", watching: false, count: 0 });
    expect(await unwatchTicker(db(), anna.id, "VOLV-B")).toEqual({ ticker: "VOLV-B", watching: false, count: 0 });
    expect(await isWatching(db(), anna.id, "VOLV-B")).toBe(false);
  });

  it("visitors get 401, unknown tickers 404, nonsense 400, blocked members 403 (but may unwatch)", async () => {
    await expectForumError(watchTicker(db(), null, "VOLV-B"), 401, wl.loginToWatch);
    await expectForumError(unwatchTicker(db(), null, "VOLV-B"), 401, wl.loginToWatch);
    await expectForumError(watchTicker(db(), anna.id, "ZZZQX"), 404, tk.notFound);
    await expectForumError(watchTicker(db(), anna.id, "<script>"), 400, wl.badTicker);
    await expectForumError(watchTicker(db(), anna.id, ""), 400, wl.badTicker);

    const blocked = await createMember(forum, { nickname: "Bevak_Blockad" });
    await watchTicker(db(), blocked.id, "ERIC-B");
    await db().insert(blockedUsers).values({ userId: blocked.id, blockedBy: anna.id });
    await expectForumError(watchTicker(db(), blocked.id, "HM-B", { blocked: true }), 403, wl.blocked);
    expect(await unwatchTicker(db(), blocked.id, "ERIC-B")).toMatchObject({ watching: false, count: 0 });
  });

  it(`refuses ticker number ${WATCHLIST_MAX + 1} with the Swedish message, also when two arrive at once`, async () => {
    const member = await createMember(forum, { nickname: "Bevak_Max" });
    const all = await db().select({ ticker: companies.ticker }).from(companies).orderBy(companies.ticker).limit(WATCHLIST_MAX + 2);
    // 199 watched; then two different tickers at the same moment: exactly one gets in.
    await db().insert(watchlistTickers).values(all.slice(0, WATCHLIST_MAX - 1).map((c) => ({ userId: member.id, ticker: c.ticker })));
    const results = await Promise.allSettled([
      watchTicker(db(), member.id, all[WATCHLIST_MAX - 1]!.ticker),
      watchTicker(db(), member.id, all[WATCHLIST_MAX]!.ticker),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 409, message: wl.limitReached(WATCHLIST_MAX) });
    await expectForumError(watchTicker(db(), member.id, all[WATCHLIST_MAX + 1]!.ticker), 409, wl.limitReached(WATCHLIST_MAX));
    const count = await db().select({ ticker: watchlistTickers.ticker }).from(watchlistTickers).where(eq(watchlistTickers.userId, member.id));
    expect(count).toHaveLength(WATCHLIST_MAX);
    // Watching one already watched at the limit is still fine (idempotent), and after an unwatch there is room.
    expect(await watchTicker(db(), member.id, all[0]!.ticker)).toMatchObject({ watching: true, count: WATCHLIST_MAX });
    await unwatchTicker(db(), member.id, all[0]!.ticker);
    expect(await watchTicker(db(), member.id, all[WATCHLIST_MAX + 1]!.ticker)).toMatchObject({ watching: true, count: WATCHLIST_MAX });
  });
});

describe("the tickers table", () => {
  it("lists company, sector, posts today and the members' stated view of the last 7 days", async () => {
    const member = await createMember(forum, { nickname: "Bevak_Tabell" });
    await watchTicker(db(), member.id, "SAND");
    await watchTicker(db(), member.id, "ABB");
    const { id: threadId } = await createThread(db(), actor(bertil), { categoryId, title: "Om $SAND", body: "Sandvik levererar." });
    const { id: commentId } = await createComment(db(), actor(cissi), threadId, { body: "Håller med om $SAND" });
    const { id: laterId } = await createComment(db(), actor(bertil), threadId, { body: "Fortfarande $SAND" });
    // The members' stated view ('Din syn'), one vote per member: Bertil's later comment replaces his
    // thread's view; reactions do not count here (they are the ticker page's second line).
    const state = (targetId: string, sentiment: "bullish" | "bearish") =>
      db().update(postTickers).set({ sentiment }).where(and(eq(postTickers.ticker, "SAND"), eq(postTickers.targetId, targetId)));
    await state(threadId, "bearish");
    await state(commentId, "bearish");
    await state(laterId, "bullish");
    await toggleReaction(db(), actor(anna), { targetType: "thread", targetId: threadId, reactionType: "bull" });

    const rows = await listWatchedTickers(db(), member.id);
    expect(rows.map((r) => r.ticker)).toEqual(["ABB", "SAND"]);
    const sand = rows.find((r) => r.ticker === "SAND")!;
    expect(sand.name).toMatch(/Sandvik/i);
    expect(sand.sector).not.toBeNull();
    expect(sand.postsToday).toBe(3);
    expect(sand.sentiment).toEqual({ bullish: 1, bearish: 1 });
    expect(rows.find((r) => r.ticker === "ABB")!.sentiment).toEqual({ bullish: 0, bearish: 0 });

    // A mention from yesterday (Stockholm time) is not "today".
    const midnight = stockholmMidnight(new Date());
    await db()
      .update(postTickers)
      .set({ createdAt: new Date(midnight.getTime() - 60_000) })
      .where(and(eq(postTickers.ticker, "SAND"), eq(postTickers.targetId, threadId)));
    expect((await listWatchedTickers(db(), member.id)).find((r) => r.ticker === "SAND")!.postsToday).toBe(2);
  });

  it("local midnight is Europe/Stockholm's, summer and winter", () => {
    expect(stockholmMidnight(new Date("2026-07-01T21:30:00Z")).toISOString()).toBe("2026-06-30T22:00:00.000Z");
    expect(stockholmMidnight(new Date("2026-07-01T22:30:00Z")).toISOString()).toBe("2026-07-01T22:00:00.000Z");
    expect(stockholmMidnight(new Date("2026-01-15T12:00:00Z")).toISOString()).toBe("2026-01-14T23:00:00.000Z");
  });
});

describe("the feed and the 'Bevakat' tab", () => {
  let reader: TestMember;
  const posted: Record<string, string> = {};

  beforeAll(async () => {
    reader = await createMember(forum, { nickname: "Bevak_Läsare" });
    const author = await createMember(forum, { nickname: "Bevak_Följd" });
    const other = await createMember(forum, { nickname: "Bevak_Annan" });
    await watchTicker(db(), reader.id, "INVE-B");
    await watchTicker(db(), reader.id, "ATCO-A");
    await follow(db(), reader.id, author.id);
    // Oldest first; the feed and the tab list newest first.
    posted.t1 = (await createThread(db(), actor(other), { categoryId, title: "Investor köper", body: "Tankar om $INVE-B?" })).id;
    posted.tNone = (await createThread(db(), actor(other), { categoryId, title: "Ingen aktie", body: "Bara prat." })).id;
    posted.c1 = (await createComment(db(), actor(other), posted.tNone, { body: "Men $ATCO-A då?" })).id;
    posted.tFollowed = (await createThread(db(), actor(author), { categoryId, title: "Från en jag följer", body: "Inget om aktier." })).id;
    posted.tBoth = (await createThread(db(), actor(author), { categoryId, title: "$INVE-B och $ATCO-A", body: "Båda två." })).id;
    posted.tOther = (await createThread(db(), actor(other), { categoryId, title: "Om $VOLV-B", body: "Inte bevakad." })).id;
  });

  it("the feed lists threads and comments mentioning watched tickers, newest first, each once", async () => {
    const { posts, hasMore } = await watchlistFeed(db(), reader.id, 1);
    expect(hasMore).toBe(false);
    expect(posts.map((p) => [p.kind, p.id])).toEqual([
      ["thread", posted.tBoth],
      ["comment", posted.c1],
      ["thread", posted.t1],
    ]);
    expect(posts[0]!.tickers).toEqual(["ATCO-A", "INVE-B"]);
    expect(posts[1]!.threadTitle).toBe("Ingen aktie");
    expect(posts[1]!.authorNickname).toBe("Bevak_Annan");
    const times = posts.map((p) => p.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("the feed paginates without overlap", async () => {
    const page1 = await watchlistFeed(db(), reader.id, 1, 2);
    const page2 = await watchlistFeed(db(), reader.id, 2, 2);
    expect(page1.hasMore).toBe(true);
    expect(page2.hasMore).toBe(false);
    expect([...page1.posts, ...page2.posts].map((p) => p.id)).toEqual([posted.tBoth, posted.c1, posted.t1]);
    expect((await watchlistFeed(db(), reader.id, 99)).posts).toEqual([]);
  });

  it("'Bevakat' has followed members' threads and watched tickers' threads, no duplicates, newest first", async () => {
    const { threads, hasMore } = await watchedThreads(db(), reader.id, 1, 10);
    expect(hasMore).toBe(false);
    expect(threads.map((t) => t.id)).toEqual([posted.tBoth, posted.tFollowed, posted.t1]);
    expect(threads[0]).toMatchObject({ title: "$INVE-B och $ATCO-A", author: { nickname: "Bevak_Följd" }, commentsCount: 0 });
    const page1 = await watchedThreads(db(), reader.id, 1, 2);
    const page2 = await watchedThreads(db(), reader.id, 2, 2);
    expect(page1.hasMore).toBe(true);
    expect([...page1.threads, ...page2.threads].map((t) => t.id)).toEqual([posted.tBoth, posted.tFollowed, posted.t1]);
  });

  it("old posts come after new ones across the growing time windows, in both lists", async () => {
    const old = await createMember(forum, { nickname: "Bevak_Gammal" });
    const author = await createMember(forum, { nickname: "Bevak_Arkiv" });
    await watchTicker(db(), old.id, "SKF-B");
    await follow(db(), old.id, author.id);
    const ago = (days: number) => new Date(Date.now() - days * 86_400_000);
    const made: string[] = [];
    for (const [days, title] of [[900, "Uråldrig $SKF-B"], [40, "Gammal $SKF-B"], [3, "Ny $SKF-B"]] as const) {
      const { id } = await createThread(db(), actor(author), { categoryId, title, body: "Text." });
      await db().update(threads).set({ createdAt: ago(days) }).where(eq(threads.id, id));
      await db().update(postTickers).set({ createdAt: ago(days) }).where(eq(postTickers.targetId, id));
      made.push(id);
    }
    const newestFirst = [...made].reverse();
    expect((await watchlistFeed(db(), old.id, 1)).posts.map((p) => p.id)).toEqual(newestFirst);
    expect((await watchedThreads(db(), old.id, 1, 10)).threads.map((t) => t.id)).toEqual(newestFirst);
    const p2 = await watchlistFeed(db(), old.id, 2, 2);
    expect(p2.posts.map((p) => p.id)).toEqual([made[0]]);
  });

  it("a member who watches and follows nothing gets empty lists", async () => {
    expect((await watchlistFeed(db(), cissi.id, 1)).posts).toEqual([]);
    expect((await watchedThreads(db(), cissi.id, 1, 10)).threads).toEqual([]);
  });
});

describe("privacy", () => {
  it("the data export lists the watched tickers, and deleting the account removes them", async () => {
    const member = await createMember(forum, { nickname: "Bevak_Gdpr" });
    await watchTicker(db(), member.id, "HM-B");
    await watchTicker(db(), member.id, "ERIC-B");
    const data = await exportMemberData(db(), member.id);
    expect(data!.watchlist.map((w) => w.ticker)).toEqual(["HM-B", "ERIC-B"]);
    expect(data!.watchlist[0]!.since).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    expect((await deleteMember(db(), member.id)).deleted).toBe(true);
    const left = await db().select().from(watchlistTickers).where(eq(watchlistTickers.userId, member.id));
    expect(left).toEqual([]);
  });
});
