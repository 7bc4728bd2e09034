/**
 * Unread tracking and 'Aktiva' as a member and a visitor see them through the real loaders and
 * the read-mark API (docs/decisions/052-unread-and-links.md): 'N nya' for comments after the read
 * point, the dot for threads started since the previous visit, reads that move only past what was
 * on screen, 'Markera alla som lästa', the 'Olästa' tab, and threads by last activity.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as forumHome from "../../../app/routes/forum-home";
import * as categoryRoute from "../../../app/routes/category";
import * as threadRoute from "../../../app/routes/thread";
import * as apiUnread from "../../../app/routes/api-unread";
import { unread as ur } from "../../../domain/i18n/sv";
import { profiles } from "../../../server/db/schema";
import { createComment, createThread, deleteComment } from "../../../server/forum/commands";
import { listCategories } from "../../../server/forum/queries";
import { logUserActivity } from "../../../server/presence/activity";
import { markAllRead, markRead } from "../../../server/unread/commands";
import { mergeThread, moveThread } from "../../../server/thread-tools/commands";
import { callRoute, sessionCookie, threadUrl } from "../../../server/testing/route-call";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../../server/testing/harness";

let forum: TestForum;
let reader: TestMember;
let anna: TestMember;
let bo: TestMember;
let readerCookie = "";
let categoryId = "";
let otherCategoryId = "";
const actorOf = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });
const db = () => forum.services.db;

beforeAll(async () => {
  forum = await createTestForum();
  [reader, anna, bo] = [await createMember(forum, { nickname: "Lasaren" }), await createMember(forum), await createMember(forum)];
  readerCookie = await sessionCookie(forum, reader);
  const cats = await listCategories(db());
  categoryId = cats[0]!.id;
  otherCategoryId = cats[1]!.id;
}, 60_000);
afterAll(() => forum?.close());

/** A thread by `author` with comments by the given members, one after the other. */
async function threadWith(author: TestMember, title: string, commenters: TestMember[], category = categoryId) {
  const id = (await createThread(db(), actorOf(author), { categoryId: category, title, body: "Text" })).id;
  const commentIds: string[] = [];
  for (const [i, who] of commenters.entries()) commentIds.push((await createComment(db(), actorOf(who), id, { body: `Kommentar ${i + 1}` })).id);
  return { id, commentIds };
}

/** The reader's home list (a tab) as the loader gives it. */
async function homeRows(tab = "", cookie = readerCookie) {
  const answer = await callRoute(forum, forumHome.loader, { url: `/forum${tab ? `?sortera=${tab}` : ""}`, cookie });
  expect(answer.status).toBe(200);
  return answer.body as { tab: string; threads: Array<{ id: string; unread?: unknown; activity?: { by: { nickname: string } | null; participants: Array<{ nickname: string }> } }> };
}
const unreadOf = async (threadId: string, tab = "") => (await homeRows(tab)).threads.find((t) => t.id === threadId)?.unread;

describe("unread marks on thread rows", () => {
  it("a thread started since the previous visit carries the dot until opened; the member's own and older ones do not", async () => {
    // The previous visit ended an hour and a half ago: the activity after it starts a new visit.
    const old = await threadWith(anna, "Före besöket", []);
    await db().execute(sql`UPDATE threads SET created_at = now() - interval '3 hours' WHERE id = ${old.id}::uuid`);
    await logUserActivity(db(), reader.id, { date: "2026-11-29", hour: 7 }, { now: new Date(Date.now() - 90 * 60_000) });
    await logUserActivity(db(), reader.id, { date: "2026-11-29", hour: 9 });
    const [profile] = await db().select({ previous: profiles.previousVisitAt }).from(profiles).where(eq(profiles.id, reader.id));
    expect(profile!.previous).not.toBeNull();

    const fresh = await threadWith(anna, "Efter besöket", []);
    const own = await threadWith(reader, "Min egen", []);
    expect(await unreadOf(fresh.id)).toEqual({ newThread: true });
    expect(await unreadOf(own.id)).toBeUndefined();
    expect(await unreadOf(old.id)).toBeUndefined();
    // Opening it (the page's first report, nothing seen yet) reads the opening post.
    await markRead(db(), actorOf(reader), fresh.id, []);
    expect(await unreadOf(fresh.id)).toBeUndefined();
  });

  it("'N nya' counts others' comments after the read point, which moves only past what was on screen, in time order", async () => {
    const t = await threadWith(bo, "Läst till hälften", []);
    await markRead(db(), actorOf(reader), t.id, []);
    const [a, b, c] = [
      (await createComment(db(), actorOf(anna), t.id, { body: "A" })).id,
      (await createComment(db(), actorOf(bo), t.id, { body: "B" })).id,
      (await createComment(db(), actorOf(anna), t.id, { body: "C" })).id,
    ];
    await createComment(db(), actorOf(reader), t.id, { body: "Mitt eget svar" });
    expect(await unreadOf(t.id)).toEqual({ newComments: 3, firstUnreadId: a });
    // A and C were on screen, B not: the point stops before B.
    await markRead(db(), actorOf(reader), t.id, [a, c]);
    expect(await unreadOf(t.id)).toEqual({ newComments: 2, firstUnreadId: b });
    // Loading the page writes nothing: still unread.
    const page = await callRoute(forum, threadRoute.loader, { url: await threadUrl(forum, t.id), params: { categoryId, threadId: t.id }, cookie: readerCookie });
    expect(page.body.unread).toMatchObject({ newComments: 2, firstUnreadId: b });
    // A deleted unread comment no longer counts.
    await deleteComment(db(), actorOf(bo), t.id, b);
    expect(await unreadOf(t.id)).toEqual({ newComments: 1, firstUnreadId: c });
    await markRead(db(), actorOf(reader), t.id, [c]);
    expect(await unreadOf(t.id)).toBeUndefined();
    // A read point never moves back.
    await markRead(db(), actorOf(reader), t.id, []);
    expect(await unreadOf(t.id)).toBeUndefined();
  });

  it("visitors get no marks and no member tabs; 'Olästa' asked by a visitor is 'Senaste'", async () => {
    const visitor = await callRoute(forum, forumHome.loader, { url: "/forum?sortera=olasta" });
    expect(visitor.body.tab).toBe("senaste");
    expect(visitor.body.threads.every((t: { unread?: unknown }) => t.unread === undefined)).toBe(true);
  });
});

describe("'Olästa' and 'Markera alla som lästa'", () => {
  it("lists threads with unread comments and new threads, newest activity first, until read", async () => {
    const older = await threadWith(anna, "Olästa ett", []);
    await markRead(db(), actorOf(reader), older.id, []);
    const newer = await threadWith(bo, "Olästa två", []);
    await createComment(db(), actorOf(anna), older.id, { body: "Ny kommentar i den äldre" });
    const list = await homeRows("olasta");
    expect(list.tab).toBe("olasta");
    const ids = list.threads.map((t) => t.id);
    expect(ids.indexOf(older.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    await markAllRead(db(), actorOf(reader));
    expect((await homeRows("olasta")).threads).toEqual([]);
  });

  it("per category: only that category's threads are read", async () => {
    const here = await threadWith(anna, "I kategorin", [bo]);
    const there = await threadWith(anna, "I en annan", [bo], otherCategoryId);
    await markRead(db(), actorOf(reader), here.id, here.commentIds);
    await markRead(db(), actorOf(reader), there.id, there.commentIds);
    await createComment(db(), actorOf(bo), here.id, { body: "Ny här" });
    await createComment(db(), actorOf(bo), there.id, { body: "Ny där" });
    const answer = await callRoute(forum, apiUnread.action, { url: "/api/unread", cookie: readerCookie, form: { intent: "all", categoryId, back: "/forum/kategori/x" } });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/forum/kategori/x");
    expect(answer.headers.get("set-cookie")).toContain("flash");
    const category = await callRoute(forum, categoryRoute.loader, { url: `/forum/kategori/${categoryId}`, params: { categoryId }, cookie: readerCookie });
    expect(category.body.threads.find((t: { id: string }) => t.id === here.id).unread).toBeUndefined();
    expect(await unreadOf(there.id)).toEqual({ newComments: 1, firstUnreadId: expect.any(String) });
    expect(ur.markedCategoryRead("X")).toContain("X");
  });
});

describe("unread after a moderator moves or merges a thread", () => {
  it("a moved thread keeps what its old category's 'Markera alla som lästa' covered; later comments count", async () => {
    const mod = await createMember(forum, { role: "moderator" });
    const t = await threadWith(anna, "Flyttas snart", [bo]);
    await markRead(db(), actorOf(reader), t.id, t.commentIds);
    await createComment(db(), actorOf(bo), t.id, { body: "Efter läsningen 1" });
    await createComment(db(), actorOf(anna), t.id, { body: "Efter läsningen 2" });
    expect(await unreadOf(t.id)).toMatchObject({ newComments: 2 });
    await markAllRead(db(), actorOf(reader), categoryId);
    expect(await unreadOf(t.id)).toBeUndefined();
    // The thread leaves the category the reader marked read: still nothing unread in it.
    await moveThread(db(), actorOf(mod), t.id, otherCategoryId);
    expect(await unreadOf(t.id)).toBeUndefined();
    const later = await createComment(db(), actorOf(bo), t.id, { body: "I den nya kategorin" });
    expect(await unreadOf(t.id)).toEqual({ newComments: 1, firstUnreadId: later.id });
  });

  it("a merge shows the merged thread's posts as new in the target the member had read", async () => {
    const mod = await createMember(forum, { role: "moderator" });
    const target = await threadWith(anna, "Målet för sammanslagningen", [bo]);
    await markRead(db(), actorOf(reader), target.id, target.commentIds);
    expect(await unreadOf(target.id)).toBeUndefined();
    // The reader never opened the source: its opening post and both comments are new to them.
    const source = await threadWith(bo, "Slås ihop", [anna, anna]);
    await mergeThread(db(), actorOf(mod), source.id, target.id);
    expect(await unreadOf(target.id)).toMatchObject({ newComments: 3 });
    expect(await unreadOf(source.id)).toBeUndefined();
  });
});

describe("POST /api/unread", () => {
  it("refuses visitors (401), malformed reports (400) and unknown threads (404), never 500", async () => {
    const t = await threadWith(anna, "API", []);
    const post = (form: Record<string, string>, cookie?: string) => callRoute(forum, apiUnread.action, { url: "/api/unread", cookie, form });
    expect((await post({ intent: "read", threadId: t.id })).status).toBe(401);
    expect((await post({ intent: "read", threadId: "inte-ett-id" }, readerCookie)).status).toBe(400);
    expect((await post({ intent: "read", threadId: t.id, seen: "a,b" }, readerCookie)).status).toBe(400);
    expect((await post({ intent: "read", threadId: crypto.randomUUID() }, readerCookie)).status).toBe(404);
    expect((await post({ intent: "all", categoryId: "x", back: "/forum" }, readerCookie)).status).toBe(303);
    const ok = await post({ intent: "read", threadId: t.id, seen: "" }, readerCookie);
    expect(ok.status).toBe(200);
    expect(ok.body.ok).toBe(true);
  });
});

describe("'Aktiva'", () => {
  it("orders threads by their newest comment and says who wrote last, with the most active participants", async () => {
    const quiet = await threadWith(anna, "Tyst tråd", []);
    const busy = await threadWith(bo, "Gammal men livlig", [anna, anna, bo]);
    await db().execute(sql`UPDATE threads SET created_at = now() - interval '2 days' WHERE id = ${busy.id}::uuid`);
    await createComment(db(), actorOf(reader), busy.id, { body: "Senast" });
    const list = await homeRows("aktiva");
    expect(list.tab).toBe("aktiva");
    const ids = list.threads.map((t) => t.id);
    expect(ids.indexOf(busy.id)).toBeLessThan(ids.indexOf(quiet.id));
    const row = list.threads.find((t) => t.id === busy.id)!;
    expect(row.activity!.by!.nickname).toBe(reader.nickname);
    // Anna 2 posts, Bo 2 (opening post and one comment), the reader 1: at most five, most first.
    expect(row.activity!.participants.map((p) => p.nickname).slice(2)).toEqual([reader.nickname]);
    expect(new Set(row.activity!.participants.slice(0, 2).map((p) => p.nickname))).toEqual(new Set([anna.nickname, bo.nickname]));
    // Visitors see the tab too.
    expect((await callRoute(forum, forumHome.loader, { url: "/forum?sortera=aktiva" })).body.tab).toBe("aktiva");
  });
});
