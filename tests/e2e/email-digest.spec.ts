/**
 * The e-mail digest for members who are away, in Chromium against a production server
 * of this spec's own (the shared browser-test server keeps the real 10-minute away threshold, so
 * no other spec receives digests): here `DIGEST_AWAY_MINUTES=0`, `DIGEST_INTERVAL_MINUTES=0` and
 * `DIGEST_CHECK_SECONDS=2`, on PGlite in a temp folder or, with TEST_DATABASE_URL, on a new
 * PostgreSQL database. Port E2E_DIGEST_PORT (default E2E_PORT + 5); mail goes to the spec's SMTP
 * receiver.
 *
 * Member B sets comments in watched threads to '+ e-post' on the settings page 'Notiser' and
 * watches A's thread ('Bevaka tråd'); A comments → B's bell shows '1 ny kommentar i "…"' and the
 * digest arrives with the link to the comment, which opens it; the digest renders without
 * overflow at 1280 and 375 px (screenshots in the test output); B turns e-mail off with the
 * digest's own opt-out link and A's next comment sends no mail; B turns e-mail on again on the
 * settings page (the next comment is mailed), then off there with 'Stäng av alla e-postnotiser'
 * (the next comment sends no mail).
 */
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { expect, test } from "./support/test";
import { smtpPort } from "../../playwright.config";
import { digestMail as dm, notificationSettings as nst, notifications as n, threadWatch as tw } from "../../domain/i18n/sv";
import { memberByHttp } from "./support/accounts";
import { clickAndAwaitPost } from "./support/forum";
import { startMailbox, type Mailbox } from "./support/mailbox";
import { forumEnv, newSecret, startForum, stopForum, type ForumProcess } from "./support/processes";

const port = Number(process.env.E2E_DIGEST_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 5);
const base = `http://localhost:${port}`;
let mailbox: Mailbox;
let server: ForumProcess | undefined;
let env: NodeJS.ProcessEnv;
let dataDir: string;
let dropDatabase: (() => Promise<void>) | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  mailbox = await startMailbox(smtpPort);
  dataDir = mkdtempSync(path.join(tmpdir(), "borssnack-digest-"));
  let databaseUrl = "";
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    // Named like start-server.mjs's databases, so a leftover is dropped after 3 hours.
    const name = `bs_e2e_${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  env = {
    ...forumEnv(port, dataDir, databaseUrl, newSecret()),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: "Börssnack <noreply@borssnack.test>",
    DIGEST_AWAY_MINUTES: "0",
    DIGEST_INTERVAL_MINUTES: "0",
    DIGEST_CHECK_SECONDS: "2",
  };
  if (!databaseUrl) delete env.DATABASE_URL;
  server = await startForum(env);
});

test.afterAll(async () => {
  await stopForum(server);
  await mailbox?.close();
  await dropDatabase?.();
});

/** On /forum/konto: comments in watched threads '+ e-post', saved with 'Spara notisinställningar'. */
async function watchedThreadsByEmail(page: Page): Promise<void> {
  await page.goto("/forum/konto#notiser");
  await page.getByRole("group", { name: nst.kinds.watched_thread }).getByLabel(nst.channels.email, { exact: true }).check();
  await page.getByRole("button", { name: nst.save }).click();
  await expect(page.getByText(nst.saved, { exact: true }).first()).toBeVisible();
}

/** The HTML part of a received message (the receiver has decoded quoted-printable). */
function htmlPart(source: string): string {
  const start = source.search(/<!doctype html>/i);
  const end = source.indexOf("</html>", start);
  expect(start).toBeGreaterThanOrEqual(0);
  return source.slice(start, end + "</html>".length);
}

test("B watches A's thread, is away; A's comment reaches B's bell and B's digest mail; after the digest's opt-out no more mail", async ({ browser }, info) => {
  test.setTimeout(180_000);
  const a = await memberByHttp(base, mailbox, "Alva");
  const b = await memberByHttp(base, mailbox, "Bertil");

  const categoryId = (await (await a.api.get("/forum")).text()).match(/\/forum\/kategori\/([0-9a-f-]{36})/)![1]!;
  const title = `Volvo <efter> rapporten ${Date.now()}`;
  const created = await a.api.post(`/forum/ny-trad/${categoryId}`, { form: { title, body: "Vad säger ni?" }, maxRedirects: 0 });
  expect(created.status()).toBe(302);
  const threadPath = created.headers().location!;

  const bCtx = await browser.newContext({ baseURL: base, storageState: await b.api.storageState() });
  const page = await bCtx.newPage();
  await watchedThreadsByEmail(page);
  await page.goto(threadPath);
  // 'Bevaka' is optimistic: wait for its answer before leaving the page (leaving cancels it).
  await clickAndAwaitPost(page, page.getByRole("button", { name: tw.subscribe }), "/trad/");
  await expect(page.getByText(tw.subscribed, { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: tw.unsubscribe })).toHaveAttribute("aria-pressed", "true");
  await page.goto("/forum");
  await expect(page.getByTestId("notification-bell")).toHaveAttribute("data-loaded", "true");

  // A comments: B's bell shows it, and (B counts as away at once here) the digest arrives.
  const commented = Date.now();
  expect((await a.api.post(threadPath, { form: { intent: "comment", body: "Starkt kvartal, köper mer" } })).status()).toBe(200);
  await expect(page.getByTestId("notification-badge")).toHaveText("1", { timeout: 10_000 });
  await page.getByTestId("notification-bell").click();
  await expect(page.getByRole("button", { name: n.threadActivity(1, title) })).toBeVisible();

  const mail = await mailbox.waitFor(b.email, { after: commented, timeoutMs: 30_000 });
  expect(mail.source).toContain(n.threadActivity(1, title));
  const html = htmlPart(mail.source);
  expect(html).toContain("Volvo &lt;efter&gt; rapporten");
  const unfolded = mail.source.replace(/\r?\n[ \t]+/g, " ");
  expect(unfolded).toMatch(new RegExp(`^List-Unsubscribe: <${base.replace(/[/.]/g, "\\$&")}/avregistrera-notiser\\?`, "m"));
  expect(unfolded).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  const commentLink = mail.source.match(new RegExp(`${base}/forum/kommentar/[0-9a-f-]{36}`))![0];

  // The link opens the comment.
  await page.goto(commentLink);
  await expect(page).toHaveURL(/#comment-/);
  await expect(page.locator("article.highlight-target", { hasText: "Starkt kvartal, köper mer" })).toBeVisible();

  // The digest in Chromium: readable at desktop and phone width, nothing wider than the screen.
  const view = await browser.newPage();
  for (const width of [1280, 375]) {
    await view.setViewportSize({ width, height: 900 });
    await view.setContent(html);
    expect(await view.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await view.screenshot({ path: info.outputPath(`digest-${width}.png`), fullPage: true });
  }
  await view.close();

  // B turns e-mail off with the digest's own link (from the decoded text part).
  const optOut = mail.source.match(new RegExp(`${dm.unsubscribe}: (\\S+)`))![1]!;
  await page.goto(optOut);
  await page.getByRole("button", { name: dm.unsubscribeButton }).click();
  await expect(page.getByRole("heading", { name: dm.unsubscribed })).toBeVisible();
  await expect(page.getByText(dm.unsubscribedText)).toBeVisible();

  // A's next comment: in the bell, but no mail (several digest checks go by).
  const again = Date.now();
  expect((await a.api.post(threadPath, { form: { intent: "comment", body: "Och en till" } })).status()).toBe(200);
  await page.goto("/forum");
  await expect(page.getByTestId("notification-badge")).toHaveText("1", { timeout: 10_000 });
  await expect(mailbox.waitFor(b.email, { after: again, timeoutMs: 10_000 })).rejects.toThrow();

  // The settings page says e-mail is off; 'Slå på e-postnotiser' turns it on: the next comment is mailed.
  await page.goto("/forum/konto#notiser");
  await expect(page.getByText(nst.emailOffNotice)).toBeVisible();
  await page.getByRole("button", { name: nst.emailOn }).click();
  await expect(page.getByRole("button", { name: nst.emailOff })).toBeVisible();
  const on = Date.now();
  expect((await a.api.post(threadPath, { form: { intent: "comment", body: "Tredje kommentaren" } })).status()).toBe(200);
  const third = await mailbox.waitFor(b.email, { after: on, timeoutMs: 30_000 });
  expect(third.source).toContain(title.replace("<", "&lt;").replace(">", "&gt;"));

  // 'Stäng av alla e-postnotiser' on the settings page: the next comment sends no mail.
  await page.getByRole("button", { name: nst.emailOff }).click();
  await expect(page.getByText(nst.emailOffNotice)).toBeVisible();
  const off = Date.now();
  expect((await a.api.post(threadPath, { form: { intent: "comment", body: "Fjärde kommentaren" } })).status()).toBe(200);
  await expect(page.getByTestId("notification-badge")).toHaveText("1", { timeout: 10_000 });
  await expect(mailbox.waitFor(b.email, { after: off, timeoutMs: 10_000 })).rejects.toThrow();
  await bCtx.close();
});
