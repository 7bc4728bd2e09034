/**
 * The set-up most browser journeys share: the real SMTP receiver the server sends to, started
 * before the file's tests and closed after them, and the server's base URL.
 *
 * @module
 */
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
