import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles } from "../db/schema";
import { createComment, createThread, deleteThread } from "../forum/commands";
import { listCategories } from "../forum/queries";
import { toggleReaction } from "../reactions/commands";
import { createMember, createTestForum, type TestForum, type TestMember } from "../testing/harness";
import {
  EDGE_LEVEL_TERMS,
  edgeLevel,
  edgeLevelOfProfile,
  refreshEdgeLevels,
  startEdgeLevelSchedule,
  type EdgeLevelInputs,
} from "./edge-level";

const DAY = 86_400_000;
const NOW = new Date("2026-06-01T12:00:00.000Z");
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
const inputs = (over: Partial<EdgeLevelInputs> = {}): EdgeLevelInputs => ({
  threadsCount: 0,
  commentsCount: 0,
  reactionsGiven: 0,
  reactionsReceived: 0,
  lastActivityAt: NOW,
  ...over,
});
const KEYS = ["threadsCount", "commentsCount", "reactionsGiven", "reactionsReceived"] as const;

let forum: TestForum;
let anna: TestMember;
let bertil: TestMember;
let categoryId: string;

const actor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });

async function profile(id: string) {
  const [p] = await forum.services.db.select().from(profiles).where(eq(profiles.id, id));
  return p!;
}

/** Runs `forum_edge_level` on many input rows in one query, in order. */
async function sqlEdgeLevels(rows: Array<{ i: EdgeLevelInputs; now: Date }>): Promise<number[]> {
  const json = JSON.stringify(
    rows.map(({ i, now }, n) => ({
      n,
      t: i.threadsCount,
      c: i.commentsCount,
      g: i.reactionsGiven,
      r: i.reactionsReceived,
      last: i.lastActivityAt?.toISOString() ?? null,
      now: now.toISOString(),
    })),
  );
  const result = await forum.services.db.execute(sql`
    SELECT forum_edge_level(x.t, x.c, x.g, x.r, x.last, x.now)::float8 AS v
    FROM jsonb_to_recordset(${json}::jsonb) AS x(n int, t int, c int, g int, r int, last timestamptz, now timestamptz)
    ORDER BY x.n`);
  return (result as unknown as { rows: Array<{ v: number }> }).rows.map((row) => Number(row.v));
}

beforeAll(async () => {
  forum = await createTestForum();
  anna = await createMember(forum, { nickname: "Edge_Anna" });
  bertil = await createMember(forum, { nickname: "Edge-Bertil" });
  categoryId = (await listCategories(forum.services.db))[0]!.id;
});
afterAll(() => forum.close());

describe("EdgeLevel formula cases", () => {
  it("no activity gives 0, and a new member starts at 0", async () => {
    expect(edgeLevel(inputs(), NOW)).toBe(0);
    expect(edgeLevel(inputs({ lastActivityAt: null }), NOW)).toBe(0);
    expect((await profile(anna.id)).edgeLevel).toBe(0);
  });

  it("rises with every input, and reactions received count more than reactions given", () => {
    for (const key of KEYS) {
      let previous = -1;
      for (const n of [0, 1, 2, 5, 10, 50, 100, 200]) {
        const value = edgeLevel(inputs({ [key]: n }), NOW);
        expect(value, `${key}=${n}`).toBeGreaterThan(previous);
        previous = value;
      }
      // Near the ceiling the 32-bit value stops changing; it never goes down.
      for (const n of [500, 1000, 10_000, 1_000_000]) {
        const value = edgeLevel(inputs({ [key]: n }), NOW);
        expect(value, `${key}=${n}`).toBeGreaterThanOrEqual(previous);
        previous = value;
      }
    }
    for (const n of [1, 10, 100, 1000]) {
      expect(edgeLevel(inputs({ reactionsReceived: n }), NOW)).toBeGreaterThan(
        edgeLevel(inputs({ reactionsGiven: n }), NOW),
      );
    }
  });

  it("saturates: no single activity can be farmed to 1", () => {
    expect(edgeLevel(inputs({ reactionsGiven: 10_000 }), NOW)).toBeLessThan(0.25);
    expect(edgeLevel(inputs({ reactionsGiven: 10_000 }), NOW)).toBeCloseTo(EDGE_LEVEL_TERMS.given.weight, 6);
    for (const key of KEYS) {
      expect(edgeLevel(inputs({ [key]: 2_147_483_647 }), NOW), key).toBeLessThanOrEqual(0.35 + 1e-7);
    }
    const weights = Object.values(EDGE_LEVEL_TERMS).map((t) => t.weight);
    expect(weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(Math.max(...weights)).toBeLessThan(0.5);
  });

  it("is clamped to 0..1 for any input, including negative and absurd values", () => {
    const everything = inputs({
      threadsCount: 2_147_483_647,
      commentsCount: 2_147_483_647,
      reactionsGiven: 2_147_483_647,
      reactionsReceived: 2_147_483_647,
    });
    expect(edgeLevel(everything, NOW)).toBeLessThanOrEqual(1);
    expect(edgeLevel(everything, NOW)).toBeGreaterThan(0.99);
    expect(edgeLevel(inputs({ threadsCount: -5, commentsCount: Number.NaN }), NOW)).toBe(0);
    expect(edgeLevel({ ...everything, lastActivityAt: ago(365 * 100) }, NOW)).toBeGreaterThanOrEqual(0);
    expect(edgeLevel({ ...everything, lastActivityAt: new Date(NOW.getTime() + 10 * DAY) }, NOW)).toBe(
      edgeLevel(everything, NOW),
    );
  });

  it("decays with inactivity: flat for 30 days, then halves every 90 days", () => {
    const active = inputs({ threadsCount: 20, commentsCount: 150, reactionsGiven: 400, reactionsReceived: 300 });
    const at = (days: number) => edgeLevel({ ...active, lastActivityAt: ago(days) }, NOW);
    expect(at(0)).toBeCloseTo(0.8603, 4);
    expect(at(30)).toBe(at(0));
    expect(at(120) / at(0)).toBeCloseTo(0.5, 6);
    expect(at(210) / at(0)).toBeCloseTo(0.25, 6);
    let previous = at(30);
    for (const days of [31, 60, 100, 200, 365, 1000]) {
      expect(at(days), `${days} days`).toBeLessThan(previous);
      previous = at(days);
    }
  });

  it("gives the worked examples of docs/edge-level.md", () => {
    const pct = (i: Partial<EdgeLevelInputs>) => Math.round(edgeLevel(inputs(i), NOW) * 100);
    expect(pct({ reactionsGiven: 12, lastActivityAt: ago(3) })).toBe(1); // lurker
    expect(pct({ threadsCount: 1, commentsCount: 3, reactionsGiven: 5, reactionsReceived: 2 })).toBe(4); // new poster
    expect(pct({ threadsCount: 5, commentsCount: 40, reactionsGiven: 60, reactionsReceived: 50 })).toBe(36); // regular
    expect(pct({ threadsCount: 20, commentsCount: 150, reactionsGiven: 400, reactionsReceived: 300 })).toBe(86); // active
    expect(pct({ reactionsGiven: 10_000 })).toBe(10); // reaction farmer
    expect(pct({ threadsCount: 500 })).toBe(25); // thread spammer
    expect(
      pct({ threadsCount: 60, commentsCount: 500, reactionsGiven: 800, reactionsReceived: 1500, lastActivityAt: ago(300) }),
    ).toBe(12); // inactive veteran
  });
});

describe("EdgeLevel in SQL and TypeScript", () => {
  it("forum_edge_level and edgeLevel agree on a grid of inputs", async () => {
    const counts = [0, 1, 4, 37, 260, 2_147_483_647];
    const lasts: Array<Date | null> = [null, NOW, ago(29.5), ago(31), ago(123.25), ago(800), ago(365 * 50), ago(-3)];
    const rows: Array<{ i: EdgeLevelInputs; now: Date }> = [];
    for (const t of counts)
      for (const c of counts)
        for (const g of counts)
          for (const r of counts)
            for (const last of lasts) {
              rows.push({
                i: { threadsCount: t, commentsCount: c, reactionsGiven: g, reactionsReceived: r, lastActivityAt: last },
                now: NOW,
              });
            }
    const fromSql = await sqlEdgeLevels(rows);
    expect(fromSql).toHaveLength(rows.length);
    let worst = 0;
    rows.forEach((row, n) => {
      const fromTs = edgeLevel(row.i, row.now);
      worst = Math.max(worst, Math.abs(fromTs - fromSql[n]!));
      expect(fromSql[n]!).toBeGreaterThanOrEqual(0);
      expect(fromSql[n]!).toBeLessThanOrEqual(1);
    });
    expect(worst).toBeLessThan(1e-6);
  });

  it("forum_edge_level treats NULL and negative counts as 0", async () => {
    const result = await forum.services.db.execute(
      sql`SELECT forum_edge_level(NULL, -3, NULL, NULL, NULL, now())::float8 AS v`,
    );
    expect(Number((result as unknown as { rows: Array<{ v: number }> }).rows[0]!.v)).toBe(0);
  });
});

/** Thrown inside a transaction to roll it back. */
class Rollback extends Error {}

/**
 * Runs `write` in a transaction that is rolled back, and returns the member's EdgeLevel as seen
 * inside it, after the write.
 */
async function levelInsideRolledBack(memberId: string, write: (tx: TestForum["services"]["db"]) => Promise<unknown>) {
  let inside: number | undefined;
  await expect(
    forum.services.db.transaction(async (tx) => {
      await write(tx);
      const [row] = await tx.select({ edgeLevel: profiles.edgeLevel }).from(profiles).where(eq(profiles.id, memberId));
      inside = row!.edgeLevel;
      throw new Rollback();
    }),
  ).rejects.toBeInstanceOf(Rollback);
  return inside!;
}

describe("EdgeLevel kept current on every relevant write", () => {
  let threadId: string;

  it("createThread raises the author's level in the same transaction", async () => {
    const before = await profile(anna.id);
    const inside = await levelInsideRolledBack(anna.id, (tx) =>
      createThread(tx, actor(anna), { categoryId, title: "Ångrad tråd", body: "Rullas tillbaka." }),
    );
    expect(inside).toBeGreaterThan(before.edgeLevel);
    expect((await profile(anna.id)).edgeLevel).toBe(before.edgeLevel);

    threadId = (await createThread(forum.services.db, actor(anna), { categoryId, title: "Volvo inför rapporten", body: "Vad tror ni?" })).id;
    const after = await profile(anna.id);
    expect(after.threadsCount).toBe(before.threadsCount + 1);
    expect(after.edgeLevel).toBe(inside);
    expect(after.lastActivityAt).not.toBeNull();
    expect(after.edgeLevel).toBeCloseTo(edgeLevelOfProfile(after, new Date()), 6);
  });

  it("createComment raises the commenter's level in the same transaction", async () => {
    const before = await profile(bertil.id);
    const inside = await levelInsideRolledBack(bertil.id, (tx) =>
      createComment(tx, actor(bertil), threadId, { body: "Rapporten ser stark ut." }),
    );
    expect(inside).toBeGreaterThan(before.edgeLevel);
    expect((await profile(bertil.id)).edgeLevel).toBe(before.edgeLevel);

    await createComment(forum.services.db, actor(bertil), threadId, { body: "Rapporten ser stark ut." });
    const after = await profile(bertil.id);
    expect(after.commentsCount).toBe(1);
    expect(after.edgeLevel).toBe(inside);
    expect(after.edgeLevel).toBeCloseTo(edgeLevelOfProfile(after, new Date()), 6);
  });

  it("toggleReaction raises giver and receiver (the receiver more) and lowers them when undone", async () => {
    const reaction = { targetType: "thread", targetId: threadId, reactionType: "bull" };
    const annaBefore = await profile(anna.id);
    const bertilBefore = await profile(bertil.id);
    const insideAnna = await levelInsideRolledBack(anna.id, (tx) => toggleReaction(tx, actor(bertil), reaction));
    expect(insideAnna).toBeGreaterThan(annaBefore.edgeLevel);
    expect((await profile(anna.id)).edgeLevel).toBe(annaBefore.edgeLevel);

    expect(await toggleReaction(forum.services.db, actor(bertil), reaction)).toMatchObject({ active: true });
    const annaAfter = await profile(anna.id);
    const bertilAfter = await profile(bertil.id);
    expect(annaAfter.reactionsReceived).toBe(1);
    expect(bertilAfter.reactionsGiven).toBe(1);
    expect(annaAfter.edgeLevel).toBe(insideAnna);
    expect(bertilAfter.edgeLevel).toBeGreaterThan(bertilBefore.edgeLevel);
    expect(annaAfter.edgeLevel - annaBefore.edgeLevel).toBeGreaterThan(bertilAfter.edgeLevel - bertilBefore.edgeLevel);
    expect(annaAfter.edgeLevel).toBeCloseTo(edgeLevelOfProfile(annaAfter, new Date()), 6);
    expect(bertilAfter.edgeLevel).toBeCloseTo(edgeLevelOfProfile(bertilAfter, new Date()), 6);

    expect(await toggleReaction(forum.services.db, actor(bertil), reaction)).toMatchObject({ active: false });
    expect((await profile(anna.id)).edgeLevel).toBe(annaBefore.edgeLevel);
    expect((await profile(bertil.id)).edgeLevel).toBeCloseTo(bertilBefore.edgeLevel, 6);
  });

  it("deleting a thread lowers the author's level", async () => {
    const before = await profile(anna.id);
    await deleteThread(forum.services.db, actor(anna), threadId);
    const after = await profile(anna.id);
    expect(after.threadsCount).toBe(before.threadsCount - 1);
    expect(after.edgeLevel).toBeLessThan(before.edgeLevel);
    expect(after.edgeLevel).toBeCloseTo(edgeLevelOfProfile(after, new Date()), 6);
  });

  it("other profile updates leave it alone; last_activity_at recomputes it", async () => {
    const db = forum.services.db;
    const before = await profile(anna.id);
    await db.update(profiles).set({ bio: "Långsiktig." }).where(eq(profiles.id, anna.id));
    expect((await profile(anna.id)).edgeLevel).toBe(before.edgeLevel);

    await createThread(db, actor(anna), { categoryId, title: "Ny tråd", body: "Innehåll." });
    const active = await profile(anna.id);
    const longAgo = new Date(Date.now() - 300 * DAY);
    await db.update(profiles).set({ lastActivityAt: longAgo }).where(eq(profiles.id, anna.id));
    const inactive = await profile(anna.id);
    expect(inactive.edgeLevel).toBeLessThan(active.edgeLevel / 4);
    expect(inactive.edgeLevel).toBeCloseTo(edgeLevelOfProfile(inactive, new Date()), 6);
  });
});

describe("EdgeLevel refresh (decay without writes)", () => {
  it("refreshEdgeLevels recomputes decayed members for a given moment, and back", async () => {
    const db = forum.services.db;
    await db.update(profiles).set({ lastActivityAt: new Date() }).where(eq(profiles.id, anna.id));
    const today = await profile(anna.id);
    expect(today.edgeLevel).toBeGreaterThan(0);

    const later = new Date(Date.now() + 200 * DAY);
    expect(await refreshEdgeLevels(db, later)).toBeGreaterThanOrEqual(1);
    const decayed = await profile(anna.id);
    expect(decayed.edgeLevel).toBeLessThan(today.edgeLevel);
    expect(decayed.edgeLevel).toBeCloseTo(edgeLevelOfProfile(decayed, later), 6);
    expect(await refreshEdgeLevels(db, later)).toBe(0);

    expect(await refreshEdgeLevels(db)).toBeGreaterThanOrEqual(1);
    expect((await profile(anna.id)).edgeLevel).toBe(today.edgeLevel);
  });

  it("startEdgeLevelSchedule refreshes right away and on every interval until stopped", async () => {
    const runs: number[] = [];
    const stop = startEdgeLevelSchedule(forum.services.db, 25, { onRefresh: (n) => runs.push(n) });
    await expect.poll(() => runs.length, { timeout: 5000 }).toBeGreaterThanOrEqual(3);
    stop();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const settled = runs.length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(runs.length).toBe(settled);
  });
});
