import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications as n } from "../../domain/i18n/sv";
import { notificationText } from "../../domain/notifications";
import { notifications } from "../db/schema";
import { follow } from "../follows/commands";
import { createComment, createThread } from "../forum/commands";
import { listCategories } from "../forum/queries";
import { createMember, createTestForum, type TestForum, type TestMember } from "../testing/harness";
import { markAllNotificationsRead, markNotificationRead, notifyNewThread, setFanOutInlineLimit } from "./commands";
import { kickFanOut, runPendingFanOuts } from "./fanout";
import { notificationFanouts } from "../db/schema";
import { getAllNotifications, getUnreadNotifications } from "./queries";

let forum: TestForum;
let categoryId: string;
const actor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });

/** Every notification row of a member, oldest first, as [type, actor nickname, title]. */
async function inbox(m: TestMember) {
  const rows = await forum.services.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, m.id))
    .orderBy(notifications.seq);
  return rows;
}

beforeAll(async () => {
  forum = await createTestForum();
  categoryId = (await listCategories(forum.services.db))[0]!.id;
});
afterAll(() => forum.close());

describe("notification rules (SPEC §3, §7 Writes)", () => {
  it("a new thread notifies every follower of the author once, with the spec's text and link", async () => {
    const author = await createMember(forum);
    const f1 = await createMember(forum);
    const f2 = await createMember(forum);
    const stranger = await createMember(forum);
    await follow(forum.services.db, f1.id, author.id);
    await follow(forum.services.db, f2.id, author.id);
    const { id } = await createThread(forum.services.db, actor(author), { categoryId, title: "Volvo inför rapporten", body: "Vad tror ni?" });
    for (const f of [f1, f2]) {
      const rows = await inbox(f);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ type: "new_thread", referenceId: id, threadId: id, categoryId, actorId: author.id, read: false });
      const unread = await getUnreadNotifications(forum.services.db, f.id);
      expect(unread.unreadCount).toBe(1);
      expect(notificationText(unread.items[0]!)).toBe(`${author.nickname} skapade en ny tråd: "Volvo inför rapporten"`);
      expect(unread.items[0]!.href).toBe(`/forum/kategori/${categoryId}/trad/${id}`);
    }
    expect(await inbox(stranger)).toHaveLength(0);
    expect(await inbox(author)).toHaveLength(0);
  });

  it("@mentions in a thread notify the mentioned member; a follower who is also mentioned gets one notification; never the author", async () => {
    const author = await createMember(forum);
    const fan = await createMember(forum);
    const named = await createMember(forum);
    await follow(forum.services.db, fan.id, author.id);
    const body = `Hej @${named.nickname.toUpperCase()} och @${fan.nickname}, och @${author.nickname} själv, och @okänd_medlem_xyz`;
    const { id } = await createThread(forum.services.db, actor(author), { categoryId, title: "Nämnda", body });
    expect((await inbox(fan)).map((r) => r.type)).toEqual(["new_thread"]);
    const [mention] = await inbox(named);
    expect(mention).toMatchObject({ type: "mention", referenceId: id, threadId: id });
    const item = (await getUnreadNotifications(forum.services.db, named.id)).items[0]!;
    expect(notificationText(item)).toBe(`${author.nickname} nämnde dig i: "Nämnda"`);
    expect(item.href).toBe(`/forum/kategori/${categoryId}/trad/${id}`);
    expect(await inbox(author)).toHaveLength(0);
  });

  it("a comment notifies the thread's author, a reply also the parent comment's author, each once, never the commenter", async () => {
    const op = await createMember(forum);
    const commenter = await createMember(forum);
    const replier = await createMember(forum);
    const { id: threadId } = await createThread(forum.services.db, actor(op), { categoryId, title: "Räntebeslutet", body: "Riksbanken." });

    const c1 = await createComment(forum.services.db, actor(commenter), threadId, { body: "Sänkning!" });
    let rows = await inbox(op);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: "new_comment", referenceId: c1.id, threadId, title: "Räntebeslutet" });
    const item = (await getUnreadNotifications(forum.services.db, op.id)).items[0]!;
    expect(notificationText(item)).toBe(`${commenter.nickname} kommenterade i tråden: "Räntebeslutet"`);
    expect(item.href).toBe(`/forum/kommentar/${c1.id}`);

    const r1 = await createComment(forum.services.db, actor(replier), threadId, { body: "Håller inte med", parentId: c1.id });
    expect((await inbox(op)).map((r) => r.referenceId)).toEqual([c1.id, r1.id]);
    expect((await inbox(commenter)).map((r) => [r.type, r.referenceId])).toEqual([["new_comment", r1.id]]);

    // The thread's author replying to a comment: only the parent's author hears of it.
    const r2 = await createComment(forum.services.db, actor(op), threadId, { body: "Vi får se", parentId: c1.id });
    expect((await inbox(op)).map((r) => r.referenceId)).toEqual([c1.id, r1.id]);
    expect((await inbox(commenter)).map((r) => r.referenceId)).toEqual([r1.id, r2.id]);

    // Replying to one's own comment on someone else's thread: the thread's author only.
    const r3 = await createComment(forum.services.db, actor(commenter), threadId, { body: "Tillägg", parentId: c1.id });
    expect((await inbox(commenter)).map((r) => r.referenceId)).toEqual([r1.id, r2.id]);
    expect((await inbox(op)).map((r) => r.referenceId)).toEqual([c1.id, r1.id, r3.id]);
  });

  it("a reply whose parent author is the thread's author, and who is also @mentioned, gives that member one notification", async () => {
    const op = await createMember(forum);
    const other = await createMember(forum);
    const named = await createMember(forum);
    const { id: threadId } = await createThread(forum.services.db, actor(op), { categoryId, title: "Dubbel", body: "Text" });
    const own = await createComment(forum.services.db, actor(op), threadId, { body: "Min egen kommentar" });
    expect(await inbox(op)).toHaveLength(0);
    const reply = await createComment(forum.services.db, actor(other), threadId, {
      body: `@${op.nickname} håller med, eller hur @${named.nickname}? @${other.nickname}`,
      parentId: own.id,
    });
    expect((await inbox(op)).map((r) => [r.type, r.referenceId])).toEqual([["new_comment", reply.id]]);
    const [m] = await inbox(named);
    expect(m).toMatchObject({ type: "mention", referenceId: reply.id });
    expect((await getUnreadNotifications(forum.services.db, named.id)).items[0]!.href).toBe(
      `/forum/kommentar/${reply.id}`,
    );
    expect(await inbox(other)).toHaveLength(0);
  });

  it("texts follow SPEC §8: default actor 'Någon', unknown types ' gjorde något'", () => {
    expect(notificationText({ type: "new_thread", actorNickname: null, title: "T" })).toBe('Någon skapade en ny tråd: "T"');
    expect(notificationText({ type: "new_comment", actorNickname: "", title: "T" })).toBe('Någon kommenterade i tråden: "T"');
    expect(notificationText({ type: "okänd", actorNickname: "Eva", title: "T" })).toBe(`Eva${n.other}`);
  });
});

describe("fan-out of a popular author (the author does not wait)", () => {
  afterAll(() => setFanOutInlineLimit(null));

  it("above the inline limit the followers' rows follow the commit; a mentioned follower still gets one new_thread", async () => {
    setFanOutInlineLimit(2);
    const star = await createMember(forum);
    const fans = [await createMember(forum), await createMember(forum), await createMember(forum)];
    const outsider = await createMember(forum);
    for (const fan of fans) await follow(forum.services.db, fan.id, star.id);
    const { id } = await createThread(forum.services.db, actor(star), {
      categoryId,
      title: "Många följare",
      body: `Hej @${fans[0]!.nickname} och @${outsider.nickname}`,
    });
    expect((await inbox(outsider)).map((r) => r.type)).toEqual(["mention"]);
    await kickFanOut(forum.services.db);
    for (const fan of fans) {
      expect((await inbox(fan)).map((r) => [r.type, r.referenceId])).toEqual([["new_thread", id]]);
    }
    expect(await forum.services.db.select().from(notificationFanouts)).toEqual([]);
    expect(await inbox(star)).toHaveLength(0);
  });

  it("a job is worked off in batches of followers; a rolled-back thread leaves no job", async () => {
    setFanOutInlineLimit(1000);
    const star = await createMember(forum);
    const fans = await Promise.all(Array.from({ length: 5 }, () => createMember(forum)));
    for (const fan of fans) await follow(forum.services.db, fan.id, star.id);
    const { id: threadId } = await createThread(forum.services.db, actor(star), { categoryId, title: "Batchvis", body: "x" });
    setFanOutInlineLimit(2);
    // A rolled-back thread leaves no job behind.
    await forum.services.db
      .transaction(async (tx) => {
        await notifyNewThread(tx, { actor: star, threadId, categoryId, title: "Rullas tillbaka", mentions: [] });
        throw new Error("rollback");
      })
      .catch(() => {});
    expect(await forum.services.db.select().from(notificationFanouts)).toEqual([]);
    await forum.services.db.transaction(async (tx) => {
      const r = await notifyNewThread(tx, { actor: star, threadId, categoryId, title: "Batchvis igen", mentions: [] });
      expect(r).toEqual({ created: 0, deferred: true });
    });
    expect(await runPendingFanOuts(forum.services.db, { batchSize: 2 })).toBe(5);
    for (const fan of fans) expect((await inbox(fan)).map((r) => r.title)).toEqual(["Batchvis", "Batchvis igen"]);
    expect(await forum.services.db.select().from(notificationFanouts)).toEqual([]);
  });
});

describe("reading and marking (SPEC §4 Notification, §7 Reads/Writes, §9 limits)", () => {
  let reader: TestMember;
  let writer: TestMember;
  beforeAll(async () => {
    reader = await createMember(forum);
    writer = await createMember(forum);
    await follow(forum.services.db, reader.id, writer.id);
    for (let i = 1; i <= 12; i++) {
      await createThread(forum.services.db, actor(writer), { categoryId, title: `Tråd ${i}`, body: "Text" });
    }
  });

  it("the bell lists at most 10 unread, newest first, and counts all unread; the page lists up to 50", async () => {
    const unread = await getUnreadNotifications(forum.services.db, reader.id);
    expect(unread.unreadCount).toBe(12);
    expect(unread.items.map((i) => i.title)).toEqual(Array.from({ length: 10 }, (_, k) => `Tråd ${12 - k}`));
    expect((await getAllNotifications(forum.services.db, reader.id)).length).toBe(12);
  });

  it("marking one read removes it from the unread list; another member cannot mark it", async () => {
    const [first] = (await getUnreadNotifications(forum.services.db, reader.id)).items;
    expect(await markNotificationRead(forum.services.db, writer.id, first!.id)).toBe(false);
    expect(await markNotificationRead(forum.services.db, reader.id, "inte-ett-id")).toBe(false);
    expect(await markNotificationRead(forum.services.db, reader.id, first!.id)).toBe(true);
    const after = await getUnreadNotifications(forum.services.db, reader.id);
    expect(after.unreadCount).toBe(11);
    expect(after.items.map((i) => i.id)).not.toContain(first!.id);
    const all = await getAllNotifications(forum.services.db, reader.id);
    expect(all.find((i) => i.id === first!.id)?.read).toBe(true);
  });

  it("mark all read clears the unread list and leaves the page's list, all read", async () => {
    expect(await markAllNotificationsRead(forum.services.db, reader.id)).toBe(11);
    expect(await getUnreadNotifications(forum.services.db, reader.id)).toEqual({ items: [], unreadCount: 0 });
    const all = await getAllNotifications(forum.services.db, reader.id);
    expect(all).toHaveLength(12);
    expect(all.every((i) => i.read)).toBe(true);
    expect(await markAllNotificationsRead(forum.services.db, reader.id)).toBe(0);
  });
});
