/**
 * The moderators' thread tools in the browser (docs/decisions/053-thread-tools.md): a member
 * made moderator on the roles page pins a thread from its 'Åtgärder' menu (it leads the category
 * with the 'Fäst' badge), locks it (another member sees 'Tråden är låst' instead of the comment
 * box), moves it (the old URL leads to the new one) and merges another thread into a third by
 * pasting its link (the merged thread's comment shows in the target; its old URL leads there).
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { adminPages as ap, forum as f, threadState as ts, threadTools as tl } from "../../domain/i18n/sv";
import { E2E_ADMIN, login, memberByHttp } from "./support/accounts";
import { screenshotsIfAsked, useMailbox } from "./support/forum";

const env = useMailbox();

/** Opens the thread's own 'Åtgärder' menu (the first on the page) and picks `item`. */
async function tool(page: Page, item: string): Promise<void> {
  await page.locator("article").first().getByRole("button", { name: f.actions }).click();
  await page.getByRole("menuitem", { name: item, exact: true }).click();
}

test("a moderator pins, locks, moves and merges threads", async ({ browser }) => {
  const anna = await memberByHttp(env.baseURL, env.mailbox, "Trådägare");
  const bertil = await memberByHttp(env.baseURL, env.mailbox, "Läsare");
  const cecilia = await memberByHttp(env.baseURL, env.mailbox, "Blivande");
  const home = await (await anna.api.get("/forum")).text();
  const categoryIds = [...new Set([...home.matchAll(/\/forum\/kategori\/([0-9a-f-]{36})"/g)].map((m) => m[1]!))];
  const [first, second] = categoryIds as [string, string];
  const post = async (title: string) => {
    const created = await anna.api.post(`/forum/ny-trad/${first}`, { form: { title, body: `Inlägget i ${title}` }, maxRedirects: 0 });
    expect(created.status()).toBe(302);
    return created.headers()["location"]!;
  };
  const stamp = Date.now();
  const pinnedTitle = `Fäst mig ${stamp}`;
  const pinnedUrl = await post(pinnedTitle);
  await post(`En nyare tråd ${stamp}`);
  const sourceTitle = `Dubblett ${stamp}`;
  const sourceUrl = await post(sourceTitle);
  const targetTitle = `Originalet ${stamp}`;
  const targetUrl = await post(targetTitle);
  const comment = await bertil.api.post(sourceUrl, { form: { intent: "comment", body: `Kommentar i dubbletten ${stamp}` } });
  expect(comment.status()).toBe(200);

  // The admin makes Cecilia a moderator.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await login(adminPage, E2E_ADMIN);
  await adminPage.goto(`/admin/roles?q=${encodeURIComponent(cecilia.nickname)}`);
  await adminPage.getByLabel(ap.roleFor(cecilia.nickname)).selectOption("moderator");
  await expect(adminPage.getByText(ap.roleUpdated)).toBeVisible();

  const modContext = await browser.newContext({ storageState: await cecilia.api.storageState() });
  const mod = await modContext.newPage();

  // 'Fäst': confirmed in Swedish, toasted; the thread leads its category with the badge.
  await mod.goto(pinnedUrl);
  await tool(mod, tl.pin);
  const pinDialog = mod.getByRole("dialog", { name: tl.pinTitle });
  await expect(pinDialog).toContainText(tl.pinText);
  await pinDialog.getByRole("button", { name: tl.pin, exact: true }).click();
  await expect(mod.locator("[data-sonner-toast]").filter({ hasText: tl.pinnedToast })).toBeVisible();
  await expect(pinDialog).toHaveCount(0);
  await mod.goto(`/forum/kategori/${first}`);
  const firstRow = mod.locator("li").filter({ has: mod.getByRole("link", { name: pinnedTitle }) });
  await expect(firstRow).toContainText(ts.pinned);
  await expect(mod.locator("main li a").first()).toHaveText(pinnedTitle);

  // 'Lås': Bertil sees the notice instead of the comment box; the moderator still has it.
  await mod.goto(pinnedUrl);
  await tool(mod, tl.lock);
  const lockDialog = mod.getByRole("dialog", { name: tl.lockTitle });
  await lockDialog.getByRole("button", { name: tl.lock, exact: true }).click();
  await expect(mod.locator("[data-sonner-toast]").filter({ hasText: tl.lockedToast })).toBeVisible();
  // Staff read the notice and keep the comment box.
  await expect(mod.getByText(tl.lockedStaff)).toBeVisible();
  await expect(mod.getByLabel(f.commentPlaceholder)).toBeVisible();
  const readerContext = await browser.newContext({ storageState: await bertil.api.storageState() });
  const reader = await readerContext.newPage();
  await reader.goto(pinnedUrl);
  await expect(reader.getByRole("status").filter({ hasText: ts.locked })).toBeVisible();
  await expect(reader.getByText(tl.lockedDescription)).toBeVisible();
  await expect(reader.getByLabel(f.commentPlaceholder)).toHaveCount(0);
  await expect(reader.locator(".reaction-chip").first()).toBeDisabled();
  await screenshotsIfAsked(reader, "thread-locked");

  // 'Flytta': the thread lands in the second category; its old URL leads there.
  await tool(mod, tl.move);
  const moveDialog = mod.getByRole("dialog", { name: tl.moveTitle });
  const moveButton = moveDialog.getByRole("button", { name: tl.move, exact: true });
  await expect(moveButton).toBeDisabled();
  await moveDialog.getByLabel(tl.moveLabel).selectOption(second);
  await moveButton.click();
  await expect(mod).toHaveURL(new RegExp(`/forum/kategori/${second}/trad/`));
  await expect(mod.getByRole("heading", { level: 1, name: pinnedTitle })).toBeVisible();
  await reader.goto(pinnedUrl);
  await expect(reader).toHaveURL(new RegExp(`/forum/kategori/${second}/trad/`));
  await expect(reader.getByRole("heading", { level: 1, name: pinnedTitle })).toBeVisible();

  // 'Slå ihop': the duplicate's link pasted; its comment shows in the original; its URL leads there.
  await mod.goto(sourceUrl);
  await tool(mod, tl.merge);
  const mergeDialog = mod.getByRole("dialog", { name: tl.mergeTitle });
  await expect(mergeDialog).toContainText(tl.mergeText(sourceTitle));
  await mergeDialog.getByLabel(tl.mergeSearchLabel).fill(`${env.baseURL}${targetUrl}`);
  await expect(mergeDialog.getByText(tl.mergeLinkChosen)).toBeVisible();
  await screenshotsIfAsked(mod, "thread-merge-dialog");
  await mergeDialog.getByRole("button", { name: tl.merge, exact: true }).click();
  await expect(mod.getByRole("heading", { level: 1, name: targetTitle })).toBeVisible();
  await expect(mod.getByText(`Kommentar i dubbletten ${stamp}`)).toBeVisible();
  await expect(mod.getByText(`Inlägget i ${sourceTitle}`)).toBeVisible();
  await reader.goto(sourceUrl);
  await expect(reader.getByRole("heading", { level: 1, name: targetTitle })).toBeVisible();

  // Every action is in the moderation log.
  await adminPage.goto("/admin/logg");
  for (const title of [pinnedTitle, sourceTitle]) await expect(adminPage.getByRole("row").filter({ hasText: title }).first()).toBeVisible();

  await Promise.all([adminContext.close(), modContext.close(), readerContext.close(), anna.api.dispose(), bertil.api.dispose(), cecilia.api.dispose()]);
});
