/**
 * The moderators' thread tools on a real database (docs/decisions/053-thread-tools.md): 'Fäst'
 * (category and forum home lists), 'Lås' (comments, replies, reactions and edits refused for
 * members, not for staff), 'Flytta' (both categories' counts), 'Slå ihop' (posts, counters,
 * subscriptions, redirects, read points), 'Långsamt läge' (a second comment within N minutes),
 * each logged, each refused to members.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { threadState as ts, threadTools as tl } from "../../domain/i18n/sv";
import { categories, comments, moderationLog, notifications, polls, profiles, reactions, threadReads, threadRedirects, threads, threadSubscriptions } from "../db/schema";
import { createComment, createThread } from "../forum/commands";
import { editComment, editThread } from "../forum/edits";
import { listCategories } from "../forum/queries";
import { RateLimitedError } from "../platform/errors";
import { toggleReaction } from "../reactions/commands";
import { expectForumError } from "../testing/expect-forum-error";
import { createMember, createTestForum, type TestForum, type TestMember } from "../testing/harness";
import { listThreads } from "../trending/queries";
import { mergeReads } from "../unread/merge";
import { lockThread, mergeThread, moveThread, pinThread, setSlowMode } from "./commands";
import { movedThreadLocation } from "./queries";

let forum: TestForum;
let anna: TestMember;
let bertil: TestMember;
let mod: TestMember;
let admin: TestMember;
let categoryId: string;
let otherCategoryId: string;

const db = () => forum.services.db;
const actor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });
let n = 0;
const newThread = async (by: TestMember = anna, category = categoryId) =>
  (await createThread(db(), actor(by), { categoryId: category, title: `Tråd ${++n}`, body: `Text ${n}` })).id;
const threadRow = async (id: string) => (await db().select().from(threads).where(eq(threads.id, id)))[0];
const logOf = async (id: string) =>
  (await db().select().from(moderationLog).where(eq(moderationLog.targetId, id)).orderBy(moderationLog.createdAt)).map((r) => [r.action, r.reason]);

beforeAll(async () => {
  forum = await createTestForum();
  anna = await createMember(forum, { nickname: "Anna_Verktyg" });
  bertil = await createMember(forum, { nickname: "Bertil_Verktyg" });
  mod = await createMember(forum, { nickname: "Moderator_Verktyg", role: "moderator" });
  admin = await createMember(forum, { nickname: "Admin_Verktyg", role: "admin" });
  const all = await listCategories(db());
  categoryId = all[0]!.id;
  otherCategoryId = all[1]!.id;
}, 60_000);
afterAll(() => forum?.close());

describe("'Fäst' and 'Lossa'", () => {
  it("a moderator pins a thread first in its category (logged); a second click writes nothing; 'Lossa' undoes it", async () => {
    const old = await newThread();
    await newThread();
    const pinned = await pinThread(db(), actor(mod), old, "category");
    expect(pinned.changed).toBe(true);
    const list = await listThreads(db(), { sort: "latest", categoryId, page: 1, pinned: "category" });
    expect(list.threads[0]).toMatchObject({ id: old, pinned: true });
    // Listed once: not again at its own place in the order.
    expect(list.threads.filter((t) => t.id === old)).toHaveLength(1);
    // Without the option (another tab), no pin.
    expect((await listThreads(db(), { sort: "latest", categoryId, page: 1 })).threads[0]!.id).not.toBe(old);
    expect((await pinThread(db(), actor(mod), old, "category")).changed).toBe(false);
    await pinThread(db(), actor(mod), old, "off");
    expect((await threadRow(old))!.pinnedAt).toBeNull();
    expect(await logOf(old)).toEqual([
      ["pin_thread", null],
      ["unpin_thread", null],
    ]);
  });

  it("members cannot pin; only an admin pins to the forum home (first under 'Senaste') or loosens such a pin", async () => {
    const id = await newThread();
    await expectForumError(pinThread(db(), actor(anna), id, "category"), 403, tl.staffOnly);
    await expectForumError(pinThread(db(), actor(mod), id, "home"), 403, tl.pinHomeAdminOnly);
    await newThread();
    await pinThread(db(), actor(admin), id, "home");
    const home = await listThreads(db(), { sort: "latest", page: 1, pinned: "home" });
    expect(home.threads[0]).toMatchObject({ id, pinned: true });
    await expectForumError(pinThread(db(), actor(mod), id, "off"), 403, tl.unpinHomeAdminOnly);
    await expectForumError(pinThread(db(), actor(mod), id, "category"), 403, tl.unpinHomeAdminOnly);
    await pinThread(db(), actor(admin), id, "off");
    expect((await listThreads(db(), { sort: "latest", page: 1, pinned: "home" })).threads.some((t) => t.pinned)).toBe(false);
    expect((await logOf(id)).map(([action, reason]) => [action, reason])).toEqual([
      ["pin_thread", tl.logPinnedHome],
      ["unpin_thread", null],
    ]);
  });
});

describe("'Lås' and 'Lås upp'", () => {
  it("a locked thread refuses members' comments, replies, reactions and edits, not staff's; 'Lås upp' opens it again", async () => {
    const id = await newThread(anna);
    const { id: commentId } = await createComment(db(), actor(bertil), id, { body: "Före låset" });
    await expectForumError(lockThread(db(), actor(bertil), id, true), 403, tl.staffOnly);
    await lockThread(db(), actor(mod), id, true);
    expect((await threadRow(id))!.lockedAt).not.toBeNull();

    await expectForumError(createComment(db(), actor(bertil), id, { body: "Efter låset" }), 403, ts.locked);
    await expectForumError(createComment(db(), actor(anna), id, { body: "Svar", parentId: commentId }), 403, ts.locked);
    await expectForumError(toggleReaction(db(), actor(bertil), { targetType: "thread", targetId: id, reactionType: "bull" }), 403, ts.locked);
    await expectForumError(toggleReaction(db(), actor(anna), { targetType: "comment", targetId: commentId, reactionType: "fire" }), 403, ts.locked);
    await expectForumError(editComment(db(), actor(bertil), id, commentId, { body: "Ändrad" }), 403, ts.locked);
    await expectForumError(editThread(db(), actor(anna), id, { title: "Ny titel", body: "Ny text" }), 403, ts.locked);

    // Staff still comment, react and moderate.
    await createComment(db(), actor(mod), id, { body: "Moderatorn svarar" });
    await toggleReaction(db(), actor(admin), { targetType: "comment", targetId: commentId, reactionType: "like" });
    await editComment(db(), actor(mod), id, commentId, { body: "Modererad", reason: "Ton" });

    await lockThread(db(), actor(mod), id, false);
    await createComment(db(), actor(bertil), id, { body: "Öppet igen" });
    expect(await logOf(id)).toEqual(expect.arrayContaining([["lock_thread", null], ["unlock_thread", null]]));
  });
});

describe("'Flytta'", () => {
  it("moves a thread; both categories' counts stay right; its notifications follow; the old URL finds it", async () => {
    const count = async (id: string) => (await db().select({ n: categories.threadsCount }).from(categories).where(eq(categories.id, id)))[0]!.n;
    const real = async (id: string) => (await db().select({ n: sql<number>`count(*)::int` }).from(threads).where(eq(threads.categoryId, id)))[0]!.n;
    const id = await newThread(anna);
    await createComment(db(), actor(bertil), id, { body: "Anna får en notis" });
    const before = [await count(categoryId), await count(otherCategoryId)];
    await expectForumError(moveThread(db(), actor(anna), id, otherCategoryId), 403, tl.staffOnly);
    await expectForumError(moveThread(db(), actor(mod), id, categoryId), 400, tl.sameCategory);
    await expectForumError(moveThread(db(), actor(mod), id, "00000000-0000-4000-8000-00000000abcd"), 404, tl.categoryNotFound);
    await expectForumError(moveThread(db(), actor(mod), id, "inte-en-kategori"), 400, tl.chooseCategory);
    const moved = await moveThread(db(), actor(mod), id, otherCategoryId);
    expect(moved).toMatchObject({ categoryId: otherCategoryId, changed: true });
    expect([await count(categoryId), await count(otherCategoryId)]).toEqual([before[0]! - 1, before[1]! + 1]);
    expect([await count(categoryId), await count(otherCategoryId)]).toEqual([await real(categoryId), await real(otherCategoryId)]);
    const notes = await db().select({ categoryId: notifications.categoryId }).from(notifications).where(eq(notifications.threadId, id));
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.every((row) => row.categoryId === otherCategoryId)).toBe(true);
    expect(await movedThreadLocation(db(), categoryId, id)).toMatchObject({ categoryId: otherCategoryId, threadId: id });
    expect(await movedThreadLocation(db(), otherCategoryId, id)).toBeNull();
    const [log] = await db().select().from(moderationLog).where(and(eq(moderationLog.targetId, id), eq(moderationLog.action, "move_thread")));
    expect(log!.reason).toContain(" till ");
  });
});

describe("'Slå ihop'", () => {
  it("moves every post into the target in time order, keeps the counters, subscribers of both and the old URL", async () => {
    const cecilia = await createMember(forum, { nickname: "Cecilia_Verktyg" });
    const target = await newThread(anna);
    const t1 = await createComment(db(), actor(bertil), target, { body: "Målets första" });
    const source = await newThread(bertil, otherCategoryId);
    const s1 = await createComment(db(), actor(anna), source, { body: "Källans första" });
    const s1r = await createComment(db(), actor(cecilia), source, { body: "Svar i källan", parentId: s1.id });
    const t2 = await createComment(db(), actor(cecilia), target, { body: "Målets andra" });
    await toggleReaction(db(), actor(cecilia), { targetType: "thread", targetId: source, reactionType: "bull" });
    // Subscriptions: Cecilia watches both; Bertil stopped watching the target but watches the source.
    await db().insert(threadSubscriptions).values({ userId: bertil.id, threadId: target, subscribed: false }).onConflictDoUpdate({
      target: [threadSubscriptions.userId, threadSubscriptions.threadId],
      set: { subscribed: false },
    });
    const timeOf = async (id: string) => (await db().select({ at: comments.createdAt }).from(comments).where(eq(comments.id, id)))[0]!.at.getTime();
    const [t1Time, s1Time, s1rTime, t2Time] = await Promise.all([t1.id, s1.id, s1r.id, t2.id].map(timeOf));
    const sourceTime = (await threadRow(source))!.createdAt.getTime();
    const sourceCategoryBefore = (await db().select().from(categories).where(eq(categories.id, otherCategoryId)))[0]!.threadsCount;
    const bertilBefore = (await db().select().from(profiles).where(eq(profiles.id, bertil.id)))[0]!;

    await expectForumError(mergeThread(db(), actor(anna), source, target), 403, tl.staffOnly);
    await expectForumError(mergeThread(db(), actor(mod), source, source), 400, tl.mergeSelf);
    await expectForumError(mergeThread(db(), actor(mod), source, "ingen länk"), 400, tl.mergeTargetMissing);
    await expectForumError(mergeThread(db(), actor(mod), source, "00000000-0000-4000-8000-00000000abcd"), 404, tl.mergeTargetNotFound);

    const merged = await mergeThread(db(), actor(mod), source, `https://forum.example/forum/kategori/${categoryId}/trad/${target}/mal?sida=2#x`);
    expect(merged).toMatchObject({ threadId: target, categoryId, sourceId: source });
    expect(await threadRow(source)).toBeUndefined();

    // Every post keeps its time, so the target shows them in the order they were written.
    const rows = await db().select().from(comments).where(eq(comments.threadId, target)).orderBy(comments.createdAt, comments.id);
    expect(rows.map((c) => c.id)).toEqual([t1.id, merged.openingCommentId, s1.id, s1r.id, t2.id]);
    expect(rows.map((c) => c.createdAt.getTime())).toEqual([t1Time, sourceTime, s1Time, s1rTime, t2Time]);
    const opening = rows.find((c) => c.id === merged.openingCommentId)!;
    expect(opening).toMatchObject({ authorId: bertil.id, parentId: null, reactionsCount: 1 });
    expect(rows.find((c) => c.id === s1r.id)!.parentId).toBe(s1.id);
    const [reaction] = await db().select().from(reactions).where(eq(reactions.userId, cecilia.id));
    expect(reaction).toMatchObject({ targetType: "comment", targetId: merged.openingCommentId });

    const after = (await threadRow(target))!;
    expect(after.commentsCount).toBe(5);
    expect(after.lastCommentAt!.getTime()).toBe(Math.max(...rows.map((c) => c.createdAt.getTime())));
    expect((await db().select().from(categories).where(eq(categories.id, otherCategoryId)))[0]!.threadsCount).toBe(sourceCategoryBefore - 1);
    const bertilAfter = (await db().select().from(profiles).where(eq(profiles.id, bertil.id)))[0]!;
    expect([bertilAfter.threadsCount, bertilAfter.commentsCount]).toEqual([bertilBefore.threadsCount - 1, bertilBefore.commentsCount + 1]);

    const subs = await db().select().from(threadSubscriptions).where(eq(threadSubscriptions.threadId, target));
    const byUser = new Map(subs.map((s) => [s.userId, s.subscribed]));
    expect(subs).toHaveLength(byUser.size);
    expect(byUser.get(anna.id)).toBe(true);
    expect(byUser.get(cecilia.id)).toBe(true);
    expect(byUser.get(bertil.id)).toBe(true);

    const [redirect] = await db().select().from(threadRedirects).where(eq(threadRedirects.fromThreadId, source));
    expect(redirect!.toThreadId).toBe(target);
    expect(await movedThreadLocation(db(), otherCategoryId, source)).toMatchObject({ categoryId, threadId: target });
    expect(await logOf(source)).toEqual([["merge_thread", tl.logMerged(after.title)]]);

    // Merged again into a third thread: the first redirect follows.
    const third = await newThread(anna);
    await mergeThread(db(), actor(admin), target, third);
    const redirects = await db().select().from(threadRedirects);
    expect(redirects.filter((r) => r.fromThreadId === source || r.fromThreadId === target).every((r) => r.toThreadId === third)).toBe(true);
    expect((await threadRow(third))!.commentsCount).toBe(6);
  });

  it("a moderator cannot merge away an admin's thread; a thread with a poll is refused", async () => {
    const admins = await newThread(admin);
    const target = await newThread(anna);
    await expectForumError(mergeThread(db(), actor(mod), admins, target), 403, tl.mergeNotAllowed);
    const withPoll = await newThread(anna);
    await db().insert(polls).values({ threadId: withPoll });
    await expectForumError(mergeThread(db(), actor(mod), withPoll, target), 409, tl.mergePoll);
    expect(await threadRow(withPoll)).toBeDefined();
  });
});

describe("mergeReads", () => {
  it("keeps the earlier point of two, moves a target-only point back before the merged posts, drops a source-only one", async () => {
    const [both, targetOnly, sourceOnly, late] = await Promise.all([1, 2, 3, 4].map(() => createMember(forum)));
    const source = await newThread(anna);
    await createComment(db(), actor(bertil), source, { body: "Källans kommentar" });
    const target = await newThread(anna);
    const sourceCreated = (await threadRow(source))!.createdAt;
    const at = (ms: number) => new Date(sourceCreated.getTime() + ms);
    await db().insert(threadReads).values([
      { userId: both!.id, threadId: source, lastReadAt: at(5_000) },
      { userId: both!.id, threadId: target, lastReadAt: at(60_000) },
      { userId: targetOnly!.id, threadId: target, lastReadAt: at(60_000) },
      { userId: sourceOnly!.id, threadId: source, lastReadAt: at(60_000) },
      // Read the target up to a time before the source existed: stays.
      { userId: late!.id, threadId: target, lastReadAt: at(-60_000) },
    ]);
    const result = await mergeReads(db(), source, target);
    expect(result).toEqual({ updated: 2, dropped: 2 });
    const rows = new Map((await db().select().from(threadReads).where(eq(threadReads.threadId, target))).map((r) => [r.userId, r.lastReadAt.getTime()]));
    expect(rows.get(both!.id)).toBe(at(5_000).getTime());
    // Just before the merged thread's opening post: 1 µs, exact in the database (JavaScript dates hold ms).
    const [moved] = (
      (await db().execute(sql`SELECT tr.last_read_at = t.created_at - interval '1 microsecond' AS just_before
                                FROM thread_reads tr, threads t WHERE tr.user_id = ${targetOnly!.id} AND tr.thread_id = ${target}::uuid AND t.id = ${source}::uuid`)) as unknown as {
        rows: Array<{ just_before: boolean }>;
      }
    ).rows;
    expect(moved?.just_before).toBe(true);
    expect(rows.get(late!.id)).toBe(at(-60_000).getTime());
    expect(rows.has(sourceOnly!.id)).toBe(false);
    expect(await db().select().from(threadReads).where(eq(threadReads.threadId, source))).toEqual([]);
  });
});

describe("'Långsamt läge'", () => {
  it("refuses a member's second comment within N minutes (429 with the time), lets staff through, and ends with 'Av'", async () => {
    const id = await newThread(anna);
    await expectForumError(setSlowMode(db(), actor(bertil), id, "5"), 403, tl.staffOnly);
    await expectForumError(setSlowMode(db(), actor(mod), id, "7"), 400, tl.invalidSlowMode);
    expect((await setSlowMode(db(), actor(mod), id, "5")).minutes).toBe(5);
    const first = await createComment(db(), actor(bertil), id, { body: "Första" });
    const refused = await createComment(db(), actor(bertil), id, { body: "Andra", parentId: first.id }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).status).toBe(429);
    expect((refused as RateLimitedError).message).toMatch(/^Långsamt läge: du kan kommentera igen kl\. \d\d:\d\d\.$/);
    expect((refused as RateLimitedError).retryAfterS).toBeGreaterThan(240);
    // Staff are exempt.
    await createComment(db(), actor(mod), id, { body: "Moderatorn 1" });
    await createComment(db(), actor(mod), id, { body: "Moderatorn 2" });
    // Five minutes later the member may post again.
    await db().update(comments).set({ createdAt: sql`now() - interval '5 minutes 1 second'` }).where(eq(comments.id, first.id));
    await createComment(db(), actor(bertil), id, { body: "Efter fem minuter" });
    await setSlowMode(db(), actor(mod), id, "");
    await createComment(db(), actor(bertil), id, { body: "Av igen" });
    expect(await logOf(id)).toEqual([
      ["set_slow_mode", tl.logSlowMode(5)],
      ["set_slow_mode", tl.logSlowMode(null)],
    ]);
  });
});
