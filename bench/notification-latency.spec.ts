/**
 * Benchmark: time from a post to the follower's badge. Member A follows B
 * and has /forum open; B starts a thread by an HTTP POST (what the form does); the clock runs
 * from just before the POST to the moment the badge in A's page shows '1' (a MutationObserver in
 * the page reads the same system clock). 20 runs after 2 warm-up runs; A's notifications are
 * marked read between runs. Prints median and worst; figures go to docs/performance.md.
 *
 *   E2E_PORT=3310 E2E_SMTP_PORT=2626 BUILD_DIR=build-notify npx playwright test --config bench/playwright.config.ts
 *   (add TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test for PostgreSQL)
 */
import { expect, test } from "@playwright/test";
import { smtpPort } from "../playwright.config";
import { memberByHttp } from "../tests/e2e/support/accounts";
import { startMailbox } from "../tests/e2e/support/mailbox";

const RUNS = 20;
const WARMUP = 2;

test("post → follower's badge latency", async ({ browser }, info) => {
  test.setTimeout(180_000);
  const baseURL = info.project.use.baseURL!;
  const mailbox = await startMailbox(smtpPort);
  try {
    const a = await memberByHttp(baseURL, mailbox, "Mätare");
    const b = await memberByHttp(baseURL, mailbox, "Postare");
    const bId = (await b.api.get("/forum/profil")).url().split("/").pop()!;
    expect((await a.api.post("/api/follow", { form: { intent: "follow", userId: bId } })).status()).toBe(200);
    const categoryId = (await (await b.api.get("/forum")).text()).match(/\/forum\/kategori\/([0-9a-f-]{36})/)![1]!;

    const ctx = await browser.newContext({ storageState: await a.api.storageState() });
    const page = await ctx.newPage();
    await page.goto("/forum");
    await expect(page.getByTestId("notification-bell")).toHaveAttribute("data-loaded", "true");

    const latencies: number[] = [];
    const postTimes: number[] = [];
    for (let i = 0; i < WARMUP + RUNS; i += 1) {
      await a.api.post("/api/notifications", { form: { intent: "read-all" } });
      await page.evaluate(() => window.dispatchEvent(new Event("borssnack:notifications-changed")));
      await expect(page.getByTestId("notification-badge")).toHaveCount(0);
      await page.evaluate(() => {
        (window as unknown as { badgeAt: Promise<number> }).badgeAt = new Promise<number>((resolve) => {
          const seen = () => document.querySelector("[data-testid=notification-badge]")?.textContent === "1";
          const observer = new MutationObserver(() => {
            if (seen()) {
              observer.disconnect();
              resolve(Date.now());
            }
          });
          observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        });
      });
      const start = Date.now();
      const res = await b.api.post(`/forum/ny-trad/${categoryId}`, { form: { title: `Mätning ${i}`, body: "x" }, maxRedirects: 0 });
      const posted = Date.now();
      expect(res.status()).toBe(302);
      const shown = await page.evaluate(() => (window as unknown as { badgeAt: Promise<number> }).badgeAt);
      if (i >= WARMUP) {
        latencies.push(shown - start);
        postTimes.push(posted - start);
      }
    }
    const stats = (xs: number[]) => {
      const s = [...xs].sort((x, y) => x - y);
      return { median: (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2, worst: s[s.length - 1]!, best: s[0]! };
    };
    const l = stats(latencies);
    const p = stats(postTimes);
    console.log(`post → badge over ${RUNS} runs: median ${l.median} ms, worst ${l.worst} ms, best ${l.best} ms`);
    console.log(`(of which the POST itself: median ${p.median} ms, worst ${p.worst} ms)`);
    await ctx.close();
  } finally {
    await mailbox.close();
  }
});
