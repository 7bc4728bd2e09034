/**
 * The first paint of a thread page: the JavaScript of the entry and the routes root,
 * forum layout and thread with their static imports — the set `npm run bench` reports as the
 * first paint's modules (`threadPageAssets`, bench/run.ts; what the page loads after it by itself
 * is measured in Chromium, tests/e2e/first-visit-js.spec.ts). A visitor on a
 * phone pays for every kilobyte before the page answers a tap; menus, dialogs and popovers load
 * when first opened instead (app/lib/lazy.ts, app/components/ui/lazy-widget.tsx).
 *
 * Builds the app into its own folder (a parallel `client-bundle.test.ts` builds into `build`);
 * with `BUILD_READY=1` it reads the existing build in `BUILD_DIR` instead.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { threadPageChunks, type Chunk } from "./thread-page-assets";

const root = path.resolve(import.meta.dirname, "../..");
const buildDir = process.env.BUILD_READY === "1" ? (process.env.BUILD_DIR ?? "build") : `${process.env.BUILD_DIR ?? "build"}-thread-js`;
const clientDir = path.join(root, buildDir, "client");

/**
 * The budget is 130 KiB gzip (goal 100) for everything a first visit downloads. Reached
 * for the first paint: 128.9 KiB before polls, the thread tools' states and unread tracking,
 * 129.8 KiB with them (their member-only code loads with member-parts.ts), of which React DOM,
 * React and React Router are 102.0 KiB (docs/performance.md "JavaScript of a thread page"; the
 * route manifest file, which the page never fetches, is not counted). The ceiling is the budget;
 * lower it as the page gets lighter.
 */
const CEILING_KIB = 130;

/** Code that only a menu, dialog or popover needs, with what it is; none of it may load up front. */
const LAZY_MARKERS: Array<[string, string]> = [
  ["dismissableLayer.pointerDownOutside", "Radix dialogs and menus"],
  ["data-radix-popper-content-wrapper", "Radix popper (popover, dropdown menu)"],
  ["data-sonner-toaster", "the toast library"],
  ["mindre än en sekund", "date-fns' Swedish locale"],
  ["Personuppgiftsansvarig", "the privacy policy texts"],
  ["Radera permanent", "the admin texts"],
];

const kib = (chunks: Chunk[]) => chunks.reduce((sum, c) => sum + c.gzip, 0) / 1024;

describe("JavaScript of a first visit to a thread page", () => {
  let js: Chunk[] = [];

  beforeAll(() => {
    if (process.env.BUILD_READY !== "1") {
      const result = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "build"], {
        cwd: root,
        encoding: "utf8",
        env: { ...process.env, NODE_ENV: "production", BUILD_DIR: buildDir },
      });
      if (result.status !== 0) throw new Error(`react-router build misslyckades:\n${result.stdout}\n${result.stderr}`);
    }
    js = threadPageChunks(clientDir).js;
  }, 240_000);

  it(`is at most ${CEILING_KIB} KiB gzip`, () => {
    const sizes = js.map((c) => `${(c.gzip / 1024).toFixed(1)} KiB ${c.file}`);
    expect(js.length).toBeGreaterThan(3);
    expect(kib(js), sizes.join("\n")).toBeLessThanOrEqual(CEILING_KIB);
  });

  it("holds no menu, dialog, toast or admin code (those load on first use)", () => {
    const found = js.flatMap((c) => {
      const text = readFileSync(path.join(clientDir, c.file), "utf8");
      return LAZY_MARKERS.filter(([marker]) => text.includes(marker)).map(([, what]) => `${c.file}: ${what}`);
    });
    expect(found).toEqual([]);
  });

  it("the markers are in the build (so the check above can fail)", () => {
    const assets = path.join(clientDir, "assets");
    const text = readdirSync(assets)
      .filter((f) => f.endsWith(".js"))
      .map((f) => readFileSync(path.join(assets, f), "utf8"))
      .join("\n");
    const missing = LAZY_MARKERS.filter(([marker, what]) => what !== "date-fns' Swedish locale" && !text.includes(marker)).map(([, what]) => what);
    expect(missing).toEqual([]);
  });
});
