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
 * Records the CSP violations and React hydration errors of every page of a browser context (for contexts a test opens
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
    // Issue 21: a page must hydrate as the server rendered it (the thread page's lazy widgets and
    // its comments); React reports a mismatch as a recoverable error (#418, #423, #425).
    if (message.type() === "error" && /Minified React error #(418|419|421|422|423|425)\b|[Hh]ydration failed/.test(text)) violations.push(`hydration: ${text}`);
  });
  return violations;
}

/**
 * `test` that fails on any Content-Security-Policy violation or React hydration error in its browser context or in any
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
      expect(violations, "Content-Security-Policy violations and hydration errors").toEqual([]);
    },
    { auto: true },
  ],
});
