import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forum as f, reactions as r, toasts as t } from "../../domain/i18n/sv";
import { categories, comments, profiles, threads } from "../db/schema";
import { toggleReaction } from "../reactions/commands";
import { expectForumError } from "../testing/expect-forum-error";
import { createMember, createTestForum, type TestForum, type TestMember } from "../testing/harness";
import { createComment, createThread, deleteComment, deleteThread } from "./commands";
import { DEFAULT_CATEGORIES } from "./default-categories";
import { listThreads } from "../trending/queries";
import { getThreadPage, listCategories, ownReactions, withOwnReactions } from "./queries";

let forum: TestForum;
let anna: TestMember;
let bertil: TestMember;
let mod: TestMember;
let categoryId: string;

const actor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });

async function profile(id: string) {
  const [p] = await forum.services.db.select().from(profiles).where(eq(profiles.id, id));
  return p!;
}

beforeAll(async () => {
  forum = await createTestForum();
  anna = await createMember(forum, { nickname: "Aktie_Anna" });
  bertil = await createMember(forum, { nickname: "Börs-Bertil" });
  mod = await createMember(forum, { nickname: "Moderatorn", role: "moderator" });
  categoryId = (await listCategories(forum.services.db))[0]!.id;
});
afterAll(() => forum.close());

describe("categories", () => {
  it("a new forum starts with the Swedish stock-market categories, newest first", async () => {
    const list = await listCategories(forum.services.db);
    expect(list.map((c) => c.name)).toEqual(DEFAULT_CATEGORIES.map((c) => c.name));
    expect(list.every((c) => c.description.length > 10)).toBe(true);
  });
});

describe("threads", () => {
  it("creating a thread stores it as typed and counts it for the author and the category", async () => {
    const title = "Volvo <script>alert(1)</script> inför rapporten";
    const body = "Första stycket.\n\nAndra stycket\nmed radbrytning.";
    const { id } = await createThread(forum.services.db, actor(anna), { categoryId, title, body });
    const page = await getThreadPage(forum.services.db, categoryId, id, null);
    expect(page?.thread.title).toBe(title);
    expect(page?.thread.body).toBe(body);
    expect(page?.thread.author?.nickname).toBe("Aktie_Anna");
    expect((await profile(anna.id)).threadsCount).toBe(1);
    const [cat] = await forum.services.db.select().from(categories).where(eq(categories.id, categoryId));
    expect(cat!.threadsCount).toBe(1);
    const recent = (await listThreads(forum.services.db, { sort: "latest", page: 1, pageSize: 10 })).threads;
    expect(recent[0]!.id).toBe(id);
    expect((await listThreads(forum.services.db, { sort: "latest", categoryId, page: 1 })).threads[0]!.title).toBe(title);
  });

  it("refuses an empty title or body and a missing category with the Swedish message", async () => {
    const db = forum.services.db;
    await expectForumError(createThread(db, actor(anna), { categoryId, title: "   ", body: "x" }), 400, f.titleRequired);
    await expectForumError(createThread(db, actor(anna), { categoryId, title: "x", body: " \n " }), 400, f.bodyRequired);
    // Zero-width space, Braille blank and Hangul filler are empty too.
    await expectForumError(createThread(db, actor(anna), { categoryId, title: "\u200B\u2800\u3164", body: "x" }), 400, f.titleRequired);
    await expectForumError(createThread(db, actor(anna), { categoryId, title: "x", body: "\u2800 \u200B" }), 400, f.bodyRequired);
    await expectForumError(
      createThread(db, actor(anna), { categoryId, title: "x".repeat(201), body: "x" }),
      400,
      f.titleTooLong,
    );
    await expectForumError(
      createThread(db, actor(anna), { categoryId: "00000000-0000-4000-8000-000000000000", title: "x", body: "y" }),
      404,
      f.categoryNotFound,
    );
  });

  it("only the author or a moderator can delete a thread", async () => {
    const db = forum.services.db;
    const { id } = await createThread(db, actor(anna), { categoryId, title: "Raderas snart", body: "Text" });
    await expectForumError(deleteThread(db, actor(bertil), id), 403, t.ownThreadsOnly);
    await deleteThread(db, actor(mod), id);
    expect(await getThreadPage(db, categoryId, id, null)).toBeNull();
    await expectForumError(deleteThread(db, actor(anna), id), 404, t.threadNotFound);
  });
});

describe("comments and replies", () => {
  it("comments, replies one level deep, and counters follow every write and delete", async () => {
    const db = forum.services.db;
    const { id: threadId } = await createThread(db, actor(anna), { categoryId, title: "Ericsson", body: "Köpläge?" });
    const c1 = await createComment(db, actor(bertil), threadId, { body: "Ja, absolut." });
    const r1 = await createComment(db, actor(anna), threadId, { body: "@Börs-Bertil varför?", parentId: c1.id });
    expect(r1.isReply).toBe(true);
    await expectForumError(
      createComment(db, actor(bertil), threadId, { body: "Svar på svar", parentId: r1.id }),
      400,
      f.replyDepth,
    );
    await expectForumError(createComment(db, actor(bertil), threadId, { body: "   " }), 400, f.commentRequired);
    await expectForumError(createComment(db, actor(bertil), threadId, { body: "\u3164\u200B" }), 400, f.commentRequired);

    let page = (await getThreadPage(db, categoryId, threadId, null))!;
    expect(page.thread.commentsCount).toBe(2);
    expect(page.comments).toHaveLength(1);
    expect(page.comments[0]!.repliesCount).toBe(1);
    expect(page.comments[0]!.replies[0]!.body).toBe("@Börs-Bertil varför?");
    const bertilBefore = (await profile(bertil.id)).commentsCount;

    await expectForumError(deleteComment(db, actor(anna), threadId, c1.id), 403, t.ownCommentsOnly);
    await deleteComment(db, actor(bertil), threadId, c1.id);
    page = (await getThreadPage(db, categoryId, threadId, null))!;
    expect(page.thread.commentsCount).toBe(0);
    expect(page.comments).toHaveLength(0);
    expect((await profile(bertil.id)).commentsCount).toBe(bertilBefore - 1);
  });

  it("deleting a thread removes its comments and brings every counter back", async () => {
    const db = forum.services.db;
    const before = { anna: await profile(anna.id), bertil: await profile(bertil.id) };
    const { id: threadId } = await createThread(db, actor(anna), { categoryId, title: "Tillfällig", body: "Text" });
    const c = await createComment(db, actor(bertil), threadId, { body: "Kommentar" });
    await createComment(db, actor(anna), threadId, { body: "Svar", parentId: c.id });
    await toggleReaction(db, actor(bertil), { targetType: "thread", targetId: threadId, reactionType: "bull" });
    await toggleReaction(db, actor(anna), { targetType: "comment", targetId: c.id, reactionType: "fire" });
    await deleteThread(db, actor(anna), threadId);
    const after = { anna: await profile(anna.id), bertil: await profile(bertil.id) };
    for (const who of ["anna", "bertil"] as const) {
      expect(after[who].threadsCount).toBe(before[who].threadsCount);
      expect(after[who].commentsCount).toBe(before[who].commentsCount);
      expect(after[who].reactionsGiven).toBe(before[who].reactionsGiven);
      expect(after[who].reactionsReceived).toBe(before[who].reactionsReceived);
    }
    expect(await db.select().from(comments).where(eq(comments.threadId, threadId))).toHaveLength(0);
  });
});

describe("reactions", () => {
  it("toggle on and off, counted per type, with profile counters", async () => {
    const db = forum.services.db;
    const { id: threadId } = await createThread(db, actor(anna), { categoryId, title: "SEB", body: "Utdelning" });
    const given = (await profile(bertil.id)).reactionsGiven;
    const received = (await profile(anna.id)).reactionsReceived;
    const on = await toggleReaction(db, actor(bertil), { targetType: "thread", targetId: threadId, reactionType: "bull" });
    expect(on).toEqual({ active: true, count: 1 });
    await toggleReaction(db, actor(mod), { targetType: "thread", targetId: threadId, reactionType: "bull" });
    await toggleReaction(db, actor(bertil), { targetType: "thread", targetId: threadId, reactionType: "fire" });
    let page = (await getThreadPage(db, categoryId, threadId, bertil.id))!;
    expect(page.thread.reactions.counts).toEqual({ bull: 2, bear: 0, like: 0, fire: 1 });
    expect(page.thread.reactions.mine.sort()).toEqual(["bull", "fire"]);
    expect(page.thread.reactionsCount).toBe(3);
    expect((await profile(bertil.id)).reactionsGiven).toBe(given + 2);
    expect((await profile(anna.id)).reactionsReceived).toBe(received + 3);

    const off = await toggleReaction(db, actor(bertil), { targetType: "thread", targetId: threadId, reactionType: "bull" });
    expect(off).toEqual({ active: false, count: 1 });
    page = (await getThreadPage(db, categoryId, threadId, bertil.id))!;
    expect(page.thread.reactions.mine).toEqual(["fire"]);
    expect(page.thread.reactionsCount).toBe(2);
  });

  it("a member's own reactions read apart and laid over the shared page equal the page read for that member", async () => {
    const db = forum.services.db;
    const { id: threadId } = await createThread(db, actor(anna), { categoryId, title: "Volvo", body: "Lastbilar" });
    const comment = await createComment(db, actor(anna), threadId, { body: "Orderingång" });
    const reply = await createComment(db, actor(mod), threadId, { body: "Håller med", parentId: comment.id });
    await toggleReaction(db, actor(bertil), { targetType: "thread", targetId: threadId, reactionType: "bear" });
    await toggleReaction(db, actor(bertil), { targetType: "comment", targetId: reply.id, reactionType: "like" });
    await toggleReaction(db, actor(bertil), { targetType: "comment", targetId: reply.id, reactionType: "fire" });
    await toggleReaction(db, actor(mod), { targetType: "comment", targetId: comment.id, reactionType: "bull" });

    const shared = (await getThreadPage(db, categoryId, threadId, null))!;
    const before = JSON.stringify(shared);
    const own = await ownReactions(db, bertil.id, shared);
    const overlaid = withOwnReactions(shared, own);
    const direct = (await getThreadPage(db, categoryId, threadId, bertil.id))!;
    const sortMine = (p: typeof direct) => JSON.parse(JSON.stringify(p), (k, v) => (k === "mine" ? [...v].sort() : v));
    expect(sortMine(overlaid)).toEqual(sortMine(direct));
    expect(overlaid.thread.reactions.mine).toEqual(["bear"]);
    expect(overlaid.comments[0]!.replies[0]!.reactions.mine.sort()).toEqual(["fire", "like"]);
    expect(overlaid.comments[0]!.reactions.mine).toEqual([]);
    // The shared page (a cached value in production) is left as it was.
    expect(JSON.stringify(shared)).toBe(before);
    // A member without reactions here gets the shared page itself.
    expect(withOwnReactions(shared, await ownReactions(db, anna.id, shared))).toBe(shared);
  });

  it("refuses own content, visitors, unknown types and missing targets", async () => {
    const db = forum.services.db;
    const { id: threadId } = await createThread(db, actor(anna), { categoryId, title: "Egen", body: "Text" });
    await expectForumError(
      toggleReaction(db, actor(anna), { targetType: "thread", targetId: threadId, reactionType: "like" }),
      403,
      r.ownContent,
    );
    await expectForumError(
      toggleReaction(db, null, { targetType: "thread", targetId: threadId, reactionType: "like" }),
      401,
      r.loginToReact,
    );
    await expectForumError(
      toggleReaction(db, actor(bertil), { targetType: "thread", targetId: threadId, reactionType: "love" }),
      400,
      r.invalid,
    );
    await expectForumError(
      toggleReaction(db, actor(bertil), {
        targetType: "comment",
        targetId: "00000000-0000-4000-8000-000000000000",
        reactionType: "like",
      }),
      404,
      r.handleFailed,
    );
  });

  it("the database itself refuses a reaction on one's own content (check violation)", async () => {
    const db = forum.services.db;
    const { id: threadId } = await createThread(db, actor(anna), { categoryId, title: "Trigger", body: "Text" });
    const error = await db
      .execute(
        `INSERT INTO reactions (user_id, target_type, target_id, reaction_type) VALUES ('${anna.id}', 'thread', '${threadId}', 'like')` as never,
      )
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).not.toBeNull();
    const [t0] = await db.select().from(threads).where(eq(threads.id, threadId));
    expect(t0!.reactionsCount).toBe(0);
  });
});
