/**
 * The cluster primary (docs/decisions/037-worker-processes.md): with
 * `WEB_CONCURRENCY` above 1, `server.js` runs this instead of the forum and forks that many
 * worker processes of itself, which share the port (`node:cluster`; the primary accepts the
 * connections and hands them to the workers in turn). Each worker is an ordinary instance of the
 * forum on the shared PostgreSQL, as several servers behind a load balancer already were
 * (docs/architecture.md "Data and realtime across instances").
 *
 * - Start: worker 1 first, so the migrations and the start-up data run once, not racing; the
 *   others once it listens (the port answers from that moment on). If worker 1 cannot start
 *   (configuration, database), the primary exits with its code, as a single process would.
 * - A worker that dies later is started again after a back-off (0.5 s, doubling up to 30 s; back
 *   to 0.5 s once a worker has run a minute).
 * - SIGTERM/SIGINT: every worker gets SIGTERM and drains (server.js: in-flight requests finish,
 *   streams end, at most 8 s); the primary exits 0 once all are gone, and kills any still alive
 *   after {@link STOP_TIMEOUT_MS}.
 *
 * Loaded by `server.js` through Node's type stripping before the build, so it imports only Node
 * built-ins and the string catalogue, by file name.
 *
 * @module
 */
import cluster, { type Worker } from "node:cluster";
// The group module itself: server.js loads this file with Node's type stripping, which needs
// explicit extensions (domain/i18n/sv.ts re-exports its groups without them).
import { config as cfg } from "../../domain/i18n/groups/config.ts";

/** Environment variable telling a worker its slot (1–N), stable across restarts. */
export const WORKER_SLOT_ENV = "BORSSNACK_WORKER";
/**
 * The message a worker sends its primary over the cluster's IPC channel once its HTTP server
 * listens (`server.js`): `{ [WORKER_LISTENING_MESSAGE]: port }`. A second signal beside Node's own
 * `listening` event: in a CI run under load the primary never acted on worker 1's `listening`
 * event (worker 1 listened and sat idle; no second worker was forked for 87 s; not reproduced in
 * 13 runs here, under load or not), so either one starts the others.
 */
export const WORKER_LISTENING_MESSAGE = "borssnackListening";
/** Response header naming the slot of the worker that answered (only in a cluster). */
export const WORKER_HEADER = "X-Borssnack-Worker";
/** First restart delay (ms) after a worker dies. */
export const RESTART_FIRST_MS = 500;
/** Longest restart delay (ms) while a slot keeps dying. */
export const RESTART_MAX_MS = 30_000;
/** A worker that ran this long (ms) resets its slot's back-off. */
export const RESTART_RESET_MS = 60_000;
/** Longest wait (ms) for the workers to drain after SIGTERM before they are killed. */
export const STOP_TIMEOUT_MS = 15_000;

/**
 * V8 flags every worker is started with (docs/decisions/037-worker-processes.md
 * "Memory"): `--max-semi-space-size=32`. Node 24 lets the young generation grow to two 64 MiB
 * semi-spaces, which a rendering worker fills and keeps. Measured on `bench_full` with two workers
 * (`npm run bench -- --only thread100,home`, 2026-11-26 08:47–08:52): Node's defaults peak
 * 1,056 MiB at 17.5 ms CPU per member thread request; this flag 921 MiB at 17.3 ms. The old
 * generation's cap (`--max-old-space-size=512`) brought the peak to 579–646 MiB but cost
 * 22–23 ms per member thread request (more full collections), so it is the operator's choice
 * through `NODE_OPTIONS`, not the default.
 *
 * Since decision 041 the primary itself runs with the memory settings (`server/platform/memory-settings.ts`:
 * `--max-semi-space-size=16`, `--max-old-space-size=256`), which its workers inherit through
 * `execArgv`, so this flag is added only when those are turned off (`BORSSNACK_MEMORY_SETTINGS=off`)
 * or `process.execve` is missing.
 */
export const WORKER_V8_FLAGS: readonly string[] = ["--max-semi-space-size=32"];

/**
 * The Node arguments a worker is forked with: the primary's own (`process.execArgv`) plus each of
 * {@link WORKER_V8_FLAGS} the operator has not set, on the command line or in `NODE_OPTIONS`
 * (theirs wins).
 *
 * @param execArgv the primary's Node arguments (`process.execArgv`)
 * @param nodeOptions the `NODE_OPTIONS` variable, or undefined
 * @returns the arguments for `cluster.setupPrimary({ execArgv })`; never throws
 */
export function workerExecArgv(execArgv: readonly string[], nodeOptions: string | undefined): string[] {
  const given = [...execArgv, ...(nodeOptions ?? "").split(/\s+/)];
  // V8 accepts both --max-semi-space-size and --max_semi_space_size.
  const name = (flag: string) => flag.split("=")[0]!.replaceAll("_", "-");
  const set = new Set(given.filter((a) => a.startsWith("--")).map(name));
  return [...execArgv, ...WORKER_V8_FLAGS.filter((flag) => !set.has(name(flag)))];
}

/** Options of {@link runPrimary}. */
export interface PrimaryOptions {
  /** Number of workers (≥ 2; `server/platform/web-concurrency.ts`). */
  workers: number;
  /** The machine's usable cores, for the start-up line. */
  cores: number;
}

/** One worker slot: its current process and its back-off state. */
interface Slot {
  n: number;
  worker: Worker | null;
  startedAt: number;
  listened: boolean;
  delayMs: number;
  timer?: NodeJS.Timeout;
}

/**
 * Runs this process as the cluster primary until SIGTERM/SIGINT; never returns a value (the
 * process exits from its handlers).
 *
 * @param options see {@link PrimaryOptions}
 * @throws never; a failed start of worker 1 ends the process with that worker's exit code (1 when
 *   it was killed by a signal)
 */
export function runPrimary(options: PrimaryOptions): void {
  const slots: Slot[] = Array.from({ length: options.workers }, (_, i) => ({
    n: i + 1,
    worker: null,
    startedAt: 0,
    listened: false,
    delayMs: RESTART_FIRST_MS,
  }));
  let stopping = false;
  let everListened = false;
  let announced = false;
  console.log(cfg.clusterStarting(options.workers, options.cores));
  cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv, process.env.NODE_OPTIONS) });

  const fork = (slot: Slot) => {
    slot.timer = undefined;
    slot.listened = false;
    slot.startedAt = Date.now();
    const worker = cluster.fork({ [WORKER_SLOT_ENV]: String(slot.n) });
    slot.worker = worker;
    const onListening = (port: number) => {
      // Each signal once per worker process; a late one from a replaced process is ignored.
      if (slot.worker !== worker || slot.listened) return;
      slot.listened = true;
      if (!everListened) {
        everListened = true;
        // Worker 1 has migrated and listens: the others may start.
        for (const other of slots) if (other !== slot && !other.worker && !stopping) fork(other);
      }
      if (!announced && slots.every((s) => s.listened)) {
        announced = true;
        console.log(cfg.clusterReady(options.workers, port));
      }
    };
    worker.on("listening", (address) => onListening(address.port));
    worker.on("message", (message: unknown) => {
      const port = (message as Record<string, unknown> | null)?.[WORKER_LISTENING_MESSAGE];
      if (typeof port === "number") onListening(port);
    });
    worker.on("exit", (code, signal) => {
      if (slot.worker === worker) slot.worker = null;
      if (stopping) {
        if (slots.every((s) => !s.worker)) process.exit(0);
        return;
      }
      if (!everListened) {
        console.error(cfg.clusterStartFailed(code ?? 1));
        for (const s of slots) s.worker?.process.kill("SIGKILL");
        process.exit(code || 1);
      }
      if (Date.now() - slot.startedAt >= RESTART_RESET_MS) slot.delayMs = RESTART_FIRST_MS;
      const delay = slot.delayMs;
      slot.delayMs = Math.min(RESTART_MAX_MS, slot.delayMs * 2);
      console.error(cfg.clusterWorkerDied(slot.n, worker.process.pid ?? 0, signal ?? `kod ${code}`, delay));
      slot.timer = setTimeout(() => fork(slot), delay);
    });
  };

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const alive = slots.filter((s) => s.worker);
    console.log(cfg.clusterStopping(signal, alive.length));
    for (const s of slots) clearTimeout(s.timer);
    if (alive.length === 0) process.exit(0);
    // SIGTERM to each worker: server.js drains it (on Ctrl-C the terminal sent them SIGINT too).
    for (const s of alive) s.worker!.process.kill("SIGTERM");
    setTimeout(() => {
      const left = slots.filter((s) => s.worker);
      console.error(cfg.clusterStopTimeout(left.length));
      for (const s of left) s.worker!.process.kill("SIGKILL");
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  fork(slots[0]!);
}
