/**
 * Builds the app and fails if `build/client` (what every browser downloads) contains server-only
 * code: database drivers, auth, mail, secrets or the server's own modules (ARCHITECTURE.md
 * "No file in app/ imports a database driver, auth secret or mail transport").
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const clientDir = path.join(root, process.env.BUILD_DIR ?? "build", "client");

/** Text that only server code contains, with what it would mean in the bundle. */
const SERVER_MARKERS: Array<[RegExp, string]> = [
  [/@electric-sql\/pglite|PGlite/, "embedded database (PGlite)"],
  [/pg-protocol|pg-pool|new Pool\(/, "PostgreSQL driver (pg)"],
  [/drizzle-orm|pgTable\(/, "Drizzle ORM / schema"],
  [/["'`]better-auth(\/[\w/-]+)?["'`]|betterAuth\(/, "better-auth"],
  [/nodemailer|createTransport\(|smtp-server/, "mail transport"],
  [/AUTH_SECRET|authSecret|auth-secret/, "auth secret"],
  [/DATABASE_URL|SMTP_URL/, "server configuration"],
  [/createServices|getViewer|migrationsFolder|ensureDefaultCategories|forum_create_profile/, "server modules"],
  [/node:(fs|crypto|child_process|net)/, "Node built-ins"],
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * Finds server markers in a text.
 *
 * @returns the descriptions of every marker found
 */
function serverCodeIn(text: string): string[] {
  return SERVER_MARKERS.filter(([re]) => re.test(text)).map(([, what]) => what);
}

describe("client bundle", () => {
  beforeAll(() => {
    // .ci/run builds once before both test runs and says so with BUILD_READY=1.
    if (process.env.BUILD_READY === "1") return;
    const result = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "build"], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (result.status !== 0) throw new Error(`react-router build misslyckades:\n${result.stdout}\n${result.stderr}`);
  }, 180_000);

  it("the marker check recognises server code (so the scan below can fail)", () => {
    expect(serverCodeIn('import nodemailer from "nodemailer"')).toEqual(["mail transport"]);
    expect(serverCodeIn("const db = new PGlite(dir)")).toEqual(["embedded database (PGlite)"]);
    expect(serverCodeIn('import { betterAuth } from "better-auth"')).toEqual(["better-auth"]);
    expect(serverCodeIn('import { magicLink } from "better-auth/plugins"')).toEqual(["better-auth"]);
    expect(serverCodeIn("export function Button() {}")).toEqual([]);
  });

  it("build/client holds the app's scripts and none of them contains server code", () => {
    const scripts = filesUnder(clientDir).filter((f) => /\.m?js$/.test(f));
    expect(scripts.length).toBeGreaterThan(10);
    const offenders = scripts
      .map((file) => ({ file: path.relative(root, file), found: serverCodeIn(readFileSync(file, "utf8")) }))
      .filter((o) => o.found.length > 0);
    expect(offenders).toEqual([]);
  });

  // The build writes the worker, the manifest and the offline page.
  it("build/client holds sw.js, manifest.webmanifest and offline.html; the worker precaches only hashed assets, icons and the offline page", () => {
    const sw = readFileSync(path.join(clientDir, "sw.js"), "utf8");
    expect(sw).not.toContain("self.__WB_MANIFEST");
    const urls = [...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!);
    expect(urls).toContain("offline.html");
    expect(urls.some((u) => /^assets\/.+\.js$/.test(u))).toBe(true);
    expect(urls.some((u) => /^assets\/.+\.css$/.test(u))).toBe(true);
    for (const url of urls) expect(url).toMatch(/^(assets\/[^/]+\.(js|css|woff2)|icons\/[\w-]+\.png|offline\.html)$/);
    // The worker is its own file: no page chunk loads workbox.
    const pageScripts = filesUnder(path.join(clientDir, "assets")).filter((f) => f.endsWith(".js"));
    expect(pageScripts.filter((f) => /workbox/.test(readFileSync(f, "utf8")))).toEqual([]);
    const manifest = JSON.parse(readFileSync(path.join(clientDir, "manifest.webmanifest"), "utf8"));
    expect(manifest).toMatchObject({ name: "Börssnack", lang: "sv", display: "standalone" });
    expect(readFileSync(path.join(clientDir, "offline.html"), "utf8")).toContain("Du är offline");
  });
});
