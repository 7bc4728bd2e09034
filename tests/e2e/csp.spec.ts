/**
 * The Content-Security-Policy in a real browser: every script the
 * forum renders carries the response's nonce and runs; an inline event handler injected into the
 * page does not.
 * (Plain Playwright `test`: this spec provokes a violation on purpose.)
 */
import { expect, test } from "@playwright/test";

test("the forum's scripts carry the nonce; an injected inline handler is blocked", async ({ page }) => {
  const response = await page.goto("/forum");
  const csp = response!.headers()["content-security-policy"]!;
  const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
  expect(csp).not.toContain("unsafe-inline' 'strict");
  // The page hydrated: React Router's client context exists, so the nonce'd scripts ran.
  await expect.poll(() => page.evaluate(() => typeof (window as unknown as { __reactRouterContext?: object }).__reactRouterContext)).toBe("object");
  const scriptNonces = await page.evaluate(() => [...document.querySelectorAll("script")].map((s) => s.nonce));
  expect(scriptNonces.length).toBeGreaterThan(0);
  for (const n of scriptNonces) expect(n).toBe(nonce);

  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  // What stored XSS would look like if markup ever got through: an inline event handler.
  await page.evaluate(() => {
    const div = document.createElement("div");
    div.innerHTML = `<img src="/favicon-missing.png" onerror="window.__pwned = true">`;
    document.body.appendChild(div);
  });
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
  await expect.poll(() => violations.length).toBeGreaterThan(0);
});
