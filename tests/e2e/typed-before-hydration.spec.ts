/**
 * A member on a slow connection types before the page's JavaScript has arrived (the
 * server-rendered page is usable at once). When the script then takes over, the typed category,
 * title and body are still there, the composer reacts to them ('Din syn för $SAND' appears for
 * the cashtag in the body) and 'Skapa tråd' creates the thread with that text.
 */
import { expect, test } from "./support/test";
import { forum as f, stances as st } from "../../domain/i18n/sv";
import { memberByHttp } from "./support/accounts";
import { useMailbox } from "./support/forum";

const env = useMailbox();

test("what a member types before the script has loaded is kept and used", async ({ browser }) => {
  const writer = await memberByHttp(env.baseURL, env.mailbox, "Snabbskrivare");
  const context = await browser.newContext({ storageState: await writer.api.storageState() });
  const page = await context.newPage();

  // Hold every script until the fields are filled in.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.js(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });

  await page.goto("/forum/create", { waitUntil: "domcontentloaded" });
  const title = `Skrivet före skriptet ${Date.now()}`;
  await page.getByLabel(f.chooseCategory).selectOption({ label: "Large Cap" });
  await page.getByLabel(f.titleLabel).fill(title);
  await page.getByLabel(f.bodyLabel).fill("Hur ser ni på $SAND inför rapporten?");
  // Not yet hydrated: the composer has not reacted to the cashtag.
  await expect(page.getByRole("group", { name: st.sentimentLegend("SAND") })).toHaveCount(0);

  release();
  // Hydrated: the composer's state has the typed body, so the cashtag's 'Din syn' row appears,
  // and the fields still show what was typed after React's renders.
  await expect(page.getByRole("group", { name: st.sentimentLegend("SAND") })).toBeVisible();
  await expect(page.getByLabel(f.titleLabel)).toHaveValue(title);
  await expect(page.getByLabel(f.bodyLabel)).toHaveValue("Hur ser ni på $SAND inför rapporten?");
  await expect(page.getByLabel(f.chooseCategory).locator("option:checked")).toHaveText("Large Cap");

  await page.getByRole("button", { name: f.create }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("Hur ser ni på")).toBeVisible();
  await context.close();
});
