/**
 * Playwright's `test` with a CSP guard ("the browser journeys run with the CSP
 * on and no violation is reported"): every page of the test's browser context reports
 * `securitypolicyviolation` events and Chromium's "violates the following Content Security
 * Policy" console errors, and the test fails if there was any.
 *
 * @module
 */
import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";

export { expect };

/**
 * Records the CSP violations and React hydration errors of every page of a browser context (for contexts a test opens
 * itself; the test's own context is watched by the fixture below).
 *
 * @param context a Playwright browser context
 * @param violations the list to push to (default: a new one)
 * @param options.awaitHydration whether `goto`/`reload` of its pages wait for hydration (default
 *   true; false for a context with JavaScript off)
 * @returns the list the violations are pushed to (check it with `expect(list).toEqual([])`)
 */
export async function watchCsp(context: BrowserContext, violations: string[] = [], options: { awaitHydration?: boolean } = {}): Promise<string[]> {
  if (options.awaitHydration !== false) {
    for (const page of context.pages()) awaitHydrationOnLoad(page);
    context.on("page", awaitHydrationOnLoad);
  }
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  context.on("console", (message) => {
    const text = message.text();
    if (text.startsWith("CSP violation:") || /Content Security Policy/i.test(text)) violations.push(text);
    // A page must hydrate as the server rendered it (the thread page's lazy widgets and
    // its comments); React reports a mismatch as a recoverable error (#418, #423, #425).
    if (message.type() === "error" && /Minified React error #(418|419|421|422|423|425)\b|[Hh]ydration failed/.test(text)) violations.push(`hydration: ${text}`);
  });
  return violations;
}

/**
 * Makes `page.goto` and `page.reload` (waiting for `load`, the default) also wait until React has
 * hydrated the page (`<html data-hydrated="true">`, app/root.tsx), as a person would before typing:
 * a form filled while React is still taking over the page can lose a choice (React 19 resets a
 * controlled field it has not yet heard from). Documents without the app's scripts (feeds, files)
 * and navigations that ask for an earlier point (`waitUntil: "domcontentloaded"`) do not wait.
 *
 * @param page a page of a watched context
 */
function awaitHydrationOnLoad(page: Page): void {
  const marked = page as Page & { hydrationWait?: true };
  if (marked.hydrationWait) return;
  marked.hydrationWait = true;
  const hydrated = async () => {
    await page
      .waitForFunction(() => !document.querySelector("script[type=module]") || document.documentElement.dataset.hydrated === "true", undefined, {
        timeout: 15_000,
      })
      .catch(() => {}); // a page that never hydrates fails on its own assertions, with a clearer message
  };
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (!options?.waitUntil || options.waitUntil === "load" || options.waitUntil === "networkidle") await hydrated();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    if (!options?.waitUntil || options.waitUntil === "load" || options.waitUntil === "networkidle") await hydrated();
    return response;
  };
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
        await watchCsp(opened, violations, { awaitHydration: args[0]?.javaScriptEnabled !== false });
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
