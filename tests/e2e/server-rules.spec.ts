/**
 * Server-side rules, tested with hand-made HTTP requests against the production server (no
 * browser UI involved): a visitor cannot post, a member cannot delete another member's comment,
 * a member cannot react to their own thread, a bad nickname is refused (SPEC §5, §6).
 */
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/test";
import { memberByHttp } from "./support/accounts";
import { smtpPort } from "../../playwright.config";
import { auth as a, forum as f, reactions as r, toasts as t } from "../../domain/i18n/sv";
import { startMailbox, type Mailbox } from "./support/mailbox";
import { threadIdOf } from "../../domain/paths";

let mailbox: Mailbox;
let baseURL: string;

/** The first category's id, read from the forum home HTML. */
async function firstCategoryId(api: APIRequestContext): Promise<string> {
  const html = await (await api.get("/forum")).text();
  return html.match(/\/forum\/kategori\/([0-9a-f-]{36})/)![1]!;
}

test.beforeAll(async ({}, info) => {
  baseURL = info.project.use.baseURL!;
  mailbox = await startMailbox(smtpPort);
});
test.afterAll(async () => {
  await mailbox.close();
});

test("hand-made requests cannot get past the server's rules", async () => {
  const visitor = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const anna = await memberByHttp(baseURL, mailbox, "Anna");
  const bertil = await memberByHttp(baseURL, mailbox, "Bertil");
  const categoryId = await firstCategoryId(visitor);

  // A visitor cannot create a thread.
  const visitorThread = await visitor.post(`/forum/ny-trad/${categoryId}`, {
    form: { title: "Spam", body: "Köp nu!" },
    maxRedirects: 0,
  });
  expect(visitorThread.status()).toBe(401);

  // A member can; an empty title is refused with the Swedish message and the body kept.
  const empty = await anna.api.post(`/forum/ny-trad/${categoryId}`, { form: { title: "   ", body: "Text som ska sparas" }, maxRedirects: 0 });
  expect(empty.status()).toBe(400);
  const emptyHtml = await empty.text();
  expect(emptyHtml).toContain(f.titleRequired);
  expect(emptyHtml).toContain("Text som ska sparas");
  const created = await anna.api.post(`/forum/ny-trad/${categoryId}`, {
    form: { title: "Atlas Copco efter rapporten", body: "Vad tycker ni?" },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  const threadPath = created.headers()["location"]!;
  const threadId = threadIdOf(threadPath)!;

  // A visitor cannot comment or react.
  expect((await visitor.post(threadPath, { form: { intent: "comment", body: "hej" } })).status()).toBe(401);
  expect(
    (await visitor.post(threadPath, { form: { intent: "react", targetType: "thread", targetId: threadId, reactionType: "bull" } })).status(),
  ).toBe(401);

  // A member cannot react to their own thread; another member can, with valid types only.
  const own = await anna.api.post(threadPath, { form: { intent: "react", targetType: "thread", targetId: threadId, reactionType: "bull" } });
  expect(own.status()).toBe(403);
  expect(await own.text()).toContain(r.ownContent);
  const bad = await bertil.api.post(threadPath, { form: { intent: "react", targetType: "thread", targetId: threadId, reactionType: "rocket" } });
  expect(bad.status()).toBe(400);
  const good = await bertil.api.post(threadPath, { form: { intent: "react", targetType: "thread", targetId: threadId, reactionType: "bull" } });
  expect(good.status()).toBe(200);

  // Bertil comments; Anna cannot delete Bertil's comment, Bertil can.
  expect((await bertil.api.post(threadPath, { form: { intent: "comment", body: "Stark orderingång!" } })).status()).toBe(200);
  const page = await (await visitor.get(threadPath)).text();
  const commentId = page.match(/id="comment-([0-9a-f-]{36})"/)![1]!;
  const stolen = await anna.api.post(threadPath, { form: { intent: "delete-comment", id: commentId } });
  expect(stolen.status()).toBe(403);
  expect(await stolen.text()).toContain(t.ownCommentsOnly);
  expect(await (await visitor.get(threadPath)).text()).toContain("Stark orderingång!");
  // Bertil cannot delete Anna's thread either.
  const stolenThread = await bertil.api.post(threadPath, { form: { intent: "delete-thread" }, maxRedirects: 0 });
  expect(stolenThread.status()).toBe(403);
  expect((await bertil.api.post(threadPath, { form: { intent: "delete-comment", id: commentId } })).status()).toBe(200);
  expect(await (await visitor.get(threadPath)).text()).not.toContain("Stark orderingång!");

  // An unknown intent is a 400, not a 500.
  expect((await bertil.api.post(threadPath, { form: { intent: "hack" } })).status()).toBe(400);
  // A body that is not a form at all is a 4xx too.
  expect((await bertil.api.post(threadPath, { data: "{\"intent\":\"comment\"}", headers: { "Content-Type": "application/json" } })).status()).toBeLessThan(500);

  // A bad nickname is refused with the spec's message; nothing is created.
  for (const [nickname, message] of [
    ["har mellanslag", a.nicknameSpaces],
    ["<script>", a.nicknameChars],
    [anna.nickname.toUpperCase(), a.nicknameTaken],
  ] as const) {
    const res = await visitor.post("/auth/register", {
      form: { email: `${Math.random().toString(36).slice(2)}@exempel.se`, nickname, password: "hemligt123" },
      maxRedirects: 0,
    });
    expect(res.status()).toBeGreaterThanOrEqual(400);
    expect(res.status()).toBeLessThan(500);
    expect(await res.text()).toContain(message.replace(/&/g, "&amp;"));
  }
  const check = await visitor.get(`/api/nickname-available?nickname=${encodeURIComponent(anna.nickname.toLowerCase())}`);
  expect(await check.json()).toEqual({ status: "taken", message: a.nicknameTaken });

  // better-auth's own endpoints cannot be used to go around the forum's rules.
  for (const path of ["/api/auth/sign-up/email", "/api/auth/sign-in/email", "/api/auth/forget-password"]) {
    const res = await visitor.post(path, { data: { email: "x@exempel.se", password: "hemligt123", name: "x", username: "x" } });
    expect(res.status()).toBe(404);
  }
  expect((await visitor.get("/api/auth/get-session")).status()).toBe(404);

  // The health check answers while the database is up.
  const health = await visitor.get("/healthz");
  expect(health.status()).toBe(200);

  await Promise.all([visitor.dispose(), anna.api.dispose(), bertil.api.dispose()]);
});
