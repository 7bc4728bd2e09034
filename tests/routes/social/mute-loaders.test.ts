/**
 * 'Dölj medlem' as the loaders send it: for a member who muted Anna, Anna's threads in
 * the home list, a category, search results and a ticker page, her thread post and her comments
 * and replies on the thread page carry `muted: true` (the page shows 'Dolt inlägg från @nick –
 * visa'); nothing else does, the counts and pages stay the same, and a visitor or a member who
 * has not muted her sees no mark. Her own profile and the account page's 'Dolda medlemmar' list.
 * Real route loaders with real sessions (server/testing/route-call.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as accountRoute from "../../../app/routes/account";
import * as apiSearch from "../../../app/routes/api-search";
import * as category from "../../../app/routes/category";
import * as forumHome from "../../../app/routes/forum-home";
import * as profilePage from "../../../app/routes/profile";
import * as searchPage from "../../../app/routes/search";
import * as threadRoute from "../../../app/routes/thread";
import * as tickerPage from "../../../app/routes/ticker";
import { createComment, createThread } from "../../../server/forum/commands";
import { listCategories } from "../../../server/forum/queries";
import { muteMember } from "../../../server/mutes/commands";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../../server/testing/harness";
import { callRoute, sessionCookie, threadUrl } from "../../../server/testing/route-call";

let forum: TestForum;
let anna: TestMember;
let bertil: TestMember;
let cissi: TestMember;
let cookieBertil: string;
let cookieCissi: string;
let categoryId: string;
let annasThread: string;
let bertilsThread: string;
let annasComment: string;
let annasReply: string;
let cissisComment: string;
const db = () => forum.services.db;
const actor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });

beforeAll(async () => {
  forum = await createTestForum({ ACTION_LIMIT_MULTIPLIER: "1000" });
  anna = await createMember(forum, { nickname: "Tyst_Anna" });
  bertil = await createMember(forum, { nickname: "Tyst_Bertil" });
  cissi = await createMember(forum, { nickname: "Tyst_Cissi" });
  categoryId = (await listCategories(db()))[0]!.id;
  annasThread = (await createThread(db(), actor(anna), { categoryId, title: "Annas tankar om $SAND", body: "Sandvik zebrakvartal." })).id;
  bertilsThread = (await createThread(db(), actor(bertil), { categoryId, title: "Bertils tråd om $SAND", body: "Sandvik zebrakvartal igen." })).id;
  annasComment = (await createComment(db(), actor(anna), bertilsThread, { body: "Annas kommentar zebrakvartal." })).id;
  cissisComment = (await createComment(db(), actor(cissi), bertilsThread, { body: "Cissis kommentar." })).id;
  annasReply = (await createComment(db(), actor(anna), bertilsThread, { body: "Annas svar.", parentId: cissisComment })).id;
  await muteMember(db(), bertil.id, anna.id);
  cookieBertil = await sessionCookie(forum, bertil);
  cookieCissi = await sessionCookie(forum, cissi);
}, 60_000);
afterAll(() => forum?.close());

/** `id → muted` of a list of items. */
const marks = (items: Array<{ id: string; muted?: true }>) => Object.fromEntries(items.map((i) => [i.id, i.muted === true]));

describe("lists", () => {
  it("the home list and a category mark Anna's thread for Bertil only; the rows and counts stay", async () => {
    const home = await callRoute(forum, forumHome.loader, { url: "/forum", cookie: cookieBertil });
    expect(marks(home.body.threads)).toMatchObject({ [annasThread]: true, [bertilsThread]: false });
    const cat = await callRoute(forum, category.loader, { url: `/forum/kategori/${categoryId}`, params: { categoryId }, cookie: cookieBertil });
    expect(marks(cat.body.threads)).toMatchObject({ [annasThread]: true, [bertilsThread]: false });
    const asCissi = await callRoute(forum, forumHome.loader, { url: "/forum", cookie: cookieCissi });
    const asVisitor = await callRoute(forum, forumHome.loader, { url: "/forum" });
    for (const answer of [asCissi, asVisitor]) expect(answer.body.threads.some((t: { muted?: true }) => t.muted)).toBe(false);
    // Same rows in the same order: collapsing changes no count or page.
    expect(home.body.threads.map((t: { id: string }) => t.id)).toEqual(asVisitor.body.threads.map((t: { id: string }) => t.id));
  });

  it("search results and the ticker page mark Anna's posts for Bertil", async () => {
    const search = await callRoute(forum, searchPage.loader, { url: "/forum/sok?q=zebrakvartal", cookie: cookieBertil });
    expect(marks(search.body.results)).toEqual({ [annasThread]: true, [bertilsThread]: false, [annasComment]: true });
    const visitor = await callRoute(forum, searchPage.loader, { url: "/forum/sok?q=zebrakvartal" });
    expect(visitor.body.results.some((r: { muted?: true }) => r.muted)).toBe(false);
    // The search box's JSON too (it shows 'Dolt inlägg från @nick' for such an option).
    const box = await callRoute(forum, apiSearch.loader, { url: "/api/search?q=zebrakvartal", cookie: cookieBertil });
    expect(marks(box.body.results)).toMatchObject({ [annasThread]: true, [bertilsThread]: false, [annasComment]: true });
    const ticker = await callRoute(forum, tickerPage.loader, { url: "/forum/aktie/SAND", params: { ticker: "SAND" }, cookie: cookieBertil });
    expect(marks(ticker.body.posts)).toMatchObject({ [annasThread]: true, [bertilsThread]: false });
  });
});

describe("thread page", () => {
  it("marks Anna's comment and reply (and not Cissi's), and Anna's own thread post, for Bertil", async () => {
    const page = await callRoute(forum, threadRoute.loader, {
      url: await threadUrl(forum, bertilsThread),
      params: { categoryId, threadId: bertilsThread },
      cookie: cookieBertil,
    });
    expect(page.body.thread.muted).toBeUndefined();
    const comments = page.body.comments as Array<{ id: string; muted?: true; replies: Array<{ id: string; muted?: true }> }>;
    expect(marks(comments)).toEqual({ [annasComment]: true, [cissisComment]: false });
    expect(marks(comments.find((c) => c.id === cissisComment)!.replies)).toEqual({ [annasReply]: true });
    // The text is sent once (the page expands it in place), not left out.
    expect(comments.find((c) => c.id === annasComment)).toMatchObject({ body: "Annas kommentar zebrakvartal." });

    const own = await callRoute(forum, threadRoute.loader, {
      url: await threadUrl(forum, annasThread),
      params: { categoryId, threadId: annasThread },
      cookie: cookieBertil,
    });
    expect(own.body.thread.muted).toBe(true);
    const cissiSees = await callRoute(forum, threadRoute.loader, {
      url: await threadUrl(forum, bertilsThread),
      params: { categoryId, threadId: bertilsThread },
      cookie: cookieCissi,
    });
    expect(cissiSees.body.comments.some((c: { muted?: true }) => c.muted)).toBe(false);
  });
});

describe("profile and account", () => {
  it("Anna's profile says Bertil mutes her (and offers no mute on one's own); 'Dolda medlemmar' lists her", async () => {
    const profile = await callRoute(forum, profilePage.loader, { url: `/forum/profil/${anna.id}`, params: { userId: anna.id }, cookie: cookieBertil });
    expect(profile.body).toMatchObject({ muted: true, can: { mute: true } });
    const own = await callRoute(forum, profilePage.loader, { url: `/forum/profil/${bertil.id}`, params: { userId: bertil.id }, cookie: cookieBertil });
    expect(own.body).toMatchObject({ muted: false, can: { mute: false } });
    const visitor = await callRoute(forum, profilePage.loader, { url: `/forum/profil/${anna.id}`, params: { userId: anna.id } });
    expect(visitor.body).toMatchObject({ muted: false, can: { mute: false } });
    const account = await callRoute(forum, accountRoute.loader, { url: "/forum/konto", cookie: cookieBertil });
    expect(account.body.mutedMembers.map((m: { nickname: string }) => m.nickname)).toEqual(["Tyst_Anna"]);
  });
});
