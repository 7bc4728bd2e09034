/**
 * Editing threads and comments: the grace period against kept revisions, re-cooking
 * and re-indexing (search, $TICKER pages), mentions notified once, the moderation-log row with
 * the reason, revisions gone with their post, and revisions in the member's data export. Real
 * database; time is moved by setting `created_at` in the database (the edit compares with the
 * database clock).
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { abuseLimits as al, editing as ed, forum as f } from "../../domain/i18n/sv";
import { EDIT_GRACE_PERIOD_S } from "../../domain/limits";
import { comments, companies, moderationLog, notifications, postRevisions, threads } from "../db/schema";
import { exportMemberData } from "../privacy/export";
import { searchPage } from "../search/search";
import { expectForumError } from "../testing/expect-forum-error";
import { createMember, createTestForum, type TestForum, type TestMember } from "../testing/harness";
import { listTickerPosts } from "../tickers/queries";
import { blockUser } from "../moderation/blocks";
import { createComment, createThread, deleteComment, deleteThread } from "./commands";
import { editComment, editCommentWrite, editThread, editThreadWrite } from "./edits";
import { runWrite } from "../writes/pipeline";
import { listRevisions } from "./revisions";
import { getThreadPage, listCategories } from "./queries";

let forum: TestForum;
let anna: TestMember;
let bertil: TestMember;
let cilla: TestMember;
let mod: TestMember;
let categoryId: string;
const db = () => forum.services.db;
const actor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });

beforeAll(async () => {
  forum = await createTestForum();
  await db()
    .insert(companies)
    .values([
      { ticker: "VOLV-B", name: "AB Volvo ser. B" },
      { ticker: "ERIC-B", name: "Ericsson ser. B" },
    ])
    .onConflictDoNothing();
  anna = await createMember(forum, { nickname: "Redigera_Anna" });
  bertil = await createMember(forum, { nickname: "Redigera_Bertil" });
  cilla = await createMember(forum, { nickname: "Redigera_Cilla" });
  mod = await createMember(forum, { nickname: "Redigera_Mod", role: "moderator" });
  categoryId = (await listCategories(db()))[0]!.id;
}, 60_000);
afterAll(() => forum?.close());

/** Moves a post's creation back past the grace period. */
async function age(table: typeof threads | typeof comments, id: string, seconds = EDIT_GRACE_PERIOD_S + 60) {
  await db()
    .update(table)
    .set({ createdAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(eq(table.id, id));
}

const revisionsOf = async (threadId: string) => db().select().from(postRevisions).where(eq(postRevisions.threadId, threadId));

describe("grace period and revisions", () => {
  it("an author's edit within 5 minutes leaves no trace; a later one keeps a revision and 'redigerad'", async () => {
    const { id } = await createThread(db(), actor(anna), { categoryId, title: "Volvo idag", body: "Volvo stiger kraftigt" });
    const first = await editThread(db(), actor(anna), id, { title: "Volvo i dag", body: "Volvo stiger kraftigt" });
    expect(first.revised).toBe(false);
    expect(await revisionsOf(id)).toHaveLength(0);
    let page = await getThreadPage(db(), categoryId, id, null);
    expect(page!.thread.title).toBe("Volvo i dag");
    expect(page!.thread.editedAt).toBeNull();

    await age(threads, id, EDIT_GRACE_PERIOD_S - 30);
    expect((await editThread(db(), actor(anna), id, { title: "Volvo i dag", body: "Volvo stiger rejält" })).revised).toBe(false);

    await age(threads, id);
    const later = await editThread(db(), actor(anna), id, { title: "Volvo i dag", body: "Volvo faller kraftigt" });
    expect(later.revised).toBe(true);
    const rows = await revisionsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ editorId: anna.id, oldBody: "Volvo stiger rejält", newBody: "Volvo faller kraftigt", oldTitle: "Volvo i dag" });
    page = await getThreadPage(db(), categoryId, id, null);
    expect(page!.thread.editedAt).not.toBeNull();
    expect(page!.thread.bodyHtml).toContain("faller");

    // The history: the removed word and the added word, by the author.
    const history = await listRevisions(db(), "thread", id);
    expect(history).toHaveLength(1);
    expect(history![0]!.editorNickname).toBe(anna.nickname);
    expect(history![0]!.body).toContainEqual({ value: "stiger rejält", removed: true });
    expect(history![0]!.body).toContainEqual({ value: "faller kraftigt", added: true });
    expect(history![0]!.title).toBeNull();
  });

  it("a staff edit keeps a revision even right after posting, and logs the reason when it is someone else's", async () => {
    const { id: threadId } = await createThread(db(), actor(anna), { categoryId, title: "Ny tråd", body: "Text" });
    const { id: commentId } = await createComment(db(), actor(bertil), threadId, { body: "Köp nu, garanterad vinst" });
    const result = await editComment(db(), actor(mod), threadId, commentId, { body: "[borttaget av moderator]", reason: "Vilseledande råd" });
    expect(result.revised).toBe(true);
    const [row] = await db().select().from(comments).where(eq(comments.id, commentId));
    expect(row!.body).toBe("[borttaget av moderator]");
    expect(row!.editedAt).not.toBeNull();
    const [log] = await db().select().from(moderationLog).where(eq(moderationLog.targetId, commentId));
    expect(log).toMatchObject({ action: "edit_comment", actorId: mod.id, reason: "Vilseledande råd", targetType: "comment" });

    // The moderator's own comment: a revision, but no log row.
    const { id: own } = await createComment(db(), actor(mod), threadId, { body: "Moderatorns text" });
    expect((await editComment(db(), actor(mod), threadId, own, { body: "Moderatorns nya text", reason: "ignoreras" })).revised).toBe(true);
    expect(await db().select().from(moderationLog).where(eq(moderationLog.targetId, own))).toHaveLength(0);
  });

  it("the author of a post edits it; another member and a blocked author do not (visitors: the authorisation matrix)", async () => {
    const blockedAuthor = await createMember(forum);
    const { id: threadId } = await createThread(db(), actor(blockedAuthor), { categoryId, title: "Blockerad skrev", body: "Text" });
    await blockUser(db(), actor(mod), blockedAuthor.id);
    await expectForumError(editThread(db(), actor(blockedAuthor), threadId, { title: "Ändrad", body: "Text" }), 403, ed.blocked);
    await expectForumError(editThread(db(), actor(bertil), threadId, { title: "Ändrad", body: "Text" }), 403, ed.notAllowed);
    const [row] = await db().select({ title: threads.title }).from(threads).where(eq(threads.id, threadId));
    expect(row!.title).toBe("Blockerad skrev");
  });

  it("the creating rules hold: empty or too long text is refused with the Swedish message", async () => {
    const { id } = await createThread(db(), actor(anna), { categoryId, title: "Regler", body: "Text" });
    await expectForumError(editThread(db(), actor(anna), id, { title: "  ", body: "Text" }), 400, f.titleRequired);
    await expectForumError(editThread(db(), actor(anna), id, { title: "Regler", body: "x".repeat(20_001) }), 400, f.bodyTooLong);
    await expectForumError(editThread(db(), actor(anna), crypto.randomUUID(), { title: "A", body: "B" }), 404, ed.threadNotFound);
  });
});

describe("idempotency and abuse limits", () => {
  it("a double-submitted edit (same form key) is answered once and keeps one revision", async () => {
    const { id } = await createThread(db(), actor(anna), { categoryId, title: "Dubbel", body: "Gammal" });
    await age(threads, id);
    const raw = { threadId: id, input: { title: "Dubbel", body: "Ny" }, submitKey: `edit-${crypto.randomUUID()}` };
    const first = await runWrite(editThreadWrite, { db: db(), actor: actor(anna) }, raw);
    const second = await runWrite(editThreadWrite, { db: db(), actor: actor(anna) }, raw);
    expect(first.ok && !first.duplicate).toBe(true);
    expect(second.ok && second.duplicate).toBe(true);
    expect(await revisionsOf(id)).toHaveLength(1);
  });

  it("the 11th edit within a minute is refused (429, Swedish message, nothing changed); a moderator is exempt", async () => {
    const member = await createMember(forum);
    const { id: threadId } = await createThread(db(), actor(member), { categoryId, title: "Gräns", body: "Text" });
    const { id: commentId } = await createComment(db(), actor(member), threadId, { body: "Version 0" });
    const run = (who: TestMember, n: number) =>
      runWrite(
        editCommentWrite,
        { db: db(), actor: actor(who), ip: "198.51.100.16", limits: forum.services.actionLimits },
        { threadId, commentId, input: { body: `Version ${n}` } },
      );
    for (let n = 1; n <= 10; n++) expect((await run(member, n)).ok).toBe(true);
    const refused = await run(member, 11);
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.status).toBe(429);
      expect(refused.error).toBe(al.edit(refused.retryAfterS!));
    }
    const [row] = await db().select({ body: comments.body }).from(comments).where(eq(comments.id, commentId));
    expect(row!.body).toBe("Version 10");
    for (let n = 12; n <= 23; n++) expect((await run(mod, n)).ok).toBe(true);
  });
});

describe("re-cooking and re-indexing", () => {
  it("search finds the new word and not the removed one; a $TICKER added by the edit shows on its ticker page", async () => {
    const { id } = await createThread(db(), actor(anna), { categoryId, title: "Verkstadsbolag", body: "Jag gillar $VOLV-B och zebrafinkar" });
    const { id: commentId } = await createComment(db(), actor(anna), id, { body: "Ingen aktie här" });
    expect(JSON.stringify((await searchPage(db(), "zebrafinkar")).results)).toContain(id);
    await editThread(db(), actor(anna), id, { title: "Verkstadsbolag", body: "Jag gillar $ERIC-B och papegojor" });
    await editComment(db(), actor(anna), id, commentId, { body: "Nu nämner jag $VOLV-B" });

    expect(JSON.stringify((await searchPage(db(), "zebrafinkar")).results)).not.toContain(id);
    expect(JSON.stringify((await searchPage(db(), "papegojor")).results)).toContain(id);
    const eric = await listTickerPosts(db(), "ERIC-B");
    expect(eric.map((p) => p.id)).toContain(id);
    const volvo = await listTickerPosts(db(), "VOLV-B");
    expect(volvo.map((p) => p.id)).not.toContain(id);
    expect(volvo.map((p) => p.id)).toContain(commentId);
    const page = await getThreadPage(db(), categoryId, id, null);
    expect(page!.thread.bodyHtml).toContain("/forum/aktie/ERIC-B");
  });
});

describe("mentions", () => {
  const mentionsOf = (userId: string, referenceId: string) =>
    db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.referenceId, referenceId), eq(notifications.type, "mention")));

  it("a mention added by an edit notifies once; editing twice or removing and re-adding does not notify again", async () => {
    const { id: threadId } = await createThread(db(), actor(anna), { categoryId, title: "Nämningar", body: "Text" });
    const { id: commentId } = await createComment(db(), actor(anna), threadId, { body: "Hej alla" });
    await editComment(db(), actor(anna), threadId, commentId, { body: `Hej @${bertil.nickname}` });
    expect(await mentionsOf(bertil.id, commentId)).toHaveLength(1);
    const [link] = await db().select({ html: comments.bodyHtml }).from(comments).where(eq(comments.id, commentId));
    expect(link!.html).toContain(`@${bertil.nickname}`);

    await editComment(db(), actor(anna), threadId, commentId, { body: `Hej @${bertil.nickname}!` });
    await editComment(db(), actor(anna), threadId, commentId, { body: "Hej igen" });
    await editComment(db(), actor(anna), threadId, commentId, { body: `Hej igen @${bertil.nickname} och @${cilla.nickname}` });
    expect(await mentionsOf(bertil.id, commentId)).toHaveLength(1);
    expect(await mentionsOf(cilla.id, commentId)).toHaveLength(1);

    // Mentioned from the start: an edit adds nothing.
    const { id: thread2 } = await createThread(db(), actor(anna), { categoryId, title: "Från start", body: `Hej @${cilla.nickname}` });
    await editThread(db(), actor(anna), thread2, { title: "Från start", body: `Hej @${cilla.nickname}, läs detta` });
    expect(await mentionsOf(cilla.id, thread2)).toHaveLength(1);
  });
});

describe("deleting and exporting", () => {
  it("deleting a comment or a thread deletes its revisions", async () => {
    const { id: threadId } = await createThread(db(), actor(anna), { categoryId, title: "Raderas", body: "Text" });
    const { id: commentId } = await createComment(db(), actor(anna), threadId, { body: "Kommentar" });
    await age(threads, threadId);
    await age(comments, commentId);
    await editThread(db(), actor(anna), threadId, { title: "Raderas", body: "Ny text" });
    await editComment(db(), actor(anna), threadId, commentId, { body: "Ny kommentar" });
    expect(await revisionsOf(threadId)).toHaveLength(2);
    await deleteComment(db(), actor(anna), threadId, commentId);
    expect(await revisionsOf(threadId)).toHaveLength(1);
    await deleteThread(db(), actor(anna), threadId);
    expect(await revisionsOf(threadId)).toHaveLength(0);
  });

  it("the member's data export contains the revisions of their posts", async () => {
    const member = await createMember(forum);
    const { id: threadId } = await createThread(db(), actor(member), { categoryId, title: "Export", body: "Gammal text" });
    await age(threads, threadId);
    await editThread(db(), actor(member), threadId, { title: "Export", body: "Ny text" });
    const data = await exportMemberData(db(), member.id);
    expect(data!.revisions).toEqual([
      expect.objectContaining({ targetType: "thread", threadId, oldBody: "Gammal text", newBody: "Ny text", editedByMe: true }),
    ]);
  });
});
