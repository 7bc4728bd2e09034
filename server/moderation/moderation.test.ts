/**
 * Moderation and administration on a real database: report de-duplication and
 * validation, counters after deletions, block enforcement, the report queue, last-admin
 * protection and user deletion rules.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminPages as ap, forum as f, moderation as m, reporting as rp } from "../../domain/i18n/sv";
import { deleteUserAsStaff, listUsers, setUserRole } from "../admin/users";
import { categories, comments, moderationLog, notifications, profiles, reactions, reports, threads, user } from "../db/schema";
import { createComment, createThread, deleteComment, deleteThread } from "../forum/commands";
import { listCategories } from "../forum/queries";
import { toggleReaction } from "../reactions/commands";
import { expectForumError } from "../testing/expect-forum-error";
import { createMember, createTestForum, type TestForum, type TestMember } from "../testing/harness";
import { blockUser, getBlockState, unblockUser } from "./blocks";
import { listModerationLog } from "./log";
import { countOpenReports, createReport, listReportGroups, resolveReports } from "./reports";

let forum: TestForum;
let anna: TestMember;
let bertil: TestMember;
let cecilia: TestMember;
let mod: TestMember;
let admin: TestMember;
let categoryId: string;

const actor = (x: TestMember) => ({ id: x.id, role: x.role, nickname: x.nickname });
const db = () => forum.services.db;

async function profile(id: string) {
  const [p] = await db().select().from(profiles).where(eq(profiles.id, id));
  return p!;
}

beforeAll(async () => {
  forum = await createTestForum();
  anna = await createMember(forum, { nickname: "Anna_Aktie" });
  bertil = await createMember(forum, { nickname: "Bertil_Börs" });
  cecilia = await createMember(forum, { nickname: "Cecilia" });
  mod = await createMember(forum, { nickname: "Moderatorn", role: "moderator" });
  admin = await createMember(forum, { nickname: "Adminen", role: "admin" });
  categoryId = (await listCategories(db()))[0]!.id;
});
afterAll(() => forum.close());

describe("reports", () => {
  it("stores one open report per member and target; a second one is acknowledged but not stored", async () => {
    const { id } = await createThread(db(), actor(anna), { categoryId, title: "Köp Pumpbolaget nu!!", body: "Garanterad tiodubbling." });
    const first = await createReport(db(), actor(bertil), { targetType: "thread", targetId: id, reason: "spam", details: "   " });
    const again = await createReport(db(), actor(bertil), { targetType: "thread", targetId: id, reason: "misinformation", details: "Igen" });
    expect(first.duplicate).toBe(false);
    expect(again.duplicate).toBe(true);
    const rows = await db().select().from(reports).where(eq(reports.targetId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: "spam", details: null, status: "open", userId: bertil.id });
    await createReport(db(), actor(cecilia), { targetType: "thread", targetId: id, reason: "spam", details: "  Pump and dump  " });
    const groups = await listReportGroups(db());
    const group = groups.find((g) => g.targetId === id)!;
    expect(group.count).toBe(2);
    expect(group.reasons).toEqual([{ reason: "spam", count: 2 }]);
    expect(group.details).toEqual(["Pump and dump"]);
    expect(group.author?.nickname).toBe("Anna_Aktie");
  });

  it("refuses visitors, a missing reason and a missing target with the spec's Swedish messages", async () => {
    const { id } = await createThread(db(), actor(anna), { categoryId, title: "Ericsson", body: "Rapport imorgon." });
    await expectForumError(createReport(db(), null, { targetType: "thread", targetId: id, reason: "spam" }), 401, rp.loginToReport);
    await expectForumError(createReport(db(), actor(bertil), { targetType: "thread", targetId: id, reason: "" }), 400, m.chooseReason);
    await expectForumError(createReport(db(), actor(bertil), { targetType: "thread", targetId: id, reason: "tråkig" }), 400, m.chooseReason);
    await expectForumError(
      createReport(db(), actor(bertil), { targetType: "comment", targetId: id, reason: "spam" }),
      404,
      m.reportTargetMissing,
    );
    await expectForumError(
      createReport(db(), actor(bertil), { targetType: "thread", targetId: id, reason: "other", details: "x".repeat(2001) }),
      400,
      m.detailsTooLong,
    );
  });

  it("the queue closes a group: dismiss keeps the content and records who and when", async () => {
    const { id } = await createThread(db(), actor(anna), { categoryId, title: "Sandvik utdelning", body: "Höjd utdelning." });
    await createReport(db(), actor(bertil), { targetType: "thread", targetId: id, reason: "other" });
    const before = await countOpenReports(db());
    await expectForumError(resolveReports(db(), actor(anna), { targetType: "thread", targetId: id, decision: "dismiss" }), 403, m.insufficientRights);
    expect(await resolveReports(db(), actor(mod), { targetType: "thread", targetId: id, decision: "dismiss" })).toEqual({ closed: 1 });
    expect(await countOpenReports(db())).toBe(before - 1);
    const [row] = await db().select().from(reports).where(eq(reports.targetId, id));
    expect(row).toMatchObject({ status: "resolved", resolution: "dismissed", resolvedBy: mod.id });
    expect(row!.resolvedAt).toBeInstanceOf(Date);
    expect((await db().select().from(threads).where(eq(threads.id, id))).length).toBe(1);
    await expectForumError(resolveReports(db(), actor(mod), { targetType: "thread", targetId: id, decision: "dismiss" }), 404, m.groupGone);
    // After the dismissal the member may report the same thread again.
    expect((await createReport(db(), actor(bertil), { targetType: "thread", targetId: id, reason: "spam" })).duplicate).toBe(false);
  });

  it("the queue deletes reported content and blocks authors; both are in the moderation log", async () => {
    const { id: threadId } = await createThread(db(), actor(cecilia), { categoryId, title: "Tips", body: "Läs min blogg." });
    const { id: commentId } = await createComment(db(), actor(cecilia), threadId, { body: "Köp köp köp" });
    await createReport(db(), actor(bertil), { targetType: "comment", targetId: commentId, reason: "spam" });
    await resolveReports(db(), actor(mod), { targetType: "comment", targetId: commentId, decision: "delete" });
    expect(await db().select().from(comments).where(eq(comments.id, commentId))).toHaveLength(0);
    expect(await db().select().from(reports).where(eq(reports.targetId, commentId))).toHaveLength(0);
    await createReport(db(), actor(bertil), { targetType: "thread", targetId: threadId, reason: "spam" });
    await resolveReports(db(), actor(mod), { targetType: "thread", targetId: threadId, decision: "block", reason: "Spam i flera trådar" });
    expect((await getBlockState(db(), actor(admin), cecilia.id)).blocked).toBe(true);
    const [closed] = await db().select().from(reports).where(eq(reports.targetId, threadId));
    expect(closed).toMatchObject({ status: "resolved", resolution: "author_blocked", resolvedBy: mod.id });
    const log = (await listModerationLog(db())).rows;
    expect(log[0]).toMatchObject({ action: "block_user", actorNickname: "Moderatorn", targetLabel: "Cecilia", reason: "Spam i flera trådar" });
    expect(log[1]).toMatchObject({ action: "delete_comment", actorNickname: "Moderatorn", targetLabel: "Köp köp köp" });
    await unblockUser(db(), actor(mod), cecilia.id);
  });
});

describe("counters after deletions", () => {
  it("deleting a reply and a comment keeps every counter right, never below 0", async () => {
    const { id: threadId } = await createThread(db(), actor(anna), { categoryId, title: "SBB", body: "Fastigheter?" });
    const { id: c1 } = await createComment(db(), actor(bertil), threadId, { body: "Köper på dippen." });
    const { id: r1 } = await createComment(db(), actor(cecilia), threadId, { body: "@Bertil_Börs modigt", parentId: c1 });
    const { id: r2 } = await createComment(db(), actor(anna), threadId, { body: "Håller med", parentId: c1 });
    await toggleReaction(db(), actor(anna), { targetType: "comment", targetId: r1, reactionType: "like" });
    const bertilBefore = (await profile(bertil.id)).commentsCount;
    const ceciliaBefore = await profile(cecilia.id);
    const count = async (id: string) => (await db().select().from(threads).where(eq(threads.id, id)))[0]!.commentsCount;
    const replies = async (id: string) => (await db().select().from(comments).where(eq(comments.id, id)))[0]!.repliesCount;
    expect(await count(threadId)).toBe(3);
    expect(await replies(c1)).toBe(2);

    const about = async (id: string) =>
      (await db().select().from(notifications).where(eq(notifications.referenceId, id))).length;
    expect(await about(r1)).toBeGreaterThan(0); // Bertil was told about the reply to his comment
    await deleteComment(db(), actor(mod), threadId, r1);
    expect(await about(r1)).toBe(0);
    expect(await count(threadId)).toBe(2);
    expect(await replies(c1)).toBe(1);
    const ceciliaAfter = await profile(cecilia.id);
    expect(ceciliaAfter.commentsCount).toBe(ceciliaBefore.commentsCount - 1);
    expect(ceciliaAfter.reactionsReceived).toBe(ceciliaBefore.reactionsReceived - 1);

    // Deleting the top-level comment takes its remaining reply along.
    await deleteComment(db(), actor(bertil), threadId, c1);
    expect(await count(threadId)).toBe(0);
    expect((await profile(bertil.id)).commentsCount).toBe(bertilBefore - 1);
    expect(await db().select().from(comments).where(eq(comments.id, r2))).toHaveLength(0);
    const log = (await listModerationLog(db())).rows;
    expect(log[0]).toMatchObject({ action: "delete_comment", actorNickname: "Moderatorn" });
    expect(log.filter((e) => e.targetId === c1)).toHaveLength(0); // own deletions are not moderation
  });

  it("deleting a thread removes its comments, reactions, reports and notifications", async () => {
    const { id: threadId } = await createThread(db(), actor(anna), { categoryId, title: "Evolution", body: "Casinoaktier." });
    const { id: c1 } = await createComment(db(), actor(bertil), threadId, { body: "Dyrt." });
    await toggleReaction(db(), actor(bertil), { targetType: "thread", targetId: threadId, reactionType: "bull" });
    await toggleReaction(db(), actor(anna), { targetType: "comment", targetId: c1, reactionType: "fire" });
    await createReport(db(), actor(cecilia), { targetType: "thread", targetId: threadId, reason: "spam" });
    await createReport(db(), actor(cecilia), { targetType: "comment", targetId: c1, reason: "offensive" });
    await db().insert(notifications).values([
      { userId: bertil.id, actorId: anna.id, type: "new_thread", referenceId: threadId, title: "Evolution", categoryId, threadId },
      { userId: anna.id, actorId: bertil.id, type: "new_comment", referenceId: c1, title: "Evolution", categoryId, threadId },
    ]);
    const [cat] = await db().select().from(categories).where(eq(categories.id, categoryId));
    const annaBefore = await profile(anna.id);
    const bertilBefore = await profile(bertil.id);

    await deleteThread(db(), actor(admin), threadId);

    expect(await db().select().from(comments).where(eq(comments.threadId, threadId))).toHaveLength(0);
    expect(
      await db().select().from(reactions).where(sql`${reactions.targetId} IN (${threadId}::uuid, ${c1}::uuid)`),
    ).toHaveLength(0);
    expect(await db().select().from(reports).where(sql`${reports.targetId} IN (${threadId}::uuid, ${c1}::uuid)`)).toHaveLength(0);
    expect(await db().select().from(notifications).where(eq(notifications.threadId, threadId))).toHaveLength(0);
    const annaAfter = await profile(anna.id);
    const bertilAfter = await profile(bertil.id);
    expect(annaAfter.threadsCount).toBe(annaBefore.threadsCount - 1);
    expect(annaAfter.reactionsReceived).toBe(annaBefore.reactionsReceived - 1);
    expect(annaAfter.reactionsGiven).toBe(annaBefore.reactionsGiven - 1);
    expect(bertilAfter.commentsCount).toBe(bertilBefore.commentsCount - 1);
    expect(bertilAfter.reactionsGiven).toBe(bertilBefore.reactionsGiven - 1);
    const [catAfter] = await db().select().from(categories).where(eq(categories.id, categoryId));
    expect(catAfter!.threadsCount).toBe(cat!.threadsCount - 1);
    expect((await listModerationLog(db())).rows[0]).toMatchObject({ action: "delete_thread", actorNickname: "Adminen", targetLabel: "Evolution" });
  });
});

describe("blocking", () => {
  it("a blocked member cannot post or comment but can still read and log in; unblocking restores it", async () => {
    const { id: threadId } = await createThread(db(), actor(anna), { categoryId, title: "Investor", body: "Substansrabatt." });
    expect(await blockUser(db(), actor(mod), bertil.id, "  Pumpade aktier  ")).toEqual({ nickname: "Bertil_Börs" });
    await expectForumError(blockUser(db(), actor(admin), bertil.id), 409, m.alreadyBlocked);
    await expectForumError(createThread(db(), actor(bertil), { categoryId, title: "Hej", body: "Köp!" }), 403, f.blocked);
    await expectForumError(createComment(db(), actor(bertil), threadId, { body: "Köp!" }), 403, f.blocked);
    const signIn = await forum.services.auth.api.signInEmail({ body: { email: bertil.email, password: bertil.password } });
    expect(signIn.user.id).toBe(bertil.id);
    expect(await getBlockState(db(), actor(mod), bertil.id)).toEqual({ blocked: true, nickname: "Bertil_Börs" });
    const log = (await listModerationLog(db())).rows[0]!;
    expect(log).toMatchObject({ action: "block_user", reason: "Pumpade aktier" });
    await unblockUser(db(), actor(admin), bertil.id);
    await expectForumError(unblockUser(db(), actor(admin), bertil.id), 404, m.notBlocked);
    await createComment(db(), actor(bertil), threadId, { body: "Tack!" });
  });

  it("only moderators and admins block; moderators cannot block admins; nobody blocks themselves", async () => {
    await expectForumError(blockUser(db(), actor(anna), bertil.id), 403, m.staffOnlyBlock);
    await expectForumError(getBlockState(db(), actor(anna), bertil.id), 403, m.staffOnlyBlock);
    await expectForumError(blockUser(db(), actor(mod), admin.id), 403, m.cannotBlockAdmin);
    await expectForumError(blockUser(db(), actor(mod), mod.id), 403, m.cannotBlockSelf);
    await expectForumError(blockUser(db(), actor(mod), "finns-inte"), 404, m.userNotFound);
  });
});

describe("roles and user deletion", () => {
  it("the last admin cannot be demoted; with two admins one may demote the other", async () => {
    await expectForumError(setUserRole(db(), actor(mod), anna.id, "moderator"), 403, ap.adminsOnlyRoles);
    await expectForumError(setUserRole(db(), actor(admin), admin.id, "member"), 409, ap.lastAdmin);
    await expectForumError(setUserRole(db(), actor(admin), anna.id, "kung"), 400, ap.invalidRole);
    expect(await setUserRole(db(), actor(admin), anna.id, "admin")).toEqual({ nickname: "Anna_Aktie", role: "admin" });
    const annaAdmin = { ...actor(anna), role: "admin" as const };
    await setUserRole(db(), annaAdmin, admin.id, "moderator");
    await expectForumError(setUserRole(db(), annaAdmin, anna.id, "member"), 409, ap.lastAdmin);
    await setUserRole(db(), annaAdmin, admin.id, "admin");
    await setUserRole(db(), actor(admin), anna.id, "member");
    expect((await profile(anna.id)).roleId).toBe("member");
    const log = (await listModerationLog(db())).rows[0]!;
    expect(log).toMatchObject({ action: "change_role", targetLabel: "Anna_Aktie", reason: "Admin → Medlem" });
  });

  it("two admins demoting each other at once leave one admin", async () => {
    const other = await createMember(forum, { nickname: "Andra_Admin", role: "admin" });
    const results = await Promise.allSettled([
      setUserRole(db(), actor(admin), other.id, "member"),
      setUserRole(db(), actor(other), admin.id, "member"),
    ]);
    const [n] = await db().select({ n: sql<number>`count(*)::int` }).from(profiles).where(eq(profiles.roleId, "admin"));
    expect(n!.n).toBe(1);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const still = (await profile(admin.id)).roleId === "admin" ? admin : other;
    if (still.id !== admin.id) await setUserRole(db(), actor(other), admin.id, "admin");
    await setUserRole(db(), actor(admin), other.id, "member").catch(() => undefined);
    await deleteUserAsStaff(forum.services, actor(admin), other.id);
  });

  it("moderators delete members only, admins members and moderators; nobody deletes themselves or an admin here", async () => {
    const victim = await createMember(forum, { nickname: "Spammaren" });
    const otherMod = await createMember(forum, { nickname: "Modd2", role: "moderator" });
    const { id: threadId } = await createThread(db(), actor(victim), { categoryId, title: "Spam", body: "Spam spam." });
    await expectForumError(deleteUserAsStaff(forum.services, actor(anna), victim.id), 403, ap.deleteFailedDescription);
    await expectForumError(deleteUserAsStaff(forum.services, actor(mod), otherMod.id), 403, ap.moderatorsDeleteMembersOnly);
    await expectForumError(deleteUserAsStaff(forum.services, actor(mod), admin.id), 403, ap.adminsOnlyDeleteAdmins);
    await expectForumError(deleteUserAsStaff(forum.services, actor(admin), admin.id), 403, ap.cannotDeleteSelf);
    await expectForumError(deleteUserAsStaff(forum.services, actor(mod), mod.id), 403, ap.cannotDeleteSelf);
    await expectForumError(deleteUserAsStaff(forum.services, actor(mod), "finns-inte"), 404, ap.deleteFailedDescription);

    expect(await deleteUserAsStaff(forum.services, actor(mod), victim.id)).toEqual({ nickname: "Spammaren" });
    expect(await db().select().from(user).where(eq(user.id, victim.id))).toHaveLength(0);
    expect(await db().select().from(profiles).where(eq(profiles.id, victim.id))).toHaveLength(0);
    // Their thread stays with the author 'Okänd' (docs/decisions/006-privacy.md).
    const [kept] = await db().select().from(threads).where(eq(threads.id, threadId));
    expect(kept!.authorId).toBeNull();
    await deleteUserAsStaff(forum.services, actor(admin), otherMod.id);
    const log = await db().select().from(moderationLog).where(and(eq(moderationLog.action, "delete_user")));
    // Who deleted which account id stays; the deleted members' nicknames do not (docs/decisions/006-privacy.md).
    expect(log.map((l) => l.targetLabel)).toEqual(["Okänd", "Okänd", "Okänd"]);
    expect(log.map((l) => l.targetId)).toEqual(expect.arrayContaining([otherMod.id, victim.id]));
  });

  it("the users list pages and searches by nickname", async () => {
    const page1 = await listUsers(db(), { pageSize: 2, page: 1 });
    expect(page1.rows).toHaveLength(2);
    expect(page1.total).toBeGreaterThanOrEqual(5);
    const found = await listUsers(db(), { q: "börs" });
    expect(found.rows.map((r) => r.nickname)).toEqual(["Bertil_Börs"]);
    expect((await listUsers(db(), { q: "%" })).rows).toHaveLength(0);
    expect(found.rows[0]).toMatchObject({ role: "member", blocked: false });
    // Status column: online when active within 15 minutes (SPEC §4 Presence).
    await db().update(profiles).set({ lastActivityAt: new Date(Date.now() - 20 * 60_000) }).where(eq(profiles.id, bertil.id));
    expect((await listUsers(db(), { q: "börs" })).rows[0]!.online).toBe(false);
    await db().update(profiles).set({ lastActivityAt: new Date() }).where(eq(profiles.id, bertil.id));
    expect((await listUsers(db(), { q: "börs" })).rows[0]!.online).toBe(true);
  });
});
