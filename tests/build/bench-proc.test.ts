import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { processTree, serverProcesses, treeCpuMs, treeRssMiB } from "../../bench/proc";

/**
 * `npm run bench` measures the server as a process tree: with one worker per core the
 * work, and so the CPU time and memory, is in the primary's children.
 */
describe("bench/proc.ts: the server's process tree", () => {
  it("counts the workers of a node:cluster primary and sums their CPU time and memory", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "bench-proc-"));
    const script = path.join(dir, "cluster.cjs");
    // A primary with two workers; on SIGUSR2 each worker burns CPU and prints what its own
    // process.cpuUsage() counted.
    writeFileSync(
      script,
      `const cluster = require("node:cluster");
if (cluster.isPrimary) {
  let ready = 0;
  for (let i = 0; i < 2; i += 1) cluster.fork().on("message", () => { ready += 1; if (ready === 2) console.log("ready"); });
  process.on("SIGUSR2", () => { for (const w of Object.values(cluster.workers)) w.send("go"); });
} else {
  process.on("message", () => {
    const before = process.cpuUsage();
    let x = 0;
    for (let i = 0; i < 4e7; i += 1) x += i % 7;
    const used = process.cpuUsage(before);
    console.log("burnt " + (used.user + used.system) / 1000 + " " + x);
  });
  process.send("ready");
}
setInterval(() => {}, 1000);
`,
    );
    const child = spawn(process.execPath, [script], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    const waitFor = (test: () => boolean) =>
      new Promise<void>((resolve) => {
        const check = () => (test() ? resolve() : setTimeout(check, 20));
        check();
      });
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    try {
      await waitFor(() => out.includes("ready"));
      expect(processTree(child.pid!)).toHaveLength(3);
      expect(serverProcesses(child.pid!)).toEqual({ processes: 3, workers: 2 });
      const before = treeCpuMs(child.pid!);
      child.kill("SIGUSR2");
      await waitFor(() => (out.match(/burnt/g) ?? []).length === 2);
      const tree = treeCpuMs(child.pid!) - before;
      const burnt = [...out.matchAll(/burnt ([\d.]+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
      // Clock ticks are 10 ms per process, and the primary forwards the signal: a little slack.
      expect(tree).toBeGreaterThanOrEqual(burnt - 30);
      expect(tree).toBeLessThanOrEqual(burnt + 80);
      const single = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))![1]) / 1024;
      expect(treeRssMiB(child.pid!)).toBeGreaterThan(single * 2);
    } finally {
      for (const pid of processTree(child.pid!).reverse()) process.kill(pid, "SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    }
    await new Promise((resolve) => child.once("exit", resolve));
    // A process that has gone reads as nothing, without throwing.
    expect(processTree(child.pid!)).toEqual([]);
    expect(treeCpuMs(child.pid!)).toBe(0);
  });
});
