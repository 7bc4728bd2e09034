/**
 * 'Din syn' / 'Innehav': a member writes 'Köper mer $ERIC-B' in a comment, and as soon as
 * the cashtag is typed the composer offers 'Din syn för $ERIC-B' and 'Innehav för $ERIC-B'; they
 * choose 'Bullish' and 'Jag äger aktien'. The comment shows 'Bullish' and 'Äger' beside the
 * cashtag; an edit shows the choices and can change them; the ticker page's members' view counts one more Bullish and the disclosure share
 * says so. On a 375 px wide phone the rows fit without sideways scrolling. A thread naming the
 * ticker only in its title shows the tags in a row under the body.
 */
import { expect, test } from "./support/test";
import { editing as ed, forum as f, postMarks as pm, stances as st } from "../../domain/i18n/sv";
import { memberByHttp } from "./support/accounts";
import { useMailbox } from "./support/forum";

const env = useMailbox();

/** The members' view line of the ticker page as numbers (0/0 when nobody stated one). */
async function memberVotes(page: import("@playwright/test").Page): Promise<{ bullish: number; bearish: number }> {
  await page.goto("/forum/aktie/ERIC-B");
  const line = page.getByTestId("member-sentiment");
  if ((await line.count()) === 0) return { bullish: 0, bearish: 0 };
  const m = /Bullish (\d+) · Bearish (\d+)/.exec((await line.textContent()) ?? "");
  return { bullish: Number(m![1]), bearish: Number(m![2]) };
}

test("'Bullish' and 'Jag äger aktien' on a comment: tags beside the cashtag, the ticker page's members' view moves", async ({ browser }) => {
  const member = await memberByHttp(env.baseURL, env.mailbox, "Synen");
  const context = await browser.newContext({ storageState: await member.api.storageState(), viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  const before = await memberVotes(page);

  await page.goto("/forum/create");
  await page.getByLabel(f.chooseCategory).selectOption({ index: 1 });
  const title = `Rapportsnack ${Date.now()}`;
  await page.getByLabel(f.titleLabel).fill(title);
  await page.getByLabel(f.bodyLabel).fill("Vad tror ni om rapporten?");
  // No ticker named: no rows.
  await expect(page.getByRole("group", { name: /Din syn för/ })).toHaveCount(0);
  await page.getByRole("button", { name: f.create }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  await page.getByLabel(f.commentPlaceholder).fill("Köper mer $ERIC-B");
  await expect(page.getByRole("group", { name: st.sentimentLegend("ERIC-B") })).toBeVisible();
  await expect(page.getByRole("group", { name: st.positionLegend("ERIC-B") })).toBeVisible();
  await expect(page.getByRole("radio", { name: "Ingen" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Ej angivet" })).toBeChecked();
  // Compact on a phone: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole("radio", { name: "Bullish" }).check();
  await page.getByRole("radio", { name: "Jag äger aktien" }).check();
  await page.getByRole("button", { name: f.send }).click();

  const comment = page.locator("article[id^=comment-]").first();
  await expect(comment).toContainText("Köper mer");
  // The tags follow the cashtag; the composer's rows are gone with its text.
  await expect(comment.locator("a.cashtag + .stance-tag")).toHaveText("Bullish");
  await expect(comment.locator(".stance-tag", { hasText: /^Äger$/ })).toBeVisible();
  await expect(page.getByRole("group", { name: st.sentimentLegend("ERIC-B") })).toHaveCount(0);

  // Editing the comment shows what it states; choosing 'Bearish' changes the tag.
  await comment.getByRole("button", { name: f.actions }).click();
  await page.getByRole("menuitem", { name: ed.edit }).click();
  await expect(comment.getByRole("radio", { name: "Bullish" })).toBeChecked();
  await expect(comment.getByRole("radio", { name: "Jag äger aktien" })).toBeChecked();
  await comment.getByRole("radio", { name: "Bearish" }).check();
  await comment.getByRole("button", { name: ed.save }).click();
  await expect(comment.locator("a.cashtag + .stance-tag")).toHaveText("Bearish");
  await comment.getByRole("button", { name: f.actions }).click();
  await page.getByRole("menuitem", { name: ed.edit }).click();
  await comment.getByRole("radio", { name: "Bullish" }).check();
  await comment.getByRole("button", { name: ed.save }).click();
  await expect(comment.locator("a.cashtag + .stance-tag")).toHaveText("Bullish");

  const after = await memberVotes(page);
  expect(after).toEqual({ bullish: before.bullish + 1, bearish: before.bearish });
  await expect(page.getByRole("heading", { name: st.membersTitle })).toBeVisible();
  await expect(page.getByText(/av inläggen med angivet innehav de senaste 30 dagarna/)).toBeVisible();

  // A thread naming the ticker only in its title: 'Bearish' and 'Äger ej' in a row under the body.
  await page.goto("/forum/create");
  await page.getByLabel(f.chooseCategory).selectOption({ index: 1 });
  await page.getByLabel(f.titleLabel).fill(`Säljer $ERIC-B ${Date.now()}`);
  await page.getByLabel(f.bodyLabel).fill("Tar hem vinsten.");
  await page.getByRole("radio", { name: "Bearish" }).check();
  await page.getByRole("radio", { name: "Jag äger inte aktien" }).check();
  await page.getByRole("button", { name: f.create }).click();
  const tags = page.getByRole("list", { name: pm.tagsLabel });
  await expect(tags).toContainText("$ERIC-B");
  await expect(tags).toContainText("Bearish");
  await expect(tags).toContainText("Äger ej");
  // Her latest stated view is Bearish now: still one vote.
  expect(await memberVotes(page)).toEqual({ bullish: before.bullish, bearish: before.bearish + 1 });

  await Promise.all([context.close(), member.api.dispose()]);
});
