/**
 * Profiles and the social graph: the drawer and follow
 * with counts; '@ma' picks a member; '$eric' picks ERIC-B; the ticker page lists the post and its
 * sentiment; /@nickname; bio editing; copy-profile-link.
 */
import { expect, test } from "./support/test";
import { forum as f, profile as p, sectors as sec, ticker as tk, toasts as t } from "../../domain/i18n/sv";
import { memberByHttp } from "./support/accounts";
import { useMailbox } from "./support/forum";

const env = useMailbox();

test("drawer and follow; @mention and $ticker pickers; ticker page; /@nickname; bio", async ({ browser }) => {
  const magnus = await memberByHttp(env.baseURL, env.mailbox, "Magnus");
  const tove = await memberByHttp(env.baseURL, env.mailbox, "Tove");
  const magnusCtx = await browser.newContext({ storageState: await magnus.api.storageState() });
  const toveCtx = await browser.newContext({ storageState: await tove.api.storageState() });
  await toveCtx.grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.baseURL });
  const mPage = await magnusCtx.newPage();
  const tPage = await toveCtx.newPage();

  // Magnus starts a thread with Markdown.
  await mPage.goto("/forum/create");
  await mPage.getByLabel(f.chooseCategory).selectOption({ label: "Large Cap" });
  const title = `Ericsson efter rapporten ${Date.now()}`;
  await mPage.getByLabel(f.titleLabel).fill(title);
  await mPage.getByLabel(f.bodyLabel).fill("**Stark** kvartal.\n\n- marginal\n- kassaflöde");
  await mPage.getByRole("button", { name: f.create }).click();
  await expect(mPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(mPage.locator("article strong", { hasText: "Stark" })).toBeVisible();
  await expect(mPage.locator("article li", { hasText: "kassaflöde" })).toBeVisible();
  const threadUrl = mPage.url();

  // Tove opens the author's drawer and follows him; the counts follow.
  await tPage.goto(threadUrl);
  await tPage.getByRole("button", { name: magnus.nickname }).first().click();
  const drawer = tPage.getByRole("dialog");
  await expect(drawer.getByRole("heading", { name: magnus.nickname })).toBeVisible();
  await expect(drawer.getByText(p.followers)).toBeVisible();
  await drawer.getByRole("button", { name: p.follow, exact: true }).click();
  await expect(tPage.getByText(p.followed, { exact: true })).toBeVisible();
  await expect(drawer.getByRole("button", { name: p.unfollow })).toBeVisible();
  await expect(drawer.locator("dd").first()).toHaveText("1");
  await drawer.getByRole("button", { name: p.close }).first().click();

  // '@ma' opens the member search; picking inserts '@nickname '. '$eric' picks ERIC-B.
  const box = tPage.getByLabel(f.commentPlaceholder);
  await box.click();
  await box.pressSequentially("Bra skrivet @m");
  await expect(tPage.getByText(tk.mentionMinChars)).toBeVisible();
  await box.pressSequentially("agnus");
  await expect(tPage.getByRole("option", { name: `@${magnus.nickname}` })).toBeVisible();
  await expect(tPage.getByText(tk.mentionPick)).toBeVisible();
  await tPage.getByRole("option", { name: `@${magnus.nickname}` }).click();
  await expect(box).toHaveValue(`Bra skrivet @${magnus.nickname} `);
  await box.pressSequentially("köper mer $eric");
  await expect(tPage.getByRole("option", { name: /\$ERIC-B/ })).toBeVisible();
  await box.press("ArrowDown");
  await box.press("ArrowUp");
  const ericB = tPage.getByRole("option", { name: /\$ERIC-B/ });
  await ericB.click();
  await expect(box).toHaveValue(`Bra skrivet @${magnus.nickname} köper mer $ERIC-B `);
  await tPage.getByRole("button", { name: f.send }).click();
  await expect(tPage.getByText(t.commentAdded)).toBeVisible();

  // The rendered comment links the mention and the cashtag; the mention opens the drawer.
  const comment = tPage.locator("article[id^=comment-]").first();
  await expect(comment.locator("a.cashtag")).toHaveAttribute("href", "/forum/aktie/ERIC-B");
  await comment.locator("a.mention").click();
  await expect(tPage.getByRole("dialog").getByRole("heading", { name: magnus.nickname })).toBeVisible();
  await tPage.keyboard.press("Escape");

  // Magnus reacts Bullish on Tove's comment; the ticker page lists it with its sentiment.
  await mPage.reload();
  // Wait for the reaction to be stored: the button shows it pressed at once (optimistic).
  const reacted = mPage.waitForResponse((res) => res.request().method() === "POST" && res.url().includes("/trad/"));
  await mPage.locator("article[id^=comment-]").first().getByRole("button", { name: /Bullish/ }).click();
  expect((await reacted).status()).toBe(200);
  await expect(mPage.locator("article[id^=comment-]").first().getByRole("button", { name: /Bullish/ })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await tPage.goto("/forum/aktie/eric-b");
  await expect(tPage).toHaveURL(/\/forum\/aktie\/ERIC-B$/);
  await expect(tPage.getByRole("heading", { level: 1 })).toContainText("Ericsson");
  // Sector and industry in Swedish, the website as an external link.
  const facts = tPage.getByRole("definition");
  await expect(facts.filter({ hasText: sec.sectorNames["Information Technology"]! })).toBeVisible();
  await expect(facts.filter({ hasText: sec.industryNames["Communications Equipment"]! })).toBeVisible();
  const site = tPage.getByRole("link", { name: /ericsson\.com/ });
  await expect(site).toHaveAttribute("href", /^https?:\/\/www\.ericsson\.com/);
  await expect(site).toHaveAttribute("rel", "nofollow noopener");
  await expect(tPage.getByText(tk.inThread(title))).toBeVisible();
  await expect(tPage.getByText(tk.bull(1))).toBeVisible();
  expect((await tPage.request.get("/forum/aktie/NOPE-X")).status()).toBe(404);

  // /@nickname in any case shows the profile with the stored spelling; counts are there.
  await tPage.goto(`/@${magnus.nickname.toLowerCase()}`);
  await expect(tPage).toHaveURL(new RegExp(`/@${magnus.nickname}$`));
  await expect(tPage.getByRole("heading", { level: 1 })).toContainText(magnus.nickname);
  await expect(tPage.getByRole("button", { name: p.unfollow })).toBeVisible();
  await expect(tPage.getByRole("link", { name: title })).toBeVisible();
  await tPage.getByRole("button", { name: p.copyLink }).click();
  await expect(tPage.getByText(p.linkCopied, { exact: true })).toBeVisible();
  expect(await tPage.evaluate(() => navigator.clipboard.readText())).toBe(`${env.baseURL}/@${magnus.nickname}`);
  // Unfollow from the profile.
  await tPage.getByRole("button", { name: p.unfollow }).click();
  await expect(tPage.getByText(p.unfollowed, { exact: true })).toBeVisible();

  // Own profile: no follow button; the bio can be edited, cancelled and saved.
  await mPage.goto("/forum/profil");
  await expect(mPage.getByRole("heading", { level: 1 })).toContainText(magnus.nickname);
  await expect(mPage.getByRole("button", { name: p.follow, exact: true })).toHaveCount(0);
  await mPage.getByRole("button", { name: p.edit }).click();
  await mPage.getByLabel(p.bio).fill("Utkast som inte ska sparas");
  await mPage.getByRole("button", { name: p.cancel }).click();
  await expect(mPage.getByText(p.noBio)).toBeVisible();
  await mPage.getByRole("button", { name: p.edit }).click();
  await mPage.getByLabel(p.bio).fill("Långsiktig i *verkstad* och $VOLV-B.");
  await mPage.getByRole("button", { name: p.save }).click();
  await expect(mPage.getByText(p.bioSaved, { exact: true })).toBeVisible();
  await mPage.reload();
  await expect(mPage.locator("em", { hasText: "verkstad" })).toBeVisible();
  await expect(mPage.locator("a.cashtag", { hasText: "$VOLV-B" })).toBeVisible();

  await Promise.all([magnusCtx.close(), toveCtx.close(), magnus.api.dispose(), tove.api.dispose()]);
});
