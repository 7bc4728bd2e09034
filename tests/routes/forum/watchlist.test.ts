/**
 * Watchlist routes: `/api/watchlist` (401 for visitors, 400/404 for bad tickers, the
 * follow rate limit), the ticker page's 'Bevaka' action and state, `/forum/bevakning` (visitors
 * to login; tickers and feed for members) and the forum home's 'Bevakat' tab (members only).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as apiTickerCard from "../../../app/routes/api-ticker-card";
import * as apiWatchlist from "../../../app/routes/api-watchlist";
import * as forumHome from "../../../app/routes/forum-home";
import * as tickerRoute from "../../../app/routes/ticker";
import * as watchlistRoute from "../../../app/routes/watchlist";
import { abuseLimits as al, ticker as tk, watchlist as wl } from "../../../domain/i18n/sv";
import { follow } from "../../../server/follows/commands";
import { createThread } from "../../../server/forum/commands";
import { listCategories } from "../../../server/forum/queries";
import { callRoute, sessionCookie } from "../../../server/testing/route-call";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../../server/testing/harness";

let forum: TestForum;
let member: TestMember;
let cookie: string;
let categoryId: string;

beforeAll(async () => {
  forum = await createTestForum();
  member = await createMember(forum, { nickname: "Route_Bevakare" });
  cookie = await sessionCookie(forum, member);
  categoryId = (await listCategories(forum.services.db))[0]!.id;
}, 60_000);
afterAll(() => forum?.close());

const api = (form: Record<string, string>, options: { cookie?: string; ip?: string } = {}) =>
  callRoute(forum, apiWatchlist.action, { url: "/api/watchlist", form, ...options });

describe("/api/watchlist", () => {
  it("visitors get 401 with the Swedish message; bad intent 400; bad and unknown tickers 400/404", async () => {
    const visitor = await api({ intent: "watch", ticker: "VOLV-B" });
    expect(visitor.status).toBe(401);
    expect(visitor.body).toMatchObject({ ok: false, error: wl.loginToWatch });
    expect((await api({ intent: "nope", ticker: "VOLV-B" }, { cookie })).status).toBe(400);
    expect((await api({ intent: "watch", ticker: "<b>" }, { cookie })).status).toBe(400);
    const unknown = await api({ intent: "watch", ticker: "ZZZQX" }, { cookie });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe(tk.notFound);
  });

  it("watch and unwatch answer the new state", async () => {
    const on = await api({ intent: "watch", ticker: "abb" }, { cookie });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ ok: true, ticker: "ABB", watching: true, count: 1 });
    const off = await api({ intent: "unwatch", ticker: "ABB" }, { cookie });
    expect(off.body).toMatchObject({ ok: true, ticker: "ABB", watching: false, count: 0 });
  });

  it("watch/unwatch clicks share the follow limit: the 31st in a minute gets 429", async () => {
    const clicker = await createMember(forum);
    const c = await sessionCookie(forum, clicker);
    for (let i = 0; i < 30; i++) {
      expect((await api({ intent: i % 2 === 0 ? "watch" : "unwatch", ticker: "SEB-A" }, { cookie: c, ip: "198.51.100.77" })).status).toBe(200);
    }
    const over = await api({ intent: "watch", ticker: "SEB-A" }, { cookie: c, ip: "198.51.100.77" });
    expect(over.status).toBe(429);
    const wait = Number(over.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(over.body.error).toBe(al.follow(wait));
  });

  it("GET is 405", () => {
    expect((apiWatchlist.loader() as Response).status).toBe(405);
  });
});

describe("ticker page 'Bevaka'", () => {
  it("the page tells whether the member watches; its action watches and unwatches", async () => {
    const page = () => callRoute(forum, tickerRoute.loader, { url: "/forum/aktie/VOLV-B", params: { ticker: "VOLV-B" }, cookie });
    expect((await page()).body).toMatchObject({ watching: false, loggedIn: true });
    const watched = await callRoute(forum, tickerRoute.action, {
      url: "/forum/aktie/VOLV-B",
      params: { ticker: "VOLV-B" },
      form: { intent: "watch", ticker: "VOLV-B" },
      cookie,
    });
    expect(watched.body).toMatchObject({ ok: true, watching: true, toast: { title: wl.watched } });
    expect((await page()).body).toMatchObject({ watching: true });

    const visitorPage = await callRoute(forum, tickerRoute.loader, { url: "/forum/aktie/VOLV-B", params: { ticker: "VOLV-B" } });
    expect(visitorPage.body).toMatchObject({ watching: false, loggedIn: false });
    const visitorPost = await callRoute(forum, tickerRoute.action, {
      url: "/forum/aktie/VOLV-B",
      params: { ticker: "VOLV-B" },
      form: { intent: "watch", ticker: "VOLV-B" },
    });
    expect(visitorPost.status).toBe(401);
    expect(visitorPost.body.error).toBe(wl.loginToWatch);
  });
});

describe("/forum/bevakning", () => {
  it("sends visitors to the login page", async () => {
    const answer = await callRoute(forum, watchlistRoute.loader, { url: "/forum/bevakning" });
    expect(answer.status).toBe(302);
    expect(answer.location).toContain("/auth/login");
  });

  it("shows the member's tickers with Swedish sectors and the feed; 'Sluta bevaka' removes a row", async () => {
    const reader = await createMember(forum, { nickname: "Route_Läsare" });
    const c = await sessionCookie(forum, reader);
    const empty = await callRoute(forum, watchlistRoute.loader, { url: "/forum/bevakning", cookie: c });
    expect(empty.body).toMatchObject({ tickers: [], posts: [], hasMore: false, page: 1 });

    await callRoute(forum, watchlistRoute.action, { url: "/forum/bevakning", form: { intent: "watch", ticker: "ERIC-B" }, cookie: c });
    const { id } = await createThread(forum.services.db, { id: member.id, role: member.role, nickname: member.nickname }, {
      categoryId,
      title: "Ericsson i dag",
      body: "Vad tycker ni om $ERIC-B?",
    });
    const page = await callRoute(forum, watchlistRoute.loader, { url: "/forum/bevakning", cookie: c });
    expect(page.body.tickers).toHaveLength(1);
    expect(page.body.tickers[0]).toMatchObject({ ticker: "ERIC-B", postsToday: 1, sectorName: "Informationsteknik" });
    expect(page.body.posts.map((p: { id: string }) => p.id)).toEqual([id]);

    const removed = await callRoute(forum, watchlistRoute.action, { url: "/forum/bevakning", form: { intent: "unwatch", ticker: "ERIC-B" }, cookie: c });
    expect(removed.body).toMatchObject({ ok: true, watching: false, toast: { title: wl.unwatched } });
    expect((await callRoute(forum, watchlistRoute.loader, { url: "/forum/bevakning", cookie: c })).body.tickers).toEqual([]);
  });
});

describe("forum home tab 'Bevakat'", () => {
  it("members get followed members' threads; a visitor asking for it gets 'Senaste'", async () => {
    const reader = await createMember(forum, { nickname: "Route_Flik" });
    const author = await createMember(forum, { nickname: "Route_Skribent" });
    await follow(forum.services.db, reader.id, author.id);
    const { id } = await createThread(forum.services.db, { id: author.id, role: author.role, nickname: author.nickname }, {
      categoryId,
      title: "Följd tråd",
      body: "Hej alla.",
    });
    await createThread(forum.services.db, { id: member.id, role: member.role, nickname: member.nickname }, {
      categoryId,
      title: "Inte följd",
      body: "Hej.",
    });
    const c = await sessionCookie(forum, reader);
    const tab = await callRoute(forum, forumHome.loader, { url: "/forum?sortera=bevakat", cookie: c });
    expect(tab.body.tab).toBe("bevakat");
    expect(tab.body.threads.map((t: { id: string }) => t.id)).toEqual([id]);

    const visitor = await callRoute(forum, forumHome.loader, { url: "/forum?sortera=bevakat" });
    expect(visitor.body.tab).toBe("senaste");
    expect(visitor.body.threads.length).toBeGreaterThan(1);
  });
});

describe("/api/ticker-card (cashtag menu)", () => {
  it("answers the company in Swedish and the caller's own watch state; 404 for an unknown ticker", async () => {
    const reader = await createMember(forum, { nickname: "Route_Kort" });
    const c = await sessionCookie(forum, reader);
    await api({ intent: "watch", ticker: "SAND" }, { cookie: c });
    const card = (who?: string, ticker = "SAND") => callRoute(forum, apiTickerCard.loader, { url: `/api/ticker-card/${ticker}`, params: { ticker }, cookie: who });
    const mine = await card(c);
    expect(mine.body).toMatchObject({ ok: true, ticker: "SAND", sector: "Industri", watching: true, loggedIn: true });
    expect(mine.body.name).toMatch(/Sandvik/);
    expect(mine.headers.get("cache-control")).toBe("no-store");
    expect((await card(cookie)).body).toMatchObject({ watching: false, loggedIn: true });
    expect((await card(undefined)).body).toMatchObject({ watching: false, loggedIn: false });
    const unknown = await card(c, "ZZZQX");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe(tk.notFound);
  });
});
