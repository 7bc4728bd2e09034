/**
 * What a browser lets a page load under each candidate `script-src` for cached pages
 * (docs/decisions/045-cached-pages-csp.md): a page shaped like the forum's (React Router's
 * `<link rel="modulepreload">` links, its classic and module inline scripts, a module that imports
 * another, loads a chunk with `import()` and adds a `<script>` element), plus two pieces of
 * injected markup (an inline script and a same-origin `<script src>`, neither with nonce nor
 * hash), served from a local server with each policy and opened in Debian's Chromium.
 *
 * ```sh
 * npx tsx bench/csp-probe.ts
 * ```
 *
 * Prints one row per policy: the app's scripts that ran (of 9), the violations the page reported,
 * and whether either injected script ran. Nothing is written.
 *
 * @module
 */
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { chromium } from "@playwright/test";
import { CHROMIUM_PATH } from "./first-visit-js";

const hash = (algorithm: "sha256" | "sha384", text: string) => `${algorithm}-${createHash(algorithm).update(text).digest("base64")}`;

/** The app's modules: React Router's manifest, entry and route modules, a shared dependency, a lazy chunk. */
const MODULES: Record<string, string> = {
  "/probe/manifest.js": `window.ran.push("manifest");`,
  "/probe/dep.js": `window.ran.push("dep"); export const x = 1;`,
  "/probe/root.js": `import { x } from "/probe/dep.js"; window.ran.push("route module");`,
  "/probe/entry.js":
    `import { x } from "/probe/dep.js"; window.ran.push("entry");` +
    `import("/probe/lazy.js");` +
    `const s = document.createElement("script"); s.src = "/probe/added.js"; document.head.append(s);`,
  "/probe/lazy.js": `window.ran.push("lazy chunk");`,
  "/probe/added.js": `window.ran.push("added script");`,
};
/** A same-origin file that injected markup points at. */
const INJECTED = `window.injected.push("same-origin src");`;
const PRELOADED = ["/probe/manifest.js", "/probe/entry.js", "/probe/dep.js", "/probe/root.js"];
/** The render's nonce, still in the page: a cached copy carries whatever its render had. */
const NONCE = "cmVuZGVyLW5vbmNlLTEyMzQ=";
const THEME = `window.ran = []; window.injected = []; window.ran.push("theme (head)");`;
const CONTEXT = `window.ran.push("context");`;
const ROUTES = `import "/probe/manifest.js";\nimport * as route0 from "/probe/root.js";\nwindow.ran.push("route-module script");\nimport("/probe/entry.js");`;

interface Variant {
  name: string;
  preloads: boolean;
  /** integrity on the preloads and an import map with it (React Router's `subResourceIntegrity`). */
  sri?: boolean;
  policy: (inline: string[]) => string;
}

function page(variant: Variant): { html: string; inline: string[] } {
  const n = ` nonce="${NONCE}"`;
  const integrity = (p: string) => (variant.sri ? ` integrity="${hash("sha384", MODULES[p]!)}"` : "");
  const importMap = variant.sri ? JSON.stringify({ integrity: Object.fromEntries(Object.keys(MODULES).map((p) => [p, hash("sha384", MODULES[p]!)])) }) : null;
  const preloads = variant.preloads ? PRELOADED.map((p) => `<link rel="modulepreload" href="${p}"${integrity(p)}${n}/>`).join("") : "";
  const html =
    `<!DOCTYPE html><html><head><script${n}>${THEME}</script>` +
    (importMap ? `<script type="importmap"${n}>${importMap}</script>` : "") +
    `${preloads}</head><body><p>Kommentar</p>` +
    `<script>window.injected.push("inline")</script><script src="/probe/injected.js"></script>` +
    `<script${n}>${CONTEXT}</script><script type="module" async${n}>${ROUTES}</script></body></html>`;
  return { html, inline: [THEME, CONTEXT, ROUTES, ...(importMap ? [importMap] : [])] };
}

const REST = "object-src 'none'; base-uri 'none'";
const hashes = (inline: string[]) => inline.map((s) => `'${hash("sha256", s)}'`).join(" ");
const sriPolicy = (i: string[]) => `script-src ${hashes(i)} ${Object.values(MODULES).map((m) => `'${hash("sha384", m)}'`).join(" ")} 'strict-dynamic'; ${REST}`;
const VARIANTS: Variant[] = [
  { name: "nonce, 'strict-dynamic' (a render's answer)", preloads: true, policy: () => `script-src 'nonce-${NONCE}' 'strict-dynamic' 'self' https:; ${REST}` },
  { name: "hashes, 'strict-dynamic' (first built)", preloads: true, policy: (i) => `script-src ${hashes(i)} 'strict-dynamic' 'self' https:; ${REST}` },
  { name: "hashes, 'strict-dynamic', no modulepreload links", preloads: false, policy: (i) => `script-src ${hashes(i)} 'strict-dynamic' 'self' https:; ${REST}` },
  { name: "hashes, 'self' (no 'strict-dynamic'; chosen)", preloads: true, policy: (i) => `script-src ${hashes(i)} 'self'; ${REST}` },
  { name: "hashes, 'self', no modulepreload links", preloads: false, policy: (i) => `script-src ${hashes(i)} 'self'; ${REST}` },
  { name: "hashes + every module's sha384, 'strict-dynamic', SRI import map", preloads: true, sri: true, policy: sriPolicy },
  { name: "the same without modulepreload links", preloads: false, sri: true, policy: sriPolicy },
];

async function main() {
  let current = VARIANTS[0]!;
  const server = http.createServer((req, res) => {
    const module = req.url === "/probe/injected.js" ? INJECTED : MODULES[req.url ?? ""];
    if (module !== undefined) {
      res.setHeader("Content-Type", "text/javascript");
      return void res.end(module);
    }
    const { html, inline } = page(current);
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Content-Security-Policy", current.policy(inline));
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM_PATH,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  console.log(`Chromium ${browser.version()}\n`);
  console.log("| script-src | app scripts run (of 9) | violations of the app's own loads | injected inline ran | injected same-origin src ran |");
  console.log("|---|---|---|---|---|");
  try {
    for (const variant of VARIANTS) {
      current = variant;
      const tab = await browser.newPage();
      await tab.addInitScript(() => {
        (window as unknown as { violations: string[] }).violations = [];
        document.addEventListener("securitypolicyviolation", (e) =>
          (window as unknown as { violations: string[] }).violations.push(`${e.effectiveDirective} ${e.blockedURI.replace(location.origin, "")}`),
        );
      });
      await tab.goto(`${base}/`);
      await tab.waitForTimeout(800);
      const seen = await tab.evaluate(() => {
        const w = window as unknown as { ran: string[]; injected: string[]; violations: string[] };
        return { ran: w.ran, injected: w.injected, violations: w.violations };
      });
      // The injected markup's own refusals are expected; list the others.
      const own = seen.violations.filter((v) => v !== "script-src-elem inline" && !v.endsWith("/probe/injected.js"));
      console.log(
        `| ${variant.name} | ${seen.ran.length}${seen.ran.length < 9 ? ` (${seen.ran.join(", ")})` : ""} | ${own.length ? own.join("; ") : "none"} | ` +
          `${seen.injected.includes("inline") ? "**yes**" : "no"} | ${seen.injected.includes("same-origin src") ? "**yes**" : "no"} |`,
      );
      await tab.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
}

await main();
