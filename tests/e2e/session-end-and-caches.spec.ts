/**
 * What a request changes, and what a logout ends, against the production build:
 *
 * - only real writes empty the caches: a visitor's theme POST or a logout without a session
 *   between two GETs of the forum leaves the visitors' cached page a hit; a member's bio save
 *   empties it;
 * - answers rendered for a signed-in member and every `/admin` answer are
 *   `Cache-Control: private, no-store`; visitors' pages and public data keep their headers;
 *   after a logout, Back does not show the account page with the member's e-mail;
 * - a logout closes the session's open event stream within seconds and removes the push device
 *   whose endpoint the browser sends; the logout control in the browser unsubscribes this
 *   browser's push subscription and sends its endpoint.
 */
import { createECDH, randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { nav } from "../../domain/i18n/sv";
import { E2E_ADMIN, memberByHttp } from "./support/accounts";
import { useMailbox } from "./support/forum";
import { openSse } from "./support/sse";
import { expect, test } from "./support/test";

// The service worker is what these tests are about (the config blocks it elsewhere).
test.use({ serviceWorkers: "allow" });

const env = useMailbox();

/** A cookie header of a request context's cookies for the server. */
async function cookieHeader(api: APIRequestContext): Promise<string> {
  const { cookies } = await api.storageState();
  return cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}

/** A visitor's request context (no cookies), with the Origin header every write needs. */
async function visitor(playwright: { request: { newContext(o: object): Promise<APIRequestContext> } }): Promise<APIRequestContext> {
  return playwright.request.newContext({ baseURL: env.baseURL, extraHTTPHeaders: { Origin: env.baseURL } });
}

/**
 * GETs `/forum` twice, then runs `between`, then GETs it again, and says whether the last GET was
 * a cache hit. The visitors' cache keeps a page 1 s, so a slow machine can let it expire between
 * the steps: the sequence is tried a few times, and one hit after `between` is the proof (an
 * emptied cache can never give one).
 */
async function hitAfter(api: APIRequestContext, between: () => Promise<void>): Promise<boolean> {
  for (let attempt = 0; attempt < 6; attempt++) {
    await (await api.get("/forum")).body();
    const before = await api.get("/forum");
    await before.body();
    if (before.headers()["x-cache"] !== "HIT") continue;
    await between();
    const after = await api.get("/forum");
    await after.body();
    if (after.headers()["x-cache"] === "HIT") return true;
  }
  return false;
}

test("a visitor's theme POST or a logout without a session leaves the cached page a hit; a member's bio save empties it", async ({ playwright }) => {
  const api = await visitor(playwright);
  expect(
    await hitAfter(api, async () => {
      const theme = await api.post("/api/theme", { form: { theme: "system", mode: "js" } });
      expect(theme.status()).toBe(200);
    }),
  ).toBe(true);
  expect(
    await hitAfter(api, async () => {
      const logout = await api.post("/auth/logout", { maxRedirects: 0 });
      expect(logout.status()).toBe(302);
    }),
  ).toBe(true);
  // A real write: the member's bio shows on their profile, so every page cache is emptied.
  const member = await memberByHttp(env.baseURL, env.mailbox, "Cachetest");
  expect(
    await hitAfter(api, async () => {
      const bio = await member.api.post("/api/bio", { form: { bio: `Långsiktig ${Date.now()}` } });
      expect(bio.status()).toBe(200);
    }),
  ).toBe(false);
  await member.api.dispose();
  await api.dispose();
});

test("member and admin answers are private, no-store; visitor pages and public data are not", async ({ playwright }) => {
  const member = await memberByHttp(env.baseURL, env.mailbox, "Privat");
  for (const path of ["/forum", "/forum/konto", "/forum/konto.data", "/api/notifications"]) {
    const answer = await member.api.get(path, { maxRedirects: 0 });
    expect(answer.status(), path).toBeLessThan(400);
    expect(answer.headers()["cache-control"], path).toBe("private, no-store");
  }
  // Data that is the same for everyone keeps its public caching, whoever asks.
  expect((await member.api.get("/api/market-status")).headers()["cache-control"]).toMatch(/^public/);

  const admin = await playwright.request.newContext({ baseURL: env.baseURL, extraHTTPHeaders: { Origin: env.baseURL } });
  expect((await admin.post("/auth/login", { form: { intent: "login", email: E2E_ADMIN.email, password: E2E_ADMIN.password }, maxRedirects: 0 })).status()).toBe(302);
  for (const path of ["/admin", "/admin/users", "/admin/users.data"]) {
    const answer = await admin.get(path, { maxRedirects: 0 });
    expect(answer.status(), path).toBe(200);
    expect(answer.headers()["cache-control"], path).toBe("private, no-store");
  }
  const api = await visitor(playwright);
  // A visitor sent to the login page from /admin: not kept either.
  expect((await api.get("/admin", { maxRedirects: 0 })).headers()["cache-control"]).toBe("private, no-store");
  const page = await api.get("/forum");
  expect(page.headers()["cache-control"] ?? "").not.toContain("no-store");
  await Promise.all([member.api.dispose(), admin.dispose(), api.dispose()]);
});

test("after logging out, Back does not show the account page with the member's e-mail", async ({ browser }) => {
  const member = await memberByHttp(env.baseURL, env.mailbox, "Tillbaka");
  const context = await browser.newContext({ storageState: await member.api.storageState() });
  const page = await context.newPage();
  await page.goto("/forum/konto");
  await expect(page.getByText(member.email).first()).toBeVisible();
  await page.getByRole("button", { name: /Användarmeny/ }).click();
  await page.getByRole("menuitem", { name: nav.logout }).click();
  await expect(page).toHaveURL(/\/forum$/);
  await page.goBack();
  // Asked again from the server, the account page sends the visitor to log in.
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect(page.getByText(member.email)).toHaveCount(0);
  await context.close();
  await member.api.dispose();
});

test("a logout closes the session's event stream within seconds and removes the push device it names", async ({ playwright }) => {
  const member = await memberByHttp(env.baseURL, env.mailbox, "Stream");
  const cookie = await cookieHeader(member.api);
  const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${Date.now()}`;
  const saved = await member.api.post("/api/push", {
    form: { endpoint, p256dh: createECDH("prime256v1").generateKeys().toString("base64url"), auth: randomBytes(16).toString("base64url") },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  expect(((await (await member.api.get("/api/my-data")).json()) as { pushDevices: unknown[] }).pushDevices).toHaveLength(1);

  const stream = await openSse(`${env.baseURL}/api/events`, { cookie, "Accept-Encoding": "gzip, br" });
  expect(stream.status).toBe(200);
  // Not kept by the browser, and not buffered by the compression middleware.
  expect(stream.headers["cache-control"]).toBe("private, no-store, no-transform");
  await stream.nextOf("ready", 3_000);
  // The session's lookup is now kept by the server for a few seconds.
  expect((await member.api.get("/forum/konto", { maxRedirects: 0 })).status()).toBe(200);
  // The same session logs out elsewhere (another tab), naming this browser's push endpoint.
  const logout = await playwright.request.newContext({ baseURL: env.baseURL, extraHTTPHeaders: { Origin: env.baseURL, Cookie: cookie } });
  expect((await logout.post("/auth/logout", { form: { endpoint }, maxRedirects: 0 })).status()).toBe(302);
  expect(await stream.ended(5_000)).toBeLessThan(5_000);
  stream.close();
  // The old cookie is worth nothing at once: the kept lookup was forgotten.
  expect((await member.api.get("/forum/konto", { maxRedirects: 0 })).status()).toBe(302);

  // Signed in again, the member has no device left.
  const again = await playwright.request.newContext({ baseURL: env.baseURL, extraHTTPHeaders: { Origin: env.baseURL } });
  expect((await again.post("/auth/login", { form: { intent: "login", email: member.email, password: "hemligt123" }, maxRedirects: 0 })).status()).toBe(302);
  expect(((await (await again.get("/api/my-data")).json()) as { pushDevices: unknown[] }).pushDevices).toEqual([]);
  await Promise.all([member.api.dispose(), logout.dispose(), again.dispose()]);
});

test("logging out in the browser unsubscribes this browser's push subscription and sends its endpoint", async ({ browser }) => {
  const member = await memberByHttp(env.baseURL, env.mailbox, "Pushut");
  const context = await browser.newContext({ storageState: await member.api.storageState() });
  // Headless Chromium has no push service: a stand-in subscription in the page's push manager.
  await context.addInitScript(() => {
    const state = window as unknown as { __unsubscribed: boolean };
    state.__unsubscribed = false;
    const subscription = {
      endpoint: "https://fcm.googleapis.com/fcm/send/browser-device",
      unsubscribe: async () => ((state.__unsubscribed = true), true),
    };
    const registration = { pushManager: { getSubscription: async () => subscription } };
    Object.defineProperty(navigator, "serviceWorker", {
      configurable: true,
      value: {
        getRegistration: async () => registration,
        register: async () => registration,
        ready: Promise.resolve(registration),
        addEventListener() {},
        removeEventListener() {},
        controller: null,
      },
    });
  });
  const page = await context.newPage();
  await page.goto("/forum");
  // React Router posts the logout as `/auth/logout.data`.
  const posted = page.waitForRequest((request) => request.method() === "POST" && /^\/auth\/logout(\.data)?$/.test(new URL(request.url()).pathname));
  await page.getByRole("button", { name: /Användarmeny/ }).click();
  await page.getByRole("menuitem", { name: nav.logout }).click();
  const request = await posted;
  expect(new URLSearchParams(request.postData() ?? "").get("endpoint")).toBe("https://fcm.googleapis.com/fcm/send/browser-device");
  await expect(page).toHaveURL(/\/forum$/);
  expect(await page.evaluate(() => (window as unknown as { __unsubscribed: boolean }).__unsubscribed)).toBe(true);
  await context.close();
  await member.api.dispose();
});
