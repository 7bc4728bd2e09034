/**
 * A phone (375 px) has what the desktop has: the menu names 'Sparade' (where the saving toast
 * sends a member) and says how many are online, and 'Bevakning' is a list of cards whose
 * 'Sluta bevaka' is whole, with no table to scroll sideways.
 */
import { expect, test } from "./support/test";
import { bookmarks as bm, nav, watchlist as wl } from "../../domain/i18n/sv";
import { memberByHttp } from "./support/accounts";
import { useMailbox } from "./support/forum";

const env = useMailbox();

test("on a phone a visitor's menu says how many are online", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  await page.goto("/forum");
  await page.getByRole("button", { name: nav.openMenu }).click();
  await expect(page.getByRole("dialog").getByText(/\d+ (medlem|medlemmar) online just nu, \d+ aktiva senaste timmen/)).toBeVisible();
  await context.close();
});

test("on a phone: 'Bevakning' is a card list with a whole 'Sluta bevaka', and the menu has 'Sparade'", async ({ browser }) => {
  const member = await memberByHttp(env.baseURL, env.mailbox, "Mobil");
  const context = await browser.newContext({ storageState: await member.api.storageState(), viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  await page.goto("/forum/aktie/VOLV-B");
  await page.getByRole("button", { name: wl.watch, exact: true }).click();
  await expect(page.getByRole("button", { name: wl.unwatch })).toHaveAttribute("aria-pressed", "true");

  // The saving toast points to 'Sparade' in the menu: the phone menu has it.
  await page.getByRole("button", { name: nav.openMenu }).click();
  const menu = page.getByRole("dialog");
  await expect(menu.getByRole("link", { name: bm.menu })).toHaveAttribute("href", "/forum/sparade");
  await menu.getByRole("link", { name: nav.watchlist, exact: true }).click();

  await expect(page.getByRole("heading", { level: 1, name: wl.title })).toBeVisible();
  // No table to scroll sideways: a card with the company, the counts and the whole button.
  await expect(page.getByRole("table")).toBeHidden();
  const card = page.getByRole("list", { name: wl.tickers }).getByRole("listitem").filter({ hasText: "$VOLV-B" });
  await expect(card).toContainText("Volvo");
  await expect(card).toContainText(wl.colPostsToday);
  const button = card.getByRole("button", { name: wl.unwatch });
  await expect(button).toBeVisible();
  expect((await button.boundingBox())!.width).toBeGreaterThan(80);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await button.click();
  await expect(page.getByText(wl.empty)).toBeVisible();
  await context.close();
});
