/**
 * The moderators' thread tools through the thread page's own loader and action, with real
 * session cookies (docs/decisions/053-thread-tools.md): a moderator pins (the category list and,
 * for an admin's pin, the forum home's 'Senaste' lead with it), locks (members get 403 'Tråden är
 * låst', the page says so and offers no tools), moves (the old URL answers 301 to the new one),
 * merges (the old URL and `/forum/kommentar/{id}` lead into the target) and sets slow mode
 * (a member's second comment answers 429 with `Retry-After`, the page tells them when).
 * Members and visitors get 403 and 401 for every tool.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as categoryRoute from "../../../app/routes/category";
import * as commentRedirect from "../../../app/routes/comment-redirect";
import * as editThread from "../../../app/routes/edit-thread";
import * as feeds from "../../../app/routes/feeds";
import * as forumHome from "../../../app/routes/forum-home";
import * as threadRoute from "../../../app/routes/thread";
import { threadState as ts, threadTools as tl } from "../../../domain/i18n/sv";
import { threadFeedPath, threadPath } from "../../../domain/paths";
import { moderationLog } from "../../../server/db/schema";
import { createComment, createThread } from "../../../server/forum/commands";
import { listCategories } from "../../../server/forum/queries";
import { callRoute, sessionCookie, threadUrl } from "../../../server/testing/route-call";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../../server/testing/harness";

let forum: TestForum;
let member: TestMember;
let mod: TestMember;
let admin: TestMember;
const cookies: Record<"member" | "mod" | "admin", string> = { member: "", mod: "", admin: "" };
let categoryId: string;
let otherCategoryId: string;
const actor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });
let n = 0;

beforeAll(async () => {
  forum = await createTestForum({ ACTION_LIMIT_MULTIPLIER: "1000" });
  member = await createMember(forum);
  mod = await createMember(forum, { role: "moderator" });
  admin = await createMember(forum, { role: "admin" });
  cookies.member = await sessionCookie(forum, member);
  cookies.mod = await sessionCookie(forum, mod);
  cookies.admin = await sessionCookie(forum, admin);
  const all = await listCategories(forum.services.db);
  categoryId = all[0]!.id;
  otherCategoryId = all[1]!.id;
}, 60_000);
afterAll(() => forum?.close());

const thread = async (category = categoryId, author?: TestMember) =>
  (await createThread(forum.services.db, actor(author ?? member), { categoryId: category, title: `Verktygstråd ${++n}`, body: "Text" })).id;
const page = async (threadId: string, cookie?: string) =>
  callRoute(forum, threadRoute.loader, { url: await threadUrl(forum, threadId), params: { categoryId, threadId }, cookie });
const act = (threadId: string, form: Record<string, string>, cookie?: string, category = categoryId) =>
  callRoute(forum, threadRoute.action, { url: `/forum/kategori/${category}/trad/${threadId}`, params: { categoryId: category, threadId }, form, cookie });

describe("thread tools on the thread page", () => {
  it("visitors get 401 and members 403 for every tool; nothing is logged", async () => {
    const id = await thread();
    const forms: Array<Record<string, string>> = [
      { intent: "pin", pin: "category" },
      { intent: "pin", pin: "home" },
      { intent: "lock" },
      { intent: "unlock" },
      { intent: "move", categoryId: otherCategoryId },
      { intent: "merge", target: await thread() },
      { intent: "slow-mode", minutes: "5" },
    ];
    for (const form of forms) {
      expect((await act(id, form)).status, form.intent).toBe(401);
      const refused = await act(id, form, cookies.member);
      expect(refused.status, form.intent).toBe(403);
      expect(refused.body).toMatchObject({ ok: false, error: tl.staffOnly });
    }
    expect(await forum.services.db.select().from(moderationLog).where(eq(moderationLog.targetId, id))).toEqual([]);
    // Nor do they see the tools.
    expect((await page(id, cookies.member)).body.tools).toBeNull();
    expect((await page(id)).body.tools).toBeNull();
  });

  it("a moderator's page offers the tools (not the home pin); an admin's also the home pin", async () => {
    const id = await thread();
    const modTools = (await page(id, cookies.mod)).body.tools;
    expect(modTools.can).toMatchObject({ pin: true, pinHome: false, lock: true, move: true, merge: true, slowMode: true, exempt: true });
    expect(modTools.categories.map((c: { id: string }) => c.id)).toContain(otherCategoryId);
    expect((await page(id, cookies.admin)).body.tools.can.pinHome).toBe(true);
  });

  it("'Fäst' leads the category list; an admin's 'Fäst på startsidan' leads 'Senaste' but not 'Trendar'", async () => {
    const pinned = await thread();
    await thread();
    const answer = await act(pinned, { intent: "pin", pin: "category" }, cookies.mod);
    expect(answer.body).toMatchObject({ ok: true, toast: { title: tl.pinnedToast } });
    const list = await callRoute(forum, categoryRoute.loader, { url: `/forum/kategori/${categoryId}`, params: { categoryId } });
    expect(list.body.threads[0]).toMatchObject({ id: pinned, pinned: true });
    expect((await page(pinned)).body.thread.pinned).toBe(true);

    expect((await act(pinned, { intent: "pin", pin: "home" }, cookies.mod)).status).toBe(403);
    expect((await act(pinned, { intent: "pin", pin: "home" }, cookies.admin)).body.toast.title).toBe(tl.pinnedHomeToast);
    await thread();
    const home = await callRoute(forum, forumHome.loader, { url: "/forum" });
    expect(home.body.threads[0]).toMatchObject({ id: pinned, pinned: true });
    const trending = await callRoute(forum, forumHome.loader, { url: "/forum?sortera=trendar" });
    expect(trending.body.threads.some((t: { pinned?: boolean }) => t.pinned)).toBe(false);
    expect((await act(pinned, { intent: "pin", pin: "nowhere" }, cookies.admin)).status).toBe(400);
  });

  it("'Lås': members' comments and reactions answer 403 'Tråden är låst'; the page says so; staff still comment", async () => {
    const id = await thread(categoryId, admin);
    expect((await act(id, { intent: "lock" }, cookies.mod)).body).toMatchObject({ ok: true, toast: { title: tl.lockedToast } });
    const comment = await act(id, { intent: "comment", body: "Får jag?" }, cookies.member);
    expect(comment.status).toBe(403);
    expect(comment.body).toMatchObject({ ok: false, error: ts.locked });
    const react = await act(id, { intent: "react", targetType: "thread", targetId: id, reactionType: "bull" }, cookies.member);
    expect(react.status).toBe(403);
    expect(react.body.error).toBe(ts.locked);
    const memberPage = (await page(id, cookies.member)).body;
    expect(memberPage.thread.locked).toBe(true);
    expect(memberPage.notices.locked).toBe(tl.lockedDescription);
    expect(memberPage.thread.can.react).toBe(false);
    expect((await act(id, { intent: "comment", body: "Moderatorn får" }, cookies.mod)).status).toBe(200);
    expect((await page(id, cookies.mod)).body.thread.can.react).toBe(true);
    expect((await act(id, { intent: "unlock" }, cookies.mod)).body.toast.title).toBe(tl.unlockedToast);
    expect((await act(id, { intent: "comment", body: "Nu får jag" }, cookies.member)).status).toBe(200);
    // The author's own locked thread: its edit page says it is locked, and so does a save.
    const own = await thread();
    await act(own, { intent: "lock" }, cookies.mod);
    const edit = (cookie: string, form?: Record<string, string>) => callRoute(forum, form ? editThread.action : editThread.loader, { url: `/forum/edit/${own}`, params: { postId: own }, cookie, form });
    expect([(await edit(cookies.member)).status, (await edit(cookies.member)).body]).toEqual([403, ts.locked]);
    const save = await edit(cookies.member, { title: "Ny rubrik", body: "Ny text", submitKey: crypto.randomUUID() });
    expect([save.status, save.body.error]).toEqual([403, ts.locked]);
    expect((await edit(cookies.mod)).status).toBe(200);
  });

  it("'Flytta' answers with the new URL; the old one answers 301 there", async () => {
    const id = await thread();
    const moved = await act(id, { intent: "move", categoryId: otherCategoryId }, cookies.mod);
    expect(moved.status).toBe(302);
    expect(moved.location).toBe(await threadUrl(forum, id));
    expect(moved.location).toContain(`/kategori/${otherCategoryId}/`);
    expect(moved.headers.get("set-cookie")).toContain("borssnack_flash");
    const old = await callRoute(forum, threadRoute.loader, { url: `/forum/kategori/${categoryId}/trad/${id}?sida=2`, params: { categoryId, threadId: id } });
    expect(old.status).toBe(301);
    expect(old.location).toBe(`${await threadUrl(forum, id)}?sida=2`);
    // Its feed's old URL too.
    const oldFeed = await callRoute(forum, feeds.loader, { url: threadFeedPath(categoryId, id), params: { categoryId, threadId: id } });
    expect([oldFeed.status, oldFeed.location]).toEqual([301, threadFeedPath(otherCategoryId, id)]);
    expect((await callRoute(forum, feeds.loader, { url: threadFeedPath(otherCategoryId, id), params: { categoryId: otherCategoryId, threadId: id } })).status).toBe(200);
    const bad = await act(id, { intent: "move", categoryId: "" }, cookies.mod, otherCategoryId);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(tl.chooseCategory);
  });

  it("'Slå ihop' answers with the target; the old URL and a moved comment's link lead into it", async () => {
    const target = await thread();
    const source = await thread();
    const { id: commentId } = await createComment(forum.services.db, actor(member), source, { body: "Följer med" });
    const missing = await act(source, { intent: "merge", target: "" }, cookies.mod);
    expect([missing.status, missing.body.error]).toEqual([400, tl.mergeTargetMissing]);
    const merged = await act(source, { intent: "merge", target: threadPath(categoryId, target) }, cookies.mod);
    expect(merged.status).toBe(302);
    expect(merged.location).toBe(await threadUrl(forum, target));
    const old = await callRoute(forum, threadRoute.loader, { url: `/forum/kategori/${categoryId}/trad/${source}`, params: { categoryId, threadId: source } });
    expect(old.status).toBe(301);
    expect(old.location).toBe(await threadUrl(forum, target));
    const oldFeed = await callRoute(forum, feeds.loader, { url: threadFeedPath(categoryId, source), params: { categoryId, threadId: source } });
    expect([oldFeed.status, oldFeed.location]).toEqual([301, threadFeedPath(categoryId, target)]);
    const link = await callRoute(forum, commentRedirect.loader, { url: `/forum/kommentar/${commentId}`, params: { commentId } });
    expect(link.location).toContain(`/trad/${target}`);
    expect(link.location).toContain(`#comment-${commentId}`);
    expect((await page(target)).body.thread.commentsCount).toBe(2);
  });

  it("'Långsamt läge': a member's second comment answers 429 with Retry-After and the page tells them when", async () => {
    const id = await thread();
    expect((await act(id, { intent: "slow-mode", minutes: "15" }, cookies.mod)).body.toast.title).toBe(tl.slowModeOnToast(15));
    expect((await act(id, { intent: "slow-mode", minutes: "2" }, cookies.mod)).status).toBe(400);
    expect((await act(id, { intent: "comment", body: "Ett" }, cookies.member)).status).toBe(200);
    const second = await act(id, { intent: "comment", body: "Två" }, cookies.member);
    expect(second.status).toBe(429);
    expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(800);
    expect(second.body.error).toMatch(/^Långsamt läge: du kan kommentera igen kl\. \d\d:\d\d\.$/);
    const view = (await page(id, cookies.member)).body;
    expect(view.thread.slowModeMinutes).toBe(15);
    expect(view.notices.slowMode).toBe(tl.slowModeRule(15));
    expect(view.slowMode.text).toMatch(/^Du kan kommentera igen kl\. \d\d:\d\d\.$/);
    expect((await page(id, cookies.mod)).body.slowMode.text).toBeNull();
    expect((await act(id, { intent: "comment", body: "Moderatorn" }, cookies.mod)).status).toBe(200);
    expect((await act(id, { intent: "comment", body: "Moderatorn igen" }, cookies.mod)).status).toBe(200);
  });
});
