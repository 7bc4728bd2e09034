/**
 * The modules `server.js` reads before the build, as the build writes them
 * (`scripts/server-boot-plugin.ts`, decision 041): plain JavaScript that Node loads without type
 * stripping, and the same behaviour as the TypeScript files.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { BOOT_MODULES, writeBootModules } from "../../scripts/server-boot-plugin";
import { memorySettings } from "../../server/platform/memory-settings";
import { webConcurrency } from "../../server/platform/web-concurrency";

describe("server boot modules", () => {
  it("are written as .mjs files that Node loads with type stripping off, and decide as the TypeScript files do", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "server-boot-"));
    const written = await writeBootModules(process.cwd(), dir);
    expect(written.map((f) => path.basename(f))).toEqual(BOOT_MODULES.map((f) => `${path.basename(f, ".ts")}.mjs`));

    // A process without type stripping can import them: no TypeScript syntax is left.
    const probe = `const m = await import(${JSON.stringify(pathToFileURL(path.join(dir, "web-concurrency.mjs")).href)});
      const s = await import(${JSON.stringify(pathToFileURL(path.join(dir, "memory-settings.mjs")).href)});
      console.log(JSON.stringify([m.webConcurrency({ DATABASE_URL: "postgres://x@127.0.0.1/db" }, 2), typeof s.memorySettings]));`;
    const run = spawnSync(process.execPath, ["--no-experimental-strip-types", "--input-type=module", "-e", probe], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual([{ workers: 1 }, "function"]);

    const built = {
      concurrency: (await import(pathToFileURL(path.join(dir, "web-concurrency.mjs")).href)) as { webConcurrency: typeof webConcurrency },
      settings: (await import(pathToFileURL(path.join(dir, "memory-settings.mjs")).href)) as { memorySettings: typeof memorySettings },
    };
    for (const [env, cores] of [
      [{ DATABASE_URL: "postgres://x@db.example/db" }, 8],
      [{ DATABASE_URL: "postgres://x@localhost/db" }, 4],
      [{ WEB_CONCURRENCY: "3", DATABASE_URL: "postgres://x@db.example/db" }, 2],
      [{ WEB_CONCURRENCY: "2" }, 2],
      [{}, 4],
    ] as const) {
      expect(built.concurrency.webConcurrency(env, cores)).toEqual(webConcurrency(env, cores));
    }
    const input = { execPath: "/usr/bin/node", execArgv: ["--inspect"], argv: ["server.js"], env: { PATH: "/bin" } };
    expect(built.settings.memorySettings(input)).toEqual(memorySettings(input));
  });
});
