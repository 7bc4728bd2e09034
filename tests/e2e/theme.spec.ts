/**
 * Dark mode: the theme follows the device by default, the member's user menu and the
 * visitors' footer switch it at once and it sticks (the `theme` cookie, rendered by the server,
 * so the next page never flashes the other theme), and the footer form works without
 * JavaScript. The CSP guard of `./support/test` fails the test if the head script were blocked.
 */
import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { memberByHttp } from "./support/accounts";
import { useMailbox } from "./support/forum";

const env = useMailbox();

/** Records `<html>`'s class at DOMContentLoaded (before React hydrates) in `window.__dclClass`. */
async function recordClassAtDomContentLoaded(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      (window as unknown as { __dclClass: string }).__dclClass = document.documentElement.className;
    });
  });
}

const classAtDomContentLoaded = (page: Page) => page.evaluate(() => (window as unknown as { __dclClass?: string }).__dclClass ?? "");
const html = (page: Page) => page.locator("html");
const DARK = /\bdark\b/;

test("without a choice the theme follows the device: dark before the first paint, light otherwise", async ({ browser }) => {
  for (const colorScheme of ["dark", "light"] as const) {
    const context = await browser.newContext({ colorScheme });
    await recordClassAtDomContentLoaded(context);
    const page = await context.newPage();
    await page.goto("/forum");
    if (colorScheme === "dark") {
      expect(await classAtDomContentLoaded(page)).toMatch(DARK);
      await expect(html(page)).toHaveClass(DARK);
      // The page surface is dark, not white.
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe("rgb(248, 250, 252)");
    } else {
      expect(await classAtDomContentLoaded(page)).not.toMatch(DARK);
      await expect(html(page)).not.toHaveClass(DARK);
    }
    await expect(page.getByRole("radio", { name: "Systemets tema" })).toBeChecked();
    await context.close();
  }
});

test("a member picks 'Mörkt' in the user menu: it switches at once and stays on reload and on the next page", async ({ browser }) => {
  const member = await memberByHttp(env.baseURL, env.mailbox, "Nattuggla");
  const context = await browser.newContext({ colorScheme: "light", storageState: await member.api.storageState() });
  await recordClassAtDomContentLoaded(context);
  const page = await context.newPage();
  await page.goto("/forum");
  await expect(html(page)).not.toHaveClass(DARK);
  await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));

  await page.getByRole("button", { name: /Användarmeny/ }).click();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitemradio", { name: "Systemets tema" })).toHaveAttribute("aria-checked", "true");
  await menu.getByRole("menuitemradio", { name: "Mörkt" }).click();
  await expect(html(page)).toHaveClass(DARK);
  await expect(menu.getByRole("menuitemradio", { name: "Mörkt" })).toHaveAttribute("aria-checked", "true");
  // No reload: the page is the same document.
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  await expect.poll(async () => (await context.cookies()).find((c) => c.name === "theme")?.value).toBe("dark");
  // Still dark once the answer is in and the root loader has revalidated.
  await page.waitForTimeout(700);
  await expect(html(page)).toHaveClass(DARK);

  await page.reload();
  expect(await classAtDomContentLoaded(page)).toMatch(DARK);
  await expect(html(page)).toHaveClass(DARK);
  await page.goto("/forum/bevakning");
  expect(await classAtDomContentLoaded(page)).toMatch(DARK);
  // The server's HTML already carries the class (no flash, no script needed).
  expect(await (await context.request.get("/forum/konto")).text()).toMatch(/<html lang="sv" class="dark"/);

  await page.getByRole("button", { name: /Användarmeny/ }).click();
  await page.getByRole("menu").getByRole("menuitemradio", { name: "Ljust" }).click();
  await expect(html(page)).not.toHaveClass(DARK);
  await context.close();
  await member.api.dispose();
});

test("a visitor switches in the footer; 'Ljust' wins over a dark device", async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: "dark" });
  const page = await context.newPage();
  await page.goto("/forum");
  await expect(html(page)).toHaveClass(DARK);
  const footer = page.getByRole("contentinfo");
  const group = footer.getByRole("group", { name: "Tema" });
  // Once JavaScript runs there is no submit button: the radio buttons act at once.
  await expect(footer.getByRole("button", { name: "Byt tema" })).toHaveCount(0);
  await group.getByRole("radio", { name: "Ljust" }).check();
  await expect(html(page)).not.toHaveClass(DARK);
  await expect(group.getByRole("radio", { name: "Ljust" })).toBeChecked();
  await expect.poll(async () => (await context.cookies()).find((c) => c.name === "theme")?.value).toBe("light");
  await page.reload();
  await expect(html(page)).not.toHaveClass(DARK);
  await expect(page.getByRole("contentinfo").getByRole("button", { name: "Byt tema" })).toHaveCount(0);
  await page.getByRole("contentinfo").getByRole("radio", { name: "Mörkt" }).check();
  await expect(html(page)).toHaveClass(DARK);
  await context.close();
});

test("without JavaScript the footer form stores the theme and the server renders it", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, colorScheme: "light" });
  const page = await context.newPage();
  await page.goto("/forum/sok?q=volvo");
  await expect(html(page)).not.toHaveClass(DARK);
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("radio", { name: "Mörkt" }).check();
  await footer.getByRole("button", { name: "Byt tema" }).click();
  await expect(page).toHaveURL(/\/forum\/sok\?q=volvo$/);
  await expect(html(page)).toHaveClass(DARK);
  await expect(page.getByRole("contentinfo").getByRole("radio", { name: "Mörkt" })).toBeChecked();
  await context.close();
});
