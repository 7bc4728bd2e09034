/**
 * Thread subscriptions 'Bevaka tråd': member B clicks 'Bevaka tråd' on A's thread;
 * A comments and B's bell shows '1 ny kommentar i "titel"' without a reload; a second comment
 * makes it '2 nya kommentarer i "titel"' in the same row (the badge stays 1); clicking it opens
 * the newest comment. Without JavaScript the toggle is a plain form post.
 */
import { expect, test, watchCsp } from "./support/test";
import { notifications as n, threadWatch as tw } from "../../domain/i18n/sv";
import { memberByHttp } from "./support/accounts";
import { useMailbox } from "./support/forum";

const env = useMailbox();

test("B watches A's thread; A's comments reach B's bell as one batched row", async ({ browser }) => {
  const a = await memberByHttp(env.baseURL, env.mailbox, "Alva");
  const b = await memberByHttp(env.baseURL, env.mailbox, "Bertil");
  const categoryId = (await (await a.api.get("/forum")).text()).match(/\/forum\/kategori\/([0-9a-f-]{36})/)![1]!;
  const title = `Ericsson efter rapporten ${Date.now()}`;
  const created = await a.api.post(`/forum/ny-trad/${categoryId}`, { form: { title, body: "Vad säger ni?" }, maxRedirects: 0 });
  expect(created.status()).toBe(302);
  const threadPath = created.headers().location!;

  const bCtx = await browser.newContext({ storageState: await b.api.storageState() });
  const violations = await watchCsp(bCtx);
  const page = await bCtx.newPage();
  await page.goto(threadPath);
  const toggle = page.getByRole("button", { name: tw.subscribe });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(page.getByText(tw.subscribed, { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: tw.unsubscribe })).toHaveAttribute("aria-pressed", "true");

  await page.goto("/forum");
  const bell = page.getByTestId("notification-bell");
  await expect(bell).toHaveAttribute("data-loaded", "true");
  await expect(page.getByTestId("notification-badge")).toHaveCount(0);

  // A comments; B's bell lights up without a reload.
  expect((await a.api.post(threadPath, { form: { intent: "comment", body: "Första kommentaren" } })).status()).toBe(200);
  await expect(page.getByTestId("notification-badge")).toHaveText("1", { timeout: 5_000 });
  // A second comment bumps the same row: still one unread, now '2 nya kommentarer'.
  expect((await a.api.post(threadPath, { form: { intent: "comment", body: "Andra kommentaren" } })).status()).toBe(200);
  await bell.click();
  const item = page.getByRole("button", { name: n.threadActivity(2, title) });
  await expect(item).toBeVisible({ timeout: 5_000 });
  await expect(page.getByTestId("notification-badge")).toHaveText("1");
  await item.click();
  await expect(page).toHaveURL(/#comment-/);
  await expect(page.locator("article.highlight-target", { hasText: "Andra kommentaren" })).toBeVisible();
  await expect(page.getByTestId("notification-badge")).toHaveCount(0);
  expect(violations, "Content-Security-Policy violations").toEqual([]);
  await bCtx.close();

  // Without JavaScript: 'Sluta bevaka' is a plain form post; the page comes back with 'Bevaka tråd'.
  const noJs = await browser.newContext({ storageState: await b.api.storageState(), javaScriptEnabled: false });
  const plain = await noJs.newPage();
  await plain.goto(threadPath);
  await plain.getByRole("button", { name: tw.unsubscribe }).click();
  await expect(plain.getByRole("button", { name: tw.subscribe })).toHaveAttribute("aria-pressed", "false");
  await noJs.close();
});
