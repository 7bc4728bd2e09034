/**
 * Browser helpers: register through the UI, follow the verification mail, log in.
 *
 * @module
 */
import { expect, request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import { auth as a } from "../../../domain/i18n/sv";
import { verificationLink, type Mailbox } from "./mailbox";

/** A member as the tests know them. */
export interface Account {
  email: string;
  nickname: string;
  password: string;
}

/** A fresh account with a unique e-mail; `nickname` as given (å, ä, ö welcome). */
export function newAccount(nickname: string): Account {
  const tag = Math.random().toString(36).slice(2, 8);
  return { email: `${tag}.${nickname.toLowerCase().replace(/[^a-z0-9]/g, "")}@exempel.se`, nickname: `${nickname}${tag.slice(0, 3)}`, password: "hemligt123" };
}

/**
 * Registers through /auth/register, reads the verification mail from the SMTP receiver and
 * follows its link; ends on the login page showing the verified notice.
 */
export async function registerAndVerify(page: Page, mailbox: Mailbox, account: Account): Promise<void> {
  const started = Date.now();
  await page.goto("/auth/register");
  await page.getByLabel(a.email).fill(account.email);
  await page.getByLabel(a.nickname).fill(account.nickname);
  await expect(page.getByText(a.nicknameAvailable)).toBeVisible();
  await page.getByLabel(a.password).fill(account.password);
  await page.getByRole("button", { name: a.submitRegister }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByText(a.confirmEmailMessage)).toBeVisible();
  const mail = await mailbox.waitFor(account.email, { after: started });
  await page.goto(verificationLink(mail));
  await expect(page).toHaveURL(/\/auth\/login\?verified=1/);
  await expect(page.getByText(a.verified)).toBeVisible();
}

/** Logs in through the password tab and waits for the 'Inloggad' toast. */
export async function login(page: Page, account: Account): Promise<void> {
  if (!page.url().includes("/auth/login")) await page.goto("/auth/login");
  await page.getByLabel(a.email).fill(account.email);
  await page.locator("#login-password").fill(account.password);
  await page.getByRole("button", { name: a.submitLogin }).click();
  await expect(page.getByText(a.loggedIn, { exact: true })).toBeVisible();
}

/**
 * Registers, verifies and logs in with plain HTTP requests (no UI), like a script would.
 *
 * @param baseURL the server's origin
 * @param nickname nickname prefix; a random suffix keeps it unique
 * @returns a request context holding the session cookie, the nickname and e-mail used
 *   (password `hemligt123`)
 */
export async function memberByHttp(
  baseURL: string,
  mailbox: Mailbox,
  nickname: string,
): Promise<{ api: APIRequestContext; nickname: string; email: string }> {
  const tag = Math.random().toString(36).slice(2, 7);
  const email = `${tag}@exempel.se`;
  const nick = `${nickname}${tag}`;
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const started = Date.now();
  const reg = await api.post("/auth/register", { form: { email, nickname: nick, password: "hemligt123" }, maxRedirects: 0 });
  expect(reg.status()).toBe(302);
  const link = verificationLink(await mailbox.waitFor(email, { after: started }));
  expect((await api.get(link, { maxRedirects: 0 })).status()).toBe(302);
  const login = await api.post("/auth/login", { form: { intent: "login", email, password: "hemligt123" }, maxRedirects: 0 });
  expect(login.status()).toBe(302);
  return { api, nickname: nick, email };
}

/** The administrator `start-server.mjs` creates with `forum create-admin`. */
export const E2E_ADMIN: Account = { email: "e2e-admin@borssnack.test", nickname: "E2E_Admin", password: "e2e-admin-hemligt" };
