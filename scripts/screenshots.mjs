#!/usr/bin/env node
/**
 * Takes Chromium screenshots of forum pages at 375 px and 1280 px wide, into ./screenshots/.
 *
 * Usage: node scripts/screenshots.mjs <base-url> <path> [<path> ...]
 *   e.g. node scripts/screenshots.mjs http://localhost:3000 / /auth/register
 * Environment: COOKIE="name=value" to look as a logged-in member; FULL=1 for full-page shots.
 */
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";

const [base, ...paths] = process.argv.slice(2);
if (!base || paths.length === 0) {
  console.error("Användning: node scripts/screenshots.mjs <bas-url> <sökväg> [...]");
  process.exit(1);
}
mkdirSync("screenshots", { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
for (const width of [375, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: width < 768 ? 812 : 900 }, locale: "sv-SE" });
  if (process.env.COOKIE) {
    const [name, ...rest] = process.env.COOKIE.split("=");
    await context.addCookies([{ name, value: rest.join("="), url: base }]);
  }
  const page = await context.newPage();
  for (const p of paths) {
    await page.goto(base + p, { waitUntil: "networkidle" });
    const name = (p.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home").slice(0, 60);
    const file = `screenshots/${name}-${width}.png`;
    await page.screenshot({ path: file, fullPage: process.env.FULL === "1" });
    console.log(file);
  }
  await context.close();
}
await browser.close();
