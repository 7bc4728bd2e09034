/**
 * The installable app: the web app manifest and the service worker
 * register, Chromium reports no installability errors, the offline page 'Du är offline' shows
 * when the browser is offline, a member's page is never served from a cache, and the live
 * stream and the CSP still work under the worker.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, watchCsp } from "./support/test";
import { notifications as n, pwa } from "../../domain/i18n/sv";
import { memberByHttp } from "./support/accounts";
import { useMailbox } from "./support/forum";

// The service worker is what these tests are about (the config blocks it elsewhere).
test.use({ serviceWorkers: "allow" });

const env = useMailbox();

/** Waits until the service worker is active and controls the page; returns its script URL. */
async function controlledByWorker(page: Page): Promise<string> {
  const scriptUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? "");
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toBe(scriptUrl);
  return scriptUrl;
}

/** Every URL in the page's Cache Storage. */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
}

async function firstCategoryId(api: APIRequestContext): Promise<string> {
  const html = await (await api.get("/forum")).text();
  return html.match(/\/forum\/kategori\/([0-9a-f-]{36})/)![1]!;
}

test("the web app manifest: Swedish name 'Börssnack', icons 192/512/maskable, theme colour, standalone", async ({ page, request }) => {
  const res = await request.get("/manifest.webmanifest");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = await res.json();
  expect(manifest).toMatchObject({ name: "Börssnack", short_name: "Börssnack", lang: "sv", start_url: "/", display: "standalone", theme_color: "#047857" });
  const sizes = (manifest.icons as Array<{ sizes: string; purpose?: string; src: string }>).map((i) => `${i.sizes}${i.purpose === "maskable" ? " maskable" : ""}`);
  expect(sizes).toEqual(expect.arrayContaining(["192x192", "512x512", "512x512 maskable"]));
  for (const icon of manifest.icons as Array<{ src: string }>) {
    const png = await request.get(icon.src);
    expect(png.status(), icon.src).toBe(200);
    expect(png.headers()["content-type"]).toBe("image/png");
  }
  const sw = await request.get("/sw.js");
  expect(sw.status()).toBe(200);
  expect(sw.headers()["cache-control"]).toBe("no-cache");

  await page.goto("/");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#047857");
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", /\.png$/);
});

/** Chromium's installability errors and manifest parse errors for the page (CDP). */
async function installability(page: Page): Promise<{ installability: string[]; manifest: string[] }> {
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  const { errors } = await cdp.send("Page.getAppManifest");
  await cdp.detach();
  return { installability: installabilityErrors.map((e) => e.errorId), manifest: errors.map((e) => e.message) };
}

test("Chromium reports no installability errors (a normal, non-incognito profile)", async ({ playwright, launchOptions, baseURL }) => {
  // Playwright's own contexts are off the record, where Chromium never offers installation
  // ('in-incognito'); a persistent profile is what a visitor has.
  const profile = mkdtempSync(path.join(tmpdir(), "borssnack-pwa-"));
  const context = await playwright.chromium.launchPersistentContext(profile, { ...launchOptions, baseURL, locale: "sv-SE" });
  const violations = await watchCsp(context);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto("/");
    await controlledByWorker(page);
    expect(await installability(page)).toEqual({ installability: [], manifest: [] });
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
  expect(violations).toEqual([]);
});

test("the service worker registers and controls the page; pages keep their CSP; only static assets are cached", async ({ page }) => {
  await page.goto("/forum");
  expect(await controlledByWorker(page)).toMatch(/\/sw\.js$/);
  // In Playwright's off-the-record context, being incognito is the only complaint (the full
  // Chromium makes it; the headless shell makes none).
  const found = await installability(page);
  expect({ ...found, installability: found.installability.filter((id) => id !== "in-incognito") }).toEqual({ installability: [], manifest: [] });
  // Pages still carry the CSP when the worker fetches them: a render's with a fresh nonce, or a
  // cached page's with its scripts' hashes (server/cache/page-cache.ts).
  const again = await page.goto("/forum");
  expect(again!.headers()["content-security-policy"]).toMatch(/script-src (?:'nonce-[^']+'|'sha256-[^']+')/);
  // The hashed assets are precached; no page and no API answer is in any cache.
  await expect.poll(async () => (await cachedUrls(page)).some((u) => u.startsWith("/assets/"))).toBe(true);
  for (const url of await cachedUrls(page)) expect(url).toMatch(/^\/(assets\/|icons\/|offline\.html$)/);
});

test("offline: a page request shows 'Du är offline'; 'Försök igen' loads the page once the network is back", async ({ page, context }) => {
  await page.goto("/forum");
  await controlledByWorker(page);
  await context.setOffline(true);
  await page.goto("/forum/sok?q=volvo");
  await expect(page.getByRole("heading", { level: 1, name: pwa.offlineTitle })).toBeVisible();
  await expect(page.getByText(pwa.offlineText)).toBeVisible();
  await context.setOffline(false);
  await page.getByRole("link", { name: pwa.offlineRetry }).click();
  await expect(page).toHaveURL(/\/forum\/sok\?q=volvo$/);
  await expect(page.getByRole("heading", { level: 1, name: pwa.offlineTitle })).toHaveCount(0);
  await expect(page.locator("header").first()).toBeVisible();
});

test("a member's page is never served from a cache: logged out and offline, /forum/notifications shows the offline page", async ({ browser }) => {
  const a = await memberByHttp(env.baseURL, env.mailbox, "Pwa");
  const context = await browser.newContext({ storageState: await a.api.storageState() });
  const page = await context.newPage();
  await page.goto("/forum/notifications");
  await controlledByWorker(page);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: n.pageTitle })).toBeVisible();
  await expect(page.getByText(a.nickname).first()).toBeVisible();

  await context.clearCookies();
  await context.setOffline(true);
  await page.goto("/forum/notifications");
  await expect(page.getByRole("heading", { level: 1, name: pwa.offlineTitle })).toBeVisible();
  await expect(page.getByText(a.nickname)).toHaveCount(0);
  for (const url of await cachedUrls(page)) expect(url).toMatch(/^\/(assets\/|icons\/|offline\.html$)/);
  await context.close();
});

test("the live stream works under the worker: /api/events opens and a notification arrives without a reload", async ({ browser }) => {
  const a = await memberByHttp(env.baseURL, env.mailbox, "Lyssnar");
  const b = await memberByHttp(env.baseURL, env.mailbox, "Skriver");
  const bId = (await (await b.api.get("/forum/profil")).url()).split("/").pop()!;
  expect((await a.api.post("/api/follow", { form: { intent: "follow", userId: bId } })).status()).toBe(200);

  const context = await browser.newContext({ storageState: await a.api.storageState() });
  const page = await context.newPage();
  await page.goto("/forum");
  await controlledByWorker(page);
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // A stream opened by the controlled page reaches OPEN.
  const state = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const source = new EventSource("/api/events");
        source.onopen = () => {
          resolve(source.readyState);
          source.close();
        };
        source.onerror = () => resolve(source.readyState);
        setTimeout(() => resolve(source.readyState), 5_000);
      }),
  );
  expect(state).toBe(1);

  const bell = page.getByTestId("notification-bell");
  await expect(bell).toHaveAttribute("data-loaded", "true");
  const categoryId = await firstCategoryId(b.api);
  const created = await b.api.post(`/forum/ny-trad/${categoryId}`, { form: { title: `Offline-säker tråd ${Date.now()}`, body: "Hej från arbetaren." }, maxRedirects: 0 });
  expect(created.status()).toBe(302);
  await expect(page.getByTestId("notification-badge")).toHaveText("1", { timeout: 10_000 });
  await context.close();
});
