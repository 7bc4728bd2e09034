/**
 * Private messages live across instances (docs/decisions/055-private-messages.md, ARCHITECTURE.md
 * "Data and realtime across instances"): two app processes on one PostgreSQL; a member has a
 * conversation open on instance A, the other member sends through instance B, and the message is
 * on A's page within 1 s of B's answer, without a reload; the header's 'Inkorg' badge of a member
 * on another page of A lights up as well. Needs TEST_DATABASE_URL (a real PostgreSQL server);
 * skipped with that reason otherwise. The instances listen on the ports of multi-instance.spec.ts
 * (3311 and 3312; override: E2E_MULTI_PORTS="a,b"): the two files run one after the other.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import pg from "pg";
import { smtpPort } from "../../playwright.config";
import { inbox as ib } from "../../domain/i18n/sv";
import { memberByHttp } from "./support/accounts";
import { startMailbox, type Mailbox } from "./support/mailbox";

const adminUrl = process.env.TEST_DATABASE_URL;
const [portA, portB] = (process.env.E2E_MULTI_PORTS ?? "3311,3312").split(",").map(Number) as [number, number];
const urlA = `http://localhost:${portA}`;
const urlB = `http://localhost:${portB}`;
/** The bound from B's answer to the message on A's screen. */
const LIVE_WITHIN_MS = 1_000;

let mailbox: Mailbox;
let dbName: string;
const children: ChildProcess[] = [];

async function waitHealthy(base: string, child: ChildProcess): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`instance ${base} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`instance ${base} did not start`);
}

/**
 * Starts watching the page for an element `[data-testid=message]` containing `text`: resolves
 * with the wall-clock time (ms since epoch, the same clock as the test's `Date.now()`) at which
 * it was first in the page, checked on every DOM change.
 */
async function watchFor(page: Page, text: string): Promise<() => Promise<number>> {
  await page.evaluate((wanted) => {
    const w = window as unknown as { seenAt?: Record<string, number> };
    w.seenAt ??= {};
    const seen = () => [...document.querySelectorAll("[data-testid=message]")].some((e) => e.textContent?.includes(wanted));
    if (seen()) {
      w.seenAt[wanted] = Date.now();
      return;
    }
    const observer = new MutationObserver(() => {
      if (!seen()) return;
      w.seenAt![wanted] = Date.now();
      observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  }, text);
  return async () => {
    const handle = await page.waitForFunction((wanted) => (window as unknown as { seenAt?: Record<string, number> }).seenAt?.[wanted], text, {
      timeout: 10_000,
    });
    return (await handle.jsonValue()) as number;
  };
}

const SKIP_REASON = "needs TEST_DATABASE_URL: two app processes must share a real PostgreSQL server";
// The list reporter shows a skipped test without its reason: the title carries it.
test.describe(`private messages live across two instances on one PostgreSQL${adminUrl ? "" : ` (skipped: ${SKIP_REASON})`}`, () => {
  test.skip(!adminUrl, SKIP_REASON);

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    mailbox = await startMailbox(smtpPort);
    dbName = `bs_e2e_${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${dbName}`;
    const shared = {
      ...process.env,
      DATABASE_URL: url.toString(),
      PUBLIC_URL: urlA,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: "Börssnack <noreply@borssnack.test>",
      AUTH_SECRET: randomBytes(24).toString("hex"),
      AUTH_IP_LIMIT_PER_MINUTE: "1000",
      ACTION_LIMIT_MULTIPLIER: "1000",
    };
    for (const port of [portA, portB]) {
      const child = spawn(process.execPath, ["server.js"], {
        env: { ...shared, PORT: String(port), DATA_DIR: mkdtempSync(path.join(tmpdir(), "borssnack-inbox-live-")) },
        stdio: ["ignore", "inherit", "inherit"],
      });
      children.push(child);
      // One after the other: both would otherwise race to apply the migrations.
      await waitHealthy(`http://localhost:${port}`, child);
    }
  });

  test.afterAll(async () => {
    for (const child of children) child.kill("SIGTERM");
    await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once("exit", r)))));
    await mailbox?.close();
    if (dbName) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  });

  test("a message sent through B is on the conversation open on A within 1 s; A's badge elsewhere lights up", async ({ browser }) => {
    const reader = await memberByHttp(urlA, mailbox, "Lasarpa");
    const sender = await memberByHttp(urlA, mailbox, "Sandarpb");
    const started = await sender.api.post(`${urlA}/forum/inkorg/ny`, { form: { to: reader.nickname, body: "Första, via A." }, maxRedirects: 0 });
    expect(started.status(), await started.text()).toBe(302);
    const conversationPath = new URL(started.headers().location!, urlA).pathname;
    expect(conversationPath).toMatch(/^\/forum\/inkorg\/[0-9a-f-]{36}$/);

    // The reader has the conversation open on A (the session cookie is the same on both
    // instances: sessions live in the database; cookies do not care for the port).
    const state = await reader.api.storageState();
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      storageState: { ...state, cookies: state.cookies.filter((c) => c.name !== "borssnack_flash") },
    });
    const page = await context.newPage();
    await page.goto(`${urlA}${conversationPath}`);
    await expect(page.getByTestId("message").filter({ hasText: "Första, via A." })).toBeVisible();
    // The tab's stream is open once the bell has loaded its list on the stream's `ready`.
    await expect(page.getByTestId("notification-bell")).toHaveAttribute("data-loaded", "true");
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));

    // A write to B names B as its origin (behind one address in production, both are the same).
    const onB = { Origin: urlB };
    const delays: number[] = [];
    for (let i = 1; i <= 3; i++) {
      const body = `Meddelande ${i} via instans B`;
      const seenAt = await watchFor(page, body);
      const sent = await sender.api.post(`${urlB}${conversationPath}`, { form: { intent: "send", body }, headers: onB, maxRedirects: 0 });
      const answeredAt = Date.now();
      expect(sent.status(), await sent.text()).toBe(302);
      const delay = (await seenAt()) - answeredAt;
      delays.push(delay);
      await expect(page.getByTestId("message").filter({ hasText: body })).toBeVisible();
    }
    console.log(`[inbox-live] B's answer → on A's page: ${delays.join(", ")} ms`);
    for (const delay of delays) expect(delay, `ms from B's answer to the message on A's page (${delays.join(", ")})`).toBeLessThan(LIVE_WITHIN_MS);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    // Read on screen: the badge stays empty.
    await expect(page.getByTestId("inbox-badge")).toHaveCount(0);

    // On another page of A, a message through B lights up the badge.
    await page.goto(`${urlA}/forum`);
    await expect(page.getByTestId("notification-bell")).toHaveAttribute("data-loaded", "true");
    await expect(page.getByTestId("inbox-badge")).toHaveCount(0);
    const sent = await sender.api.post(`${urlB}${conversationPath}`, { form: { intent: "send", body: "Och ett till." }, headers: onB, maxRedirects: 0 });
    expect(sent.status()).toBe(302);
    await expect(page.getByTestId("inbox-badge")).toHaveText("1", { timeout: 5_000 });
    await expect(page.getByRole("link", { name: ib.linkWithCount(1) })).toBeVisible();

    await context.close();
    await Promise.all([reader.api.dispose(), sender.api.dispose()]);
  });
});
