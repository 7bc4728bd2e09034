/**
 * Playwright's `test` with a CSP guard (issue "Hardening": "the browser journeys run with the CSP
 * on and no violation is reported"): every page of the test's browser context reports
 * `securitypolicyviolation` events and Chromium's "violates the following Content Security
 * Policy" console errors, and the test fails if there was any.
 *
 * @module
 */
import { test as base, expect, type BrowserContext } from "@playwright/test";

export { expect };

/**
 * Records the CSP violations of every page of a browser context (for contexts a test opens
 * itself; the test's own context is watched by the fixture below).
 *
 * @param context a Playwright browser context
 * @param violations the list to push to (default: a new one)
 * @returns the list the violations are pushed to (check it with `expect(list).toEqual([])`)
 */
export async function watchCsp(context: BrowserContext, violations: string[] = []): Promise<string[]> {
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  context.on("console", (message) => {
    const text = message.text();
    if (text.startsWith("CSP violation:") || /Content Security Policy/i.test(text)) violations.push(text);
  });
  return violations;
}

/**
 * `test` that fails on any Content-Security-Policy violation in its browser context or in any
 * context the test opens with `browser.newContext()`.
 */
export const test = base.extend<{ cspGuard: void }>({
  cspGuard: [
    async ({ context, browser }, use) => {
      const violations = await watchCsp(context);
      const newContext = browser.newContext;
      browser.newContext = async (...args: Parameters<typeof newContext>) => {
        const opened = await newContext.apply(browser, args);
        await watchCsp(opened, violations);
        return opened;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
      expect(violations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
});
