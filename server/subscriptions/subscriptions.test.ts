/**
 * Thread subscriptions ('Bevaka tråd'): auto-subscribe on create and on comment, the
 * setting that turns it off, an explicit 'Sluta bevaka' that sticks, batching ('N nya
 * kommentarer i "titel"' while unread, a new row once read), never the commenter's own comment,
 * no double notice for the thread author or a mentioned member, blocked members, concurrency,
 * cascades and the export. Runs on PGlite and (with TEST_DATABASE_URL) on PostgreSQL.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications as n, threadWatch as tw } from "../../domain/i18n/sv";
import { notificationText } from "../../domain/notifications";
import { commentPath } from "../../domain/paths";
import { blockedUsers, notifications, threadSubscriptions } from "../db/schema";
import { createComment, createThread, deleteComment, deleteThread } from "../forum/commands";
import { listCategories } from "../forum/queries";
import { markAllNotificationsRead, markNotificationRead } from "../notifications/commands";
import { getUnreadNotifications } from "../notifications/queries";
import { exportMemberData } from "../privacy/export";
import { createMember, createTestForum, type TestForum, type TestMember } from "../testing/harness";
import { ForumError } from "../platform/errors";
import { isSubscribed, notifySubscribers, setSubscribersInlineLimit, setThreadSubscription } from "./commands";
import { DEFAULT_NOTIFICATION_SETTINGS, setAutoSubscribe } from "../notifications/settings";
import { kickSubscriptionFanOut, runPendingSubscriptionFanOuts } from "./fanout";
import { subscriptionFanouts } from "../db/schema";

let forum: TestForum;
let categoryId: string;
const actor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });
const db = () => forum.services.db;

beforeAll(async () => {
  forum = await createTestForum();
  categoryId = (await listCategories(db()))[0]!.id;
}, 60_000);
afterAll(() => forum?.close());

/** The member's `thread_activity` rows for a thread, oldest first. */
async function activity(m: TestMember, threadId: string) {
  return db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, m.id), eq(notifications.threadId, threadId), eq(notifications.type, "thread_activity")))
    .orderBy(notifications.seq);
}

async function newThread(author: TestMember, title = "Bevakad tråd") {
  return (await createThread(db(), actor(author), { categoryId, title, body: "Vad tror ni?" })).id;
}

describe("auto-subscribe", () => {
  it("the thread's author and every commenter watch the thread; others do not", async () => {
    const a = await createMember(forum);
    const b = await createMember(forum);
    const c = await createMember(forum);
    const threadId = await newThread(a);
    expect(await isSubscribed(db(), a.id, threadId)).toBe(true);
    expect(await isSubscribed(db(), b.id, threadId)).toBe(false);
    const first = await createComment(db(), actor(b), threadId, { body: "Första" });
    expect(await isSubscribed(db(), b.id, threadId)).toBe(true);
    // A reply subscribes its author too.
    await createComment(db(), actor(c), threadId, { body: "Svar", parentId: first.id });
    expect(await isSubscribed(db(), c.id, threadId)).toBe(true);
  });

  it("with auto_subscribe off, creating and commenting subscribe nobody; the toggle still works", async () => {
    const a = await createMember(forum);
    const b = await createMember(forum);
    await setAutoSubscribe(db(), a.id, false);
    await setAutoSubscribe(db(), b.id, false);
    const threadId = await newThread(a);
    await createComment(db(), actor(b), threadId, { body: "Hej" });
    expect(await isSubscribed(db(), a.id, threadId)).toBe(false);
    expect(await isSubscribed(db(), b.id, threadId)).toBe(false);
    await setThreadSubscription(db(), b, threadId, true);
    expect(await isSubscribed(db(), b.id, threadId)).toBe(true);
    await setAutoSubscribe(db(), b.id, true);
    const other = await newThread(b);
    expect(await isSubscribed(db(), b.id, other)).toBe(true);
  });

  it("an explicit 'Sluta bevaka' sticks: commenting again does not re-subscribe, and no rows come", async () => {
    const a = await createMember(forum);
    const b = await createMember(forum);
    const threadId = await newThread(a);
    await createComment(db(), actor(b), threadId, { body: "Jag är med" });
    await setThreadSubscription(db(), b, threadId, false);
    await createComment(db(), actor(b), threadId, { body: "Igen" });
    expect(await isSubscribed(db(), b.id, threadId)).toBe(false);
    await createComment(db(), actor(a), threadId, { body: "Från trådstartaren" });
    expect(await activity(b, threadId)).toHaveLength(0);
  });
});

describe("batched notifications", () => {
  it("3 comments give one unread row with count 3 and the text '3 nya kommentarer i \"titel\"'; once read, the next comment starts a new row", async () => {
    const a = await createMember(forum);
    const watcher = await createMember(forum);
    const c1 = await createMember(forum);
    const c2 = await createMember(forum);
    const threadId = await newThread(a, "Volvo inför rapporten");
    await setThreadSubscription(db(), watcher, threadId, true);

    await createComment(db(), actor(c1), threadId, { body: "Ett" });
    let rows = await activity(watcher, threadId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ count: 1, read: false });
    let bell = await getUnreadNotifications(db(), watcher.id);
    expect(bell.unreadCount).toBe(1);
    expect(notificationText(bell.items[0]!)).toBe('1 ny kommentar i "Volvo inför rapporten"');
    const firstSeq = rows[0]!.seq;

    await createComment(db(), actor(c2), threadId, { body: "Två" });
    const last = await createComment(db(), actor(c1), threadId, { body: "Tre" });
    rows = await activity(watcher, threadId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ count: 3, read: false, referenceId: last.id });
    // Re-announced: a new seq, so the live channel and the bell see it again.
    expect(rows[0]!.seq).toBeGreaterThan(firstSeq);
    bell = await getUnreadNotifications(db(), watcher.id);
    expect(bell.unreadCount).toBe(1);
    expect(notificationText(bell.items[0]!)).toBe('3 nya kommentarer i "Volvo inför rapporten"');
    expect(n.threadActivity(3, "Volvo inför rapporten")).toBe('3 nya kommentarer i "Volvo inför rapporten"');
    expect(bell.items[0]!.href).toBe(commentPath(last.id));

    await markNotificationRead(db(), watcher.id, rows[0]!.id);
    await createComment(db(), actor(c2), threadId, { body: "Fyra" });
    rows = await activity(watcher, threadId);
    expect(rows.map((r) => [r.count, r.read])).toEqual([
      [3, true],
      [1, false],
    ]);
    await markAllNotificationsRead(db(), watcher.id);
    await createComment(db(), actor(c2), threadId, { body: "Fem" });
    expect((await activity(watcher, threadId)).map((r) => r.count)).toEqual([3, 1, 1]);
  });

  it("never for the commenter's own comment; the thread author keeps SPEC's new_comment and a mentioned member gets mention, not a batch row as well", async () => {
    const a = await createMember(forum);
    const b = await createMember(forum);
    const c = await createMember(forum);
    const threadId = await newThread(a);
    await createComment(db(), actor(b), threadId, { body: "Jag bevakar nu" });
    await createComment(db(), actor(c), threadId, { body: "Också jag" });
    // b's own second comment: b gets nothing for it; c (subscribed) gets a row.
    await createComment(db(), actor(b), threadId, { body: "Mitt eget" });
    const bRows = await activity(b, threadId);
    expect(bRows.map((r) => r.count)).toEqual([1]); // only c's comment
    expect((await activity(c, threadId)).map((r) => r.count)).toEqual([1]); // only b's second
    // The thread author: new_comment per comment (SPEC), never a thread_activity row.
    expect(await activity(a, threadId)).toHaveLength(0);
    const aTypes = (await db().select().from(notifications).where(eq(notifications.userId, a.id))).map((r) => r.type);
    expect(aTypes).toEqual(["new_comment", "new_comment", "new_comment"]);
    // A mentioned subscriber gets the mention, not also +1 in the batch.
    await createComment(db(), actor(a), threadId, { body: `Hej @${c.nickname}` });
    expect((await activity(c, threadId)).map((r) => r.count)).toEqual([1]);
    expect((await activity(b, threadId)).map((r) => r.count)).toEqual([2]);
  });

  it("a reply's parent author gets new_comment, not a batch row for it", async () => {
    const a = await createMember(forum);
    const b = await createMember(forum);
    const c = await createMember(forum);
    const threadId = await newThread(a);
    const parent = await createComment(db(), actor(b), threadId, { body: "Förälder" });
    await createComment(db(), actor(c), threadId, { body: "Svar", parentId: parent.id });
    expect(await activity(b, threadId)).toHaveLength(0);
    const bTypes = (await db().select().from(notifications).where(eq(notifications.userId, b.id))).map((r) => r.type);
    expect(bTypes).toEqual(["new_comment"]);
  });

  it("two comments at once leave one unread row with count 2", async () => {
    const a = await createMember(forum);
    const watcher = await createMember(forum);
    const c1 = await createMember(forum);
    const c2 = await createMember(forum);
    const threadId = await newThread(a);
    await setThreadSubscription(db(), watcher, threadId, true);
    await Promise.all([
      createComment(db(), actor(c1), threadId, { body: "Samtidigt ett" }),
      createComment(db(), actor(c2), threadId, { body: "Samtidigt två" }),
    ]);
    const rows = await activity(watcher, threadId);
    expect(rows.map((r) => [r.count, r.read])).toEqual([[2, false]]);
  });

  it("deleting the newest comment keeps the batch row, now leading to the thread; deleting the thread removes it and the subscriptions", async () => {
    const a = await createMember(forum);
    const watcher = await createMember(forum);
    const c1 = await createMember(forum);
    const threadId = await newThread(a, "Raderas");
    await setThreadSubscription(db(), watcher, threadId, true);
    await createComment(db(), actor(c1), threadId, { body: "Ett" });
    const second = await createComment(db(), actor(c1), threadId, { body: "Två" });
    await deleteComment(db(), actor(c1), threadId, second.id);
    const [row] = await activity(watcher, threadId);
    expect(row).toMatchObject({ count: 2, referenceId: threadId });
    expect((await getUnreadNotifications(db(), watcher.id)).items[0]!.href).toBe(`/forum/kategori/${categoryId}/trad/${threadId}`);
    await deleteThread(db(), actor(a), threadId);
    expect(await activity(watcher, threadId)).toHaveLength(0);
    expect(await db().select().from(threadSubscriptions).where(eq(threadSubscriptions.threadId, threadId))).toHaveLength(0);
  });
});

describe("a thread with many subscribers (the commenter must not wait)", () => {
  it("above the inline limit the batch is a job done after commit, in batches, with the same rules", async () => {
    const a = await createMember(forum);
    const watchers = [await createMember(forum), await createMember(forum), await createMember(forum), await createMember(forum)];
    const threadId = await newThread(a, "Stor tråd");
    for (const w of watchers) await setThreadSubscription(db(), w, threadId, true);
    setSubscribersInlineLimit(2);
    try {
      // A mentioned watcher and the commenter (a watcher too) are left out; the author gets new_comment.
      const commenter = watchers[0]!;
      const mentioned = watchers[1]!;
      const first = await createComment(db(), actor(commenter), threadId, { body: `Hej @${mentioned.nickname}` });
      await kickSubscriptionFanOut(db());
      expect(await db().select().from(subscriptionFanouts)).toHaveLength(0);
      for (const w of watchers.slice(2)) expect((await activity(w, threadId)).map((r) => [r.count, r.referenceId])).toEqual([[1, first.id]]);
      expect(await activity(commenter, threadId)).toHaveLength(0);
      expect(await activity(mentioned, threadId)).toHaveLength(0);
      expect(await activity(a, threadId)).toHaveLength(0);

      // A job left over (e.g. by a crashed instance) is finished by the next run, batch by batch.
      setSubscribersInlineLimit(0);
      const { db: database } = forum.services;
      const second = await database.transaction(async (tx) => {
        const result = await notifySubscribers(tx, {
          actor: { id: a.id, nickname: a.nickname },
          threadId,
          categoryId,
          title: "Stor tråd",
          commentId: first.id,
          toldIds: [],
          mentions: [],
        });
        return result;
      });
      expect(second).toEqual({ notified: 0, deferred: true });
      expect(await runPendingSubscriptionFanOuts(db(), { batchSize: 1 })).toBe(4);
      expect(await db().select().from(subscriptionFanouts)).toHaveLength(0);
      expect((await activity(watchers[3]!, threadId)).map((r) => r.count)).toEqual([2]);
      expect((await activity(commenter, threadId)).map((r) => r.count)).toEqual([1]);
    } finally {
      setSubscribersInlineLimit(null);
    }
  });
});

describe("the toggle's rules", () => {
  it("visitors get 401, unknown threads 404, blocked members 403 for 'Bevaka tråd' but may stop watching", async () => {
    const a = await createMember(forum);
    const threadId = await newThread(a);
    await expect(setThreadSubscription(db(), null, threadId, true)).rejects.toMatchObject({ status: 401 });
    const m = await createMember(forum);
    await expect(setThreadSubscription(db(), m, "00000000-0000-4000-8000-000000000000", true)).rejects.toMatchObject({ status: 404 });
    await expect(setThreadSubscription(db(), m, "inte-ett-id", true)).rejects.toBeInstanceOf(ForumError);
    await setThreadSubscription(db(), m, threadId, true);
    await db().insert(blockedUsers).values({ userId: m.id, blockedBy: a.id, reason: "test" });
    await expect(setThreadSubscription(db(), { id: m.id, blocked: true }, threadId, true)).rejects.toMatchObject({
      status: 403,
      message: tw.blocked,
    });
    await setThreadSubscription(db(), { id: m.id, blocked: true }, threadId, false);
    expect(await isSubscribed(db(), m.id, threadId)).toBe(false);
  });

  it("the data export lists the member's subscriptions, muted ones too", async () => {
    const a = await createMember(forum);
    const threadId = await newThread(a, "Exporteras");
    const muted = await newThread(a, "Tystad");
    await setThreadSubscription(db(), a, muted, false);
    const data = await exportMemberData(db(), a.id);
    expect(data!.threadSubscriptions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ threadId, title: "Exporteras", subscribed: true }),
        expect.objectContaining({ threadId: muted, title: "Tystad", subscribed: false }),
      ]),
    );
    expect(data!.notificationSettings).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
  });
});
