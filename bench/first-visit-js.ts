/**
 * The JavaScript a browser downloads on a first visit to a page (issue 21: "JS a first visit to
 * the thread page downloads", ≤ 130 KB gzip): Chromium opens the page with an empty cache and no
 * input, and every `.js` file it requests until the network has been idle and 2 s more have
 * passed is counted — the modules of the first paint and whatever the page loads by itself after
 * it (lazily loaded chunks that no click asked for). Sizes are those of the build's files gzipped
 * at level 6, as the server's `compression` sends them to a gzip client.
 *
 * @module
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";

/** Debian's Chromium, the browser the tests use (no browser is downloaded on this network). */
export const CHROMIUM_PATH = "/usr/bin/chromium";

/** One JS file the page requested. */
export interface DownloadedJs {
  /** URL path, e.g. `/assets/framework-BDhgmjl_.js`. */
  file: string;
  /** Size of the build's file in bytes, raw and gzip level 6. */
  raw: number;
  gzip: number;
  /** Requested after the page's `load` event (a chunk the page loaded by itself). */
  afterLoad: boolean;
}

/**
 * Opens `url` in a fresh Chromium context and lists the JS it downloads.
 *
 * @param url the page, e.g. `http://localhost:3610/forum/kategori/<id>/trad/<id>`
 * @param clientDir the client build the server serves (`<BUILD_DIR>/client`), for the sizes
 * @param settleMs how long to keep listening once the network is idle (ms, default 2,000)
 * @returns every `/assets/*.js` file requested, in request order
 * @throws when Chromium is missing ({@link CHROMIUM_PATH}) or the page does not load in 60 s
 */
export async function firstVisitJs(url: string, clientDir: string, settleMs = 2_000): Promise<DownloadedJs[]> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium saknas (${CHROMIUM_PATH})`);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH });
  try {
    const page = await (await browser.newContext()).newPage();
    const requested: Array<{ file: string; afterLoad: boolean }> = [];
    let loaded = false;
    page.on("load", () => (loaded = true));
    page.on("request", (req) => {
      const { pathname } = new URL(req.url());
      if (pathname.startsWith("/assets/") && pathname.endsWith(".js")) requested.push({ file: pathname, afterLoad: loaded });
    });
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(settleMs);
    return requested.map(({ file, afterLoad }) => {
      const buf = readFileSync(path.join(clientDir, file));
      return { file, raw: buf.length, gzip: gzipSync(buf, { level: 6 }).length, afterLoad };
    });
  } finally {
    await browser.close();
  }
}
