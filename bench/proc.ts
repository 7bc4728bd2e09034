/**
 * The server as a process tree, read from Linux's `/proc` (the
 * server may run one worker process per core through `node:cluster`, so its CPU time and
 * memory are those of the spawned process **and all its descendants**).
 *
 * - {@link processTree}: the pid and every live descendant (through `/proc/<pid>/task/<tid>/children`).
 * - {@link treeCpuMs}: CPU time of the tree in ms (user + system of every live process, plus
 *   the reaped children's time each one has collected), from `/proc/<pid>/stat` in clock ticks
 *   (`getconf CLK_TCK`, normally 100, so the resolution is 10 ms per process).
 * - {@link treeRssMiB}: the sum of `VmRSS` over the tree in MiB. Pages the workers share (Node's
 *   code) are counted once per process, so the sum is an upper bound of the memory in use.
 * - {@link TreeSampler}: samples the RSS sum every 100 ms and keeps the peak.
 *
 * Every function returns 0 / an empty list for a process that has already exited; none throws.
 *
 * @module
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

let ticksPerSecond: number | undefined;

/** Clock ticks per second of `/proc/<pid>/stat` times (`getconf CLK_TCK`; 100 when unknown). */
export function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    const out = spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout?.trim();
    const n = Number(out);
    ticksPerSecond = Number.isFinite(n) && n > 0 ? n : 100;
  }
  return ticksPerSecond;
}

function read(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

/** Fields of `/proc/<pid>/stat` after the command name (field 3 = state is index 0). */
function statFields(pid: number): string[] | null {
  const text = read(`/proc/${pid}/stat`);
  const close = text.lastIndexOf(")");
  return close < 0 ? null : text.slice(close + 2).trim().split(" ");
}

/** Direct children of `pid` (every thread's `children` file; empty when the process is gone). */
function childrenOf(pid: number): number[] {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const out = new Set<number>();
  for (const tid of tasks) {
    for (const part of read(`/proc/${pid}/task/${tid}/children`).split(" ")) if (part.trim()) out.add(Number(part));
  }
  return [...out];
}

/**
 * The live process tree below (and including) `pid`.
 *
 * @param pid the spawned server's process id
 * @returns `pid` first, then its descendants breadth-first; `[]` when `pid` has exited
 */
export function processTree(pid: number): number[] {
  if (!statFields(pid)) return [];
  const out = [pid];
  for (let i = 0; i < out.length; i += 1) for (const child of childrenOf(out[i]!)) if (!out.includes(child)) out.push(child);
  return out;
}

/**
 * The command name of a process (`/proc/<pid>/comm`, e.g. `node`), or "" when it has exited.
 *
 * @param pid a process id
 * @returns the name, at most 15 characters (the kernel's limit)
 */
export function commandName(pid: number): string {
  return read(`/proc/${pid}/comm`).trim();
}

/**
 * How many processes the server runs: the spawned process and its descendants that are Node
 * (`comm` = `node`, or the same name as the spawned process).
 *
 * @param pid the spawned server's process id
 * @returns `{ processes, workers }`: processes = 1 + workers; workers = Node descendants (0 when
 *   the server runs in one process)
 */
export function serverProcesses(pid: number): { processes: number; workers: number } {
  const tree = processTree(pid);
  if (tree.length === 0) return { processes: 0, workers: 0 };
  const name = commandName(pid);
  const workers = tree.slice(1).filter((p) => {
    const n = commandName(p);
    return n === "node" || n === name || n.startsWith("node");
  }).length;
  return { processes: 1 + workers, workers };
}

/**
 * CPU time the process tree has used so far.
 *
 * @param pid the spawned server's process id
 * @returns ms of user + system time of every live process in the tree, plus `cutime + cstime`
 *   (children each one has reaped, e.g. a worker that died and was replaced); 0 when gone.
 *   Take the difference of two calls for the CPU time of an interval.
 */
export function treeCpuMs(pid: number): number {
  let ticks = 0;
  for (const p of processTree(pid)) {
    const f = statFields(p);
    // After the name: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14).
    if (f) ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
  }
  return (ticks * 1000) / clockTicks();
}

/**
 * Resident memory of the process tree.
 *
 * @param pid the spawned server's process id
 * @returns the sum of `VmRSS` over the tree in MiB (0 when gone)
 */
export function treeRssMiB(pid: number): number {
  let kb = 0;
  for (const p of processTree(pid)) {
    const m = /VmRSS:\s+(\d+) kB/.exec(read(`/proc/${p}/status`));
    if (m) kb += Number(m[1]);
  }
  return kb / 1024;
}

/**
 * Samples the tree's RSS sum every `intervalMs` (default 100 ms) while started; `peak` is the
 * highest sum since the last {@link TreeSampler.reset} (and `runPeak` since construction).
 */
export class TreeSampler {
  /** Highest RSS sum (MiB) since the last reset. */
  peak = 0;
  /** Highest RSS sum (MiB) since the sampler was made. */
  runPeak = 0;
  /** Most processes seen in one sample since the last reset (the server's processes). */
  maxProcesses = 0;
  private timer: NodeJS.Timeout | undefined;

  /**
   * @param pid the spawned server's process id
   * @param intervalMs sampling period in ms
   */
  constructor(
    private readonly pid: number,
    private readonly intervalMs = 100,
  ) {}

  /** Takes one sample now; returns the RSS sum in MiB. */
  sample(): number {
    const rss = treeRssMiB(this.pid);
    this.peak = Math.max(this.peak, rss);
    this.runPeak = Math.max(this.runPeak, rss);
    this.maxProcesses = Math.max(this.maxProcesses, serverProcesses(this.pid).processes);
    return rss;
  }

  /** Starts sampling (idempotent). */
  start(): void {
    if (this.timer) return;
    this.sample();
    this.timer = setInterval(() => this.sample(), this.intervalMs);
    this.timer.unref();
  }

  /** Forgets the case peak (the run peak stays). */
  reset(): void {
    this.peak = 0;
    this.maxProcesses = 0;
  }

  /** Stops sampling after one last sample. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.sample();
  }
}
