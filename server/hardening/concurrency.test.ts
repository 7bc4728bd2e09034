/**
 * Concurrency: racing reaction toggles leave every counter equal to the rows
 * it counts, on PGlite (one connection) and on PostgreSQL (a pool of 10, real parallelism).
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, threads } from "../db/schema";
import { createComment, createThread } from "../forum/commands";
import { listCategories } from "../forum/queries";
import { toggleReaction } from "../reactions/commands";
import { createMember, createTestForum, type TestForum, type TestMember } from "../testing/harness";

let forum: TestForum;
let author: TestMember;
let threadId: string;
const db = () => forum.services.db;
const actor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });

beforeAll(async () => {
  forum = await createTestForum();
  author = await createMember(forum, { nickname: "Samtidig" });
  const [category] = await listCategories(db());
  ({ id: threadId } = await createThread(db(), actor(author), { categoryId: category!.id, title: "Rusning", body: "Alla reagerar." }));
});
afterAll(async () => forum?.close());

async function counts() {
  const [row] = (await db().execute(sql`
    SELECT t.reactions_count AS counter,
           (SELECT count(*)::int FROM reactions r WHERE r.target_type = 'thread' AND r.target_id = t.id) AS rows,
           p.reactions_received AS received
      FROM threads t JOIN profiles p ON p.id = t.author_id WHERE t.id = ${threadId}::uuid`) as unknown as { rows: Array<{ counter: number; rows: number; received: number }> }).rows;
  return row!;
}

describe("reaction races", () => {
  it("50 concurrent toggles of the same reaction by one member leave the count equal to the rows", async () => {
    const fan = await createMember(forum);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => toggleReaction(db(), actor(fan), { targetType: "thread", targetId: threadId, reactionType: "bull" })),
    );
    // Every toggle either succeeded or was refused with an expected error, never a crash.
    for (const r of results) if (r.status === "rejected") expect((r.reason as Error).name).toBe("ForumError");
    const c = await counts();
    expect(c.counter).toBe(c.rows);
    expect(c.rows === 0 || c.rows === 1).toBe(true);
    const [given] = await db().select({ n: profiles.reactionsGiven }).from(profiles).where(eq(profiles.id, fan.id));
    expect(given!.n).toBe(c.rows);
  });

  it("50 members reacting at once: 50 rows, counters 50 more", async () => {
    const before = await counts();
    const members = await Promise.all(Array.from({ length: 50 }, () => createMember(forum)));
    await Promise.all(
      members.map((m) => toggleReaction(db(), actor(m), { targetType: "thread", targetId: threadId, reactionType: "fire" })),
    );
    const after = await counts();
    expect(after.rows).toBe(before.rows + 50);
    expect(after.counter).toBe(after.rows);
    expect(after.received).toBe(after.rows);
    const [t] = await db().select({ n: threads.reactionsCount }).from(threads).where(eq(threads.id, threadId));
    expect(t!.n).toBe(after.rows);
  });
});

describe("comment races", () => {
  // Two comments on one thread used to deadlock on PostgreSQL (each took FOR SHARE on the thread
  // row, then the counter trigger needed to upgrade it): 19 of 20 failed with 500.
  it("20 members commenting on one thread at once: 20 comments, counter 20 more", async () => {
    const [before] = await db().select({ n: threads.commentsCount }).from(threads).where(eq(threads.id, threadId));
    const members = await Promise.all(Array.from({ length: 20 }, () => createMember(forum)));
    const results = await Promise.allSettled(
      members.map((m, i) => createComment(db(), actor(m), threadId, { body: `Samtidig kommentar ${i}` })),
    );
    expect(results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    const [after] = await db().select({ n: threads.commentsCount }).from(threads).where(eq(threads.id, threadId));
    expect(after!.n).toBe(before!.n + 20);
  });
});
