import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { config as cfg } from "../../domain/i18n/groups/config";
import { WORKER_V8_FLAGS, workerExecArgv } from "./cluster";

describe("worker Node arguments (memory budget)", () => {
  it("starts workers with a 32 MiB young generation by default", () => {
    expect(workerExecArgv([], undefined)).toEqual([...WORKER_V8_FLAGS]);
    expect(WORKER_V8_FLAGS).toEqual(["--max-semi-space-size=32"]);
  });

  it("keeps the primary's own arguments first", () => {
    expect(workerExecArgv(["--enable-source-maps"], "")).toEqual(["--enable-source-maps", ...WORKER_V8_FLAGS]);
  });

  it("lets the operator's own heap sizes win, on the command line or in NODE_OPTIONS", () => {
    expect(workerExecArgv(["--max-semi-space-size=16"], undefined)).toEqual(["--max-semi-space-size=16"]);
    expect(workerExecArgv(["--max-old-space-size=512"], undefined)).toEqual(["--max-old-space-size=512", "--max-semi-space-size=32"]);
    expect(workerExecArgv([], "--max_semi_space_size=16 --max-old-space-size=2048")).toEqual([]);
  });
});

describe("cluster start (docs/decisions/037-worker-processes.md)", () => {
  it("starts the other workers when worker 1 reports it listens by message alone", async () => {
    const child = spawn(process.execPath, [fileURLToPath(new URL("./fixtures/cluster-message-only.ts", import.meta.url))], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NODE_OPTIONS: "" },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    try {
      const until = Date.now() + 20_000;
      while (!output.includes(cfg.clusterReady(2, 4321)) && Date.now() < until && child.exitCode === null) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(output).toContain(cfg.clusterStarting(2, 2));
      expect(output).toContain(cfg.clusterReady(2, 4321));
    } finally {
      child.kill("SIGKILL");
    }
  }, 30_000);
});
