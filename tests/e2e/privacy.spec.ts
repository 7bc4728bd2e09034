/**
 * GDPR dialog and data export (SPEC §2 Shared forum layout footer): the footer
 * dialog with its 11 sections and a remembered 'Acceptera'; a member downloads their data and
 * deletes their account (wrong password refused, right password deletes, posts stay as 'Okänd');
 * a member deletes through the mailed link.
 */
import { readFile } from "node:fs/promises";
import { expect, test } from "./support/test";
import { forum as f, nav, privacy as pv } from "../../domain/i18n/sv";
import { memberByHttp } from "./support/accounts";
import { useMailbox } from "./support/forum";

const env = useMailbox();

test("GDPR dialog and data export", async ({ browser }) => {
  // A visitor opens the policy from the footer: 11 sections, 'Acceptera' is remembered.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto("/forum");
  await expect(visitor.getByRole("dialog")).toHaveCount(0);
  await expect(visitor.getByText(nav.gdprNote)).toBeVisible();
  await visitor.getByRole("contentinfo").getByRole("button", { name: nav.gdprButton, exact: true }).click();
  const dialog = visitor.getByRole("dialog", { name: pv.dialogTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { level: 3 })).toHaveCount(11);
  for (const [i, section] of pv.sections.entries()) {
    await expect(dialog.getByRole("heading", { level: 3, name: `${i + 1}. ${section.title}` })).toBeVisible();
  }
  await expect(dialog.getByText("borssnack.session_token", { exact: false }).first()).toBeVisible();
  await expect(dialog.getByRole("link", { name: pv.manageData })).toHaveAttribute("href", "/forum/konto");
  await dialog.getByRole("button", { name: pv.accept }).click();
  await expect(visitor.getByRole("dialog")).toHaveCount(0);
  await expect(visitor.getByText(nav.gdprNote)).toHaveCount(0);
  const consent = (await visitorContext.cookies()).find((c) => c.name === "borssnack_gdpr");
  expect(consent?.value).toBe("1");
  expect(consent?.sameSite).toBe("Lax");
  expect(consent!.expires * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000);
  await visitor.reload();
  await expect(visitor.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(visitor.getByRole("dialog")).toHaveCount(0);
  await expect(visitor.getByText(nav.gdprNote)).toHaveCount(0);
  await visitor.getByRole("button", { name: nav.gdprButton, exact: true }).click();
  await expect(visitor.getByRole("dialog").getByText(pv.alreadyAccepted)).toBeVisible();
  await visitor.keyboard.press("Escape");
  await expect(visitor.getByRole("dialog")).toHaveCount(0);

  // Visitors get 401 from the export and are sent to log in from the account page.
  const anonymous = await visitorContext.request.get("/api/my-data");
  expect(anonymous.status()).toBe(401);
  expect(await anonymous.json()).toEqual({ error: pv.exportLoginRequired });
  await visitor.goto("/forum/konto");
  await expect(visitor).toHaveURL(/\/auth\/login\?redirectTo=%2Fforum%2Fkonto$/);

  // A member with a thread downloads their data.
  const member = await memberByHttp(env.baseURL, env.mailbox, "Greta");
  const context = await browser.newContext({ storageState: await member.api.storageState() });
  const page = await context.newPage();
  await page.goto("/forum/create");
  await page.getByLabel(f.chooseCategory).selectOption({ index: 1 });
  const title = `Gretas tråd om Sinch ${Date.now()}`;
  await page.getByLabel(f.titleLabel).fill(title);
  await page.getByLabel(f.bodyLabel).fill("Vändning på gång eller dead cat bounce?");
  await page.getByRole("button", { name: f.create }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const threadUrl = page.url();

  await page.goto("/forum/konto");
  await expect(page.getByRole("heading", { level: 1, name: pv.accountTitle })).toBeVisible();
  await expect(page.getByText(member.nickname, { exact: true }).first()).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: pv.exportButton }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`borssnack-data-${member.nickname}.json`);
  const exported = JSON.parse(await readFile(await download.path(), "utf8")) as {
    profile: { nickname: string; email: string };
    threads: Array<{ title: string }>;
  };
  expect(exported.profile.nickname).toBe(member.nickname);
  expect(exported.threads.map((x) => x.title)).toContain(title);
  const raw = await member.api.get("/api/my-data");
  expect(raw.status()).toBe(200);
  expect(raw.headers()["content-type"]).toContain("application/json");
  // Rendered for a signed-in member: kept by no cache, the browser's included.
  expect(raw.headers()["cache-control"]).toBe("private, no-store");
  expect(raw.headers()["content-disposition"]).toContain(`attachment; filename="borssnack-data-${member.nickname}.json"`);
  expect(await raw.text()).not.toMatch(/"(password|token)"/);

  // Wrong password: Swedish error, nothing deleted, still logged in.
  await page.getByLabel(pv.passwordLabel).fill("fel-lösenord");
  await page.getByRole("button", { name: pv.deleteButton }).click();
  await expect(page.getByText(pv.wrongPassword)).toBeVisible();
  await expect(page.getByRole("button", { name: nav.userMenu })).toBeVisible();
  expect((await member.api.get("/api/my-data")).status()).toBe(200);

  // Right password: 'Kontot raderat', logged out, the thread stays with the author 'Okänd'.
  await page.getByLabel(pv.passwordLabel).fill("hemligt123");
  await page.getByRole("button", { name: pv.deleteButton }).click();
  await expect(page.getByText(pv.deleted, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/forum$/);
  await expect(page.getByRole("button", { name: nav.userMenu })).toHaveCount(0);
  await expect(page.getByRole("link", { name: nav.login }).first()).toBeVisible();
  expect((await context.cookies()).some((c) => c.name.endsWith("session_token") && c.value !== "")).toBe(false);
  await page.goto(threadUrl);
  const post = page.getByRole("article").first();
  await expect(post).toContainText(f.unknownAuthor);
  await expect(post).not.toContainText(member.nickname);
  expect((await member.api.get("/api/my-data")).status()).toBe(401);

  await Promise.all([context.close(), visitorContext.close(), member.api.dispose()]);
});

test("a member deletes their account through the mailed link", async ({ browser }) => {
  const member = await memberByHttp(env.baseURL, env.mailbox, "Stina");
  const { profile } = (await (await member.api.get("/api/my-data")).json()) as { profile: { email: string } };
  const context = await browser.newContext({ storageState: await member.api.storageState() });
  const page = await context.newPage();
  await page.goto("/forum/konto");
  const started = Date.now();
  await page.getByRole("button", { name: pv.sendLink }).click();
  await expect(page.getByText(pv.linkSent)).toBeVisible();
  const mail = await env.mailbox.waitFor(profile.email, { after: started });
  const link = mail.source.match(/https?:\/\/[^\s"'<>]+\/forum\/konto\/radera\?token=[A-Za-z0-9_-]+/)?.[0];
  expect(link).toBeTruthy();

  // A broken link deletes nothing.
  await page.goto("/forum/konto/radera?token=ogiltig");
  await expect(page.getByText(pv.linkInvalid)).toBeVisible();

  // Opening the link only asks; confirming deletes and logs out.
  await page.goto(link!);
  await expect(page.getByText(pv.confirmText(member.nickname))).toBeVisible();
  expect((await member.api.get("/api/my-data")).status()).toBe(200);
  await page.getByRole("button", { name: pv.confirmButton }).click();
  await expect(page.getByText(pv.deleted, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/forum$/);
  await expect(page.getByRole("button", { name: nav.userMenu })).toHaveCount(0);
  expect((await member.api.get("/api/my-data")).status()).toBe(401);

  // The link works once.
  await page.goto(link!);
  await expect(page.getByText(pv.linkInvalid)).toBeVisible();

  await Promise.all([context.close(), member.api.dispose()]);
});
