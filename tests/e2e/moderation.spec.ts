/**
 * Moderation and administration in the browser: a member reports a thread, it appears
 * in the queue, a moderator (promoted by the admin on the roles page) deletes it and the reporter
 * no longer sees it; the admin sends a message to two selected users and watches the progress bar
 * finish; the mail's opt-out link works and the member takes it back under Mitt konto.
 */
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/test";
import { adminMail as am, adminPages as ap, forum as f, moderation as m, reporting as rp } from "../../domain/i18n/sv";
import { E2E_ADMIN, login, memberByHttp } from "./support/accounts";
import { useMailbox } from "./support/forum";

const env = useMailbox();

async function firstCategoryId(api: APIRequestContext): Promise<string> {
  const html = await (await api.get("/forum")).text();
  return html.match(/\/forum\/kategori\/([0-9a-f-]{36})/)![1]!;
}

test("report → queue → a new moderator deletes it → the reporter no longer sees it", async ({ browser }) => {
  const anna = await memberByHttp(env.baseURL, env.mailbox, "Pumpare");
  const bertil = await memberByHttp(env.baseURL, env.mailbox, "Anmälare");
  const cecilia = await memberByHttp(env.baseURL, env.mailbox, "Blivande");
  const categoryId = await firstCategoryId(anna.api);
  const title = `Köp Raketbolaget nu ${Date.now()}`;
  const created = await anna.api.post(`/forum/ny-trad/${categoryId}`, { form: { title, body: "Garanterat tio gånger pengarna!" }, maxRedirects: 0 });
  expect(created.status()).toBe(302);
  const threadUrl = created.headers()["location"]!;

  // Bertil reports the thread: submit stays disabled until a reason is chosen.
  const bertilContext = await browser.newContext({ storageState: await bertil.api.storageState() });
  const reporter = await bertilContext.newPage();
  await reporter.goto(threadUrl);
  await reporter.getByRole("button", { name: rp.report, exact: true }).click();
  const dialog = reporter.getByRole("dialog", { name: m.reportThread });
  await expect(dialog.getByRole("button", { name: m.submitReport })).toBeDisabled();
  await dialog.getByLabel(m.reasons.spam).check();
  await dialog.getByLabel(m.detailsLabel).fill("  Pump and dump  ");
  await dialog.getByRole("button", { name: m.submitReport }).click();
  await expect(reporter.getByText(m.reportThanks)).toBeVisible();
  await expect(reporter.getByText(m.reportThanksDescription)).toBeVisible();

  // The admin makes Cecilia a moderator on the roles page.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await login(adminPage, E2E_ADMIN);
  await adminPage.goto(`/admin/roles?q=${encodeURIComponent(cecilia.nickname)}`);
  await adminPage.getByLabel(ap.roleFor(cecilia.nickname)).selectOption("moderator");
  await expect(adminPage.getByText(ap.roleUpdated)).toBeVisible();

  // Cecilia, now a moderator, sees the report in the queue with its badge and deletes the thread.
  const modContext = await browser.newContext({ storageState: await cecilia.api.storageState() });
  const mod = await modContext.newPage();
  await mod.goto("/admin/reports");
  await expect(mod.getByTestId("open-reports-badge")).toBeVisible();
  const group = mod.getByTestId("report-group").filter({ hasText: title });
  await expect(group).toContainText(m.reportCount(1));
  await expect(group).toContainText(m.reasons.spam);
  await expect(group).toContainText("Pump and dump");
  await group.getByRole("button", { name: m.deleteContent }).click();
  await expect(mod.getByRole("alertdialog")).toContainText(f.confirmDeleteThread);
  await mod.getByRole("alertdialog").getByRole("button", { name: m.deleteContent }).click();
  await expect(mod.getByText(m.contentDeleted)).toBeVisible();
  await expect(mod.getByTestId("report-group").filter({ hasText: title })).toHaveCount(0);

  // The reporter's view no longer shows it.
  await reporter.goto(threadUrl);
  await expect(reporter.getByText(f.threadNotFound)).toBeVisible();
  await reporter.goto(`/forum/kategori/${categoryId}`);
  await expect(reporter.getByText(title)).toHaveCount(0);

  // The admin sees the deletion in the moderation log.
  await adminPage.goto("/admin/logg");
  await expect(adminPage.getByRole("row").filter({ hasText: title })).toContainText(m.logActions.delete_thread);
});

test("the admin sends a message to two selected users and watches the progress bar finish", async ({ browser }) => {
  const tag = `Mottagare${Math.random().toString(36).slice(2, 6)}`;
  const first = await memberByHttp(env.baseURL, env.mailbox, tag);
  const second = await memberByHttp(env.baseURL, env.mailbox, tag);
  const page = await (await browser.newContext()).newPage();
  await login(page, E2E_ADMIN);
  await page.goto(`/admin/users?q=${tag}`);
  await expect(page.getByTestId("active-badge")).toContainText("aktiva nu •");
  // Nothing selected: the spec's toast.
  await page.getByRole("button", { name: ap.sendMessage }).click();
  await expect(page.getByText(ap.noUsersSelectedDescription)).toBeVisible();
  await page.getByLabel(ap.selectRow(first.nickname)).check();
  await page.getByLabel(ap.selectRow(second.nickname)).check();
  await page.getByRole("button", { name: new RegExp(ap.sendMessage) }).click();
  await expect(page).toHaveURL(/\/admin\/messages\?ids=/);
  const recipients = page.getByLabel(ap.recipients, { exact: true });
  await expect(recipients).toHaveValue(new RegExp(first.email));
  await expect(recipients).toHaveValue(new RegExp(second.email));
  const subject = `Forumnytt ${Date.now()}`;
  await page.getByLabel(ap.subject).fill(subject);
  await page.getByLabel(ap.content).fill("<p>Hej! Nu finns <strong>anmälningar</strong> i forumet.</p><script>alert(1)</script>");
  await page.getByLabel(ap.addButton).check();
  await expect(page.getByLabel(ap.buttonLabel)).toHaveValue(ap.defaultButtonLabel);
  await page.getByLabel(ap.buttonUrl).fill(`${env.baseURL}/forum`);
  const started = Date.now();
  await page.getByRole("button", { name: ap.send, exact: true }).click();
  await expect(page.getByRole("progressbar", { name: ap.progressLabel })).toBeVisible();
  await expect(page.getByText(ap.progress(2, 2))).toBeVisible();
  await expect(page.getByText(ap.sent, { exact: true })).toBeVisible();
  // SPEC §4 Admin send: the form resets and the bar disappears 3 s after completion.
  await expect(page.getByLabel(ap.subject)).toHaveValue("");
  await expect(page.getByRole("progressbar")).toHaveCount(0, { timeout: 6000 });

  // Each got the message with the button and a one-click opt-out.
  const mail = await env.mailbox.waitFor(first.email, { after: started });
  expect(mail.source).toContain("anmälningar");
  expect(mail.source).not.toContain("<script>");
  expect(mail.source).toContain("Klicka här");
  await env.mailbox.waitFor(second.email, { after: started });
  const unfolded = mail.source.replace(/\r?\n[ \t]+/g, " ");
  // (The receiver QP-decodes the whole source, so the raw header's "=" may be garbled: match up to "?".)
  expect(unfolded).toMatch(/^List-Unsubscribe: <http:\/\/localhost:\d+\/avregistrera\?/m);
  expect(unfolded).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  // The same link from the decoded text part (the receiver decodes quoted-printable everywhere,
  // which would garble the raw header's '=').
  const link = mail.source.match(new RegExp(`${am.unsubscribe}: (\\S+)`))![1]!;
  const member = await (await browser.newContext({ storageState: await first.api.storageState() })).newPage();
  await member.goto(link);
  await member.getByRole("button", { name: am.unsubscribeButton }).click();
  await expect(member.getByRole("heading", { name: am.unsubscribed })).toBeVisible();
  await member.goto("/forum/konto");
  await expect(member.getByText(am.accountOptedOut)).toBeVisible();
  await member.getByRole("button", { name: am.optIn }).click();
  await expect(member.getByText(am.accountOptedIn)).toBeVisible();
});

test("an admin blocks an author from the 'Åtgärder' menu; the blocked member can read but not comment", async ({ browser }) => {
  const author = await memberByHttp(env.baseURL, env.mailbox, "Spammare");
  const categoryId = await firstCategoryId(author.api);
  const created = await author.api.post(`/forum/ny-trad/${categoryId}`, { form: { title: `Gratis aktietips ${Date.now()}`, body: "Följ min kanal!" }, maxRedirects: 0 });
  const threadUrl = created.headers()["location"]!;

  const admin = await (await browser.newContext()).newPage();
  await login(admin, E2E_ADMIN);
  await admin.goto(threadUrl);
  await admin.getByRole("button", { name: f.actions }).click();
  await admin.getByRole("menuitem", { name: rp.blockUser }).click();
  await expect(admin.getByRole("alertdialog")).toContainText(m.blockConfirm(author.nickname));
  await admin.getByLabel(m.blockReasonLabel).fill("Reklam");
  await admin.getByRole("button", { name: m.blockButton, exact: true }).click();
  await expect(admin.getByText(m.blocked, { exact: true })).toBeVisible();
  await expect(admin.getByText(m.blockedDescription(author.nickname))).toBeVisible();
  // The state is read again when the menu opens: now it offers to unblock.
  await admin.getByRole("button", { name: f.actions }).click();
  await expect(admin.getByRole("menuitem", { name: rp.unblockUser })).toBeVisible();
  await admin.keyboard.press("Escape");

  // The blocked member still reads the thread, but the comment is refused with a Swedish message
  // and the text stays in the form.
  const blocked = await (await browser.newContext({ storageState: await author.api.storageState() })).newPage();
  await blocked.goto(threadUrl);
  await blocked.getByLabel(f.commentPlaceholder).fill("Köp nu!");
  await blocked.getByRole("button", { name: f.send }).click();
  await expect(blocked.getByRole("alert").filter({ hasText: f.blocked })).toBeVisible();
  await expect(blocked.getByLabel(f.commentPlaceholder)).toHaveValue("Köp nu!");

  // Unblocking lets them comment again.
  await admin.getByRole("button", { name: f.actions }).click();
  await admin.getByRole("menuitem", { name: rp.unblockUser }).click();
  await expect(admin.getByRole("alertdialog")).toContainText(m.unblockConfirm(author.nickname));
  await admin.getByRole("button", { name: m.unblockButton, exact: true }).click();
  await expect(admin.getByText(m.unblocked, { exact: true })).toBeVisible();
  await blocked.getByRole("button", { name: f.send }).click();
  await expect(blocked.getByRole("heading", { name: f.commentsHeading(1) })).toBeVisible();
});

test("a moderator deletes a member on the users page after the 'Radera användare?' confirmation", async ({ browser }) => {
  const victim = await memberByHttp(env.baseURL, env.mailbox, "Raderas");
  const moderator = await memberByHttp(env.baseURL, env.mailbox, "Modd");
  const admin = await (await browser.newContext()).newPage();
  await login(admin, E2E_ADMIN);
  await admin.goto(`/admin/roles?q=${encodeURIComponent(moderator.nickname)}`);
  await admin.getByLabel(ap.roleFor(moderator.nickname)).selectOption("moderator");
  await expect(admin.getByText(ap.roleUpdated)).toBeVisible();
  // The last (only) admin cannot give up the role: the refusal is shown and the dropdown goes back.
  await admin.goto(`/admin/roles?q=${encodeURIComponent(E2E_ADMIN.nickname)}`);
  await admin.getByLabel(ap.roleFor(E2E_ADMIN.nickname)).selectOption("member");
  await expect(admin.getByText(ap.lastAdmin)).toBeVisible();
  await expect(admin.getByLabel(ap.roleFor(E2E_ADMIN.nickname))).toHaveValue("admin");

  const page = await (await browser.newContext({ storageState: await moderator.api.storageState() })).newPage();
  await page.goto(`/admin/users?q=${encodeURIComponent(victim.nickname)}`);
  await page.getByRole("button", { name: ap.deleteUserLabel(victim.nickname) }).click();
  const dialog = page.getByRole("alertdialog", { name: ap.deleteConfirmTitle });
  await expect(dialog).toContainText(victim.nickname);
  await dialog.getByRole("button", { name: ap.deleteConfirm }).click();
  await expect(page.getByText(ap.userDeletedDescription(victim.nickname))).toBeVisible();
  await expect(page.getByText(ap.noUsers)).toBeVisible();
  // The deleted member's session no longer works.
  const gone = await victim.api.get("/forum/konto", { maxRedirects: 0 });
  expect(gone.status()).toBe(302);
});
