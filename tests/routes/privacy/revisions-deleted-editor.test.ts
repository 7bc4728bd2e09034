/**
 * The edit history of `GET /api/revisions/{targetType}/{id}` no longer names a member whose
 * account is deleted: the editor is the catalogue's 'Okänd', as their posts show
 * (docs/decisions/006-privacy.md). Real route loader (server/testing/route-call.ts), real
 * database, for a visitor as for anyone.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as apiRevisions from "../../../app/routes/api-revisions";
import { forum as f } from "../../../domain/i18n/sv";
import { comments, postRevisions } from "../../../server/db/schema";
import { createComment, createThread } from "../../../server/forum/commands";
import { editComment } from "../../../server/forum/edits";
import { listCategories } from "../../../server/forum/queries";
import { deleteMember } from "../../../server/privacy/delete-account";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../../server/testing/harness";
import { callRoute } from "../../../server/testing/route-call";

let forum: TestForum;
let categoryId: string;
const db = () => forum.services.db;
const actor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });

beforeAll(async () => {
  forum = await createTestForum();
  categoryId = (await listCategories(db()))[0]!.id;
}, 60_000);
afterAll(() => forum?.close());

/** A comment by `author` with one kept revision by `editor` (past the grace period). */
async function editedComment(author: TestMember, editor: TestMember): Promise<{ threadId: string; commentId: string }> {
  const { id: threadId } = await createThread(db(), actor(author), { categoryId, title: "Historik", body: "Trådtext." });
  const { id: commentId } = await createComment(db(), actor(author), threadId, { body: "Första versionen." });
  await db().update(comments).set({ createdAt: sql`now() - interval '1 hour'` }).where(eq(comments.id, commentId));
  const result = await editComment(db(), actor(editor), threadId, commentId, { body: "Andra versionen.", reason: "Rättning" });
  expect(result.revised).toBe(true);
  return { threadId, commentId };
}

const history = (commentId: string) =>
  callRoute(forum, apiRevisions.loader, { url: `/api/revisions/comment/${commentId}`, params: { targetType: "comment", id: commentId } });

describe("edit history of a deleted member", () => {
  it("names the editor while the account exists, and 'Okänd' once it is deleted", async () => {
    const author = await createMember(forum, { nickname: "Historik_Radera" });
    const { commentId } = await editedComment(author, author);

    const before = await history(commentId);
    expect(before.status).toBe(200);
    expect(before.body.revisions.map((r: { editorNickname: string }) => r.editorNickname)).toEqual([author.nickname]);

    expect(await deleteMember(db(), author.id)).toMatchObject({ deleted: true });
    const after = await history(commentId);
    expect(after.status).toBe(200);
    expect(after.body.revisions).toHaveLength(1);
    expect(after.body.revisions[0].editorNickname).toBe(f.unknownAuthor);
    expect(JSON.stringify(after.body)).not.toContain(author.nickname);
  });

  it("a deleted moderator's edit of someone else's comment shows 'Okänd'; the author's name elsewhere is unaffected", async () => {
    const author = await createMember(forum, { nickname: "Historik_Kvar" });
    const mod = await createMember(forum, { nickname: "Historik_Mod", role: "moderator" });
    const { commentId } = await editedComment(author, mod);
    expect(await deleteMember(db(), mod.id)).toMatchObject({ deleted: true });
    const answer = await history(commentId);
    expect(answer.body.revisions[0].editorNickname).toBe(f.unknownAuthor);
    expect(JSON.stringify(answer.body)).not.toContain(mod.nickname);
  });

  it("a revision row that still holds the nickname of a deleted editor (an older deletion) is shown as 'Okänd' too", async () => {
    const author = await createMember(forum, { nickname: "Historik_Gammal" });
    const { commentId } = await editedComment(author, author);
    // As an account deletion before the scrub left it: editor id cleared, nickname copy kept.
    await db().update(postRevisions).set({ editorId: null }).where(eq(postRevisions.commentId, commentId));
    const answer = await history(commentId);
    expect(answer.body.revisions[0].editorNickname).toBe(f.unknownAuthor);
    expect(JSON.stringify(answer.body)).not.toContain(author.nickname);
  });
});
