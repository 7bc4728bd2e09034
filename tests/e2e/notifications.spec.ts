/**
 * Notifications, realtime and presence: two browser contexts, A follows B, B starts a
 * thread and A's bell shows 1 without a reload; clicking it lands on the thread and clears the
 * badge. B's open thread page shows A's comment and reaction live; B marks everything read on
 * /forum/notifications. The online indicator counts both.
 */
import type { APIRequestContext } from "@playwright/test";
import { expect, test, watchCsp } from "./support/test";
import { forum as f, notifications as n, reactions as r, toasts as t } from "../../domain/i18n/sv";
import { memberByHttp } from "./support/accounts";
import { useMailbox } from "./support/forum";

const env = useMailbox();

async function firstCategoryId(api: APIRequestContext): Promise<string> {
  const html = await (await api.get("/forum")).text();
  return html.match(/\/forum\/kategori\/([0-9a-f-]{36})/)![1]!;
}

test("A's bell lights up live when B, whom A follows, starts a thread; the thread updates live", async ({ browser }) => {
  const a = await memberByHttp(env.baseURL, env.mailbox, "Agnes");
  const b = await memberByHttp(env.baseURL, env.mailbox, "Bosse");
  const bId = (await (await b.api.get("/forum/profil")).url()).split("/").pop()!;
  const followed = await a.api.post("/api/follow", { form: { intent: "follow", userId: bId } });
  expect(followed.status()).toBe(200);

  const aCtx = await browser.newContext({ storageState: await a.api.storageState() });
  const bCtx = await browser.newContext({ storageState: await b.api.storageState() });
  const aViolations = await watchCsp(aCtx);
  const bViolations = await watchCsp(bCtx);
  const aPage = await aCtx.newPage();
  const bPage = await bCtx.newPage();

  await aPage.goto("/forum");
  const bell = aPage.getByTestId("notification-bell");
  await expect(bell).toHaveAttribute("data-loaded", "true");
  await expect(aPage.getByTestId("notification-badge")).toHaveCount(0);
  // Both members were active: the indicator counts them.
  await expect(aPage.getByTestId("online-users").first()).toContainText(/\d+ online/);

  // B starts a thread in the browser; A's page is not reloaded.
  await bPage.goto("/forum/create");
  await bPage.getByLabel(f.chooseCategory).selectOption({ index: 1 });
  const title = `Sandvik ser starkt ut ${Date.now()}`;
  await bPage.getByLabel(f.titleLabel).fill(title);
  await bPage.getByLabel(f.bodyLabel).fill("Orderingången överraskade.");
  await bPage.getByRole("button", { name: f.create }).click();
  await expect(bPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const threadUrl = bPage.url();

  await expect(aPage.getByTestId("notification-badge")).toHaveText("1", { timeout: 5_000 });
  await bell.click();
  const item = aPage.getByRole("button", { name: `${b.nickname} skapade en ny tråd: "${title}"` });
  await expect(item).toBeVisible();
  await item.click();
  await expect(aPage).toHaveURL(threadUrl);
  await expect(aPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(aPage.getByTestId("notification-badge")).toHaveCount(0);
  await aPage.reload();
  await expect(aPage.getByTestId("notification-bell")).toHaveAttribute("data-loaded", "true");
  await expect(aPage.getByTestId("notification-badge")).toHaveCount(0);

  // A comments; B, reading the thread, sees it appear without a reload, and B's bell shows it.
  await expect(bPage.locator("article[id^=comment-]")).toHaveCount(0);
  await bPage.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await aPage.getByLabel(f.commentPlaceholder).fill("Håller med, köper mer.");
  await aPage.getByRole("button", { name: f.send }).click();
  await expect(aPage.getByText(t.commentAdded)).toBeVisible();
  await expect(bPage.locator("article[id^=comment-]", { hasText: "Håller med, köper mer." })).toBeVisible();
  expect(await bPage.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  await expect(bPage.getByTestId("notification-badge")).toHaveText("1");
  // A reacts to the thread; B's count follows without a reload.
  await aPage.locator("article").first().getByRole("button", { name: `${r.labels.bull} 0` }).click();
  await expect(bPage.locator("article").first().getByRole("button", { name: `${r.labels.bull} 1` })).toBeVisible();
  expect(await bPage.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

  // B reads everything on the notifications page.
  await bPage.goto("/forum/notifications");
  const row = bPage.locator("li[data-unread=true]", { hasText: `${a.nickname} kommenterade i tråden: "${title}"` });
  await expect(row).toBeVisible();
  await bPage.getByRole("button", { name: n.markAllRead }).click();
  await expect(bPage.getByText(n.allReadTitle)).toBeVisible();
  await expect(bPage.getByRole("button", { name: n.markAllRead })).toHaveCount(0);
  await expect(bPage.locator("li[data-unread=true]")).toHaveCount(0);
  await expect(bPage.getByTestId("notification-badge")).toHaveCount(0);

  // Clicking the read notification opens the comment, highlighted.
  await bPage.getByRole("link", { name: new RegExp(`kommenterade i tråden`) }).click();
  await expect(bPage).toHaveURL(/#comment-/);
  await expect(bPage.locator("article.highlight-target")).toBeVisible();

  await aCtx.close();
  expect([...aViolations, ...bViolations], "Content-Security-Policy violations").toEqual([]);
  await bCtx.close();
});

test("the notifications page: empty text for a new member, login required for visitors; the API refuses visitors", async ({ browser, request }) => {
  const c = await memberByHttp(env.baseURL, env.mailbox, "Cilla");
  const ctx = await browser.newContext({ storageState: await c.api.storageState() });
  const violations = await watchCsp(ctx);
  const page = await ctx.newPage();
  await page.goto("/forum/notifications");
  await expect(page.getByRole("heading", { level: 1, name: n.pageTitle })).toBeVisible();
  await expect(page.getByText(n.empty)).toBeVisible();
  await expect(page.getByRole("button", { name: n.markAllRead })).toHaveCount(0);

  const visitor = await request.get("/forum/notifications", { maxRedirects: 0 });
  expect(visitor.status()).toBe(302);
  expect(visitor.headers()["location"]).toContain("/auth/login");
  expect((await request.get("/api/notifications")).status()).toBe(401);
  expect((await request.get("/api/events")).status()).toBe(401);
  expect((await request.get("/api/events?thread=inte-ett-id")).status()).toBe(400);
  expect((await request.post("/api/presence", { form: { date: "2026-01-01", hour: "3" } })).status()).toBe(401);
  expect((await c.api.post("/api/presence", { form: { date: "2026-13-01", hour: "3" } })).status()).toBe(400);
  expect((await c.api.post("/api/notifications", { form: { intent: "explode" } })).status()).toBe(400);
  expect(violations, "Content-Security-Policy violations").toEqual([]);
  await ctx.close();
});
