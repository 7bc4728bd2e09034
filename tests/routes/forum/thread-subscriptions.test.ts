/**
 * The thread page's 'Bevaka tråd' / 'Sluta bevaka' toggle (thread subscriptions): the
 * action answers 401 to visitors and 200 with the new state and a toast to members, the loader
 * tells the state, the toggle shares the `follow` rate limit, and the button is a plain
 * `<form method="post">` with a real `<button aria-pressed>` (so it works without JavaScript).
 * Then B's bell: a comment by A on the watched thread reads '1 ny kommentar i "titel"'.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as apiNotifications from "../../../app/routes/api-notifications";
import * as threadRoute from "../../../app/routes/thread";
import { SubscribeButton } from "../../../app/components/notifications/subscribe-button";
import { abuseLimits as al, threadWatch as tw } from "../../../domain/i18n/sv";
import { notificationText, type NotificationItem } from "../../../domain/notifications";
import { createComment, createThread } from "../../../server/forum/commands";
import { listCategories } from "../../../server/forum/queries";
import { callRoute, sessionCookie, threadUrl } from "../../../server/testing/route-call";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../../server/testing/harness";

let forum: TestForum;
let author: TestMember;
let watcher: TestMember;
let cookie: string;
let categoryId: string;

beforeAll(async () => {
  forum = await createTestForum();
  author = await createMember(forum);
  watcher = await createMember(forum);
  cookie = await sessionCookie(forum, watcher);
  categoryId = (await listCategories(forum.services.db))[0]!.id;
}, 60_000);
afterAll(() => forum?.close());

const actorOf = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });

async function thread(title: string) {
  return (await createThread(forum.services.db, actorOf(author), { categoryId, title, body: "Text" })).id;
}

const page = async (threadId: string, c?: string) =>
  callRoute(forum, threadRoute.loader, { url: await threadUrl(forum, threadId), params: { categoryId, threadId }, cookie: c });
const post = (threadId: string, intent: string, options: { cookie?: string; ip?: string } = {}) =>
  callRoute(forum, threadRoute.action, {
    url: `/forum/kategori/${categoryId}/trad/${threadId}`,
    params: { categoryId, threadId },
    form: { intent },
    ...options,
  });

describe("thread page 'Bevaka tråd'", () => {
  it("visitors get 401 with the Swedish message; a member subscribes and unsubscribes; the page shows the state", async () => {
    const threadId = await thread("Toggeltråd");
    const visitor = await post(threadId, "subscribe");
    expect(visitor.status).toBe(401);
    expect(visitor.body).toMatchObject({ ok: false, error: tw.loginToSubscribe });
    expect((await page(threadId)).body.subscribed).toBe(false);

    expect((await page(threadId, cookie)).body.subscribed).toBe(false);
    const on = await post(threadId, "subscribe", { cookie });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ ok: true, subscribed: true, toast: { title: tw.subscribed } });
    expect((await page(threadId, cookie)).body.subscribed).toBe(true);
    const off = await post(threadId, "unsubscribe", { cookie });
    expect(off.body).toMatchObject({ ok: true, subscribed: false, toast: { title: tw.unsubscribed } });
    expect((await page(threadId, cookie)).body.subscribed).toBe(false);
    // The author watches their own thread.
    expect((await page(threadId, await sessionCookie(forum, author))).body.subscribed).toBe(true);
  });

  it("an unknown thread is 404 with a Swedish message", async () => {
    const missing = await post("00000000-0000-4000-8000-000000000000", "subscribe", { cookie });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe(tw.threadNotFound);
  });

  it("toggles share the follow limit: the 31st click in a minute gets 429", async () => {
    const threadId = await thread("Klicktråd");
    const clicker = await createMember(forum);
    const c = await sessionCookie(forum, clicker);
    for (let i = 0; i < 30; i++) {
      expect((await post(threadId, i % 2 === 0 ? "subscribe" : "unsubscribe", { cookie: c, ip: "198.51.100.78" })).status).toBe(200);
    }
    const refused = await post(threadId, "subscribe", { cookie: c, ip: "198.51.100.78" });
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(refused.body.error).toBe(al.follow(wait));
  });

  it("the button is a form post with a real <button aria-pressed> (works without JavaScript); visitors get a login link", () => {
    const render = (props: { subscribed: boolean; loggedIn: boolean }) => {
      const Stub = createRoutesStub([{ path: "/forum/t", Component: () => createElement(SubscribeButton, props) }]);
      return renderToString(createElement(Stub, { initialEntries: ["/forum/t"] }));
    };
    const off = render({ subscribed: false, loggedIn: true });
    expect(off).toMatch(/<form[^>]*method="post"/);
    expect(off).toContain('name="intent" value="subscribe"');
    expect(off).toMatch(/<button[^>]*type="submit"[^>]*aria-pressed="false"/);
    expect(off).toContain(tw.subscribe);
    const on = render({ subscribed: true, loggedIn: true });
    expect(on).toContain('name="intent" value="unsubscribe"');
    expect(on).toMatch(/aria-pressed="true"/);
    expect(on).toContain(tw.unsubscribe);
    const visitor = render({ subscribed: false, loggedIn: false });
    expect(visitor).not.toContain("<form");
    expect(visitor).toMatch(/href="\/auth\/login[^"]*"/);
  });

  it("B watches A's thread, A comments: B's bell shows '1 ny kommentar i \"titel\"' linking to the comment", async () => {
    const threadId = await thread("Bevakad av B");
    expect((await post(threadId, "subscribe", { cookie })).status).toBe(200);
    const comment = await createComment(forum.services.db, actorOf(author), threadId, { body: "Nytt från A" });
    const bell = await callRoute(forum, apiNotifications.loader, { url: "/api/notifications", cookie });
    const items = bell.body.items as NotificationItem[];
    const mine = items.find((i) => i.type === "thread_activity")!;
    expect(notificationText(mine)).toBe('1 ny kommentar i "Bevakad av B"');
    expect(mine.href).toContain(comment.id);
  });
});
