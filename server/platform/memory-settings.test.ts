/**
 * The memory settings a server process starts with (decision 041): what `server.js`
 * re-executes itself with, and that the operator's own values win. The effect on a real process is
 * checked end to end at the bottom: `node server.js` ends up with the flags and variables and
 * keeps its pid.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MEMORY_SETTINGS_ENV, memorySettings } from "./memory-settings";

const base = { execPath: "/usr/bin/node", execArgv: [] as string[], argv: ["/srv/forum/server.js"], env: { PATH: "/usr/bin" } as Record<string, string | undefined> };

describe("memorySettings", () => {
  it("restarts a bare `node server.js` with the heap flags before its own arguments and the allocator variables", () => {
    const s = memorySettings(base);
    expect(s.restart).toBe(true);
    if (!s.restart) return;
    expect(s.argv).toEqual(["/usr/bin/node", "--max-old-space-size=256", "--max-semi-space-size=16", "/srv/forum/server.js"]);
    expect(s.env).toEqual({ PATH: "/usr/bin", MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "1048576", [MEMORY_SETTINGS_ENV]: "applied" });
  });

  it("keeps the operator's flags (command line or NODE_OPTIONS, either spelling) and variables", () => {
    const s = memorySettings({
      ...base,
      execArgv: ["--max_old_space_size=1024"],
      env: { NODE_OPTIONS: "--max-semi-space-size=64", MALLOC_ARENA_MAX: "8" },
    });
    expect(s.restart).toBe(true);
    if (!s.restart) return;
    expect(s.argv).toEqual(["/usr/bin/node", "--max_old_space_size=1024", "/srv/forum/server.js"]);
    expect(s.env.MALLOC_ARENA_MAX).toBe("8");
    expect(s.env.MALLOC_MMAP_THRESHOLD_).toBe("1048576");
    expect(s.env.NODE_OPTIONS).toBe("--max-semi-space-size=64");
  });

  it("does nothing when everything is set, on the restarted image, or when turned off", () => {
    const all = {
      ...base,
      execArgv: ["--max-old-space-size=300", "--max-semi-space-size=8"],
      env: { MALLOC_ARENA_MAX: "1", MALLOC_MMAP_THRESHOLD_: "65536" },
    };
    expect(memorySettings(all)).toEqual({ restart: false });
    expect(memorySettings({ ...base, env: { [MEMORY_SETTINGS_ENV]: "applied" } })).toEqual({ restart: false });
    expect(memorySettings({ ...base, env: { [MEMORY_SETTINGS_ENV]: "off" } })).toEqual({ restart: false });
  });
});

describe("a process restarted as server.js restarts itself", () => {
  it("runs with the settings under the pid it was started with", async () => {
    // A server that cannot start (no build in this folder) still passes through the restart first:
    // the script below stands in for the forum and reports what the process ended up with.
    const dir = mkdtempSync(path.join(tmpdir(), "memory-settings-"));
    const out = path.join(dir, "out.json");
    const script = path.join(dir, "probe.mjs");
    const { writeFileSync } = await import("node:fs");
    const settingsModule = path.resolve("server/platform/memory-settings.ts");
    writeFileSync(
      script,
      `import { memorySettings } from ${JSON.stringify(settingsModule)};
       import { writeFileSync } from "node:fs";
       import v8 from "node:v8";
       const s = memorySettings({ execPath: process.execPath, execArgv: process.execArgv, argv: process.argv.slice(1), env: process.env });
       if (s.restart) process.execve(process.execPath, s.argv, s.env);
       writeFileSync(${JSON.stringify(out)}, JSON.stringify({ pid: process.pid, execArgv: process.execArgv, arena: process.env.MALLOC_ARENA_MAX, mmap: process.env.MALLOC_MMAP_THRESHOLD_, limitMiB: Math.round(v8.getHeapStatistics().heap_size_limit / 2 ** 20) }));`,
    );
    const env = { ...process.env };
    delete env[MEMORY_SETTINGS_ENV];
    delete env.MALLOC_ARENA_MAX;
    delete env.MALLOC_MMAP_THRESHOLD_;
    delete env.NODE_OPTIONS;
    const child = spawn(process.execPath, [script], { env, stdio: "inherit" });
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(0);
    const seen = JSON.parse(readFileSync(out, "utf8"));
    expect(seen.pid).toBe(child.pid);
    expect(seen.execArgv).toEqual(["--max-old-space-size=256", "--max-semi-space-size=16"]);
    expect(seen.arena).toBe("2");
    expect(seen.mmap).toBe("1048576");
    // Old generation 256 MiB plus the young generation's halves: far below the default's GiBs.
    expect(seen.limitMiB).toBeLessThan(512);
  });
});
