/**
 * Editing: a member edits their comment in place (within the grace period: the new
 * text, no 'redigerad'); an admin edits it with a reason, which keeps a revision — 'redigerad'
 * shows, and its history dialog shows the word diff (old word struck, new word inserted). The
 * owner of a thread edits its title on `/forum/edit/{id}` and sees it on the thread page. Staff
 * edits always keep a revision, so no clock is moved.
 */
import { expect, test } from "./support/test";
import { editing as ed, forum as f, postMarks as pm } from "../../domain/i18n/sv";
import { E2E_ADMIN, login, memberByHttp } from "./support/accounts";
import { useMailbox } from "./support/forum";
import { threadIdOf } from "../../domain/paths";

const env = useMailbox();

test("a comment edited in place, then by an admin: 'redigerad' opens the history with the diff", async ({ browser }) => {
  const dagny = await memberByHttp(env.baseURL, env.mailbox, "Dagny");
  const context = await browser.newContext({ storageState: await dagny.api.storageState() });
  const page = await context.newPage();

  await page.goto("/forum/create");
  await page.getByLabel(f.chooseCategory).selectOption({ index: 1 });
  const title = `Volvo inför rapporten ${Date.now()}`;
  await page.getByLabel(f.titleLabel).fill(title);
  await page.getByLabel(f.bodyLabel).fill("Hur tror ni att rapporten blir?");
  await page.getByRole("button", { name: f.create }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const threadUrl = page.url();

  await page.getByLabel(f.commentPlaceholder).fill("Jag tror att Volvo stiger i morgon.");
  await page.getByRole("button", { name: f.send }).click();
  const comment = page.locator("article[id^=comment-]").first();
  await expect(comment).toContainText("Volvo stiger i morgon");

  // The author edits in place: the composer holds the current text; 'Spara' shows the new text.
  await comment.getByRole("button", { name: f.actions }).click();
  await page.getByRole("menuitem", { name: ed.edit }).click();
  const editor = comment.getByLabel(ed.editCommentLabel);
  await expect(editor).toHaveValue("Jag tror att Volvo stiger i morgon.");
  // Only staff editing someone else's comment are asked for a reason.
  await expect(comment.getByLabel(ed.reasonLabel)).toHaveCount(0);
  await editor.fill("Jag tror att Volvo faller i morgon.");
  await comment.getByRole("button", { name: ed.save }).click();
  await expect(comment).toContainText("Volvo faller i morgon");
  await expect(comment.getByLabel(ed.editCommentLabel)).toHaveCount(0);
  // Within the grace period: no trace.
  await expect(comment.getByRole("button", { name: /visa historik/ })).toHaveCount(0);

  // An admin edits the member's comment, with a reason for the moderation log.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await login(admin, E2E_ADMIN);
  await admin.goto(threadUrl);
  const adminComment = admin.locator("article[id^=comment-]").first();
  await adminComment.getByRole("button", { name: f.actions }).click();
  await admin.getByRole("menuitem", { name: ed.edit }).click();
  await adminComment.getByLabel(ed.editCommentLabel).fill("Jag tror att Volvo rasar i morgon.");
  await adminComment.getByLabel(ed.reasonLabel).fill("Förtydligande");
  await adminComment.getByRole("button", { name: ed.save }).click();
  await expect(adminComment).toContainText("Volvo rasar i morgon");
  await expect(adminComment.getByRole("button", { name: /visa historik/ })).toBeVisible();

  // The member sees 'redigerad' and its history: the admin, 'faller' struck and 'rasar' inserted.
  await page.reload();
  const mark = comment.getByRole("button", { name: /visa historik/ });
  await expect(mark).toContainText(pm.edited);
  await mark.click();
  const dialog = page.getByRole("dialog", { name: ed.historyTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(ed.revisionBy(E2E_ADMIN.nickname));
  await expect(dialog.locator("del")).toContainText("faller");
  await expect(dialog.locator("ins")).toContainText("rasar");
  await dialog.getByRole("button", { name: ed.close }).click();
  await expect(dialog).toHaveCount(0);

  await Promise.all([context.close(), adminContext.close(), dagny.api.dispose()]);
});

test("the owner edits a thread's title on /forum/edit/{id} and sees it on the thread page", async ({ browser }) => {
  const erik = await memberByHttp(env.baseURL, env.mailbox, "Erik");
  const context = await browser.newContext({ storageState: await erik.api.storageState() });
  const page = await context.newPage();

  await page.goto("/forum/create");
  await page.getByLabel(f.chooseCategory).selectOption({ index: 1 });
  const title = `Ericsson utdelning ${Date.now()}`;
  await page.getByLabel(f.titleLabel).fill(title);
  await page.getByLabel(f.bodyLabel).fill("Höjs utdelningen i år?");
  await page.getByRole("button", { name: f.create }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const threadUrl = page.url();

  await page.getByRole("article").first().getByRole("button", { name: f.actions }).click();
  await page.getByRole("menuitem", { name: ed.edit }).click();
  await expect(page).toHaveURL(/\/forum\/edit\/[0-9a-f-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: ed.editThreadHeading })).toBeVisible();
  await expect(page.getByLabel(f.titleLabel)).toHaveValue(title);
  await expect(page.getByLabel(f.bodyLabel)).toHaveValue("Höjs utdelningen i år?");

  // An empty title is refused and what was typed stays.
  await page.getByLabel(f.titleLabel).fill(" ");
  await page.getByLabel(f.bodyLabel).fill("Höjs utdelningen i år, tror ni?");
  await page.getByLabel(f.titleLabel).evaluate((el) => el.removeAttribute("required"));
  await page.getByRole("button", { name: ed.save }).click();
  await expect(page.getByText(f.titleRequired)).toBeVisible();
  await expect(page.getByLabel(f.bodyLabel)).toHaveValue("Höjs utdelningen i år, tror ni?");

  const newTitle = `${title} – höjd utdelning?`;
  await page.getByLabel(f.titleLabel).fill(newTitle);
  await page.getByRole("button", { name: ed.save }).click();
  await expect(page.getByText(ed.saved)).toBeVisible();
  // The same thread, at the new title's slug; the old link answers with the new one.
  expect(page.url()).toBe(threadUrl.replace(/\/[^/]+$/, "/ericsson-utdelning-" + title.split(" ").at(-1) + "-hojd-utdelning"));
  await expect(page.getByRole("heading", { level: 1, name: newTitle })).toBeVisible();
  expect((await page.request.get(threadUrl, { maxRedirects: 0 })).headers().location).toBe(new URL(page.url()).pathname);
  await expect(page.getByText("Höjs utdelningen i år, tror ni?")).toBeVisible();

  // Another member gets the Swedish refusal page.
  const other = await memberByHttp(env.baseURL, env.mailbox, "Frida");
  const editUrl = `/forum/edit/${threadIdOf(threadUrl)}`;
  const refused = await other.api.get(editUrl);
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain(ed.notAllowed);

  await Promise.all([context.close(), erik.api.dispose(), other.api.dispose()]);
});
