/**
 * Bookmarks 'Spara': the writes (idempotent, visitors, bad and unknown targets, the
 * cap), the 'Sparade' list (newest saved first, comment links, deleted posts gone, pages of 50),
 * the thread page's saved state, the data export and account deletion. Real database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL); posts are written through the real write paths.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookmarks as bm } from "../../domain/i18n/sv";
import { BOOKMARKS_MAX, BOOKMARKS_PAGE_SIZE } from "../../domain/limits";
import { bookmarks } from "../db/schema";
import { createComment, createThread, deleteComment, deleteThread } from "../forum/commands";
import { listCategories } from "../forum/queries";
import { exportMemberData } from "../privacy/export";
import { deleteMember } from "../privacy/delete-account";
import { expectForumError } from "../testing/expect-forum-error";
import { createMember, createTestForum, type TestForum, type TestMember } from "../testing/harness";
import { savePost, unsavePost } from "./commands";
import { listSaved, savedInThread } from "./queries";

let forum: TestForum;
let anna: TestMember;
let bertil: TestMember;
let categoryId: string;
const db = () => forum.services.db;
const actor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });
const thread = (id: string) => ({ targetType: "thread" as const, targetId: id });
const comment = (id: string) => ({ targetType: "comment" as const, targetId: id });

beforeAll(async () => {
  forum = await createTestForum();
  anna = await createMember(forum, { nickname: "Spara_Anna" });
  bertil = await createMember(forum, { nickname: "Spara_Bertil" });
  categoryId = (await listCategories(db()))[0]!.id;
}, 60_000);
afterAll(() => forum?.close());

describe("save and unsave", () => {
  it("saving is idempotent, unsaving twice is a no-op, and the thread page knows what is saved", async () => {
    const { id: threadId } = await createThread(db(), actor(anna), { categoryId, title: "Spara mig", body: "En bra tråd." });
    const { id: commentId } = await createComment(db(), actor(anna), threadId, { body: "En bra kommentar." });
    expect(await savePost(db(), bertil.id, thread(threadId))).toEqual({ ...thread(threadId), saved: true });
    expect(await savePost(db(), bertil.id, thread(threadId))).toEqual({ ...thread(threadId), saved: true });
    await savePost(db(), bertil.id, comment(commentId));
    expect(await savedInThread(db(), bertil.id, threadId)).toEqual({ thread: true, commentIds: [commentId] });
    expect(await savedInThread(db(), anna.id, threadId)).toEqual({ thread: false, commentIds: [] });
    expect(await unsavePost(db(), bertil.id, thread(threadId))).toEqual({ ...thread(threadId), saved: false });
    expect(await unsavePost(db(), bertil.id, thread(threadId))).toEqual({ ...thread(threadId), saved: false });
    expect(await savedInThread(db(), bertil.id, threadId)).toEqual({ thread: false, commentIds: [commentId] });
  });

  it("refuses visitors (401), nonsense (400) and posts that do not exist (404)", async () => {
    const { id: threadId } = await createThread(db(), actor(anna), { categoryId, title: "Fel", body: "Felfall." });
    await expectForumError(savePost(db(), null, thread(threadId)), 401, bm.loginToSave);
    await expectForumError(unsavePost(db(), null, thread(threadId)), 401, bm.loginToSave);
    await expectForumError(savePost(db(), bertil.id, { targetType: "member" as never, targetId: threadId }), 400, bm.badTarget);
    await expectForumError(savePost(db(), bertil.id, thread("inte-ett-id")), 400, bm.badTarget);
    await expectForumError(savePost(db(), bertil.id, thread("00000000-0000-4000-8000-000000000000")), 404, bm.notFound);
    // A thread id is not a comment.
    await expectForumError(savePost(db(), bertil.id, comment(threadId)), 404, bm.notFound);
  });

  it(`refuses post number ${BOOKMARKS_MAX + 1} with the Swedish message`, async () => {
    const member = await createMember(forum, { nickname: "Spara_Max" });
    const { id: threadId } = await createThread(db(), actor(anna), { categoryId, title: "Många", body: "Många kommentarer." });
    const { id: commentId } = await createComment(db(), actor(anna), threadId, { body: "En till." });
    // BOOKMARKS_MAX saved comments straight in (copies of one comment's row are enough for the count).
    await db().execute(sql`INSERT INTO comments (thread_id, author_id, body)
      SELECT ${threadId}::uuid, ${anna.id}, 'Kommentar ' || i FROM generate_series(1, ${BOOKMARKS_MAX}) AS i`);
    await db().execute(sql`INSERT INTO bookmarks (user_id, target_type, thread_id, comment_id)
      SELECT ${member.id}, 'comment', ${threadId}::uuid, c.id FROM comments c WHERE c.thread_id = ${threadId}::uuid AND c.id <> ${commentId}::uuid`);
    await expectForumError(savePost(db(), member.id, comment(commentId)), 409, bm.limitReached(BOOKMARKS_MAX));
    // 5,000 comments and bookmarks written through the triggers: 12 s alone on PostgreSQL here,
    // more than 30 s with the two CI suites side by side on 2 cores.
  }, 120_000);
});

describe("the 'Sparade' list", () => {
  it("lists threads and comments newest saved first, with excerpt and author; deleted posts disappear", async () => {
    const cissi = await createMember(forum, { nickname: "Spara_Cissi" });
    const { id: t1 } = await createThread(db(), actor(anna), { categoryId, title: "Första tråden", body: "Text om Volvo." });
    const { id: t2 } = await createThread(db(), actor(bertil), { categoryId, title: "Andra tråden", body: "Text om Ericsson." });
    const { id: c1 } = await createComment(db(), actor(bertil), t1, { body: "En kommentar om Volvo." });
    await savePost(db(), cissi.id, thread(t1));
    await savePost(db(), cissi.id, comment(c1));
    await savePost(db(), cissi.id, thread(t2));
    // Saved one after another within the same millisecond is possible: set clear times.
    await db().execute(sql`UPDATE bookmarks SET created_at = now() - interval '3 minutes' WHERE user_id = ${cissi.id} AND thread_id = ${t1}::uuid AND comment_id IS NULL`);
    await db().execute(sql`UPDATE bookmarks SET created_at = now() - interval '2 minutes' WHERE user_id = ${cissi.id} AND comment_id = ${c1}::uuid`);

    const first = await listSaved(db(), cissi.id);
    expect(first.items.map((i) => [i.targetType, i.id])).toEqual([
      ["thread", t2],
      ["comment", c1],
      ["thread", t1],
    ]);
    expect(first.items[1]).toMatchObject({ threadId: t1, threadTitle: "Första tråden", excerpt: "En kommentar om Volvo.", author: { nickname: "Spara_Bertil" } });
    expect(first.items[2]).toMatchObject({ excerpt: "Text om Volvo.", author: { nickname: "Spara_Anna" } });
    expect(first.hasMore).toBe(false);

    await deleteComment(db(), actor(bertil), t1, c1);
    await deleteThread(db(), actor(bertil), t2);
    expect((await listSaved(db(), cissi.id)).items.map((i) => i.id)).toEqual([t1]);
  });

  it(`pages by ${BOOKMARKS_PAGE_SIZE}`, async () => {
    const dora = await createMember(forum, { nickname: "Spara_Dora" });
    const { id: threadId } = await createThread(db(), actor(anna), { categoryId, title: "Sida", body: "Sidor." });
    for (let i = 0; i < BOOKMARKS_PAGE_SIZE + 1; i++) {
      const { id } = await createComment(db(), actor(anna), threadId, { body: `Kommentar nummer ${i}` });
      await savePost(db(), dora.id, comment(id));
    }
    const one = await listSaved(db(), dora.id, 1);
    const two = await listSaved(db(), dora.id, 2);
    expect(one.items).toHaveLength(BOOKMARKS_PAGE_SIZE);
    expect(one.hasMore).toBe(true);
    expect(two.items).toHaveLength(1);
    expect(two.hasMore).toBe(false);
  });
});

describe("export and deletion", () => {
  it("the export lists saved posts; deleting the account removes them", async () => {
    const erik = await createMember(forum, { nickname: "Spara_Erik" });
    const { id: threadId } = await createThread(db(), actor(anna), { categoryId, title: "Exporteras", body: "Med i exporten." });
    await savePost(db(), erik.id, thread(threadId));
    const data = await exportMemberData(db(), erik.id);
    expect(data?.bookmarks).toEqual([expect.objectContaining({ targetType: "thread", id: threadId, threadTitle: "Exporteras" })]);
    expect((await deleteMember(db(), erik.id)).deleted).toBe(true);
    expect(await db().select().from(bookmarks).where(eq(bookmarks.userId, erik.id))).toEqual([]);
  });
});
