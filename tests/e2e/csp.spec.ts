/**
 * The Content-Security-Policy in a real browser: every script a render writes carries that
 * answer's nonce and runs; an inline event handler injected into the page does not. A visitor's
 * page from the cache (`X-Cache: HIT`) is the same bytes for everyone, with a policy that lists
 * the hashes of its own inline scripts instead of a nonce (docs/decisions/045-cached-pages-csp.md):
 * it hydrates, navigates and loads its modules with no violation, and an injected inline script
 * is refused.
 * (Plain Playwright `test`: these specs provoke a violation on purpose.)
 */
import { createHash } from "node:crypto";
import { parseDocument } from "htmlparser2";
import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "./support/accounts";
import { createThread, postForm, signIn } from "./support/processes";

/**
 * Records what `page` reports: `securitypolicyviolation` events, Chromium's own console messages
 * about the CSP (one more per violation), and uncaught errors.
 */
async function watch(page: Page): Promise<{ violations: string[]; console: string[]; errors: string[] }> {
  const seen = { violations: [] as string[], console: [] as string[], errors: [] as string[] };
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.effectiveDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
  page.on("console", (m) => {
    if (m.text().startsWith("CSP violation:")) seen.violations.push(m.text());
    else if (/Content Security Policy/i.test(m.text())) seen.console.push(m.text());
  });
  page.on("pageerror", (e) => seen.errors.push(e.message));
  return seen;
}

/** The hash-sources of the inline scripts a browser runs in `html` (not JSON-LD data blocks). */
function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  const walk = (node: { type?: string; attribs?: Record<string, string>; children?: unknown[]; data?: string }) => {
    const type = node.attribs?.type ?? "";
    if (node.type === "script" && !("src" in (node.attribs ?? {})) && (type === "" || type === "module")) {
      const text = (node.children ?? []).map((c) => (c as { data?: string }).data ?? "").join("");
      hashes.push(`'sha256-${createHash("sha256").update(text).digest("base64")}'`);
    }
    for (const child of node.children ?? []) walk(child as typeof node);
  };
  walk(parseDocument(html) as unknown as Parameters<typeof walk>[0]);
  return [...new Set(hashes)];
}

test("the forum's scripts carry the nonce; an injected inline handler is blocked", async ({ page }) => {
  // A URL of its own: the render's answer (a MISS), not a copy another test left in the cache.
  const response = await page.goto(`/forum?csp=${Date.now()}`);
  expect(response!.headers()["x-cache"]).toBe("MISS");
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

test("a visitor's page from the cache runs on script hashes: it hydrates and navigates with no violation, a script injected into it is refused", async ({ page, request, baseURL }) => {
  // A thread with comments (cashtags: the lazily loaded cashtag menu), written by the administrator.
  const cookie = await signIn(baseURL!, E2E_ADMIN.email, E2E_ADMIN.password);
  const thread = await createThread(baseURL!, cookie, `Cachad sida ${Date.now()}`);
  for (let i = 0; i < 3; i += 1) {
    expect((await postForm(baseURL!, thread.path, cookie, { intent: "comment", body: `Kommentar ${i}: $ABB eller $ERIC-B?` })).status).toBeLessThan(400);
  }
  const seen = await watch(page);

  // One visitor renders the page (MISS); the browser's visit right after is answered from the cache.
  let response = null;
  for (let attempt = 0; attempt < 5 && response?.headers()["x-cache"] !== "HIT"; attempt += 1) {
    expect((await request.get(thread.path)).headers()["x-cache"]).toMatch(/MISS|HIT/);
    response = await page.goto(thread.path);
  }
  expect(response!.headers()["x-cache"]).toBe("HIT");
  const csp = response!.headers()["content-security-policy"]!;
  const html = await response!.text();
  // No nonce anywhere: the policy lists exactly the hashes of the page's inline scripts.
  expect(csp).not.toContain("'nonce-");
  expect(html).not.toMatch(/ nonce="/);
  const scriptSrc = csp.split(";").find((d) => d.startsWith("script-src"))!.split(" ");
  const hashes = inlineScriptHashes(html);
  expect(hashes.length).toBeGreaterThanOrEqual(4); // theme, context, route modules, page data
  expect(scriptSrc.filter((s) => s.startsWith("'sha256-")).sort()).toEqual([...hashes].sort());
  expect(scriptSrc).toContain("'self'");
  expect(scriptSrc).not.toContain("https:");

  // It hydrates: every module of the first paint loaded from 'self'.
  await expect(page.locator("html[data-hydrated='true']")).toHaveCount(1);
  await expect(page.getByText("Kommentar 2:", { exact: false })).toBeVisible();
  // A client navigation loads another route's modules and its data (also from the cache).
  await page.locator(`a[href="/forum/kategori/${thread.categoryId}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/forum/kategori/${thread.categoryId}$`));
  await expect(page.getByRole("link", { name: /Cachad sida/ }).first()).toBeVisible();
  await page.waitForTimeout(500);
  expect(seen.violations).toEqual([]);
  expect(seen.console).toEqual([]);
  expect(seen.errors).toEqual([]);

  // Markup that got into the cached page without the nonce (what stored XSS would look like): its
  // script has no hash and is refused, while the page's own scripts still run.
  const injected = await page.context().newPage();
  const seenInjected = await watch(injected);
  await injected.route(`**${thread.path}`, async (route) => {
    let upstream = await route.fetch();
    for (let attempt = 0; attempt < 5 && upstream.headers()["x-cache"] !== "HIT"; attempt += 1) upstream = await route.fetch();
    expect(upstream.headers()["x-cache"]).toBe("HIT");
    const headers = { ...upstream.headers() };
    delete headers["content-encoding"];
    delete headers["content-length"];
    const body = (await upstream.text()).replace("</body>", "<script>window.__pwned = true</script></body>");
    await route.fulfill({ status: 200, headers, body });
  });
  await injected.goto(thread.path);
  await expect(injected.locator("html[data-hydrated='true']")).toHaveCount(1);
  await expect.poll(() => seenInjected.violations.length).toBe(1);
  expect(seenInjected.violations[0]).toMatch(/^CSP violation: script-src-elem inline/);
  expect(await injected.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
  expect(seenInjected.errors).toEqual([]);
});
