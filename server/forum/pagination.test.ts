/**
 * Thread pages with many comments ("the thread page with 1,000 comments paginates
 * comments"): 50 top-level comments per page with all their replies, and comment links that
 * find the right page.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comments } from "../db/schema";
import { toggleReaction } from "../reactions/commands";
import { createMember, createTestForum, type TestForum, type TestMember } from "../testing/harness";
import { createComment, createThread } from "./commands";
import { COMMENTS_PER_PAGE, getThreadPage, listCategories, locateComment } from "./queries";

let forum: TestForum;
let anna: TestMember;
let bertil: TestMember;
let categoryId: string;
let threadId: string;
const top: string[] = [];
let replyOn60 = "";
const db = () => forum.services.db;
const actor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });

beforeAll(async () => {
  forum = await createTestForum();
  anna = await createMember(forum);
  bertil = await createMember(forum);
  categoryId = (await listCategories(db()))[0]!.id;
  ({ id: threadId } = await createThread(db(), actor(anna), { categoryId, title: "Långkörare", body: "Många svar." }));
  const start = Date.now() - 10 * 3_600_000;
  for (let i = 0; i < 120; i++) {
    const { id } = await createComment(db(), actor(bertil), threadId, { body: `Kommentar ${i + 1}` });
    await db().update(comments).set({ createdAt: new Date(start + i * 60_000) }).where(eq(comments.id, id));
    top.push(id);
  }
  const { id } = await createComment(db(), actor(anna), threadId, { body: "Svar på 60", parentId: top[59]! });
  await db().update(comments).set({ createdAt: new Date(start + 200 * 60_000) }).where(eq(comments.id, id));
  replyOn60 = id;
  await toggleReaction(db(), actor(anna), { targetType: "comment", targetId: top[0]!, reactionType: "bull" });
  await toggleReaction(db(), actor(bertil), { targetType: "comment", targetId: replyOn60, reactionType: "fire" });
});
afterAll(async () => forum?.close());

describe("thread comment pages", () => {
  it("shows 50 top-level comments per page, oldest first, with their replies and reactions", async () => {
    const p1 = (await getThreadPage(db(), categoryId, threadId, anna.id, 1))!;
    expect(COMMENTS_PER_PAGE).toBe(50);
    expect(p1.commentPage).toEqual({ page: 1, pages: 3 });
    expect(p1.comments.map((c) => c.body)).toEqual(Array.from({ length: 50 }, (_, i) => `Kommentar ${i + 1}`));
    expect(p1.comments[0]!.reactions.counts.bull).toBe(1);
    expect(p1.comments[0]!.reactions.mine).toEqual(["bull"]);
    expect(p1.thread.commentsCount).toBe(121);

    const p2 = (await getThreadPage(db(), categoryId, threadId, null, 2))!;
    expect(p2.comments).toHaveLength(50);
    const sixty = p2.comments.find((c) => c.id === top[59])!;
    expect(sixty.replies.map((r) => r.body)).toEqual(["Svar på 60"]);
    expect(sixty.replies[0]!.reactions.counts.fire).toBe(1);

    const p3 = (await getThreadPage(db(), categoryId, threadId, null, 3))!;
    expect(p3.comments.map((c) => c.body)).toEqual(Array.from({ length: 20 }, (_, i) => `Kommentar ${i + 101}`));
    // Past the end, or nonsense, gives the last or first page rather than an empty one.
    expect((await getThreadPage(db(), categoryId, threadId, null, 99))!.commentPage.page).toBe(3);
    expect((await getThreadPage(db(), categoryId, threadId, null, Number.NaN))!.commentPage.page).toBe(1);
  });

  it("locates a comment's page, for replies by their top-level comment", async () => {
    expect(await locateComment(db(), top[0]!)).toEqual({ categoryId, threadId, title: expect.any(String), page: 1 });
    expect(await locateComment(db(), top[49]!)).toMatchObject({ page: 1 });
    expect(await locateComment(db(), top[50]!)).toMatchObject({ page: 2 });
    expect(await locateComment(db(), replyOn60)).toMatchObject({ page: 2 });
    expect(await locateComment(db(), top[119]!)).toMatchObject({ page: 3 });
    expect(await locateComment(db(), "00000000-0000-0000-0000-000000000000")).toBeNull();
    expect(await locateComment(db(), "'; DROP TABLE comments; --")).toBeNull();
  });

  it("reads a 1 000-comment thread's first page without loading the rest", async () => {
    await db().execute(sql`
      INSERT INTO comments (thread_id, author_id, body, body_html, created_at)
      SELECT ${threadId}::uuid, ${bertil.id}, 'Massa ' || g, '<p>Massa ' || g || '</p>', now() + g * interval '1 second'
      FROM generate_series(1, 880) g`);
    const page = (await getThreadPage(db(), categoryId, threadId, null, 1))!;
    expect(page.comments).toHaveLength(50);
    expect(page.commentPage.pages).toBe(20);
  });
});
