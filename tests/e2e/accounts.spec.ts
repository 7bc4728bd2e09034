/**
 * Accounts journeys: magic-link login and reuse refused; forgot →
 * reset → login with the new password, old sessions ended; change password; protected route →
 * login → back to the origin; members on /admin go to /forum; own-profile redirect; user menu.
 */
import type { Browser } from "@playwright/test";
import { expect, test } from "./support/test";
import { auth as a, nav } from "../../domain/i18n/sv";
import { memberByHttp } from "./support/accounts";
import { useMailbox } from "./support/forum";

const env = useMailbox();

/** A member with a known e-mail and password, and a fresh browser context that is logged out. */
async function memberAndVisitor(browser: Browser, name: string) {
  const m = await memberByHttp(env.baseURL, env.mailbox, name);
  const context = await browser.newContext();
  return { ...m, context, page: await context.newPage() };
}

/** The link to `path` in the newest mail to `email`. */
async function linkFrom(email: string, path: string, after: number): Promise<string> {
  const mail = await env.mailbox.waitFor(email, { after });
  const match = mail.source.match(new RegExp(`https?://[^\\s"'<>]+${path.replace(/\//g, "\\/")}\\?[^\\s"'<>]+`));
  if (!match) throw new Error(`Ingen länk till ${path} i mejlet`);
  return match[0].replace(/&amp;/g, "&");
}

test("magic link: asked for on the login page, signs in once, refused when used again", async ({ browser }) => {
  const m = await memberAndVisitor(browser, "Magnus");
  const { page } = m;
  await page.goto("/auth/login");
  await page.getByRole("tab", { name: a.tabMagic }).click();
  await expect(page.getByText(a.magicIntro)).toBeVisible();
  // Empty e-mail: the spec's message.
  await page.getByRole("button", { name: a.magicSubmit }).click();
  await expect(page.getByText(a.fillEmail)).toBeVisible();
  const asked = Date.now();
  await page.getByLabel(a.email).fill(`  ${m.email.toUpperCase()}  `);
  await page.getByRole("button", { name: a.magicSubmit }).click();
  await expect(page.getByText(a.magicSent, { exact: true })).toBeVisible();
  const link = await linkFrom(m.email, "/auth/magic", asked);
  // Opening the link signs nobody in (mail scanners, login CSRF): a page with
  // one button does, and a scanner's earlier visit leaves the link usable.
  const scanner = await browser.newContext();
  await (await scanner.newPage()).goto(link);
  await scanner.close();
  await page.goto(link);
  await expect(page.getByRole("heading", { name: a.magicConfirmTitle })).toBeVisible();
  expect((await page.context().cookies()).some((c) => c.name.includes("session_token"))).toBe(false);
  await page.getByRole("button", { name: a.magicConfirmButton, exact: true }).click();
  await expect(page).toHaveURL(/\/forum$/);
  await expect(page.getByText(a.loggedIn, { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: nav.userMenu })).toContainText(m.nickname);

  // The same link a second time (another browser) is refused with a way to ask again.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto(link);
  await otherPage.getByRole("button", { name: a.magicConfirmButton, exact: true }).click();
  await expect(otherPage.getByRole("heading", { name: a.magicInvalidTitle })).toBeVisible();
  await otherPage.getByRole("link", { name: a.magicRequestNew }).click();
  await expect(otherPage.getByRole("tab", { name: a.tabMagic })).toHaveAttribute("aria-selected", "true");

  // An unknown address gets the same answer and no mail.
  const before = Date.now();
  await otherPage.getByLabel(a.email).fill("finns-inte@exempel.se");
  await otherPage.getByRole("button", { name: a.magicSubmit }).click();
  await expect(otherPage.getByText(a.magicSent, { exact: true })).toBeVisible();
  await expect(env.mailbox.waitFor("finns-inte@exempel.se", { after: before, timeoutMs: 1500 })).rejects.toThrow();
  await Promise.all([m.context.close(), other.close(), m.api.dispose()]);
});

test("forgot → reset → login with the new password; sessions from before end", async ({ browser }) => {
  const m = await memberAndVisitor(browser, "Rut");
  // A session from before the reset (the API context is logged in).
  expect(await (await m.api.get("/auth/set-password", { maxRedirects: 0 })).status()).toBe(200);

  const { page } = m;
  await page.goto("/auth/login");
  await page.getByRole("link", { name: a.forgotPassword }).click();
  await expect(page.getByRole("heading", { name: a.forgotTitle })).toBeVisible();
  await page.getByLabel(a.email).fill("utan-snabel-a");
  await page.getByRole("button", { name: a.forgotSubmit }).click();
  await expect(page.getByText(a.invalidEmail)).toBeVisible();
  const asked = Date.now();
  await page.getByLabel(a.email).fill(m.email);
  await page.getByRole("button", { name: a.forgotSubmit }).click();
  await expect(page.getByText(a.resetLinkSentDescription).first()).toBeVisible();
  await expect(page.getByRole("button", { name: a.useAnotherEmail })).toBeVisible();

  const link = await linkFrom(m.email, "/auth/reset-password", asked);
  // SPEC §2 "a verifying spinner first": the page arrives with the spinner; the
  // browser checks the link, then shows the form.
  const first = await (await page.request.get(link)).text();
  expect(first).toContain('data-testid="reset-verifying"');
  expect(first).toContain(a.resetVerifying);
  await page.goto(link);
  await expect(page.getByLabel(a.newPassword)).toBeVisible();
  await expect(page.getByTestId("reset-verifying")).toHaveCount(0);
  // The token may also come in the hash as access_token (SPEC §2).
  const token = new URL(link).searchParams.get("token")!;
  await page.goto(`/auth/reset-password?email=${encodeURIComponent(m.email)}#access_token=${token}`);
  await page.getByLabel(a.newPassword).fill("nyttlosen-2026");
  await page.getByLabel(a.confirmPassword).fill("nyttlosen-2027");
  await page.getByRole("button", { name: a.resetSubmit }).click();
  await expect(page.getByText(a.passwordsDontMatch)).toBeVisible();
  await page.getByLabel(a.newPassword).fill("nyttlosen-2026");
  await page.getByLabel(a.confirmPassword).fill("nyttlosen-2026");
  await page.getByRole("button", { name: a.resetSubmit }).click();
  await expect(page.getByRole("heading", { name: a.passwordUpdated })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/, { timeout: 5000 });

  // The old password fails, the new one works.
  await page.getByLabel(a.email).fill(m.email);
  await page.locator("#login-password").fill("hemligt123");
  await page.getByRole("button", { name: a.submitLogin }).click();
  await expect(page.getByText(a.invalidCredentials)).toBeVisible();
  await page.locator("#login-password").fill("nyttlosen-2026");
  await page.getByRole("button", { name: a.submitLogin }).click();
  await expect(page.getByText(a.loggedIn, { exact: true })).toBeVisible();

  // The session from before the reset is gone.
  expect((await m.api.get("/auth/set-password", { maxRedirects: 0 })).status()).toBe(302);
  // The link works once.
  await page.goto(link);
  await page.getByRole("heading", { name: a.resetTitle }).waitFor();
  await expect(page.getByText(a.resetInvalid)).toBeVisible();
  await expect(page.getByRole("link", { name: a.resetRestart })).toBeVisible();
  await Promise.all([m.context.close(), m.api.dispose()]);
});

test("protected route → login → back; change password; members cannot open /admin; own profile", async ({ browser }) => {
  const m = await memberAndVisitor(browser, "Sigge");
  const { page } = m;
  await page.goto("/auth/set-password");
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fauth%2Fset-password$/);
  await page.getByLabel(a.email).fill(m.email);
  await page.locator("#login-password").fill("hemligt123");
  await page.getByRole("button", { name: a.submitLogin }).click();
  await expect(page).toHaveURL(/\/auth\/set-password$/);
  await expect(page.getByRole("heading", { name: a.changePasswordTitle })).toBeVisible();

  // Change the password: wrong current password refused; then saved with the toast.
  await page.getByLabel(a.currentPassword).fill("fel-losenord");
  await page.getByLabel(a.newPassword).fill("battre-losen-99");
  await page.getByLabel(a.confirmPassword).fill("battre-losen-99");
  await page.getByRole("button", { name: a.savePassword }).click();
  await expect(page.getByText(a.wrongCurrentPassword)).toBeVisible();
  await page.getByLabel(a.currentPassword).fill("hemligt123");
  await page.getByLabel(a.newPassword).fill("battre-losen-99");
  await page.getByLabel(a.confirmPassword).fill("battre-losen-99");
  await page.getByRole("button", { name: a.savePassword }).click();
  await expect(page.getByText(a.passwordUpdated, { exact: true })).toBeVisible();
  // Other sessions ended, this one renewed.
  expect((await m.api.get("/auth/set-password", { maxRedirects: 0 })).status()).toBe(302);

  // The user menu of a member.
  await page.getByRole("button", { name: nav.userMenu }).click();
  await expect(page.getByRole("menuitem", { name: nav.myProfile })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: nav.changePassword })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: nav.admin })).toHaveCount(0);
  await page.keyboard.press("Escape");

  // A member on /admin goes to /forum; a visitor to the login page carrying the origin.
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/forum$/);
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto("/admin");
  await expect(visitorPage).toHaveURL(/\/auth\/login\?redirectTo=%2Fadmin$/);

  // /forum/profil goes to the member's own profile; a guest to the login page.
  await page.goto("/forum/profil");
  await expect(page).toHaveURL(/\/forum\/profil\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1, name: m.nickname })).toBeVisible();
  await visitorPage.goto("/forum/profil");
  await expect(visitorPage).toHaveURL(/\/auth\/login/);
  await Promise.all([m.context.close(), visitor.close(), m.api.dispose()]);
});

test("set password for an account that signs in with magic links", async ({ browser }) => {
  // Registered but never verified; the magic link proves the address and drops the unproven
  // password, leaving an account that signs in with magic links only.
  const tag = Math.random().toString(36).slice(2, 7);
  const email = `${tag}.lanken@exempel.se`;
  const nickname = `Länkar${tag}`;
  const context = await browser.newContext();
  const page = await context.newPage();
  const reg = await page.request.post("/auth/register", {
    form: { email, nickname, password: "forsta-losen-1" },
    headers: { Origin: env.baseURL },
    maxRedirects: 0,
  });
  expect(reg.status()).toBe(302);
  const asked = Date.now();
  await page.goto("/auth/login?tab=magic");
  await page.getByLabel(a.email).fill(email);
  await page.getByRole("button", { name: a.magicSubmit }).click();
  await expect(page.getByText(a.magicSent, { exact: true })).toBeVisible();
  await page.goto(await linkFrom(email, "/auth/magic", asked));
  await page.getByRole("button", { name: a.magicConfirmButton, exact: true }).click();
  await expect(page).toHaveURL(/\/forum$/);

  // hasPassword is false: the menu says 'Ställ in lösenord' and the page asks for no current one.
  await page.getByRole("button", { name: nav.userMenu }).click();
  await page.getByRole("menuitem", { name: nav.setPassword }).click();
  await expect(page.getByRole("heading", { name: a.setPasswordTitle })).toBeVisible();
  await expect(page.getByLabel(a.currentPassword)).toHaveCount(0);
  await page.getByLabel(a.newPassword).fill("password");
  await page.getByLabel(a.confirmPassword).fill("password");
  await page.getByRole("button", { name: a.savePassword }).click();
  await expect(page.getByText(a.passwordCommon)).toBeVisible();
  await page.getByLabel(a.newPassword).fill("eget-losen-2026");
  await page.getByLabel(a.confirmPassword).fill("eget-losen-2026");
  await page.getByRole("button", { name: a.savePassword }).click();
  await expect(page.getByText(a.passwordUpdated, { exact: true })).toBeVisible();
  await page.getByRole("button", { name: nav.userMenu }).click();
  await expect(page.getByRole("menuitem", { name: nav.changePassword })).toBeVisible();
  await page.keyboard.press("Escape");

  // The new password signs in.
  const fresh = await browser.newContext();
  const freshPage = await fresh.newPage();
  await freshPage.goto("/auth/login");
  await freshPage.getByLabel(a.email).fill(email);
  await freshPage.locator("#login-password").fill("eget-losen-2026");
  await freshPage.getByRole("button", { name: a.submitLogin }).click();
  await expect(freshPage.getByText(a.loggedIn, { exact: true })).toBeVisible();
  await Promise.all([context.close(), fresh.close()]);
});
