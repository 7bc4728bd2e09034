/**
 * Mute 'Dölj medlem' and bookmarks 'Spara': member B mutes A on A's profile; A's
 * thread in the home list and A's comment in B's thread show 'Dolt inlägg från @A – visa', and
 * 'visa' opens each in place; A's reply to B gives B no bell notification; `/forum/konto` lists A
 * under 'Dolda medlemmar' and 'Visa medlem igen' restores A (A's next reply lights B's bell).
 * B saves a thread and a comment; `/forum/sparade` lists them newest saved first and 'Ta bort'
 * removes one. With SHOTS_DIR set, screenshots at 375 and 1280 px are written there.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { bookmarks as bm, forum as f, mutes as mu, notifications as n } from "../../domain/i18n/sv";
import { memberByHttp } from "./support/accounts";
import { clickAndAwaitPost, screenshotsIfAsked, useMailbox } from "./support/forum";

const env = useMailbox();

async function newThread(page: Page, title: string, body: string) {
  await page.goto("/forum/create");
  await page.getByLabel(f.chooseCategory).selectOption({ index: 1 });
  await page.getByLabel(f.titleLabel).fill(title);
  await page.getByLabel(f.bodyLabel).fill(body);
  await page.getByRole("button", { name: f.create }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  return page.url();
}

async function comment(page: Page, url: string, text: string) {
  await page.goto(url);
  await page.getByLabel(f.commentPlaceholder).fill(text);
  await page.getByRole("button", { name: f.send }).click();
  await expect(page.locator("article[id^=comment-]", { hasText: text })).toBeVisible();
}

test("B mutes A: A's posts collapse, A's reply does not notify B; B saves posts and removes one", async ({ browser }) => {
  const a = await memberByHttp(env.baseURL, env.mailbox, "Tyst");
  const b = await memberByHttp(env.baseURL, env.mailbox, "Lugn");
  const aPage = await (await browser.newContext({ storageState: await a.api.storageState() })).newPage();
  const bPage = await (await browser.newContext({ storageState: await b.api.storageState() })).newPage();
  const line = mu.hiddenFrom(a.nickname) + mu.separator + mu.show;

  const aTitle = `Astras rapport ${Date.now()}`;
  await newThread(aPage, aTitle, "Jag tror på Volvo.");
  const bTitle = `Bolagsstämman ${Date.now()}`;
  const bThread = await newThread(bPage, bTitle, "Vad tycker ni om utdelningen?");

  // B mutes A on A's profile; B's own profile has no such button.
  await aPage.goto("/forum/profil");
  const aProfile = aPage.url();
  await bPage.goto(aProfile);
  await bPage.getByRole("button", { name: mu.mute }).click();
  await expect(bPage.getByRole("button", { name: mu.unmute })).toHaveAttribute("aria-pressed", "true");
  await screenshotsIfAsked(bPage, "profile-muted");
  await bPage.goto("/forum/profil");
  await expect(bPage.getByRole("button", { name: mu.mute })).toHaveCount(0);

  // A replies to B (and mentions B): nothing reaches B's bell.
  await comment(aPage, bThread, `Hej @${b.nickname}, jag håller inte med.`);

  // The home list: A's thread is one line; 'visa' opens it in place.
  await bPage.goto("/forum");
  await expect(bPage.getByTestId("notification-bell")).toHaveAttribute("data-loaded", "true");
  const row = bPage.locator("li", { hasText: line });
  await expect(row).toBeVisible();
  await expect(bPage.getByRole("link", { name: aTitle })).toHaveCount(0);
  await expect(bPage.getByRole("link", { name: bTitle })).toBeVisible();
  await screenshotsIfAsked(bPage, "home-muted");
  await row.getByRole("button", { name: mu.show }).click();
  await expect(bPage.getByRole("link", { name: aTitle })).toBeVisible();
  await expect(bPage).toHaveURL(/\/forum$/);

  // No notification: the bell has no count, the list is empty.
  await expect(bPage.getByTestId("notification-badge")).toHaveCount(0);
  await expect(bPage.getByRole("button", { name: n.bell, exact: true })).toBeVisible();

  // B's thread: A's comment is one line; 'visa' shows it.
  await bPage.goto(bThread);
  const collapsed = bPage.getByText(line);
  await expect(collapsed).toBeVisible();
  await expect(bPage.getByText("jag håller inte med.")).toHaveCount(0);
  await screenshotsIfAsked(bPage, "thread-muted");
  await collapsed.getByRole("button", { name: mu.show }).click();
  await expect(bPage.getByText("jag håller inte med.")).toBeVisible();
  // The profile drawer of A (from the comment's author name) has the toggle too, pressed.
  await bPage.locator("article[id^=comment-]").getByRole("button", { name: a.nickname, exact: true }).click();
  const drawer = bPage.getByRole("dialog");
  await expect(drawer.getByRole("button", { name: mu.unmute })).toHaveAttribute("aria-pressed", "true");
  await screenshotsIfAsked(bPage, "drawer-muted");
  await bPage.keyboard.press("Escape");
  await expect(drawer).toHaveCount(0);

  // 'Dolda medlemmar' lists A; 'Visa medlem igen' restores A.
  await bPage.goto("/forum/konto");
  const section = bPage.getByRole("region", { name: mu.section });
  await expect(section.getByRole("link", { name: `@${a.nickname}` })).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await screenshotsIfAsked(bPage, "account-muted");
  await section.getByRole("button", { name: mu.unmuteLabel(a.nickname) }).click();
  await expect(section.getByText(mu.empty)).toBeVisible();
  await bPage.reload();
  await expect(bPage.getByRole("region", { name: mu.section }).getByText(mu.empty)).toBeVisible();
  await bPage.goto("/forum");
  await expect(bPage.getByRole("link", { name: aTitle })).toBeVisible();
  await expect(bPage.getByText(line)).toHaveCount(0);

  // Unmuted, A's next reply reaches B's bell.
  await comment(aPage, bThread, "Fast du har nog rätt ändå.");
  await expect(bPage.getByTestId("notification-badge")).toHaveText("1", { timeout: 10_000 });

  // B saves the thread, then A's comment: 'Sparad', pressed.
  await bPage.goto(bThread);
  const post = bPage.locator("article").first();
  await clickAndAwaitPost(bPage, post.getByRole("button", { name: bm.save, exact: true }), "/trad/");
  await expect(post.getByRole("button", { name: bm.saved, exact: true })).toHaveAttribute("aria-pressed", "true");
  const aComment = bPage.locator("article[id^=comment-]", { hasText: "jag håller inte med." });
  await clickAndAwaitPost(bPage, aComment.getByRole("button", { name: bm.save, exact: true }), "/trad/");
  await expect(aComment.getByRole("button", { name: bm.saved, exact: true })).toHaveAttribute("aria-pressed", "true");
  await bPage.reload();
  await expect(post.getByRole("button", { name: bm.saved, exact: true })).toHaveAttribute("aria-pressed", "true");
  await screenshotsIfAsked(bPage, "thread-saved");

  // 'Sparade' in the user menu; newest saved first; 'Ta bort' removes one.
  await bPage.getByRole("button", { name: new RegExp(b.nickname) }).first().click();
  await bPage.getByRole("menuitem", { name: bm.menu }).click();
  await expect(bPage.getByRole("heading", { level: 1, name: bm.title })).toBeVisible();
  const items = bPage.getByRole("list", { name: bm.title }).getByRole("listitem");
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText(bm.commentIn(bTitle));
  await expect(items.nth(0)).toContainText("jag håller inte med.");
  await expect(items.nth(0).getByRole("link", { name: bm.commentIn(bTitle) })).toHaveAttribute("href", /\/forum\/kommentar\//);
  await expect(items.nth(1).getByRole("link", { name: bTitle, exact: true })).toBeVisible();
  await screenshotsIfAsked(bPage, "saved");
  await clickAndAwaitPost(bPage, items.nth(1).getByRole("button", { name: bm.removeLabel(bTitle) }), "/forum/sparade");
  await expect(items).toHaveCount(1);
  await bPage.reload();
  await expect(items).toHaveCount(1);
  await items.nth(0).getByRole("button", { name: bm.removeLabel(bm.commentIn(bTitle)) }).click();
  await expect(bPage.getByText(bm.empty)).toBeVisible();
});
