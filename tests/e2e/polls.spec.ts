/**
 * 'Omröstning' in a browser (docs/decisions/054-polls.md): a member starts a thread with a poll
 * (the form's own check refuses two alike options in Swedish and keeps what was typed), votes and
 * sees the results; a second member who voted sees the first member's vote and changed vote
 * counted live, without a reload; a visitor sees the options and 'Logga in för att rösta'; the
 * vote's tap targets are at least 44 px on a phone.
 */
import { expect, test } from "./support/test";
import { forum as f, polls as pl, toasts as t } from "../../domain/i18n/sv";
import { memberByHttp } from "./support/accounts";
import { useMailbox } from "./support/forum";

const env = useMailbox();

test("a member creates a thread with a poll and votes; another member's counts follow live", async ({ browser }, testInfo) => {
  const anna = await memberByHttp(env.baseURL, env.mailbox, "Rösta_Anna");
  const bo = await memberByHttp(env.baseURL, env.mailbox, "Rösta_Bo");
  const aPage = await (await browser.newContext({ storageState: await anna.api.storageState() })).newPage();
  const bPage = await (await browser.newContext({ storageState: await bo.api.storageState() })).newPage();

  // Anna writes a thread and adds a poll: two options alike are refused before sending.
  const option = (n: number) => aPage.getByRole("textbox", { name: pl.optionLabel(n), exact: true });
  await aPage.goto("/forum/create");
  await aPage.getByLabel(f.chooseCategory).selectOption({ label: "Large Cap" });
  const title = `Köpa Volvo före rapporten? ${Date.now()}`;
  await aPage.getByLabel(f.titleLabel).fill(title);
  await aPage.getByLabel(f.bodyLabel).fill("Rapporten kommer på torsdag.");
  await aPage.getByLabel(pl.add).check();
  await option(1).fill("Köp");
  await option(2).fill("köp");
  await aPage.getByRole("button", { name: f.create }).click();
  await expect(aPage.getByText(pl.duplicateOptions)).toBeVisible();
  await expect(aPage).toHaveURL(/\/forum\/create$/);
  await option(2).fill("Sälj");
  await aPage.getByRole("button", { name: pl.addOption }).click();
  await option(3).fill("Avvakta");
  await aPage.locator("#new-thread-form").screenshot({ path: testInfo.outputPath("poll-form-1280.png") });
  await aPage.getByRole("button", { name: f.create }).click();
  await expect(aPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(aPage.getByText(t.threadCreated)).toBeVisible();
  const threadUrl = aPage.url();
  const aPoll = aPage.locator("[data-poll]");
  await expect(aPoll.getByRole("heading", { name: pl.heading })).toBeVisible();
  await expect(aPoll.getByRole("radio")).toHaveCount(3);

  // A visitor sees the options, no counts, and is asked to log in.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(threadUrl);
  await expect(visitor.locator("[data-poll]").getByRole("link", { name: pl.loginLink })).toBeVisible();
  await expect(visitor.locator("[data-poll]")).not.toContainText(pl.votes(0));

  // Bo votes 'Köp' and sees the results.
  await bPage.goto(threadUrl);
  const bPoll = bPage.locator("[data-poll]");
  await bPoll.getByRole("radio", { name: "Köp" }).check();
  await bPoll.getByRole("button", { name: pl.vote, exact: true }).click();
  await expect(bPage.getByText(pl.voted)).toBeVisible();
  await expect(bPoll).toContainText(pl.voters(1));
  await expect(bPoll).toContainText(`${pl.votes(1)} · ${pl.percent(100)}`);
  await bPage.evaluate(() => ((window as unknown as { marker: number }).marker = 1));

  // Anna votes 'Köp' too: her results, and Bo's counts without a reload.
  await aPoll.getByRole("radio", { name: "Köp" }).check();
  await aPoll.getByRole("button", { name: pl.vote, exact: true }).click();
  await expect(aPoll).toContainText(pl.voters(2));
  await expect(aPoll).toContainText(pl.yourChoice);
  await expect(bPoll).toContainText(pl.voters(2), { timeout: 10_000 });
  await expect(bPoll).toContainText(`${pl.votes(2)} · ${pl.percent(100)}`);

  // Anna changes her vote to 'Sälj'; Bo's page follows again.
  await aPoll.getByRole("button", { name: pl.changeVote }).click();
  await expect(aPoll.getByRole("radio", { name: "Köp" })).toBeChecked();
  await aPoll.getByRole("radio", { name: "Sälj" }).check();
  await aPoll.getByRole("button", { name: pl.vote, exact: true }).click();
  await expect(aPoll).toContainText(`${pl.votes(1)} · ${pl.percent(50)}`);
  await expect(bPoll).toContainText(`${pl.votes(1)} · ${pl.percent(50)}`, { timeout: 10_000 });
  await expect(bPoll).toContainText(pl.voters(2));
  expect(await bPage.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

  // Her vote is hers after a reload (the shared member render with her personal part).
  await aPage.reload();
  await expect(aPoll).toContainText(pl.voters(2));
  await expect(aPoll.locator("li", { hasText: "Sälj" })).toContainText(pl.yourChoice);

  // Bo's page again from the shared member render (no fresh-write cookie): his vote and the
  // counts are his personal part, spliced in, and the page hydrates to a working 'Ändra röst'.
  const bContext = bPage.context();
  const kept = (await bContext.cookies()).filter((c) => c.name !== "borssnack_fresh");
  await bContext.clearCookies();
  await bContext.addCookies(kept);
  const answer = await bPage.reload();
  expect(answer!.headers()["x-cache"]).toBe("SHARED");
  await expect(bPoll).toContainText(pl.voters(2));
  await expect(bPoll.locator("li", { hasText: "Köp" })).toContainText(pl.yourChoice);
  await expect(bPoll.locator("li", { hasText: "Sälj" })).not.toContainText(pl.yourChoice);

  // On a phone the vote's controls are at least 44 px tall.
  await bPage.setViewportSize({ width: 375, height: 800 });
  await bPoll.getByRole("button", { name: pl.changeVote }).click();
  for (const target of [bPoll.locator("label").first(), bPoll.getByRole("button", { name: pl.vote, exact: true })]) {
    expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  await bPoll.screenshot({ path: testInfo.outputPath("poll-vote-375.png") });
});
