/**
 * The mailer as an operator meets it: without SMTP the mail lands as an .eml file and its links in
 * the log; with SMTP a real (local) SMTP server receives the message. Plus the template's escaping.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mail as ml } from "../../domain/i18n/sv";
import { createMailer } from "./mailer";
import { escapeHtml, verificationMail } from "./templates";

const FROM = "Börssnack <noreply@borssnack.se>";
const LINK = "http://localhost:3000/api/auth/verify-email?token=abc.def&callbackURL=%2Fauth%2Flogin%3Fverified%3D1";

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?...?=` / `=?UTF-8?B?...?=`) in a header value. */
function decodeHeader(value: string): string {
  const unfolded = value.replace(/\r?\n[ \t]+/g, " ");
  return unfolded
    .replace(/(\?=)\s+(=\?)/g, "$1$2")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, encoding: string, text: string) => {
      if (encoding.toUpperCase() === "B") return Buffer.from(text, "base64").toString("utf8");
      const bytes = text.replace(/_/g, " ").replace(/=([0-9A-Fa-f]{2})/g, (_h, hex: string) => `%${hex}`);
      return decodeURIComponent(bytes.replace(/%(?![0-9A-Fa-f]{2})/g, "%25"));
    });
}

/** The decoded value of `name` in the header block of a raw message. */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]!;
  const match = head.match(new RegExp(`^${name}:[ \\t]*((?:.*)(?:\\r?\\n[ \\t]+.*)*)`, "im"));
  return match ? decodeHeader(match[1]!.trim()) : undefined;
}

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "borssnack-mail-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("without SMTP_URL (local mail drop)", () => {
  it("writes an .eml file with the Swedish subject and logs each link", async () => {
    const mailDir = path.join(tempDir(), "mail");
    const lines: string[] = [];
    const mailer = createMailer({ smtpUrl: undefined, from: FROM, mailDir, log: (line) => lines.push(line) });
    const message = verificationMail("asa@exempel.se", "Åsa", LINK);
    await mailer.send(message);

    expect(existsSync(mailDir)).toBe(true);
    const files = readdirSync(mailDir).filter((f) => f.endsWith(".eml"));
    expect(files).toHaveLength(1);
    expect(files[0]).toContain("asa@exempel.se");
    const raw = readFileSync(path.join(mailDir, files[0]!), "utf8");
    expect(header(raw, "Subject")).toBe(ml.verifySubject);
    expect(header(raw, "To")).toBe("asa@exempel.se");
    expect(header(raw, "From")).toContain("noreply@borssnack.se");

    expect(lines.some((line) => line.includes("asa@exempel.se") && line.includes(files[0]!))).toBe(true);
    expect(lines.filter((line) => line.includes(LINK))).toHaveLength(1);
  });

  it("logs every distinct link once and keeps one file per message", async () => {
    const mailDir = path.join(tempDir(), "mail");
    const lines: string[] = [];
    const mailer = createMailer({ smtpUrl: undefined, from: FROM, mailDir, log: (line) => lines.push(line) });
    const first = "http://localhost:3000/a?x=1";
    const second = "https://borssnack.se/b";
    await mailer.send({
      to: "bertil@exempel.se",
      subject: "Två länkar",
      html: "<p>hej</p>",
      text: `Första: ${first}\nAndra: ${second}\nIgen: ${first}\n`,
    });
    await mailer.send({ to: "ceasar@exempel.se", subject: "Ingen länk", html: "<p>hej</p>", text: "Hej!" });

    expect(lines.filter((line) => line.includes(first))).toHaveLength(1);
    expect(lines.filter((line) => line.includes(second))).toHaveLength(1);
    const files = readdirSync(mailDir).filter((f) => f.endsWith(".eml"));
    expect(files).toHaveLength(2);
    const subjects = files.map((f) => header(readFileSync(path.join(mailDir, f), "utf8"), "Subject")).sort();
    expect(subjects).toEqual(["Ingen länk", "Två länkar"]);
  });

  it("names the file safely for an odd recipient address", async () => {
    const mailDir = path.join(tempDir(), "mail");
    const mailer = createMailer({ smtpUrl: undefined, from: FROM, mailDir, log: () => {} });
    await mailer.send({ to: "\"../../x\" <o/dd@exempel.se>", subject: "Hej", html: "<p>x</p>", text: "x" });
    const files = readdirSync(mailDir);
    expect(files).toHaveLength(1);
    expect(files[0]).not.toMatch(/[\/\\]/);
    expect(files[0]!.endsWith(".eml")).toBe(true);
  });
});

describe("with SMTP_URL (a real SMTP server on 127.0.0.1)", () => {
  interface Received {
    from: string | undefined;
    to: string[];
    raw: string;
  }
  const received: Received[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const envelope = session.envelope;
          received.push({
            from: envelope.mailFrom ? envelope.mailFrom.address : undefined,
            to: envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve());
    });
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  afterEach(() => {
    received.splice(0);
  });

  it("delivers the verification mail to the recipient with the Swedish subject", async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM, mailDir: tempDir(), log: () => {} });
    await mailer.send(verificationMail("asa@exempel.se", "Åsa", LINK));

    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.to).toEqual(["asa@exempel.se"]);
    expect(mail.from).toBe("noreply@borssnack.se");
    expect(header(mail.raw, "Subject")).toBe(ml.verifySubject);
    expect(header(mail.raw, "To")).toBe("asa@exempel.se");
    expect(header(mail.raw, "From")).toContain("noreply@borssnack.se");
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
  });

  it("does not write a local file when SMTP is used", async () => {
    const mailDir = path.join(tempDir(), "mail");
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM, mailDir, log: () => {} });
    await mailer.send({ to: "bertil@exempel.se", subject: "Hej Bertil", html: "<p>x</p>", text: "x" });
    expect(received.map((r) => r.to)).toEqual([["bertil@exempel.se"]]);
    expect(existsSync(mailDir)).toBe(false);
  });

  it("a pooled mailer sends again after close() (the admin-mail worker closes it after each bulk send)", async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM, mailDir: tempDir(), log: () => {}, pool: true });
    await mailer.send({ to: "forsta@exempel.se", subject: "Första utskicket", html: "<p>1</p>", text: "1" });
    mailer.close?.();
    await mailer.send({ to: "andra@exempel.se", subject: "Andra utskicket", html: "<p>2</p>", text: "2" });
    mailer.close?.();
    expect(received.map((r) => r.to)).toEqual([["forsta@exempel.se"], ["andra@exempel.se"]]);
  });

  it("rejects when the SMTP server cannot be reached", async () => {
    const closed = new SMTPServer({ authOptional: true, disabledCommands: ["STARTTLS"], logger: false });
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", () => resolve()));
    const deadPort = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${deadPort}`, from: FROM, mailDir: tempDir(), log: () => {} });
    await expect(mailer.send({ to: "x@exempel.se", subject: "x", html: "x", text: "x" })).rejects.toThrow();
  });
});

describe("templates", () => {
  it("escapeHtml escapes &, <, >, double and single quotes", () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;",
    );
    expect(escapeHtml("Åsa Öberg")).toBe("Åsa Öberg");
    expect(escapeHtml("&amp;")).toBe("&amp;amp;");
  });

  it("the verification mail escapes a hostile nickname in HTML and keeps it plain in text", () => {
    const nickname = "<script>alert('x')</script>";
    const message = verificationMail("a@exempel.se", nickname, LINK);
    expect(message.html).not.toContain("<script>");
    expect(message.html).toContain("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
    expect(message.text).toContain(ml.verifyGreeting(nickname));
  });

  it("the verification mail carries the link in text and HTML, the subject and Swedish texts", () => {
    const message = verificationMail("asa@exempel.se", "Åsa", LINK);
    expect(message.to).toBe("asa@exempel.se");
    expect(message.subject).toBe(ml.verifySubject);
    expect(message.text).toContain(LINK);
    expect(message.text).toContain("Hej Åsa!");
    expect(message.html).toContain(`href="${escapeHtml(LINK)}"`);
    expect(message.html).toContain("&amp;callbackURL=");
    expect(message.html).toContain(escapeHtml(ml.verifyButton));
    expect(message.html).toContain('lang="sv"');
  });

  it("a link with a quote cannot break out of the href attribute", () => {
    const message = verificationMail("a@exempel.se", "Åsa", 'http://localhost:3000/x?a="><img src=x onerror=alert(1)>');
    expect(message.html).not.toContain("<img");
    expect(message.html).toContain("&quot;&gt;&lt;img");
  });
});
