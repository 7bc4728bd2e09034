/**
 * The thread page without a mouse ("Keyboard: every menu, dialog, tab and the search
 * combobox is usable without a mouse"): a moderator tabs through a member's thread, opens the
 * 'Åtgärder' menu with Enter (focus on its first item, arrows move, Escape closes and gives focus
 * back), opens the report dialog with Enter, picks a reason with the keyboard and closes it with
 * Escape; then the search combobox is reached by Tab, its results are walked with the arrows and
 * Enter opens one. A visitor switches the login page's tabs with the arrow keys.
 */
import { request as playwrightRequest, type Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { auth as a, forum as f, moderation as m } from "../../domain/i18n/sv";
import { E2E_ADMIN, memberByHttp } from "./support/accounts";
import { useMailbox } from "./support/forum";

const env = useMailbox();

/**
 * Presses Tab (or `key`, e.g. Shift+Tab to go back) until `matches` holds for the focused element.
 *
 * @returns how many presses it took
 * @throws when it is not reached within `max` presses
 */
async function tabTo(page: Page, matches: (el: Element) => boolean, max = 80, key = "Tab"): Promise<number> {
  const source = matches.toString();
  for (let i = 1; i <= max; i += 1) {
    await page.keyboard.press(key);
    const hit = await page.evaluate((src) => {
      const el = document.activeElement;
      // The predicate travels to the page as text.
      return el ? (new Function(`return (${src})`)() as (e: Element) => boolean)(el) : false;
    }, source);
    if (hit) return i;
  }
  throw new Error(`not reached with Tab in ${max} presses: ${source}`);
}

test("a moderator uses the thread page's menu, report dialog and the search with the keyboard only", async ({ browser }) => {
  const author = await memberByHttp(env.baseURL, env.mailbox, "Tangent");
  const categoryId = (await (await author.api.get("/forum")).text()).match(/\/forum\/kategori\/([0-9a-f-]{36})/)![1]!;
  const title = `Tangentbordstråd om Sandvik ${Date.now()}`;
  const created = await author.api.post(`/forum/ny-trad/${categoryId}`, { form: { title, body: "Utan mus, tack." }, maxRedirects: 0 });
  expect(created.status()).toBe(302);
  const threadPath = created.headers().location!;

  const api = await playwrightRequest.newContext({ baseURL: env.baseURL, extraHTTPHeaders: { Origin: env.baseURL } });
  await api.post("/auth/login", { form: { intent: "login", email: E2E_ADMIN.email, password: E2E_ADMIN.password }, maxRedirects: 0 });
  const context = await browser.newContext({ storageState: await api.storageState() });
  await api.dispose();
  const page = await context.newPage();
  await page.goto(threadPath);
  await page.waitForLoadState("networkidle");

  // The 'Åtgärder' menu: Enter opens it with focus on its first item; arrows move; Escape closes.
  await tabTo(page, (el) => el.getAttribute("aria-label") === "Åtgärder");
  const menuButton = page.getByRole("button", { name: f.actions }).first();
  await expect(menuButton).toBeFocused();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu", { name: f.actions });
  await expect(menu).toBeVisible();
  const items = menu.getByRole("menuitem");
  await expect(items.first()).toBeFocused();
  if ((await items.count()) > 1) {
    await page.keyboard.press("ArrowDown");
    await expect(items.nth(1)).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(items.first()).toBeFocused();
  }
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(menuButton).toBeFocused();

  // The report dialog: 'Anmäl' stands just before 'Åtgärder' (Shift+Tab: going forward would
  // wrap past the end of the page, which a headless browser without its own toolbar does not
  // do); Enter opens it, a reason is chosen with the keyboard, Escape closes it.
  await tabTo(page, (el) => el.tagName === "BUTTON" && el.textContent?.trim() === "Anmäl", 10, "Shift+Tab");
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: m.reportThread });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: m.submitReport })).toBeDisabled();
  await tabTo(page, (el) => el.getAttribute("type") === "radio", 10);
  // Space chooses the reason that has focus (Chromium's Tab may stop on any radio button of a
  // group where none is chosen yet, depending on when the dialog's own focus landed).
  const focusedReason = dialog.locator("input[type=radio]:focus");
  await expect(focusedReason).toHaveCount(1);
  await expect(focusedReason).not.toBeChecked();
  await page.keyboard.press("Space");
  await expect(focusedReason).toBeChecked();
  await expect(dialog.getByRole("button", { name: m.submitReport })).toBeEnabled();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  // The search combobox: reached by Tab from the top, arrows walk the results, Enter opens one.
  await page.goto("/forum");
  await page.waitForLoadState("networkidle");
  await tabTo(page, (el) => el.getAttribute("role") === "combobox");
  await page.keyboard.type("Tangentbordstråd");
  const combobox = page.getByRole("combobox");
  await expect(page.getByRole("listbox")).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await expect(combobox).toHaveAttribute("aria-activedescendant", /option-0$/);
  // Members whose nickname matches ('Tangent…') may come before the thread: walk down to it.
  const threadOption = page.getByRole("option").filter({ hasText: title });
  await expect(threadOption).toHaveCount(1);
  const threadOptionId = (await threadOption.getAttribute("id"))!;
  for (let i = 0; i < 10 && (await combobox.getAttribute("aria-activedescendant")) !== threadOptionId; i += 1) {
    await page.keyboard.press("ArrowDown");
  }
  await expect(combobox).toHaveAttribute("aria-activedescendant", threadOptionId);
  await expect(threadOption).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(threadPath);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await context.close();
  await author.api.dispose();
});

test("a visitor switches the login page's tabs with the arrow keys", async ({ page }) => {
  await page.goto("/auth/login");
  await page.waitForLoadState("networkidle");
  await tabTo(page, (el) => el.getAttribute("role") === "tab");
  const password = page.getByRole("tab", { name: a.tabPassword });
  const magic = page.getByRole("tab", { name: a.tabMagic });
  await expect(password).toBeFocused();
  await expect(password).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowRight");
  await expect(magic).toBeFocused();
  await expect(magic).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel", { name: a.tabMagic })).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await expect(password).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel", { name: a.tabPassword })).toBeVisible();
});
