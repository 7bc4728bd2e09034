/**
 * A real SMTP receiver for browser tests (`smtp-server`): the forum sends its mail here and the
 * tests read the links out of it, as a member would from their inbox.
 *
 * @module
 */
import libqp from "libqp";
import { SMTPServer } from "smtp-server";

/** A received message: recipients and the decoded source. */
export interface ReceivedMail {
  to: string[];
  /** Whole message with quoted-printable soft breaks and escapes decoded. */
  source: string;
}

/** The running receiver. */
export interface Mailbox {
  /**
   * Waits for a message to `to` that arrived after `since` (ms epoch; default: any).
   * @throws when none arrives within `timeoutMs` (default 15 000 ms)
   */
  waitFor(to: string, options?: { timeoutMs?: number; after?: number }): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * Starts the receiver on 127.0.0.1:`port`.
 *
 * @param port TCP port the forum's SMTP_URL points at
 */
export async function startMailbox(port: number): Promise<Mailbox> {
  const received: Array<ReceivedMail & { at: number }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          source: libqp.decode(raw).toString("utf8"),
          at: Date.now(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    async waitFor(to, { timeoutMs = 15_000, after = 0 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hit = received.find((m) => m.at >= after && m.to.includes(to.toLowerCase()));
        if (hit) return hit;
        if (Date.now() > deadline) throw new Error(`Inget mejl till ${to} inom ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The e-mail verification link in a message.
 *
 * @throws when the message has none
 */
export function verificationLink(mail: ReceivedMail): string {
  const match = mail.source.match(/https?:\/\/[^\s"'<>]+\/api\/auth\/verify-email\?[^\s"'<>]+/);
  if (!match) throw new Error("Ingen bekräftelselänk i mejlet");
  return match[0].replace(/&amp;/g, "&");
}
