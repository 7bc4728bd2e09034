/**
 * "Stocks first", the stock journey end to end: Maja watches $ERIC-B on its ticker page;
 * Viktor posts 'Köper mer $ERIC-B' choosing 'Bullish' and 'Jag äger aktien' → the thread shows
 * 'Bullish' and 'Äger' beside the cashtag, appears in Maja's 'Bevakat' tab and on her
 * /forum/bevakning, the ticker page's members' view counts one more Bullish, and the forum home's
 * 'Trendande aktier' lists ERIC-B.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { forum as f, stances as st, trendingTickers as tt, watchlist as wl } from "../../domain/i18n/sv";
import { memberByHttp } from "./support/accounts";
import { useMailbox } from "./support/forum";

const env = useMailbox();

/** The ticker page's members' view as numbers (0/0 when nobody has stated one). */
async function memberVotes(page: Page): Promise<{ bullish: number; bearish: number }> {
  await page.goto("/forum/aktie/ERIC-B");
  const line = page.getByTestId("member-sentiment");
  if ((await line.count()) === 0) return { bullish: 0, bearish: 0 };
  const m = /Bullish (\d+) · Bearish (\d+)/.exec((await line.textContent()) ?? "");
  return { bullish: Number(m![1]), bearish: Number(m![2]) };
}

test("watch $ERIC-B; 'Köper mer $ERIC-B' with Bullish + Äger reaches Bevakat, Bevakning, the ticker page and Trendande aktier", async ({ browser }) => {
  const maja = await memberByHttp(env.baseURL, env.mailbox, "Maja");
  const viktor = await memberByHttp(env.baseURL, env.mailbox, "Viktor");
  const majaPage = await (await browser.newContext({ storageState: await maja.api.storageState() })).newPage();
  const viktorPage = await (await browser.newContext({ storageState: await viktor.api.storageState() })).newPage();

  // Maja watches $ERIC-B from its ticker page.
  const before = await memberVotes(majaPage);
  await majaPage.getByRole("button", { name: wl.watch, exact: true }).click();
  await expect(majaPage.getByRole("button", { name: wl.unwatch })).toHaveAttribute("aria-pressed", "true");

  // Viktor posts 'Köper mer $ERIC-B' with 'Bullish' and 'Jag äger aktien'.
  const title = `Köper mer $ERIC-B ${Date.now()}`;
  await viktorPage.goto("/forum/create");
  await viktorPage.getByLabel(f.chooseCategory).selectOption({ label: "Large Cap" });
  await viktorPage.getByLabel(f.titleLabel).fill(title);
  await viktorPage.getByLabel(f.bodyLabel).fill("Köper mer $ERIC-B efter rapporten, 5G-affären bär.");
  await viktorPage.getByRole("group", { name: st.sentimentLegend("ERIC-B") }).getByRole("radio", { name: "Bullish", exact: true }).check();
  await viktorPage.getByRole("radio", { name: "Jag äger aktien", exact: true }).check();
  await viktorPage.getByRole("button", { name: f.create }).click();
  await expect(viktorPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const tags = viktorPage.locator("article a.cashtag + .stance-tag, article .stance-tag");
  await expect(tags.filter({ hasText: "Bullish" }).first()).toBeVisible();
  await expect(tags.filter({ hasText: /^Äger$/ }).first()).toBeVisible();

  // Maja: the 'Bevakat' tab on the forum home lists the thread.
  await majaPage.goto("/forum");
  await majaPage.getByRole("tab", { name: wl.tab }).click();
  await expect(majaPage.getByRole("tab", { name: wl.tab })).toHaveAttribute("aria-selected", "true");
  await expect(majaPage.getByRole("link", { name: title })).toBeVisible();

  // /forum/bevakning: ERIC-B in the table with one post today and the Bullish vote; the thread in the feed.
  await majaPage.goto("/forum/bevakning");
  await expect(majaPage.getByRole("heading", { level: 1, name: wl.title })).toBeVisible();
  const row = majaPage.getByRole("row", { name: /\$ERIC-B/ });
  await expect(row).toContainText(/Ericsson/i);
  await expect(row).toContainText(st.membersCount(before.bullish + 1, before.bearish));
  await expect(majaPage.getByRole("region", { name: wl.feed }).getByRole("link", { name: title })).toBeVisible();

  // The ticker page's members' view moved by one Bullish; the disclosure share counts the post.
  expect(await memberVotes(majaPage)).toEqual({ bullish: before.bullish + 1, bearish: before.bearish });
  await expect(majaPage.getByText(/av inläggen med angivet innehav/)).toBeVisible();

  // The forum home's 'Trendande aktier' lists ERIC-B, linked to its page.
  await majaPage.goto("/forum");
  const trending = majaPage.getByRole("region", { name: tt.heading });
  await expect(trending.getByRole("link", { name: /\$ERIC-B/ })).toHaveAttribute("href", "/forum/aktie/ERIC-B");
});
