/**
 * `npx tsx bench/log-cost.ts [lines]`: the CPU cost of one `request` log line ("at
 * ≥ 1 000 req/s the request log must not be the bottleneck"), for each way of writing the
 * process's log:
 *
 * - `sync`: `pino.destination({ sync: true })` (`LOG_SYNC=1`), one `write(2)` per line;
 * - `async, no batch`: pino's default destination (`sync: false`, `minLength: 0`), a background
 *   write whenever none is in flight;
 * - `async, batched`: {@link processDestination}, the process's logger today.
 *
 * Each is measured into a file and into a pipe (`cat > /dev/null`, as under systemd or Docker),
 * with the production logger's options (request-id mixin; redaction only in the last row, which
 * is how `request` lines used to be written) and the same entry the middleware writes. Output: µs
 * of process CPU (user + system, all threads) and of wall time per line.
 *
 * @module
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pino, { type DestinationStream } from "pino";
import { createLogger, processDestination } from "../server/platform/log";

const lines = Number(process.argv[2] ?? 200_000);
const dir = mkdtempSync(path.join(os.tmpdir(), "log-cost-"));

/** Writes `lines` request entries through `destination`; returns µs CPU and wall per line. */
async function measure(destination: DestinationStream, redacted: boolean) {
  const parent = createLogger(destination, "info");
  // server/platform/log.ts writes `request` entries through a child without redaction.
  const logger = redacted ? parent : parent.child({}, { redact: { paths: [] } });
  const entry = { method: "GET", path: "/forum/kategori/0b7c2a9e-1f1d-4a43-9d7e-8f0c2b1d9e11/trad/4787fe8a-e24c-1298-8db6-b8dbaf686b20", status: 200, ms: 3.4 };
  // Warm-up, then in slices of 1 000 with a turn of the event loop between them, as a server
  // writes between requests (an asynchronous destination writes in those turns).
  for (let i = 0; i < 5_000; i += 1) logger.info(entry, "request");
  await new Promise((r) => setTimeout(r, 200));
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let done = 0; done < lines; done += 1_000) {
    for (let i = 0; i < 1_000; i += 1) logger.info(entry, "request");
    await new Promise((r) => setImmediate(r));
  }
  await new Promise<void>((resolve) => logger.flush(() => resolve()));
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { cpuUs: (cpu.user + cpu.system) / lines, wallUs: (wall * 1000) / lines };
}

/** A named pipe read by `cat > /dev/null`; returns its path. */
function pipeSink(name: string) {
  const fifo = path.join(dir, `${name}.fifo`);
  spawnSync("mkfifo", [fifo]);
  const reader = spawn("sh", ["-c", `cat "${fifo}" > /dev/null`], { stdio: "ignore" });
  return { fifo, close: () => reader.kill() };
}

const modes: Array<[string, (dest: number | string) => DestinationStream, boolean]> = [
  ["sync", (dest) => pino.destination({ dest, sync: true }), false],
  ["async, no batch (pino's default)", (dest) => pino.destination({ dest, sync: false, minLength: 0 }), false],
  ["async, batched (processDestination)", (dest) => processDestination({}, dest), false],
  ["async, no batch, redacted (before)", (dest) => pino.destination({ dest, sync: false, minLength: 0 }), true],
];

console.log(`${lines} request lines per measurement; µs per line (process CPU, all threads / wall)`);
for (let round = 1; round <= 2; round += 1) {
  for (const [name, make, redacted] of modes) {
    const file = await measure(make(path.join(dir, `${round}-${modes.findIndex((m) => m[0] === name)}.log`)), redacted);
    const pipe = pipeSink(`${round}-${modes.findIndex((m) => m[0] === name)}`);
    const piped = await measure(make(pipe.fifo), redacted);
    pipe.close();
    console.log(
      `round ${round} ${name.padEnd(38)} file: ${file.cpuUs.toFixed(2)} / ${file.wallUs.toFixed(2)} µs; pipe: ${piped.cpuUs.toFixed(2)} / ${piped.wallUs.toFixed(2)} µs`,
    );
  }
}
rmSync(dir, { recursive: true, force: true });
process.exit(0);
