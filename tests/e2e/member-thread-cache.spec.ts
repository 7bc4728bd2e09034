/**
 * Members' thread pages share their common part through a cache
 * (server/cache/read-caches.ts). What a member must still see: another member's new comment
 * on their next load, their own reaction pressed and nobody else's, the right counts, and a new
 * thread on the forum home and its category.
 */
import { expect, test } from "./support/test";
import { reactions as r } from "../../domain/i18n/sv";
import { memberByHttp } from "./support/accounts";
import { useMailbox } from "./support/forum";

const env = useMailbox();

test("a member's thread page shows new comments at once and only their own reactions as pressed", async ({ browser }) => {
  const author = await memberByHttp(env.baseURL, env.mailbox, "Cacheägare");
  const reader = await memberByHttp(env.baseURL, env.mailbox, "Cacheläsare");
  const other = await memberByHttp(env.baseURL, env.mailbox, "Cacheannan");
  const categoryId = (await (await author.api.get("/forum")).text()).match(/\/forum\/kategori\/([0-9a-f-]{36})/)![1]!;
  const title = `Delad trådsida ${Date.now()}`;
  const created = await author.api.post(`/forum/ny-trad/${categoryId}`, { form: { title, body: "Första inlägget." }, maxRedirects: 0 });
  expect(created.status()).toBe(302);
  const threadPath = created.headers().location!;

  const readerPage = await (await browser.newContext({ storageState: await reader.api.storageState() })).newPage();
  const otherPage = await (await browser.newContext({ storageState: await other.api.storageState() })).newPage();
  await readerPage.goto(threadPath);
  await otherPage.goto(threadPath);
  await expect(readerPage.getByRole("heading", { level: 1, name: title })).toBeVisible();

  // Another member comments (over HTTP, as a second browser would): both readers see it on reload.
  const text = `Ny kommentar ${Date.now()}`;
  expect((await author.api.post(threadPath, { form: { intent: "comment", body: text }, maxRedirects: 0 })).status()).toBeLessThan(400);
  await readerPage.reload();
  await expect(readerPage.getByText(text)).toBeVisible();
  await otherPage.reload();
  await expect(otherPage.getByText(text)).toBeVisible();

  // The reader presses 'Bullish' on the thread: pressed for the reader, counted but not pressed for the other.
  const bull = (page: typeof readerPage) => page.getByRole("form", { name: r.barLabel }).first().getByRole("button", { name: new RegExp(`^${r.labels.bull}`) });
  await expect(bull(readerPage)).toHaveAttribute("aria-pressed", "false");
  const answered = readerPage.waitForResponse((res) => res.request().method() === "POST" && res.url().includes(threadPath));
  await bull(readerPage).click();
  await answered;
  await readerPage.reload();
  await expect(bull(readerPage)).toHaveAttribute("aria-pressed", "true");
  await expect(bull(readerPage)).toContainText("1");
  await otherPage.reload();
  await expect(bull(otherPage)).toHaveAttribute("aria-pressed", "false");
  await expect(bull(otherPage)).toContainText("1");
  // And the reader's own state again, right after the other member's load filled the cache.
  await readerPage.reload();
  await expect(bull(readerPage)).toHaveAttribute("aria-pressed", "true");

  // The lists members share: a new thread is on the forum home and its category at the next load.
  await readerPage.goto("/forum");
  await readerPage.goto(`/forum/kategori/${categoryId}`);
  const second = `Ännu en delad tråd ${Date.now()}`;
  expect((await author.api.post(`/forum/ny-trad/${categoryId}`, { form: { title: second, body: "Andra." }, maxRedirects: 0 })).status()).toBe(302);
  await readerPage.goto("/forum");
  await expect(readerPage.getByRole("link", { name: second })).toBeVisible();
  await readerPage.goto(`/forum/kategori/${categoryId}`);
  await expect(readerPage.getByRole("link", { name: second })).toBeVisible();
});
