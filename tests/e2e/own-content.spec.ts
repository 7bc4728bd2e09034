/**
 * Deleting one's own comment and thread through the 'Åtgärder' menu (SPEC §6, §8 toasts), the
 * visitor's login prompt on reactions (SPEC §6 Visitor), and the thread page's link preview tags.
 */
import { expect, test } from "./support/test";
import { forum as f, reactions as r, toasts as t } from "../../domain/i18n/sv";
import { memberByHttp } from "./support/accounts";
import { useMailbox } from "./support/forum";

const env = useMailbox();

test("a member deletes their own comment and thread; a visitor is asked to log in to react", async ({ browser }) => {
  const cecilia = await memberByHttp(env.baseURL, env.mailbox, "Cecilia");
  const context = await browser.newContext({ storageState: await cecilia.api.storageState() });
  const page = await context.newPage();

  // Start a thread in the first category through the category picker.
  await page.goto("/forum/create");
  await page.getByLabel(f.chooseCategory).selectOption({ index: 1 });
  const title = `Investor eller Latour? ${Date.now()}`;
  await page.getByLabel(f.titleLabel).fill(title);
  await page.getByLabel(f.bodyLabel).fill("Vilket investmentbolag föredrar ni och varför?");
  await page.getByRole("button", { name: f.create }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const threadUrl = page.url();

  // Link preview: title, description and OpenGraph tags are in the server-rendered HTML.
  const html = await (await cecilia.api.get(threadUrl)).text();
  expect(html).toContain(`<meta property="og:title" content="${title}"/>`);
  expect(html).toContain('<meta name="description" content="Vilket investmentbolag föredrar ni och varför?"/>');
  expect(html).toMatch(/<title>Investor eller Latour\? \d+ – .+ – Börssnack<\/title>/);

  // Comment, then delete it: the count follows and the spec's toast shows.
  await page.getByLabel(f.commentPlaceholder).fill("Latour, för industrifokuset.");
  await page.getByRole("button", { name: f.send }).click();
  await expect(page.getByRole("heading", { name: f.commentsHeading(1) })).toBeVisible();
  await page.locator("article[id^=comment-]").getByRole("button", { name: f.actions }).click();
  await page.getByRole("menuitem", { name: f.deleteComment }).click();
  await expect(page.getByRole("alertdialog")).toContainText(f.confirmDeleteComment);
  await page.getByRole("button", { name: f.confirm }).click();
  await expect(page.getByText(t.commentDeleted)).toBeVisible();
  await expect(page.getByRole("heading", { name: f.commentsHeading(0) })).toBeVisible();
  await expect(page.getByText(f.noComments)).toBeVisible();

  // A visitor who tries to react is asked to log in; nothing is counted.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(threadUrl);
  await visitor.getByRole("button", { name: /Bullish/ }).click();
  await expect(visitor.getByText(r.loginToReact)).toBeVisible();
  await expect(visitor.getByRole("button", { name: /Bullish/ })).toContainText("0");

  // Delete the thread: back on the category page with 'Tråd borttagen', and the thread is gone.
  await page.getByRole("article").first().getByRole("button", { name: f.actions }).click();
  await page.getByRole("menuitem", { name: f.deleteThread }).click();
  await page.getByRole("button", { name: f.confirm }).click();
  await expect(page.getByText(t.threadDeleted)).toBeVisible();
  await expect(page).toHaveURL(/\/forum\/kategori\/[0-9a-f-]+$/);
  await expect(page.getByText(title)).toHaveCount(0);
  expect((await cecilia.api.get(threadUrl)).status()).toBe(404);
  await expect(async () => {
    await visitor.goto(threadUrl);
    await expect(visitor.getByText(f.threadNotFound)).toBeVisible();
  }).toPass();

  await Promise.all([context.close(), visitorContext.close(), cecilia.api.dispose()]);
});
