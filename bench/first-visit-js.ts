/**
 * The JavaScript a browser downloads on a first visit to a page ("JS a first visit to
 * the thread page downloads", ≤ 130 KB gzip): Chromium opens the page with an empty cache and no
 * input, and every `.js` file it requests until the network has been idle and 2 s more have
 * passed is counted — the modules of the first paint and whatever the page loads by itself after
 * it (lazily loaded chunks that no click asked for). Sizes are the bytes the server sends for each
 * file to a client that accepts only gzip (the build's Zopfli copy, scripts/precompress-plugin.ts),
 * and, for comparison, to one that accepts Brotli (what Chromium gets).
 *
 * @module
 */
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { chromium } from "@playwright/test";

/** Debian's Chromium, the browser the tests use (no browser is downloaded on this network). */
export const CHROMIUM_PATH = "/usr/bin/chromium";

/** One JS file the page requested. */
export interface DownloadedJs {
  /** URL path, e.g. `/assets/framework-BDhgmjl_.js`. */
  file: string;
  /** Size of the build's file in bytes. */
  raw: number;
  /** Bytes the server sends for it with `Accept-Encoding: gzip`. */
  gzip: number;
  /** Bytes the server sends for it with `Accept-Encoding: br, gzip`. */
  br: number;
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
    const origin = new URL(url).origin;
    return await Promise.all(
      requested.map(async ({ file, afterLoad }) => ({
        file,
        raw: readFileSync(path.join(clientDir, file)).length,
        gzip: await sentBytes(origin + file, "gzip"),
        br: await sentBytes(origin + file, "br, gzip"),
        afterLoad,
      })),
    );
  } finally {
    await browser.close();
  }
}

/**
 * The bytes a server sends for a URL, as they come off the wire (not decoded).
 *
 * @param url the file's URL
 * @param acceptEncoding the request's `Accept-Encoding`
 * @returns the body's length in bytes
 * @throws when the answer is not 200
 */
export function sentBytes(url: string, acceptEncoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": acceptEncoding } }, (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`${url}: HTTP ${response.statusCode}`));
          return;
        }
        let bytes = 0;
        response.on("data", (chunk: Buffer) => (bytes += chunk.length));
        response.on("end", () => resolve(bytes));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}
