/**
 * Migration 0024 cleans what deletions before the full scrub left behind: edit history and
 * moderation-log rows whose member reference was set to null but which still named the deleted
 * member. The rows are made as the old deletion left them, then the migration's statements run on
 * the migrated database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forum as f } from "../../domain/i18n/sv";
import { moderationLog, postRevisions } from "../db/schema";
import { createComment, createThread } from "../forum/commands";
import { editComment } from "../forum/edits";
import { listCategories } from "../forum/queries";
import { recordModeration } from "../moderation/log";
import { createMember, createTestForum, type TestForum } from "../testing/harness";

let forum: TestForum;
const db = () => forum.services.db;
const MIGRATION = path.resolve(import.meta.dirname, "../db/migrations/0024_scrub_deleted_members.sql");

beforeAll(async () => {
  forum = await createTestForum();
});
afterAll(() => forum?.close());

describe("migration 0024: names of members deleted before the full scrub", () => {
  it("become 'Okänd' in edit history and the moderation log; living members keep theirs", async () => {
    const categoryId = (await listCategories(db()))[0]!.id;
    const gone = await createMember(forum, { nickname: "Gammal_Raderad", role: "moderator" });
    const alive = await createMember(forum, { nickname: "Lever_Kvar", role: "moderator" });
    const actor = (m: typeof gone) => ({ id: m.id, role: m.role, nickname: m.nickname });
    const { id: threadId } = await createThread(db(), actor(gone), { categoryId, title: "Före skrubbningen", body: "Text" });
    for (const m of [gone, alive]) {
      const { id } = await createComment(db(), actor(m), threadId, { body: `Först av ${m.nickname}` });
      await editComment(db(), actor(m), threadId, id, { body: `Rättat av ${m.nickname}` });
    }
    await recordModeration(db(), { actor: actor(gone), action: "dismiss_reports", targetType: "thread", targetId: threadId, targetLabel: "Före skrubbningen" });
    await recordModeration(db(), { actor: actor(alive), action: "delete_user", targetType: "user", targetId: gone.id, targetLabel: gone.nickname });
    await recordModeration(db(), { actor: actor(alive), action: "change_role", targetType: "user", targetId: alive.id, targetLabel: alive.nickname });
    // What the old deletion did: the account went, the references became null, the names stayed.
    await db().execute(sql`UPDATE post_revisions SET editor_id = NULL WHERE editor_id = ${gone.id}`);
    await db().execute(sql`UPDATE moderation_log SET actor_id = NULL WHERE actor_id = ${gone.id}`);
    await db().execute(sql`DELETE FROM "user" WHERE id = ${gone.id}`);

    for (const statement of readFileSync(MIGRATION, "utf8").split("--> statement-breakpoint")) {
      await db().execute(sql.raw(statement));
    }

    const revisions = await db().select({ editorId: postRevisions.editorId, nickname: postRevisions.editorNickname }).from(postRevisions).where(eq(postRevisions.threadId, threadId));
    expect(revisions.map((r) => r.nickname).sort()).toEqual([f.unknownAuthor, alive.nickname].sort());
    const log = await db().select().from(moderationLog);
    const text = JSON.stringify(log);
    expect(text).not.toContain(gone.nickname);
    expect(log.find((l) => l.action === "delete_user" && l.targetId === gone.id)?.targetLabel).toBe(f.unknownAuthor);
    expect(log.find((l) => l.action === "change_role" && l.targetId === alive.id)?.targetLabel).toBe(alive.nickname);
    expect(log.filter((l) => l.actorId === alive.id).every((l) => l.actorNickname === alive.nickname)).toBe(true);
  });
});
