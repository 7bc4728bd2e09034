/**
 * 'Trendande aktier' on the forum home: a member's new post naming
 * $SAND puts SAND on the list under 'Kategorier', with its company name and counts, linking to
 * the ticker page; on a 375 px phone the list folds away under its summary and opens again.
 * The e2e server computes the list on every request (TRENDING_TICKERS_TTL_SECONDS=0,
 * tests/e2e/support/start-server.mjs); production serves it at most a minute old.
 */
import { expect, test } from "./support/test";
import { trendingTickers as tt } from "../../domain/i18n/sv";
import { memberByHttp } from "./support/accounts";
import { useMailbox } from "./support/forum";

const env = useMailbox();

test("a new $SAND post is on the home page's trending list and links to the ticker page; collapsible on a phone", async ({ page }) => {
  const member = await memberByHttp(env.baseURL, env.mailbox, "Sandvik");
  const html = await (await member.api.get("/forum")).text();
  const categoryId = html.match(/\/forum\/kategori\/([0-9a-f-]{36})/)![1]!;
  const created = await member.api.post(`/forum/ny-trad/${categoryId}`, {
    form: { title: `Verktyg ${Date.now()}`, body: "Köper mer $SAND inför rapporten." },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);

  await page.goto("/forum");
  const section = page.getByTestId("trending-tickers");
  await expect(section.getByRole("heading", { name: tt.heading })).toBeVisible();
  const row = section.getByRole("listitem").filter({ has: page.getByRole("link", { name: "$SAND", exact: true }) });
  await expect(row).toContainText(/Sandvik/i);
  await expect(row).toContainText(tt.members(1));
  await expect(row).toContainText(tt.changeNew);
  // Under 'Kategorier', before 'Diskussioner'.
  const order = await page.evaluate(() =>
    ["categories-heading", "trending-tickers-heading", "discussions-heading"].map((id) => document.getElementById(id)!.getBoundingClientRect().top),
  );
  expect(order[0]!).toBeLessThan(order[1]!);
  expect(order[1]!).toBeLessThan(order[2]!);

  await row.getByRole("link", { name: "$SAND", exact: true }).click();
  await expect(page).toHaveURL(/\/forum\/aktie\/SAND$/);

  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/forum");
  const link = section.getByRole("link", { name: "$SAND", exact: true });
  await expect(link).toBeVisible();
  await section.locator("summary").click();
  await expect(link).toBeHidden();
  await section.locator("summary").click();
  await expect(link).toBeVisible();
  await member.api.dispose();
});
