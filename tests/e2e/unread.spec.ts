/**
 * Unread tracking in a real browser (docs/decisions/052-unread-and-links.md): a member who read a
 * thread sees 'N nya' on its row when others comment, the link lands on the first unread comment
 * with the 'Nya kommentarer' divider, what was on screen is reported read (the mark goes away),
 * and 'Markera alla som lästa' clears the rest. Thread links carry the title's slug.
 */
import { expect, test } from "./support/test";
import { unread as ur } from "../../domain/i18n/sv";
import { threadIdOf } from "../../domain/paths";
import { memberByHttp } from "./support/accounts";
import { useMailbox } from "./support/forum";

const env = useMailbox();

test("'N nya' lands on the first unread comment with the divider; reading clears it; 'Markera alla som lästa'", async ({ browser }) => {
  const author = await memberByHttp(env.baseURL, env.mailbox, "Skribent");
  const reader = await memberByHttp(env.baseURL, env.mailbox, "Lasare");
  const html = await (await author.api.get("/forum")).text();
  const categoryId = html.match(/\/forum\/kategori\/([0-9a-f-]{36})/)![1]!;
  const title = `Olästa räntor ${Math.random().toString(36).slice(2, 7)}`;
  const created = await author.api.post(`/forum/ny-trad/${categoryId}`, { form: { title, body: "Start." }, maxRedirects: 0 });
  const threadPath = created.headers()["location"]!;
  expect(threadPath).toMatch(/\/trad\/[0-9a-f-]{36}\/olasta-rantor-[a-z0-9]+$/);
  const threadId = threadIdOf(threadPath)!;
  for (let i = 1; i <= 3; i++) expect((await author.api.post(threadPath, { form: { intent: "comment", body: `Gammal ${i}` } })).status()).toBe(200);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, storageState: await reader.api.storageState() });
  const page = await context.newPage();
  // The reader opens the thread: the comments are below the fold, so nothing is read until they
  // scroll down to them.
  const readSeen = page.waitForRequest((r) => r.url().endsWith("/api/unread") && /seen=[0-9a-f]/.test(r.postData() ?? ""), { timeout: 15_000 });
  await page.goto(threadPath);
  await expect(page.getByText("Gammal 3")).toBeVisible();
  await page.getByText("Gammal 3").scrollIntoViewIfNeeded();
  await readSeen;
  await expect
    .poll(async () => (await page.request.get(`/forum?sortera=olasta`)).text().then((t) => t.includes(threadId)), { timeout: 10_000 })
    .toBe(false);

  // The reader leaves (an open thread page shows new comments live, and what is on screen is read);
  // others write 8 more: the row says "8 nya" and links to the first of them.
  await page.goto("/forum");
  for (let i = 1; i <= 8; i++) expect((await author.api.post(threadPath, { form: { intent: "comment", body: `Ny kommentar ${i}` } })).status()).toBe(200);
  await page.goto("/forum?sortera=olasta");
  const row = page.getByRole("listitem").filter({ hasText: title });
  const mark = row.getByRole("link", { name: ur.newCommentsLabel(8) });
  await expect(mark).toHaveText(ur.newComments(8));
  await mark.click();
  await expect(page).toHaveURL(new RegExp(`${threadPath}(\\?sida=1)?#comment-`));
  const divider = page.getByRole("separator", { name: ur.divider });
  await expect(divider.getByText(ur.divider)).toBeVisible();
  // The divider stands right before the first new comment.
  await expect(page.locator(`[role="separator"] + article, [role="separator"] + div`).first()).toContainText("Ny kommentar 1");

  // Scrolling down through the new comments reads them; the mark goes away.
  for (let i = 1; i <= 8; i++) await page.getByText(`Ny kommentar ${i}`, { exact: true }).scrollIntoViewIfNeeded();
  await expect
    .poll(async () => (await page.request.get(`/forum?sortera=olasta`)).text().then((t) => t.includes(threadId)), { timeout: 15_000 })
    .toBe(false);

  // One more comment; 'Markera alla som lästa' clears it without opening the thread.
  await author.api.post(threadPath, { form: { intent: "comment", body: "Allra senast" } });
  await page.goto("/forum?sortera=olasta");
  await expect(page.getByRole("listitem").filter({ hasText: title }).getByRole("link", { name: ur.newCommentsLabel(1) })).toBeVisible();
  await page.getByRole("button", { name: ur.markAllRead }).click();
  await expect(page.getByText(ur.markedAllRead)).toBeVisible();
  await expect(page.getByText(ur.tabEmpty)).toBeVisible();
  await context.close();
  await author.api.dispose();
  await reader.api.dispose();
});

test("a jump to the end (End) reads every comment scrolled past, even one made before the page woke up", async ({ browser }) => {
  const author = await memberByHttp(env.baseURL, env.mailbox, "Skribent");
  const reader = await memberByHttp(env.baseURL, env.mailbox, "Lasare");
  const categoryId = (await (await author.api.get("/forum")).text()).match(/\/forum\/kategori\/([0-9a-f-]{36})/)![1]!;
  const created = await author.api.post(`/forum/ny-trad/${categoryId}`, { form: { title: `Långt hopp ${Math.random().toString(36).slice(2, 7)}`, body: "Start." }, maxRedirects: 0 });
  const threadPath = created.headers()["location"]!;
  const threadId = threadIdOf(threadPath)!;
  // The reader has opened the thread (its opening post read); then 24 comments come, more than a
  // screen, the last one taller than two screens (it counts once its end is on screen).
  expect((await reader.api.post("/api/unread", { form: { intent: "read", threadId, seen: "" } })).status()).toBe(200);
  for (let i = 1; i <= 23; i++) {
    expect((await author.api.post(threadPath, { form: { intent: "comment", body: `Stycke ${i}\n\n${"Lång text om kvartalet. ".repeat(8)}` } })).status()).toBe(200);
  }
  const tall = ["Stycke 24", ...Array.from({ length: 45 }, (_, i) => `Rad ${i + 1} av analysen.`), "Slutrad."].join("\n\n");
  expect((await author.api.post(threadPath, { form: { intent: "comment", body: tall } })).status()).toBe(200);
  const unreadListed = async () => (await reader.api.get("/forum?sortera=olasta")).text().then((t) => t.includes(threadId));
  expect(await unreadListed()).toBe(true);

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, storageState: await reader.api.storageState() });
  const page = await context.newPage();
  // End is pressed as soon as the page is there: the landing on the first unread comment must not
  // pull the reader back up once the page wakes up.
  await page.goto(threadPath, { waitUntil: "domcontentloaded" });
  // As soon as the page is painted: its stylesheets applied (before them there is nothing to see).
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLLinkElement>("link[rel=stylesheet]")].every((l) => l.sheet !== null));
  await page.keyboard.press("End");
  await expect(page.getByText("Slutrad.", { exact: true })).toBeInViewport();
  expect(await page.locator("article.comment").last().evaluate((e) => e.getBoundingClientRect().height)).toBeGreaterThan(2 * 800);
  await expect.poll(unreadListed, { timeout: 15_000 }).toBe(false);
  await expect(page.getByText("Slutrad.", { exact: true })).toBeInViewport();
  await context.close();
  await author.api.dispose();
  await reader.api.dispose();
});
