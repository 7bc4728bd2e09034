/**
 * Data export and account deletion (docs/decisions/006-privacy.md) on a real
 * database: PGlite by default, PostgreSQL with TEST_DATABASE_URL. Nothing is mocked.
 */
import { eq, or, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { privacy as pv } from "../../domain/i18n/sv";
import {
  account,
  categories,
  comments,
  notifications,
  pollOptions,
  pollVotes,
  profiles,
  reactions,
  session,
  threads,
  user,
  userFollows,
  verification,
} from "../db/schema";
import { createComment, createThread } from "../forum/commands";
import { getThreadPage, listCategories } from "../forum/queries";
import { toggleReaction } from "../reactions/commands";
import type { Viewer } from "../accounts/session";
import { createMember, createTestForum, type TestForum, type TestMember } from "../testing/harness";
import {
  accountSummary,
  deleteAccountByLink,
  deleteOwnAccountWithPassword,
  DELETE_LINK_PATH,
  findDeletionLink,
  hasPassword,
  requestDeletionLink,
} from "./account";
import { deleteMember } from "./delete-account";
import { EXPORT_FORMAT, exportFileName, exportMemberData } from "./export";
import { logUserActivity } from "../presence/activity";
import { vote } from "../polls/commands";

let forum: TestForum;
let categoryId: string;

const actor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });
const viewerOf = (m: TestMember): Viewer => ({ id: m.id, nickname: m.nickname, email: m.email, avatarUrl: null, edgeLevel: 0, role: m.role, hasPassword: true, blocked: false, mutedIds: new Set(), inboxUnread: 0 });
const db = () => forum.services.db;

async function profile(id: string) {
  const [p] = await db().select().from(profiles).where(eq(profiles.id, id));
  return p;
}
async function thread(id: string) {
  const [row] = await db().select().from(threads).where(eq(threads.id, id));
  return row;
}
async function comment(id: string) {
  const [row] = await db().select().from(comments).where(eq(comments.id, id));
  return row;
}

/** Logs in through better-auth and returns request headers carrying the session cookie. */
async function sessionHeaders(m: TestMember): Promise<Headers> {
  const response = await forum.services.auth.api.signInEmail({
    body: { email: m.email, password: m.password },
    asResponse: true,
  });
  expect(response.ok).toBe(true);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return new Headers({ cookie });
}

/** Every stored counter equals a recount of the rows it counts. */
async function expectCountersConsistent() {
  const result = await db().execute(sql`
    SELECT
      (SELECT count(*) FROM threads t WHERE t.reactions_count <> (SELECT count(*) FROM reactions r WHERE r.target_type = 'thread' AND r.target_id = t.id))
      + (SELECT count(*) FROM threads t WHERE t.comments_count <> (SELECT count(*) FROM comments c WHERE c.thread_id = t.id))
      + (SELECT count(*) FROM comments c WHERE c.reactions_count <> (SELECT count(*) FROM reactions r WHERE r.target_type = 'comment' AND r.target_id = c.id))
      + (SELECT count(*) FROM comments c WHERE c.replies_count <> (SELECT count(*) FROM comments x WHERE x.parent_id = c.id))
      + (SELECT count(*) FROM categories k WHERE k.threads_count <> (SELECT count(*) FROM threads t WHERE t.category_id = k.id))
      + (SELECT count(*) FROM profiles p WHERE p.threads_count <> (SELECT count(*) FROM threads t WHERE t.author_id = p.id))
      + (SELECT count(*) FROM profiles p WHERE p.comments_count <> (SELECT count(*) FROM comments c WHERE c.author_id = p.id))
      + (SELECT count(*) FROM profiles p WHERE p.reactions_given <> (SELECT count(*) FROM reactions r WHERE r.user_id = p.id))
      + (SELECT count(*) FROM profiles p WHERE p.reactions_received <> (
          (SELECT count(*) FROM reactions r JOIN threads t ON r.target_type = 'thread' AND t.id = r.target_id WHERE t.author_id = p.id)
          + (SELECT count(*) FROM reactions r JOIN comments c ON r.target_type = 'comment' AND c.id = r.target_id WHERE c.author_id = p.id)))
      AS wrong
  `);
  const rows = (result as unknown as { rows: Array<{ wrong: number | string }> }).rows;
  expect(Number(rows[0]!.wrong)).toBe(0);
}

beforeAll(async () => {
  forum = await createTestForum();
  categoryId = (await listCategories(db()))[0]!.id;
});
afterAll(() => forum.close());

describe("data export", () => {
  it("contains the member's own profile, posts, reactions, follows, notifications and sessions, and no secrets of anyone", async () => {
    const anna = await createMember(forum, { nickname: "Export_Åsa" });
    const bertil = await createMember(forum, { nickname: "Export_Bertil" });
    const carl = await createMember(forum, { nickname: "Export_Carl" });
    await sessionHeaders(anna);
    await sessionHeaders(bertil);

    const own = await createThread(db(), actor(anna), { categoryId, title: "Åsas tråd om Volvo", body: "Rapporten i morgon." });
    const theirs = await createThread(db(), actor(bertil), { categoryId, title: "Bertils tråd", body: "Ericsson?" });
    const c1 = await createComment(db(), actor(anna), theirs.id, { body: "Jag tror på 5G.", parentId: "" });
    const bertilComment = await createComment(db(), actor(bertil), own.id, { body: "Bra fråga.", parentId: "" });
    const reply = await createComment(db(), actor(anna), own.id, { body: "Tack!", parentId: bertilComment.id });
    await toggleReaction(db(), actor(anna), { targetType: "thread", targetId: theirs.id, reactionType: "bull" });
    await toggleReaction(db(), actor(bertil), { targetType: "thread", targetId: own.id, reactionType: "fire" });
    await db().insert(userFollows).values([
      { followerId: anna.id, followingId: bertil.id },
      { followerId: carl.id, followingId: anna.id },
    ]);
    // Bertil's comment on Anna's thread gave her a new_comment notification.
    await logUserActivity(db(), anna.id, { date: "2026-11-21", hour: 9 });
    // 'Omröstning': Anna votes in Carl's poll.
    const poll = await createThread(db(), actor(carl), { categoryId, title: "Carls omröstning", body: "Köp eller sälj?", pollOptions: ["Köp", "Sälj"] });
    const [buy] = await db().select({ id: pollOptions.id }).from(pollOptions).where(eq(pollOptions.threadId, poll.id)).orderBy(pollOptions.position);
    await vote(db(), actor(anna), poll.id, [buy!.id]);

    const data = await exportMemberData(db(), anna.id);
    expect(data).not.toBeNull();
    const e = data!;
    expect(e.format).toBe(EXPORT_FORMAT);
    expect(e.profile).toMatchObject({
      id: anna.id,
      nickname: "Export_Åsa",
      email: anna.email,
      emailVerified: true,
      role: "member",
      hasPassword: true,
      blocked: null,
      counters: { threads: 1, comments: 2, reactionsGiven: 1, reactionsReceived: 1 },
    });
    expect(Date.parse(e.profile.createdAt)).not.toBeNaN();
    expect(e.threads).toEqual([
      expect.objectContaining({ id: own.id, title: "Åsas tråd om Volvo", body: "Rapporten i morgon.", commentsCount: 2, reactionsCount: 1 }),
    ]);
    expect(e.comments.map((c) => c.id).sort()).toEqual([c1.id, reply.id].sort());
    expect(e.comments.find((c) => c.id === reply.id)).toMatchObject({ parentId: bertilComment.id, threadTitle: "Åsas tråd om Volvo" });
    expect(e.reactions).toEqual([expect.objectContaining({ targetType: "thread", targetId: theirs.id, reactionType: "bull" })]);
    expect(e.follows.following.map((f) => f.nickname)).toEqual([bertil.nickname]);
    expect(e.follows.followers.map((f) => f.nickname)).toEqual([carl.nickname]);
    expect(e.notifications).toEqual([expect.objectContaining({ type: "new_comment", actorNickname: bertil.nickname, read: false })]);
    expect(e.activity).toEqual([{ date: "2026-11-21", hour: 9 }]);
    expect(e.pollVotes).toEqual([{ threadId: poll.id, threadTitle: "Carls omröstning", option: "Köp", votedAt: expect.any(String) }]);
    expect(e.sessions).toHaveLength(1);
    expect(Object.keys(e.sessions[0]!).sort()).toEqual(["createdAt", "expiresAt", "ipAddress", "userAgent"]);

    // No password hash, session token or other member's e-mail anywhere in the file.
    const json = JSON.stringify(e);
    const secrets = [
      ...(await db().select({ v: account.password }).from(account)).map((r) => r.v),
      ...(await db().select({ v: session.token }).from(session)).map((r) => r.v),
      bertil.email,
      carl.email,
    ].filter((v): v is string => typeof v === "string" && v.length > 0);
    expect(secrets.length).toBeGreaterThanOrEqual(6);
    for (const secret of secrets) expect(json).not.toContain(secret);
    expect(json).not.toMatch(/"(password|token|accessToken|refreshToken|idToken)"/);
    // Other members' own content is not in the export.
    expect(json).not.toContain("Ericsson?");
    expect(json).not.toContain("Bra fråga.");
  });

  it("answers null for an unknown member and builds a safe download name", async () => {
    expect(await exportMemberData(db(), "no-such-user")).toBeNull();
    expect(exportFileName("Åke.Öst-ä_1")).toEqual({
      ascii: "borssnack-data-Ake.Ost-a_1.json",
      utf8: "borssnack-data-Åke.Öst-ä_1.json",
    });
    expect(exportFileName('x"; y').ascii).toBe("borssnack-data-x___y.json");
  });
});

describe("deleteMember", () => {
  it("removes the account and everything personal, keeps posts as 'Okänd', and keeps every counter right", async () => {
    const dora = await createMember(forum, { nickname: "Radera_Dora" });
    const erik = await createMember(forum, { nickname: "Kvar_Erik" });
    const fia = await createMember(forum, { nickname: "Kvar_Fia" });
    await sessionHeaders(dora);

    const doraThread = await createThread(db(), actor(dora), { categoryId, title: "Doras tråd", body: "Sparar på SBB." });
    const erikThread = await createThread(db(), actor(erik), { categoryId, title: "Eriks tråd", body: "Kort på OMX." });
    const erikComment = await createComment(db(), actor(erik), erikThread.id, { body: "Stop loss satt.", parentId: "" });
    const doraComment = await createComment(db(), actor(dora), erikThread.id, { body: "Modigt!", parentId: "" });
    const doraReply = await createComment(db(), actor(dora), erikThread.id, { body: "Lycka till.", parentId: erikComment.id });
    const fiaReply = await createComment(db(), actor(fia), doraThread.id, { body: "Håller med.", parentId: "" });
    // Dora reacts to Erik's thread and comment; Erik and Fia react to Dora's posts.
    await toggleReaction(db(), actor(dora), { targetType: "thread", targetId: erikThread.id, reactionType: "bull" });
    await toggleReaction(db(), actor(dora), { targetType: "thread", targetId: erikThread.id, reactionType: "like" });
    await toggleReaction(db(), actor(dora), { targetType: "comment", targetId: erikComment.id, reactionType: "fire" });
    await toggleReaction(db(), actor(dora), { targetType: "comment", targetId: fiaReply.id, reactionType: "like" });
    await toggleReaction(db(), actor(erik), { targetType: "thread", targetId: doraThread.id, reactionType: "bear" });
    await toggleReaction(db(), actor(fia), { targetType: "comment", targetId: doraComment.id, reactionType: "like" });
    await toggleReaction(db(), actor(fia), { targetType: "thread", targetId: erikThread.id, reactionType: "fire" });
    await db().insert(userFollows).values([
      { followerId: dora.id, followingId: erik.id },
      { followerId: fia.id, followingId: dora.id },
      { followerId: erik.id, followingId: fia.id },
    ]);
    await db().insert(notifications).values([
      { userId: dora.id, actorId: erik.id, type: "new_comment", title: "Doras tråd", actorNickname: erik.nickname },
      { userId: erik.id, actorId: dora.id, type: "new_comment", title: "Eriks tråd", actorNickname: dora.nickname },
    ]);
    // Dora votes in Erik's poll ('Omröstning').
    const erikPoll = await createThread(db(), actor(erik), { categoryId, title: "Eriks omröstning", body: "Upp eller ner?", pollOptions: ["Upp", "Ner"] });
    const [up] = await db().select({ id: pollOptions.id }).from(pollOptions).where(eq(pollOptions.threadId, erikPoll.id)).orderBy(pollOptions.position);
    await vote(db(), actor(dora), erikPoll.id, [up!.id]);
    await expectCountersConsistent();

    const before = {
      erik: await profile(erik.id),
      fia: await profile(fia.id),
      erikThread: await thread(erikThread.id),
      erikComment: await comment(erikComment.id),
      fiaReply: await comment(fiaReply.id),
      category: (await db().select().from(categories).where(eq(categories.id, categoryId)))[0]!,
    };

    const result = await deleteMember(db(), dora.id);
    expect(result).toEqual({ deleted: true, keptThreads: 1, keptComments: 2, imageUrls: [] });

    // Gone: user, profile, sessions, credential, reactions given, follows both ways, own notifications.
    expect(await db().select().from(user).where(eq(user.id, dora.id))).toHaveLength(0);
    expect(await profile(dora.id)).toBeUndefined();
    expect(await db().select().from(session).where(eq(session.userId, dora.id))).toHaveLength(0);
    expect(await db().select().from(account).where(eq(account.userId, dora.id))).toHaveLength(0);
    expect(await db().select().from(reactions).where(eq(reactions.userId, dora.id))).toHaveLength(0);
    expect(await db().select().from(pollVotes).where(eq(pollVotes.threadId, erikPoll.id))).toHaveLength(0);
    expect(
      await db()
        .select()
        .from(userFollows)
        .where(or(eq(userFollows.followerId, dora.id), eq(userFollows.followingId, dora.id))),
    ).toHaveLength(0);
    expect(await db().select().from(notifications).where(eq(notifications.userId, dora.id))).toHaveLength(0);
    // Erik's notification about Dora stays but no longer names her.
    const [erikNote] = await db().select().from(notifications).where(eq(notifications.userId, erik.id));
    expect(erikNote).toMatchObject({ actorId: null, actorNickname: null, title: "Eriks tråd" });

    // Kept: her thread and comments, author null, shown as 'Okänd' (author null on the page).
    expect(await thread(doraThread.id)).toMatchObject({ authorId: null, title: "Doras tråd", commentsCount: 1, reactionsCount: 1 });
    expect(await comment(doraComment.id)).toMatchObject({ authorId: null, body: "Modigt!", reactionsCount: 1 });
    expect(await comment(doraReply.id)).toMatchObject({ authorId: null, parentId: erikComment.id });
    const page = await getThreadPage(db(), categoryId, doraThread.id, null);
    expect(page?.thread.author).toBeNull();
    expect(page?.comments[0]?.author?.nickname).toBe(fia.nickname);

    // Others' counters: Dora's reactions are subtracted, nothing else moves.
    const after = {
      erik: (await profile(erik.id))!,
      fia: (await profile(fia.id))!,
      erikThread: (await thread(erikThread.id))!,
      erikComment: (await comment(erikComment.id))!,
      fiaReply: (await comment(fiaReply.id))!,
      category: (await db().select().from(categories).where(eq(categories.id, categoryId)))[0]!,
    };
    expect(after.erikThread.reactionsCount).toBe(before.erikThread!.reactionsCount - 2);
    expect(after.erikThread.commentsCount).toBe(before.erikThread!.commentsCount);
    expect(after.erikComment.reactionsCount).toBe(before.erikComment!.reactionsCount - 1);
    expect(after.erikComment.repliesCount).toBe(before.erikComment!.repliesCount);
    expect(after.fiaReply.reactionsCount).toBe(before.fiaReply!.reactionsCount - 1);
    expect(after.erik.reactionsReceived).toBe(before.erik!.reactionsReceived - 3);
    expect(after.fia.reactionsReceived).toBe(before.fia!.reactionsReceived - 1);
    expect(after.erik.reactionsGiven).toBe(before.erik!.reactionsGiven);
    expect(after.fia.reactionsGiven).toBe(before.fia!.reactionsGiven);
    expect(after.erik.threadsCount).toBe(before.erik!.threadsCount);
    expect(after.category.threadsCount).toBe(before.category.threadsCount);
    await expectCountersConsistent();

    // A second call finds nobody and changes nothing.
    expect(await deleteMember(db(), dora.id)).toEqual({ deleted: false, keptThreads: 0, keptComments: 0, imageUrls: [] });
  });
});

describe("deleting one's own account", () => {
  it("with a wrong or empty password deletes nothing; with the right one deletes the account", async () => {
    const gun = await createMember(forum, { nickname: "Gun_Lösen" });
    const headers = await sessionHeaders(gun);
    const summary = await accountSummary(db(), gun.id);
    expect(summary).toMatchObject({ nickname: "Gun_Lösen", email: gun.email, hasPassword: true, threadsCount: 0 });

    expect(await deleteOwnAccountWithPassword(forum.services, viewerOf(gun), "fel-lösen", headers)).toEqual({
      ok: false,
      status: 400,
      error: pv.wrongPassword,
    });
    expect(await deleteOwnAccountWithPassword(forum.services, viewerOf(gun), "", headers)).toMatchObject({ status: 400, error: pv.passwordRequired });
    expect(await deleteOwnAccountWithPassword(forum.services, viewerOf(gun), undefined, headers)).toMatchObject({ status: 400 });
    expect(await deleteOwnAccountWithPassword(forum.services, viewerOf(gun), "x".repeat(10_000), headers)).toMatchObject({ status: 400 });
    // Without the member's session better-auth refuses: 401, nothing deleted.
    expect(await deleteOwnAccountWithPassword(forum.services, viewerOf(gun), gun.password, new Headers())).toMatchObject({ status: 401 });
    expect(await profile(gun.id)).toBeDefined();

    const ok = await deleteOwnAccountWithPassword(forum.services, viewerOf(gun), gun.password, headers);
    expect(ok).toMatchObject({ ok: true, result: { deleted: true } });
    expect(await profile(gun.id)).toBeUndefined();
    expect(await forum.services.auth.api.getSession({ headers })).toBeNull();
  });

  it("locks the password check after five wrong passwords", async () => {
    const hans = await createMember(forum, { nickname: "Hans_Gissar" });
    const headers = await sessionHeaders(hans);
    for (let i = 0; i < 5; i++) {
      expect(await deleteOwnAccountWithPassword(forum.services, viewerOf(hans), `fel${i}`, headers)).toMatchObject({ status: 400 });
    }
    const locked = await deleteOwnAccountWithPassword(forum.services, viewerOf(hans), hans.password, headers);
    expect(locked).toMatchObject({ ok: false, status: 429 });
    expect(await profile(hans.id)).toBeDefined();
  });

  it("through a mailed one-time link, also for a member without a password", async () => {
    const ines = await createMember(forum, { nickname: "Ines_Länk" });
    // A magic-link member: no password hash.
    await db().update(account).set({ password: null }).where(eq(account.userId, ines.id));
    expect(await hasPassword(db(), ines.id)).toBe(false);
    expect((await accountSummary(db(), ines.id))?.hasPassword).toBe(false);

    const sentBefore = forum.mails.length;
    expect(await requestDeletionLink(forum.services, viewerOf(ines))).toEqual({ ok: true });
    expect(forum.mails).toHaveLength(sentBefore + 1);
    const mail = forum.mails.at(-1)!;
    expect(mail.to).toBe(ines.email);
    expect(mail.subject).toBe(pv.mailSubject);
    const link = mail.text.match(/https?:\/\/\S+/)![0];
    expect(link.startsWith(`http://localhost:3000${DELETE_LINK_PATH}?token=`)).toBe(true);
    expect(mail.html).toContain(link);
    const token = new URL(link).searchParams.get("token")!;
    // Only a hash of the token is stored.
    const stored = await db().select().from(verification).where(eq(verification.value, ines.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.identifier).not.toContain(token);

    // One mail per minute.
    expect(await requestDeletionLink(forum.services, viewerOf(ines))).toEqual({ ok: false, status: 429, error: pv.linkRecentlySent });

    // Bad links find nothing and delete nothing.
    for (const bad of [undefined, "", "abc", token.slice(0, -1) + (token.endsWith("A") ? "B" : "A"), "x".repeat(5000)]) {
      expect(await findDeletionLink(db(), bad)).toBeNull();
      expect(await deleteAccountByLink(db(), bad)).toEqual({ ok: false, status: 400, error: pv.linkInvalid });
    }
    expect(await findDeletionLink(db(), token)).toEqual({ userId: ines.id, nickname: "Ines_Länk" });

    expect(await deleteAccountByLink(db(), token)).toMatchObject({ ok: true, userId: ines.id, result: { deleted: true } });
    expect(await profile(ines.id)).toBeUndefined();
    expect(await db().select().from(verification).where(eq(verification.value, ines.id))).toHaveLength(0);
    // Used once only.
    expect(await deleteAccountByLink(db(), token)).toEqual({ ok: false, status: 400, error: pv.linkInvalid });
  });

  it("an expired link no longer works", async () => {
    const jan = await createMember(forum, { nickname: "Jan_Sen" });
    expect(await requestDeletionLink(forum.services, viewerOf(jan))).toEqual({ ok: true });
    const token = new URL(forum.mails.at(-1)!.text.match(/https?:\/\/\S+/)![0]).searchParams.get("token")!;
    await db()
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.value, jan.id));
    expect(await findDeletionLink(db(), token)).toBeNull();
    expect(await deleteAccountByLink(db(), token)).toMatchObject({ ok: false, status: 400 });
    expect(await profile(jan.id)).toBeDefined();
  });
});
