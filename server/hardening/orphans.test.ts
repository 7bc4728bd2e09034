/**
 * No orphans: reactions and reports filed while their thread or comment is
 * being deleted never outlive it, `profiles.reactions_given` / `reactions_received` stay equal to
 * the rows they count, and the admin badge agrees with the report queue. On PostgreSQL (a pool of
 * 10) the writes really race; on PGlite (one connection) they run one after another and the same
 * invariants must hold.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ForumError } from "../platform/errors";
import { createComment, createThread, deleteComment, deleteThread } from "../forum/commands";
import { listCategories } from "../forum/queries";
import { countOpenReports, createReport, listReportGroups } from "../moderation/reports";
import { migrationsFolder } from "../platform/data-dir";
import { toggleReaction } from "../reactions/commands";
import { createMember, createTestForum, type TestForum, type TestMember } from "../testing/harness";

let forum: TestForum;
let author: TestMember;
let moderator: TestMember;
let members: TestMember[];
let categoryId: string;
const db = () => forum.services.db;
const actor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });
const RUNS = 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  forum = await createTestForum();
  author = await createMember(forum, { nickname: "Raderaren" });
  moderator = await createMember(forum, { nickname: "Ordningsvakt", role: "moderator" });
  members = await Promise.all(Array.from({ length: 12 }, (_, i) => createMember(forum, { nickname: `Racer${i}` })));
  const [category] = await listCategories(db());
  categoryId = category!.id;
}, 60_000);
afterAll(async () => forum?.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db().execute(query)) as unknown as { rows: T[] }).rows;
}

/** Reactions and reports whose thread or comment no longer exists. */
async function orphans(): Promise<{ reactions: number; reports: number; openReports: number }> {
  const [row] = await rows<{ reactions: number; reports: number; open_reports: number }>(sql`
    SELECT
      (SELECT count(*)::int FROM reactions x WHERE NOT EXISTS (SELECT 1 FROM threads t WHERE x.target_type = 'thread' AND t.id = x.target_id)
                                              AND NOT EXISTS (SELECT 1 FROM comments c WHERE x.target_type = 'comment' AND c.id = x.target_id)) AS reactions,
      (SELECT count(*)::int FROM reports x WHERE NOT EXISTS (SELECT 1 FROM threads t WHERE x.target_type = 'thread' AND t.id = x.target_id)
                                            AND NOT EXISTS (SELECT 1 FROM comments c WHERE x.target_type = 'comment' AND c.id = x.target_id)) AS reports,
      (SELECT count(*)::int FROM reports x WHERE x.status = 'open'
                                            AND NOT EXISTS (SELECT 1 FROM threads t WHERE x.target_type = 'thread' AND t.id = x.target_id)
                                            AND NOT EXISTS (SELECT 1 FROM comments c WHERE x.target_type = 'comment' AND c.id = x.target_id)) AS open_reports`);
  return { reactions: row!.reactions, reports: row!.reports, openReports: row!.open_reports };
}

/** Members whose reaction counters differ from the reaction rows (given and received). */
async function counterDrift(): Promise<Array<{ nickname: string; given: number; real_given: number; received: number; real_received: number }>> {
  return rows(sql`
    SELECT p.nickname, p.reactions_given AS given,
           (SELECT count(*)::int FROM reactions r WHERE r.user_id = p.id) AS real_given,
           p.reactions_received AS received,
           (SELECT count(*)::int FROM reactions r
             LEFT JOIN threads t ON r.target_type = 'thread' AND t.id = r.target_id
             LEFT JOIN comments c ON r.target_type = 'comment' AND c.id = r.target_id
             WHERE COALESCE(t.author_id, c.author_id) = p.id) AS real_received
      FROM profiles p
     WHERE p.reactions_given <> (SELECT count(*) FROM reactions r WHERE r.user_id = p.id)
        OR p.reactions_received <> (SELECT count(*) FROM reactions r
             LEFT JOIN threads t ON r.target_type = 'thread' AND t.id = r.target_id
             LEFT JOIN comments c ON r.target_type = 'comment' AND c.id = r.target_id
             WHERE COALESCE(t.author_id, c.author_id) = p.id)`);
}

/** The admin badge and the queue (every group) count the same open reports. */
async function badgeAndQueue(): Promise<{ badge: number; queue: number }> {
  const groups = await listReportGroups(db(), { limit: 10_000 });
  return { badge: await countOpenReports(db()), queue: groups.reduce((sum, g) => sum + g.count, 0) };
}

/** Every refused racer was refused as an expected 404 (the target vanished), never a crash. */
function expectOnlyGone(results: PromiseSettledResult<unknown>[]): void {
  const failures = results
    .filter((r): r is PromiseRejectedResult => r.status === "rejected")
    .map((r) => (r.reason instanceof ForumError ? r.reason.status : String(r.reason)));
  expect(failures.filter((f) => f !== 404)).toEqual([]);
}

describe("content deleted while members react and report", () => {
  it(`${RUNS} runs of 12 reactions, 6 reports and the comment's deletion at once leave no orphan`, async () => {
    const { id: threadId } = await createThread(db(), actor(author), { categoryId, title: "Racet", body: "Snart borta." });
    const outcomes = { fulfilled: 0, rejected: 0 };
    for (let run = 0; run < RUNS; run += 1) {
      const { id: commentId } = await createComment(db(), actor(author), threadId, { body: `Kommentar ${run}` });
      const target = { targetType: "comment", targetId: commentId };
      const reactions = members.map((m) => () => toggleReaction(db(), actor(m), { ...target, reactionType: "bull" }));
      const reports = members.slice(0, 6).map((m) => () => createReport(db(), m, { ...target, reason: "spam" }));
      // The deletion, by the author or a moderator, starts at once in every third run (it has no
      // policy step, so it mostly wins) and 0–24 ms after the racers otherwise, so over the runs
      // it lands before, between and after the racers' checks and inserts.
      const deleter = run % 2 === 0 ? author : moderator;
      const remove = async () => {
        if (run % 3 !== 0) await sleep(run % 25);
        await deleteComment(db(), actor(deleter), threadId, commentId);
      };
      const jobs = [...reactions.slice(0, 6), ...reports.slice(0, 3), remove, ...reactions.slice(6), ...reports.slice(3)];
      const results = await Promise.allSettled(jobs.map((job) => job()));
      expect(results[9]!.status, `run ${run}: the deletion`).toBe("fulfilled");
      expectOnlyGone(results);
      for (const [i, r] of results.entries()) if (i !== 9) outcomes[r.status] += 1;
    }
    // Both sides of the race happened: racers that got in first (their rows went with the
    // comment) and racers refused because the comment was gone.
    expect(outcomes.fulfilled).toBeGreaterThan(0);
    expect(outcomes.rejected).toBeGreaterThan(0);
    expect(await orphans()).toEqual({ reactions: 0, reports: 0, openReports: 0 });
    expect(await counterDrift()).toEqual([]);
    const { badge, queue } = await badgeAndQueue();
    expect(badge).toBe(queue);
  }, 240_000);

  it("a thread deleted while members react and report on it and its comments leaves no orphan", async () => {
    for (let run = 0; run < 10; run += 1) {
      const { id: threadId } = await createThread(db(), actor(author), { categoryId, title: `Tråd ${run}`, body: "Borta snart." });
      const { id: commentId } = await createComment(db(), actor(author), threadId, { body: "Kommentar" });
      const { id: replyId } = await createComment(db(), actor(moderator), threadId, { body: "Svar", parentId: commentId });
      const targets = [
        { targetType: "thread", targetId: threadId },
        { targetType: "comment", targetId: commentId },
        { targetType: "comment", targetId: replyId },
      ];
      const jobs: Array<() => Promise<unknown>> = members.flatMap((m, i) => {
        const target = targets[i % 3]!;
        return [
          () => toggleReaction(db(), actor(m), { ...target, reactionType: "fire" }),
          () => createReport(db(), m, { ...target, reason: "other" }),
        ];
      });
      jobs.splice(12, 0, async () => {
        if (run % 2 === 1) await sleep(run * 2);
        return deleteThread(db(), actor(run % 2 === 0 ? author : moderator), threadId);
      });
      const results = await Promise.allSettled(jobs.map((job) => job()));
      expect(results[12]!.status, `run ${run}: the deletion`).toBe("fulfilled");
      expectOnlyGone(results);
    }
    expect(await orphans()).toEqual({ reactions: 0, reports: 0, openReports: 0 });
    expect(await counterDrift()).toEqual([]);
    const { badge, queue } = await badgeAndQueue();
    expect(badge).toBe(queue);
  }, 120_000);

  it("reactions on the thread while one of its reacted comments is deleted never deadlock", async () => {
    // The comment delete takes its reactions' counter rows (profiles, thread_trending) and then
    // the thread row; a reaction on the thread takes them the other way round. Both take the
    // thread row first now, so they queue up instead of deadlocking (40P01, a 500).
    const { id: threadId } = await createThread(db(), actor(author), { categoryId, title: "Ingen deadlock", body: "Reagera." });
    for (let run = 0; run < 20; run += 1) {
      const { id: commentId } = await createComment(db(), actor(author), threadId, { body: `Reagerad ${run}` });
      for (const m of members.slice(0, 6)) {
        await toggleReaction(db(), actor(m), { targetType: "comment", targetId: commentId, reactionType: "like" });
      }
      const jobs: Array<() => Promise<unknown>> = members.map(
        (m) => () => toggleReaction(db(), actor(m), { targetType: "thread", targetId: threadId, reactionType: "bear" }),
      );
      jobs.splice(6, 0, () => deleteComment(db(), actor(moderator), threadId, commentId));
      const results = await Promise.allSettled(jobs.map((job) => job()));
      expect(results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    }
    expect(await counterDrift()).toEqual([]);
  }, 120_000);

  it("an open report left on missing content (an older database) counts in neither the badge nor the queue", async () => {
    const { id: threadId } = await createThread(db(), actor(author), { categoryId, title: "Kvar", body: "Anmäld." });
    await createReport(db(), members[1]!, { targetType: "thread", targetId: threadId, reason: "spam" });
    // Written past the triggers, as a leftover from before migration 0012 would be.
    await db().transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(sql`INSERT INTO reports (target_type, target_id, reason, user_id)
        VALUES ('comment', gen_random_uuid(), 'spam', ${members[2]!.id})`);
    });
    const groups = await listReportGroups(db(), { limit: 10_000 });
    expect(groups.map((g) => g.targetId)).toContain(threadId);
    const { badge, queue } = await badgeAndQueue();
    expect(badge).toBe(queue);
  });

  it("migration 0012 clears what the race left on an older database", async () => {
    const { id: threadId } = await createThread(db(), actor(author), { categoryId, title: "Gammal", body: "Data." });
    const gone = "00000000-0000-4000-8000-000000000012";
    // Leftovers as the race made them: a reaction counted in reactions_given and in the vanished
    // comment's author's reactions_received, and an open report, both on a comment that is gone.
    await db().transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(sql`INSERT INTO reactions (user_id, target_type, target_id, reaction_type) VALUES (${members[3]!.id}, 'comment', ${gone}::uuid, 'bull')`);
      await tx.execute(sql`UPDATE profiles SET reactions_given = reactions_given + 1 WHERE id = ${members[3]!.id}`);
      await tx.execute(sql`UPDATE profiles SET reactions_received = reactions_received + 1 WHERE id = ${author.id}`);
      await tx.execute(sql`INSERT INTO reports (target_type, target_id, reason, user_id) VALUES ('comment', ${gone}::uuid, 'spam', ${members[3]!.id})`);
    });
    await createReport(db(), members[3]!, { targetType: "thread", targetId: threadId, reason: "other" });
    expect((await orphans()).reactions).toBe(1);
    expect(await counterDrift()).not.toEqual([]);
    // The data part of the migration (its last three statements) as an upgrade runs it.
    const statements = readFileSync(path.join(migrationsFolder(), "0012_orphan_guards.sql"), "utf8").split("--> statement-breakpoint");
    for (const statement of statements.slice(-3)) await db().execute(sql.raw(statement));
    expect(await orphans()).toMatchObject({ reactions: 0, openReports: 0 });
    expect(await counterDrift()).toEqual([]);
    const [closed] = await rows<{ status: string; resolution: string }>(sql`SELECT status, resolution FROM reports WHERE target_id = ${gone}::uuid`);
    expect(closed).toEqual({ status: "resolved", resolution: "content_deleted" });
    const [open] = await rows<{ status: string }>(sql`SELECT status FROM reports WHERE target_id = ${threadId}::uuid`);
    expect(open!.status).toBe("open");
  });

  it("a reaction or report on content that is already gone is a 404 and stores nothing", async () => {
    const { id: threadId } = await createThread(db(), actor(author), { categoryId, title: "Borta", body: "Strax." });
    const { id: commentId } = await createComment(db(), actor(author), threadId, { body: "Strax borta" });
    await deleteComment(db(), actor(author), threadId, commentId);
    const target = { targetType: "comment", targetId: commentId };
    await expect(toggleReaction(db(), actor(members[0]!), { ...target, reactionType: "like" })).rejects.toMatchObject({ status: 404 });
    await expect(createReport(db(), members[0]!, { ...target, reason: "spam" })).rejects.toMatchObject({ status: 404 });
    const [stored] = await rows<{ n: number }>(sql`
      SELECT (SELECT count(*) FROM reactions WHERE target_id = ${commentId}::uuid)
           + (SELECT count(*) FROM reports WHERE target_id = ${commentId}::uuid) AS n`);
    expect(Number(stored!.n)).toBe(0);
  });
});
