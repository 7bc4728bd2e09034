/**
 * The set-up most browser journeys share: the real SMTP receiver the server sends to, started
 * before the file's tests and closed after them, and the server's base URL.
 *
 * @module
 */
import type { Locator, Page } from "@playwright/test";
import { smtpPort } from "../../../playwright.config";
import { startMailbox, type Mailbox } from "./mailbox";
import { test } from "./test";

/** What {@link useMailbox} gives a spec file; read the fields inside tests and hooks. */
export interface MailboxEnv {
  /** The running receiver (after `beforeAll`). */
  readonly mailbox: Mailbox;
  /** The server's origin, e.g. `http://localhost:3210`. */
  readonly baseURL: string;
}

/**
 * Registers `beforeAll`/`afterAll` hooks that start and close the mail receiver on the port the
 * server sends to.
 *
 * @returns getters for the receiver and the base URL
 */
export function useMailbox(): MailboxEnv {
  let mailbox: Mailbox | undefined;
  let baseURL = "";
  test.beforeAll(async ({}, info) => {
    baseURL = info.project.use.baseURL!;
    mailbox = await startMailbox(smtpPort);
  });
  test.afterAll(async () => {
    await mailbox?.close();
  });
  return {
    get mailbox() {
      if (!mailbox) throw new Error("mailbox used before beforeAll");
      return mailbox;
    },
    get baseURL() {
      return baseURL;
    },
  };
}

/**
 * Full-page screenshots at phone and desktop width (375 and 1280 px) into `SHOTS_DIR` as
 * `<name>-<width>.png`, only when `SHOTS_DIR` is set; the page is left at 1280 px.
 *
 * @param page the page to photograph
 * @param name the file name's stem
 */
export async function screenshotsIfAsked(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * Clicks a button whose form posts through a React Router fetcher and waits until the server has
 * answered that POST. Optimistic controls ('Spara', 'Ta bort') change on screen before the write
 * is done; a reload right after such a click would cancel the request in flight, so a step that
 * reloads to check persistence must wait for the answer first.
 *
 * @param page the page the button is on
 * @param button the button to click
 * @param path a substring of the posted URL, e.g. `/forum/sparade` or `/trad/`
 * @throws when no POST to `path` answers within Playwright's action timeout
 */
export async function clickAndAwaitPost(page: Page, button: Locator, path: string): Promise<void> {
  const answered = page.waitForResponse((res) => res.request().method() === "POST" && res.url().includes(path));
  await button.click();
  await answered;
}
