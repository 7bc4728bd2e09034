/**
 * Watchlist 'Bevakning': a visitor's 'Bevaka' leads to the login page; a member
 * watches $SAND on its ticker page, sees it on /forum/bevakning with the thread that mentions it,
 * finds that thread in the forum home tab 'Bevakat', stops watching from the list, and watches
 * again from the menu that resting the mouse on the cashtag in the thread opens; a click still
 * goes to the ticker page.
 */
import { expect, test } from "./support/test";
import { forum as f, nav, watchlist as wl } from "../../domain/i18n/sv";
import { memberByHttp } from "./support/accounts";
import { useMailbox } from "./support/forum";

const env = useMailbox();

test("watch from the ticker page, the 'Bevakning' page and the 'Bevakat' tab", async ({ browser, page }) => {
  // A visitor sees 'Bevaka' as a way to log in, and no 'Bevakat' tab.
  await page.goto("/forum/aktie/SAND");
  const visitorWatch = page.getByRole("link", { name: wl.watch, exact: true });
  await expect(visitorWatch).toHaveAttribute("href", /\/auth\/login\?redirectTo=%2Fforum%2Faktie%2FSAND/);
  await page.goto("/forum");
  await expect(page.getByRole("tab", { name: f.sortLatest })).toBeVisible();
  await expect(page.getByRole("tab", { name: wl.tab })).toHaveCount(0);

  const writer = await memberByHttp(env.baseURL, env.mailbox, "Skribent");
  const reader = await memberByHttp(env.baseURL, env.mailbox, "Bevakare");
  const wPage = await (await browser.newContext({ storageState: await writer.api.storageState() })).newPage();
  const rPage = await (await browser.newContext({ storageState: await reader.api.storageState() })).newPage();

  const title = `Sandvik och verktygen ${Date.now()}`;
  await wPage.goto("/forum/create");
  await wPage.getByLabel(f.chooseCategory).selectOption({ label: "Large Cap" });
  await wPage.getByLabel(f.titleLabel).fill(title);
  await wPage.getByLabel(f.bodyLabel).fill("Vad tror ni om $SAND efter rapporten?");
  await wPage.getByRole("button", { name: f.create }).click();
  await expect(wPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const threadUrl = wPage.url();

  // The reader watches SAND on its ticker page.
  await rPage.goto("/forum/aktie/SAND");
  await rPage.getByRole("button", { name: wl.watch, exact: true }).click();
  await expect(rPage.getByText(wl.watched, { exact: true })).toBeVisible();
  await expect(rPage.getByRole("button", { name: wl.unwatch })).toHaveAttribute("aria-pressed", "true");
  await rPage.reload();
  await expect(rPage.getByRole("button", { name: wl.unwatch })).toBeVisible();

  // The header links to 'Bevakning'; the page lists $SAND and the thread.
  await rPage.getByRole("link", { name: nav.watchlist, exact: true }).first().click();
  await expect(rPage.getByRole("heading", { level: 1, name: wl.title })).toBeVisible();
  const row = rPage.getByRole("row", { name: /\$SAND/ });
  await expect(row.getByRole("link", { name: "$SAND" })).toHaveAttribute("href", "/forum/aktie/SAND");
  await expect(row).toContainText("Industri");
  await expect(rPage.getByRole("link", { name: title })).toBeVisible();

  // The forum home's 'Bevakat' tab has the thread.
  await rPage.goto("/forum");
  await rPage.getByRole("tab", { name: wl.tab }).click();
  await expect(rPage).toHaveURL(/sortera=bevakat/);
  await expect(rPage.getByRole("tab", { name: wl.tab })).toHaveAttribute("aria-selected", "true");
  await expect(rPage.getByRole("link", { name: title })).toBeVisible();

  // 'Sluta bevaka' from the list empties it.
  await rPage.goto("/forum/bevakning");
  await rPage.getByRole("row", { name: /\$SAND/ }).getByRole("button", { name: wl.unwatch }).click();
  await expect(rPage.getByText(wl.unwatched, { exact: true })).toBeVisible();
  await expect(rPage.getByText(wl.empty)).toBeVisible();

  // Resting the mouse on the cashtag in the thread opens a menu: company, 'Visa aktien', 'Bevaka'.
  await rPage.goto(threadUrl);
  const cashtag = rPage.locator("article a.cashtag", { hasText: "$SAND" }).first();
  const menu = rPage.getByRole("dialog", { name: wl.menuLabel("SAND") });
  // The menu's code loads after hydration: a pointer that rested on the cashtag before
  // that moves off and on again, as a reader would.
  await expect(async () => {
    await rPage.mouse.move(0, 0);
    await cashtag.hover();
    await expect(menu.getByText(/Sandvik/)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(menu.getByRole("link", { name: wl.showTicker })).toHaveAttribute("href", "/forum/aktie/SAND");
  await menu.getByRole("button", { name: wl.watch, exact: true }).click();
  await expect(rPage.getByText(wl.watched, { exact: true })).toBeVisible();
  await expect(menu.getByRole("button", { name: wl.unwatch })).toHaveAttribute("aria-pressed", "true");
  await rPage.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);

  // A click on the cashtag is still a plain link to the ticker page.
  await cashtag.click();
  await expect(rPage).toHaveURL(/\/forum\/aktie\/SAND$/);
  await expect(rPage.getByRole("button", { name: wl.unwatch })).toHaveAttribute("aria-pressed", "true");
});
