/**
 * Abuse limits with the real numbers (README "Abuse limits"). The shared
 * browser-test server raises the per-action limits (`ACTION_LIMIT_MULTIPLIER`, since every test
 * member posts from 127.0.0.1 within seconds), so this spec starts its own server without that
 * (PGlite in a temp folder) on E2E_LIMITS_PORT (default 3315) and checks, in Chromium, what a new
 * member sees: a second thread within 15 s and a second comment within 5 s are refused with the
 * Swedish message and the typed text stays in the form; the report dialog says the same when a
 * new member's five reports of the day are used up, and the follow button after 30 clicks a minute.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "./support/test";
import { smtpPort } from "../../playwright.config";
import { abuseLimits as al, forum as f, moderation as m, profile as p, reporting as rp } from "../../domain/i18n/sv";
import { memberByHttp } from "./support/accounts";
import { startMailbox, type Mailbox } from "./support/mailbox";
import { threadIdOf } from "../../domain/paths";

const port = Number(process.env.E2E_LIMITS_PORT ?? 3315);
const base = `http://localhost:${port}`;
let mailbox: Mailbox;
let server: ChildProcess;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  mailbox = await startMailbox(smtpPort);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: base,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: "Börssnack <noreply@borssnack.test>",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "borssnack-limits-")),
    AUTH_SECRET: randomBytes(24).toString("hex"),
    // Only the auth limits are raised (sign-ups from one address); the per-action ones are real.
    AUTH_IP_LIMIT_PER_MINUTE: "1000",
  };
  delete env.DATABASE_URL;
  delete env.ACTION_LIMIT_MULTIPLIER;
  server = spawn(process.execPath, ["server.js"], { env, stdio: ["ignore", "inherit", "inherit"] });
  const until = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 250));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  }
  await mailbox?.close();
});

test("a new member: second thread within 15 s, second comment within 5 s, a sixth report and a 31st follow are refused in Swedish, typed text kept", async ({ browser }) => {
  const member = await memberByHttp(base, mailbox, "Nykomling");
  const context = await browser.newContext({ baseURL: base });
  await context.addCookies((await member.api.storageState()).cookies);
  const page = await context.newPage();
  const categoryId = (await (await member.api.get("/forum")).text()).match(/\/forum\/kategori\/([0-9a-f-]{36})/)![1]!;

  // First thread: accepted.
  await page.goto(`/forum/ny-trad/${categoryId}`);
  await page.getByLabel(f.titleLabel).fill("Min första tråd");
  await page.getByLabel(f.bodyLabel).fill("Hej allihop, här är jag.");
  await page.getByRole("button", { name: f.create }).click();
  await expect(page.getByRole("heading", { name: "Min första tråd" })).toBeVisible();
  const threadUrl = page.url();

  // Second thread right away: the Swedish message, and the form still holds what was typed.
  await page.goto(`/forum/ny-trad/${categoryId}`);
  await page.getByLabel(f.titleLabel).fill("Min andra tråd");
  await page.getByLabel(f.bodyLabel).fill("Den här texten får inte försvinna.");
  await page.getByRole("button", { name: f.create }).click();
  await expect(page.getByRole("alert").filter({ hasText: "vänta minst 15 sekunder mellan två trådar" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText(/Försök igen om \d+ sekunde?r?\./);
  await expect(page.getByLabel(f.titleLabel)).toHaveValue("Min andra tråd");
  await expect(page.getByLabel(f.bodyLabel)).toHaveValue("Den här texten får inte försvinna.");
  await expect(page).toHaveURL(new RegExp(`/forum/ny-trad/${categoryId}$`));

  // Comments: the first is accepted, the second within 5 s refused with the text kept.
  await page.goto(threadUrl);
  const box = page.getByPlaceholder(f.commentPlaceholder);
  await box.fill("Första kommentaren");
  await page.getByRole("button", { name: f.send, exact: true }).click();
  await expect(page.locator("article, li, div").filter({ hasText: "Första kommentaren" }).first()).toBeVisible();
  await expect(box).toHaveValue("");
  await box.fill("Andra kommentaren, för snabbt");
  await page.getByRole("button", { name: f.send, exact: true }).click();
  await expect(page.getByText(/vänta minst 5 sekunder mellan två kommentarer/).first()).toBeVisible();
  await expect(box).toHaveValue("Andra kommentaren, för snabbt");

  // Reports: a member in their first day may send 5; the sixth, from the dialog, is refused.
  const other = await memberByHttp(base, mailbox, "Annan");
  const otherThread = await other.api.post(`/forum/ny-trad/${categoryId}`, { form: { title: "Att anmäla", body: "Text att anmäla" }, maxRedirects: 0 });
  expect(otherThread.status()).toBe(302);
  const otherPath = otherThread.headers().location!;
  const otherId = threadIdOf(otherPath)!;
  for (let i = 0; i < 5; i++) {
    const r = await member.api.post("/api/report", { form: { targetType: "thread", targetId: otherId, reason: "spam", details: `nr ${i}` } });
    expect(r.status()).toBe(200);
  }
  await page.goto(otherPath);
  await page.getByRole("button", { name: rp.report, exact: true }).first().click();
  await page.getByLabel(m.reasons.spam).check();
  await page.locator("#report-details").fill("Min sjätte anmälan");
  await page.getByRole("button", { name: m.submitReport }).click();
  await expect(page.getByText(/Du har skickat många anmälningar\. Försök igen om \d+ timmar\./)).toBeVisible();
  await expect(page.locator("#report-details")).toHaveValue("Min sjätte anmälan");
  await page.keyboard.press("Escape");

  // Follow: 30 follow/unfollow clicks a minute; the 31st, on the profile page, is refused.
  const otherId2 = (await other.api.get("/forum/profil")).url().split("/").pop()!;
  for (let i = 0; i < 30; i++) {
    const r = await member.api.post("/api/follow", { form: { intent: i % 2 ? "unfollow" : "follow", userId: otherId2 } });
    expect(r.status()).toBe(200);
  }
  await page.goto(`/forum/profil/${otherId2}`);
  await page.getByRole("button", { name: p.follow, exact: true }).click();
  await expect(page.getByText(al.title)).toBeVisible();
  await expect(page.getByText(/Du följer och slutar följa för ofta\. Försök igen om \d+ sekunde?r?\./)).toBeVisible();
  await expect(page.getByRole("button", { name: p.follow, exact: true })).toBeVisible();
  await context.close();
});
