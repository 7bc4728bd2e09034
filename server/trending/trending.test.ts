import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, comments, reactions, threads, threadTrending, user } from "../db/schema";
import { createThread, deleteThread } from "../forum/commands";
import { listCategories } from "../forum/queries";
import { toggleReaction } from "../reactions/commands";
import { createMember, createTestForum, type TestForum, type TestMember } from "../testing/harness";
import {
  hotKey,
  hotScore,
  percentRanks,
  type HotInputs,
} from "./formula";
import {
  getThreadTrending,
  listThreads,
  refreshTrending,
  startTrendingSchedule,
  type ThreadSort,
} from "./queries";
import { BADGE_THRESHOLDS } from "../../domain/values";

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/**
 * The controlled clock: every timestamp below is set relative to AS_OF, and the refresh is run
 * "as of" it. It is close to the real clock (whole seconds) so that the hot_score the lists compute
 * with `now()` is meaningful too.
 */
const AS_OF = new Date(Math.floor(Date.now() / 1000) * 1000);
const ago = (ms: number) => new Date(AS_OF.getTime() - ms);
const TYPES = ["bull", "bear", "like", "fire"] as const;

let forum: TestForum;
let anna: TestMember;
let defaultCategoryId: string;
const reactors: string[] = [];
/** Next free (reactor, type) pair per target, so reactions never collide on the primary key. */
const used = new Map<string, number>();
let categorySeq = 0;

const db = () => forum.services.db;
const actor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function newCategory(): Promise<string> {
  categorySeq += 1;
  const [c] = await db()
    .insert(categories)
    .values({ name: `Trend ${categorySeq} ${AS_OF.getTime()}`, description: "Testkategori för trender" })
    .returning({ id: categories.id });
  return c!.id;
}

async function newThread(createdAt: Date, categoryId = defaultCategoryId, title = "Tråd"): Promise<string> {
  const [t] = await db()
    .insert(threads)
    .values({ categoryId, authorId: anna.id, title, body: "Innehåll", createdAt })
    .returning({ id: threads.id });
  return t!.id;
}

async function newComment(threadId: string, createdAt: Date, parentId: string | null = null): Promise<string> {
  const [c] = await db()
    .insert(comments)
    .values({ threadId, parentId, authorId: anna.id, body: "Kommentar", createdAt })
    .returning({ id: comments.id });
  return c!.id;
}

/** Inserts `n` reactions from different members on one target, all created at `createdAt`. */
async function react(targetType: "thread" | "comment", targetId: string, n: number, createdAt: Date) {
  const start = used.get(targetId) ?? 0;
  if (start + n > reactors.length * TYPES.length) throw new Error("not enough reactors");
  used.set(targetId, start + n);
  const values = Array.from({ length: n }, (_, i) => ({
    userId: reactors[Math.floor((start + i) / TYPES.length)]!,
    targetType,
    targetId,
    reactionType: TYPES[(start + i) % TYPES.length]!,
    createdAt,
  }));
  if (values.length > 0) await db().insert(reactions).values(values);
}

async function stored(threadId: string) {
  const [row] = await db().select().from(threadTrending).where(eq(threadTrending.threadId, threadId));
  return row ?? null;
}

/** hot_score of stored threads as the database computes it at `asOf`. */
async function sqlHotScore(threadId: string, asOf: Date): Promise<number> {
  const r = await db().execute(sql`
    SELECT forum_hot_score(reactions_count, comments_count, created_at, ${asOf.toISOString()}::timestamptz) AS v
    FROM threads WHERE id = ${threadId}`);
  return Number(rows<{ v: number }>(r)[0]!.v);
}

/** Every page of a list, in order. */
async function allPages(sort: ThreadSort, categoryId: string, pageSize: number) {
  const ids: string[] = [];
  for (let page = 1; page < 100; page += 1) {
    const result = await listThreads(db(), { sort, categoryId, page, pageSize });
    ids.push(...result.threads.map((t) => t.id));
    if (!result.hasMore) break;
  }
  return ids;
}

beforeAll(async () => {
  forum = await createTestForum();
  anna = await createMember(forum, { nickname: "Trend_Anna" });
  defaultCategoryId = (await listCategories(db()))[0]!.id;
  // Reactors straight into the user table (the trigger creates their profiles): 30 members × 4
  // reaction types = up to 120 reactions per target.
  for (let i = 0; i < 30; i += 1) {
    const id = `trend-reactor-${i}`;
    await db()
      .insert(user)
      .values({ id, name: `Reaktor${i}`, email: `reaktor${i}@exempel.se`, username: `reaktor${i}`, displayUsername: `Reaktor${i}` });
    reactors.push(id);
  }
});
afterAll(() => forum.close());

describe("hot_score formula", () => {
  it("the TypeScript mirror agrees with forum_hot_score and forum_hot_key on a grid", async () => {
    const grid: Array<{ i: HotInputs; asOf: Date }> = [];
    for (const r of [0, 1, 3, 10, 100, 10_000, 2_147_483_647]) {
      for (const c of [0, 1, 2, 50, -3]) {
        for (const age of [-HOUR, 0, 30 * MIN, HOUR, 6 * HOUR, DAY, 3 * DAY, 249 * DAY, 251 * DAY, 20 * 365 * DAY]) {
          grid.push({ i: { reactionsCount: r, commentsCount: c, createdAt: ago(age) }, asOf: AS_OF });
        }
      }
    }
    const json = JSON.stringify(
      grid.map(({ i, asOf }, n) => ({ n, r: i.reactionsCount, c: i.commentsCount, at: i.createdAt.toISOString(), asof: asOf.toISOString() })),
    );
    const result = await db().execute(sql`
      SELECT forum_hot_score(x.r, x.c, x.at, x.asof) AS s, forum_hot_key(x.r, x.c, x.at) AS k
      FROM jsonb_to_recordset(${json}::jsonb) AS x(n int, r int, c int, at timestamptz, asof timestamptz)
      ORDER BY x.n`);
    const out = rows<{ s: number; k: number | null }>(result);
    expect(out).toHaveLength(grid.length);
    grid.forEach(({ i, asOf }, n) => {
      const s = Number(out[n]!.s);
      const expected = hotScore(i, asOf);
      expect(Math.abs(s - expected)).toBeLessThanOrEqual(Math.abs(expected) * 1e-12);
      const k = out[n]!.k === null ? null : Number(out[n]!.k);
      const key = hotKey(i);
      if (key === null) expect(k).toBeNull();
      else expect(Math.abs(k! - key)).toBeLessThan(1e-9);
    });
  });

  it("matches the worked examples of docs/trending.md", () => {
    const at = (reactionsCount: number, commentsCount: number, age: number) =>
      Math.round(hotScore({ reactionsCount, commentsCount, createdAt: ago(age) }, AS_OF) * 1000) / 1000;
    expect(at(3, 2, 30 * MIN)).toBe(1.321);
    expect(at(3, 2, HOUR)).toBe(1.247);
    expect(at(3, 2, 3 * HOUR)).toBe(0.99);
    expect(at(3, 0, 10 * MIN)).toBe(0.589);
    expect(at(12, 4, 6 * HOUR)).toBe(2);
    expect(at(30, 10, 12 * HOUR)).toBe(2.5);
    expect(at(100, 0, 3 * DAY)).toBe(0.005);
    expect(at(2000, 500, 3 * DAY)).toBe(0.146);
    expect(at(0, 0, 0)).toBe(0);
  });

  it("a fresh thread with a few reactions and comments is hot; the same thread three days old is not", async () => {
    const id = await newThread(ago(30 * MIN));
    await react("thread", id, 3, ago(20 * MIN));
    await newComment(id, ago(15 * MIN));
    await newComment(id, ago(5 * MIN));
    const fresh = await sqlHotScore(id, AS_OF);
    expect(fresh).toBeGreaterThan(BADGE_THRESHOLDS.hotAbove);
    expect(fresh).toBeCloseTo(1.3214, 3);
    // One hour old it is still hot.
    expect(await sqlHotScore(id, new Date(AS_OF.getTime() + 30 * MIN))).toBeGreaterThan(BADGE_THRESHOLDS.hotAbove);

    await db().update(threads).set({ createdAt: ago(3 * DAY) }).where(eq(threads.id, id));
    expect(await sqlHotScore(id, AS_OF)).toBeLessThan(BADGE_THRESHOLDS.hotAbove);
    // Even with a hundred more reactions, a three-day-old thread is not hot.
    await react("thread", id, 100, ago(3 * DAY - HOUR));
    const old = await sqlHotScore(id, AS_OF);
    expect(old).toBeLessThan(BADGE_THRESHOLDS.hotAbove);
    expect(old).toBeCloseTo(hotScore({ reactionsCount: 103, commentsCount: 2, createdAt: ago(3 * DAY) }, AS_OF), 12);
  });

  it("ordering by the clock-independent key is ordering by hot_score at any later moment", () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const threadsList: HotInputs[] = Array.from({ length: 300 }, () => ({
      reactionsCount: Math.floor(rand() * 50),
      commentsCount: Math.floor(rand() * 20),
      createdAt: ago(rand() * 5 * DAY),
    }));
    for (const later of [0, HOUR, DAY, 3 * DAY]) {
      const at = new Date(AS_OF.getTime() + later);
      for (let i = 0; i < threadsList.length; i += 1) {
        for (let j = 0; j < threadsList.length; j += 7) {
          const a = threadsList[i]!;
          const b = threadsList[j]!;
          const ka = hotKey(a) ?? -Infinity;
          const kb = hotKey(b) ?? -Infinity;
          const sa = hotScore(a, at);
          const sb = hotScore(b, at);
          if (sa > sb * (1 + 1e-9)) expect(ka).toBeGreaterThan(kb);
          if (sb > sa * (1 + 1e-9)) expect(kb).toBeGreaterThan(ka);
        }
      }
    }
  });
});

describe("reactions_last_1h", () => {
  it("counts only reactions of the last hour, on the thread and on its comments and replies", async () => {
    const id = await newThread(ago(3 * HOUR));
    const comment = await newComment(id, ago(2 * HOUR));
    const reply = await newComment(id, ago(90 * MIN), comment);
    await react("thread", id, 2, ago(10 * MIN)); // in
    await react("comment", comment, 1, ago(30 * MIN)); // in
    await react("comment", reply, 1, ago(59 * MIN)); // in
    await react("thread", id, 4, ago(61 * MIN)); // out: older than an hour
    await react("thread", id, 1, ago(2 * HOUR)); // out
    await react("thread", id, 1, new Date(AS_OF.getTime() + 5 * MIN)); // out: after as_of

    await refreshTrending(db(), AS_OF);
    expect((await stored(id))!.reactionsLast1h).toBe(4);
    // Half an hour later the two oldest in-window reactions have left, the later one has come.
    await refreshTrending(db(), new Date(AS_OF.getTime() + 30 * MIN));
    expect((await stored(id))!.reactionsLast1h).toBe(3);
    await refreshTrending(db(), new Date(AS_OF.getTime() + 3 * HOUR));
    expect((await stored(id))!.reactionsLast1h).toBe(0);
    await refreshTrending(db(), AS_OF);
    expect((await stored(id))!.reactionsLast1h).toBe(4);
  });

  it("a new reaction counts at once, on the thread or a comment, and removing it takes it off", async () => {
    const bertil = await createMember(forum, { nickname: "Trend_Bertil" });
    const { id } = await createThread(db(), actor(anna), { categoryId: defaultCategoryId, title: "Ny", body: "Text" });
    const comment = await newComment(id, new Date());
    expect((await getThreadTrending(db(), id))!.reactionsLast1h).toBe(0);
    await toggleReaction(db(), actor(bertil), { targetType: "thread", targetId: id, reactionType: "fire" });
    await toggleReaction(db(), actor(bertil), { targetType: "comment", targetId: comment, reactionType: "bull" });
    expect((await getThreadTrending(db(), id))!.reactionsLast1h).toBe(2);
    await toggleReaction(db(), actor(bertil), { targetType: "thread", targetId: id, reactionType: "fire" });
    expect((await getThreadTrending(db(), id))!.reactionsLast1h).toBe(1);
    // The refresh agrees with what the triggers kept.
    await refreshTrending(db());
    expect((await getThreadTrending(db(), id))!.reactionsLast1h).toBe(1);
  });

  it("deleting a comment takes its recent reactions off its thread's count", async () => {
    const id = await newThread(new Date());
    const comment = await newComment(id, new Date());
    const reply = await newComment(id, new Date(), comment);
    await react("thread", id, 1, new Date());
    await react("comment", comment, 2, new Date());
    await react("comment", reply, 3, new Date());
    expect((await stored(id))!.reactionsLast1h).toBe(6);
    await db().delete(comments).where(eq(comments.id, comment)); // the reply goes with it
    expect((await stored(id))!.reactionsLast1h).toBe(1);
  });
});

describe("pct_rank", () => {
  it("is the percentile of hot_score among all threads; the top of twenty is in the top 10 %", async () => {
    const categoryId = await newCategory();
    const ids: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const id = await newThread(ago(20 * MIN + i * MIN), categoryId, `Percentil ${i}`);
      // 19 has the most reactions and is the newest-but-one; 0 has none.
      await react("thread", id, i * 3, ago(10 * MIN));
      ids.push(id);
    }
    await refreshTrending(db(), AS_OF);

    const all = await db()
      .select({
        id: threads.id,
        reactionsCount: threads.reactionsCount,
        commentsCount: threads.commentsCount,
        createdAt: threads.createdAt,
        pctRank: threadTrending.pctRank,
      })
      .from(threads)
      .leftJoin(threadTrending, eq(threadTrending.threadId, threads.id));
    const expected = percentRanks(all.map((t) => hotKey(t)));
    all.forEach((t, n) => expect(t.pctRank).toBe(expected[n]));

    const top = all.find((t) => t.id === ids[19])!;
    expect(top.pctRank).toBeGreaterThanOrEqual(BADGE_THRESHOLDS.topFrom);
    expect(top.pctRank).toBe(1);
    expect(all.find((t) => t.id === ids[0])!.pctRank).toBe(0);
    // Nothing changed: a second refresh writes nothing.
    expect(await refreshTrending(db(), AS_OF)).toBe(0);
  });

  it("a new thread without activity has percentile 0 at once", async () => {
    const { id } = await createThread(db(), actor(anna), { categoryId: defaultCategoryId, title: "Tom", body: "Text" });
    expect(await getThreadTrending(db(), id)).toEqual({ hotScore: 0, reactionsLast1h: 0, pctRank: 0 });
  });

  it("a stored 0.9 reads back as 0.9, so the 'Top 10%' threshold is exact", async () => {
    const id = await newThread(ago(HOUR));
    await db().update(threadTrending).set({ pctRank: 0.9 }).where(eq(threadTrending.threadId, id));
    expect((await getThreadTrending(db(), id))!.pctRank).toBe(0.9);
    const categoryId = (await db().select({ c: threads.categoryId }).from(threads).where(eq(threads.id, id)))[0]!.c;
    const listed = (await listThreads(db(), { sort: "latest", categoryId, page: 1, pageSize: 100 })).threads;
    expect(listed.find((t) => t.id === id)!.pctRank).toBe(0.9);
  });
});

describe("listThreads", () => {
  let categoryId: string;
  const t: Record<"A" | "B" | "C" | "D" | "E", string> = { A: "", B: "", C: "", D: "", E: "" };

  beforeAll(async () => {
    categoryId = await newCategory();
    t.A = await newThread(ago(5 * HOUR), categoryId, "A");
    await newComment(t.A, ago(4 * HOUR));
    await newComment(t.A, ago(3 * HOUR));
    t.B = await newThread(ago(HOUR), categoryId, "B");
    t.C = await newThread(ago(3 * HOUR), categoryId, "C");
    await react("thread", t.C, 7, ago(2 * HOUR));
    await react("thread", t.C, 3, ago(20 * MIN));
    t.D = await newThread(ago(10 * MIN), categoryId, "D");
    await react("thread", t.D, 1, ago(5 * MIN));
    t.E = await newThread(ago(2 * DAY), categoryId, "E");
    await react("thread", t.E, 50, ago(2 * DAY - HOUR));
    await refreshTrending(db(), AS_OF);
  });

  const order = async (sort: ThreadSort, category?: string) =>
    (await listThreads(db(), { sort, categoryId: category, page: 1, pageSize: 100 })).threads.map((r) => r.id);
  const mine = (ids: string[]) => ids.filter((id) => Object.values(t).includes(id));
  const named = (...names: Array<keyof typeof t>) => names.map((n) => t[n]);

  it("Senaste: newest first", async () => {
    expect(await order("latest", categoryId)).toEqual(named("D", "B", "C", "A", "E"));
    expect(mine(await order("latest"))).toEqual(named("D", "B", "C", "A", "E"));
  });

  it("Trendar: reactions in the last hour, then newest first", async () => {
    const list = (await listThreads(db(), { sort: "trending", categoryId, page: 1 })).threads;
    expect(list.map((r) => r.id)).toEqual(named("C", "D", "B", "A", "E"));
    expect(list.map((r) => r.reactionsLast1h)).toEqual([3, 1, 0, 0, 0]);
    expect(list[0]!.reactionsLast1h).toBeGreaterThanOrEqual(BADGE_THRESHOLDS.fastFrom);
    expect(mine(await order("trending"))).toEqual(named("C", "D", "B", "A", "E"));
  });

  it("Populära: hot_score descending, threads without activity last", async () => {
    const list = (await listThreads(db(), { sort: "popular", categoryId, page: 1 })).threads;
    expect(list.map((r) => r.id)).toEqual(named("C", "A", "D", "E", "B"));
    const scores = list.map((r) => r.hotScore!);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(scores[0]).toBeGreaterThan(BADGE_THRESHOLDS.hotAbove); // C: 10 reactions in 3 hours
    expect(scores[4]).toBe(0); // B: nothing yet
    expect(mine(await order("popular"))).toEqual(named("C", "A", "D", "E", "B"));
  });

  it("rows carry the thread row fields and the three figures", async () => {
    const [c] = (await listThreads(db(), { sort: "trending", categoryId, page: 1, pageSize: 1 })).threads;
    expect(c).toMatchObject({
      id: t.C,
      categoryId,
      title: "C",
      commentsCount: 0,
      reactionsCount: 10,
      author: { id: anna.id, nickname: "Trend_Anna" },
      reactionsLast1h: 3,
    });
    expect(c!.createdAt).toBe(ago(3 * HOUR).toISOString());
    expect(c!.hotScore).toBeCloseTo(2 * 2 ** -0.5, 2);
    expect(c!.pctRank).toBeGreaterThan(0);
  });

  it("paginates every list without gaps or overlaps", async () => {
    for (const sort of ["latest", "trending", "popular"] as const) {
      const full = await order(sort, categoryId);
      const p1 = await listThreads(db(), { sort, categoryId, page: 1, pageSize: 2 });
      const p3 = await listThreads(db(), { sort, categoryId, page: 3, pageSize: 2 });
      const p4 = await listThreads(db(), { sort, categoryId, page: 4, pageSize: 2 });
      expect(p1.threads).toHaveLength(2);
      expect(p1.hasMore).toBe(true);
      expect(p3.threads.map((r) => r.id)).toEqual(full.slice(4));
      expect(p3.hasMore).toBe(false);
      expect(p4).toEqual({ threads: [], hasMore: false });
      expect(await allPages(sort, categoryId, 2)).toEqual(full);
    }
    // Default page size is 20; bad page numbers mean page 1; a bad category id finds nothing.
    const five = await listThreads(db(), { sort: "latest", categoryId, page: 0 });
    expect(five.threads).toHaveLength(5);
    expect(five.hasMore).toBe(false);
    expect((await listThreads(db(), { sort: "latest", categoryId, page: Number.NaN, pageSize: 5 })).hasMore).toBe(false);
    expect((await listThreads(db(), { sort: "latest", page: 1, pageSize: 3 })).threads).toHaveLength(3);
    expect(await listThreads(db(), { sort: "popular", categoryId: "inte-ett-id", page: 1 })).toEqual({
      threads: [],
      hasMore: false,
    });
  });
});

describe("missing and deleted figures", () => {
  it("a thread without a thread_trending row shows nulls, and the next refresh restores it", async () => {
    const categoryId = await newCategory();
    const id = await newThread(ago(20 * MIN), categoryId);
    await react("thread", id, 2, ago(10 * MIN));
    await db().delete(threadTrending).where(eq(threadTrending.threadId, id));

    const figures = await getThreadTrending(db(), id);
    expect(figures!.reactionsLast1h).toBeNull();
    expect(figures!.pctRank).toBeNull();
    expect(figures!.hotScore).toBeGreaterThan(0); // computed from the thread row, never missing
    const [row] = (await listThreads(db(), { sort: "latest", categoryId, page: 1 })).threads;
    expect(row).toMatchObject({ id, reactionsLast1h: null, pctRank: null });
    expect((await listThreads(db(), { sort: "popular", categoryId, page: 1 })).threads).toHaveLength(1);
    expect((await listThreads(db(), { sort: "trending", categoryId, page: 1 })).threads).toHaveLength(0);

    await refreshTrending(db(), AS_OF);
    expect(await getThreadTrending(db(), id)).toMatchObject({ reactionsLast1h: 2 });
    expect((await listThreads(db(), { sort: "trending", categoryId, page: 1 })).threads).toHaveLength(1);
  });

  it("a missing thread or a bad id gives null", async () => {
    expect(await getThreadTrending(db(), "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await getThreadTrending(db(), "inte-ett-id")).toBeNull();
  });

  it("deleting a thread removes its row, also with comments and reactions of the last hour", async () => {
    const mod = await createMember(forum, { nickname: "Trend_Mod", role: "moderator" });
    const id = await newThread(new Date());
    const comment = await newComment(id, new Date());
    await react("thread", id, 3, new Date());
    await react("comment", comment, 2, new Date());
    expect((await stored(id))!.reactionsLast1h).toBe(5);
    await deleteThread(db(), actor(mod), id);
    expect(await stored(id)).toBeNull();
    expect(await getThreadTrending(db(), id)).toBeNull();
  });

  it("moving a thread in time or category moves its copy too", async () => {
    const categoryId = await newCategory();
    const id = await newThread(ago(HOUR));
    await db().update(threads).set({ createdAt: ago(2 * DAY), categoryId }).where(eq(threads.id, id));
    expect(await stored(id)).toMatchObject({ categoryId, createdAt: ago(2 * DAY) });
  });
});

describe("the spec's trending views", () => {
  it("thread_hot_score, thread_velocity and thread_percentile return the figures for listed ids", async () => {
    const a = await newThread(ago(30 * MIN));
    await react("thread", a, 6, ago(10 * MIN));
    const b = await newThread(ago(2 * HOUR));
    await refreshTrending(db(), AS_OF);
    const ids = [a, b];

    const hot = rows<{ thread_id: string; hot_score: number }>(
      await db().execute(sql`
        SELECT v.thread_id, v.hot_score,
               forum_hot_score(t.reactions_count, t.comments_count, t.created_at, now()) AS expected
        FROM thread_hot_score v JOIN threads t ON t.id = v.thread_id
        WHERE v.thread_id IN (${sql.join(ids, sql`, `)})`),
    ) as Array<{ thread_id: string; hot_score: number; expected: number }>;
    expect(hot).toHaveLength(2);
    for (const r of hot) expect(Number(r.hot_score)).toBe(Number(r.expected));
    expect(Number(hot.find((r) => r.thread_id === a)!.hot_score)).toBeGreaterThan(1);
    expect(Number(hot.find((r) => r.thread_id === b)!.hot_score)).toBe(0);

    const velocity = rows<{ thread_id: string; reactions_last_1h: number }>(
      await db().execute(sql`SELECT * FROM thread_velocity WHERE thread_id IN (${sql.join(ids, sql`, `)}) ORDER BY reactions_last_1h DESC`),
    );
    expect(velocity.map((r) => [r.thread_id, Number(r.reactions_last_1h)])).toEqual([
      [a, 6],
      [b, 0],
    ]);

    const pct = rows<{ thread_id: string; pct_rank: number }>(
      await db().execute(sql`SELECT * FROM thread_percentile WHERE thread_id IN (${sql.join(ids, sql`, `)})`),
    );
    expect(pct).toHaveLength(2);
    for (const r of pct) expect(Number(r.pct_rank)).toBe((await getThreadTrending(db(), r.thread_id))!.pctRank);
    expect(Number(pct.find((r) => r.thread_id === b)!.pct_rank)).toBe(0);

    // Ids without figures: an empty result, not an error.
    const none = "00000000-0000-4000-8000-000000000000";
    for (const view of ["thread_hot_score", "thread_velocity", "thread_percentile"]) {
      const r = await db().execute(sql`SELECT * FROM ${sql.identifier(view)} WHERE thread_id = ${none}`);
      expect(rows(r)).toEqual([]);
    }
  });
});

describe("startTrendingSchedule", () => {
  it("refreshes once at the start and stops", async () => {
    const id = await newThread(ago(10 * MIN));
    await db().delete(threadTrending).where(eq(threadTrending.threadId, id));
    const refreshed = new Promise<number>((resolve) => {
      const stop = startTrendingSchedule(db(), 60_000, {
        onRefresh: (changed) => {
          stop();
          resolve(changed);
        },
      });
    });
    expect(await refreshed).toBeGreaterThanOrEqual(1);
    expect(await stored(id)).not.toBeNull();
  });

  it("reports a failure to onError and keeps going", async () => {
    const errors: unknown[] = [];
    const broken = { execute: () => Promise.reject(new Error("nere")) } as unknown as ReturnType<typeof db>;
    const stop = startTrendingSchedule(broken, 60_000, { onError: (e) => errors.push(e) });
    await new Promise((r) => setTimeout(r, 20));
    stop();
    expect(errors).toHaveLength(1);
  });

  it("with immediately: false waits one interval", async () => {
    let runs = 0;
    const stop = startTrendingSchedule(db(), 60_000, { immediately: false, onRefresh: () => (runs += 1) });
    await new Promise((r) => setTimeout(r, 50));
    stop();
    expect(runs).toBe(0);
  });
});

describe("listed ids stay consistent with thread rows", () => {
  it("every thread has exactly one thread_trending row after a refresh", async () => {
    await refreshTrending(db(), AS_OF);
    const [counts] = rows<{ threads: number; trending: number; orphans: number }>(
      await db().execute(sql`
        SELECT (SELECT count(*)::int FROM threads) AS threads,
               (SELECT count(*)::int FROM thread_trending) AS trending,
               (SELECT count(*)::int FROM thread_trending tt WHERE NOT EXISTS (SELECT 1 FROM threads t WHERE t.id = tt.thread_id)) AS orphans`),
    );
    expect(counts!.threads).toBe(counts!.trending);
    expect(counts!.orphans).toBe(0);
    const ids = (await db().select({ id: threads.id }).from(threads)).map((r) => r.id);
    const withRows = await db().select({ id: threadTrending.threadId }).from(threadTrending).where(inArray(threadTrending.threadId, ids));
    expect(withRows).toHaveLength(ids.length);
  });
});
