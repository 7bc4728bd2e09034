/**
 * Outgoing mail through nodemailer (ARCHITECTURE.md mail): to `SMTP_URL` when set; otherwise
 * every message is written to `DATA_DIR/mail/<time>-<to>.eml` and its links are printed in the
 * server log, so a local user can click them.
 *
 * nodemailer (≈ 3 MiB of a server process's heap) is loaded at the first message, not at
 * start-up (memory budget): most processes never send one.
 *
 * @module
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Transporter } from "nodemailer";

let nodemailerModule: Promise<typeof import("nodemailer")> | undefined;

/** nodemailer, imported once at first use; a failed import is tried again at the next message. */
function loadNodemailer(): Promise<typeof import("nodemailer")> {
  nodemailerModule ??= import("nodemailer").catch((error: unknown) => {
    nodemailerModule = undefined;
    throw error;
  });
  return nodemailerModule;
}

/** A message to send. */
export interface MailMessage {
  /** Recipient address. */
  to: string;
  /** Subject line. */
  subject: string;
  /** HTML body (already escaped by the template). */
  html: string;
  /** Plain-text body. */
  text: string;
  /** Extra headers, e.g. `List-Unsubscribe` (admin bulk mail). */
  headers?: Record<string, string>;
  /** A fixed Message-ID (`<id@host>`), so a resent message is recognisably the same one. */
  messageId?: string;
}

/** Sends mail; resolves when the transport has accepted the message. */
export interface Mailer {
  /**
   * @param message the message
   * @throws when the SMTP server refuses the message or cannot be reached
   */
  send(message: MailMessage): Promise<void>;
  /** Closes open SMTP connections (a pooled mailer, after a bulk send); optional. */
  close?(): void;
}

/** Mailer settings, taken from {@link import("../platform/config").AppConfig}. */
export interface MailerOptions {
  /** SMTP URL; without it mail goes to `mailDir`. */
  smtpUrl: string | undefined;
  /** Sender address. */
  from: string;
  /** Folder for `.eml` files when there is no SMTP server. */
  mailDir: string;
  /** Keep SMTP connections open between messages (bulk sending); `close()` ends them. */
  pool?: boolean;
  /** Where to print the links of dropped mail (default `console.log`). */
  log?: (line: string) => void;
}

/**
 * Creates the mailer.
 *
 * @param options see {@link MailerOptions}
 * @returns a {@link Mailer}
 */
export function createMailer(options: MailerOptions): Mailer {
  const log = options.log ?? ((line: string) => console.log(line));
  if (options.smtpUrl) {
    // A pool keeps SMTP connections open between messages: a bulk send costs ~8 ms per message
    // instead of ~100 ms for a new connection each (docs/performance.md, admin messages).
    const url = new URL(options.smtpUrl);
    if (options.pool && !url.searchParams.has("pool")) {
      url.searchParams.set("pool", "true");
      // A bulk send holds a database row lock while one message is handed over: never for long.
      if (!url.searchParams.has("socketTimeout")) url.searchParams.set("socketTimeout", "30000");
      if (!url.searchParams.has("connectionTimeout")) url.searchParams.set("connectionTimeout", "10000");
    }
    // A closed nodemailer pool refuses every later message ('Connection pool was closed'), so
    // `close()` drops the transport and the next message opens a new one: a long-lived mailer
    // (the admin-mail worker's, closed after each bulk send) can send the next bulk job too.
    let transport: Transporter | null = null;
    return {
      async send(message) {
        transport ??= (await loadNodemailer()).default.createTransport(url.toString());
        await transport.sendMail({ from: options.from, ...message });
      },
      close() {
        transport?.close();
        transport = null;
      },
    };
  }
  let transport: Transporter | null = null;
  return {
    async send(message) {
      transport ??= (await loadNodemailer()).default.createTransport({ streamTransport: true, buffer: true });
      const info = await transport.sendMail({ from: options.from, ...message });
      mkdirSync(options.mailDir, { recursive: true });
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, "_");
      const file = path.join(options.mailDir, `${Date.now()}-${safeTo}.eml`);
      writeFileSync(file, info.message as Buffer);
      const links = [...new Set(message.text.match(/https?:\/\/\S+/g) ?? [])];
      log(`[mail] till ${message.to}: "${message.subject}" sparat i ${file}`);
      for (const link of links) log(`[mail]   länk: ${link}`);
    },
  };
}
