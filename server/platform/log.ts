/**
 * Structured logs ("structured JSON logs with request ids; authentication and
 * moderation events logged without passwords, tokens or full e-mail addresses").
 *
 * - One JSON line per entry through pino (`level`, `time`, `msg`, `reqId`, fields).
 * - {@link requestLogging}: a request id per request (a valid incoming `X-Request-Id`, else a
 *   new UUID), echoed as `X-Request-Id`, kept in AsyncLocalStorage so every entry written while
 *   the request is handled carries it, and one `request` entry when the answer is sent (method,
 *   path **without the query string**, where reset and magic-link tokens travel; status; ms).
 *   `LOG_REQUEST_SAMPLE` (0–1, default 1 = every line) keeps only that share of the lines of
 *   successful (2xx) GET/HEAD requests; every other line is always written.
 * - {@link processDestination}: the process's lines are written asynchronously in batches of
 *   whole lines (at ≥ 1 000 req/s the request log must not be the bottleneck) and
 *   flushed synchronously when the process exits, so no line is lost on SIGTERM.
 * - {@link installConsoleBridge}: the server's existing `console.*` calls become JSON entries of
 *   the matching level with the request id (the production server calls it at start).
 * - {@link logEvent}: named auth and moderation events; e-mail addresses only masked
 *   ({@link maskEmail}); callers never pass passwords or tokens.
 *
 * @module
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { format } from "node:util";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import pino, { type DestinationStream, type Logger } from "pino";
import { config as cfg } from "../../domain/i18n/sv";
import { ConfigError } from "./config";

const context = new AsyncLocalStorage<{ reqId: string }>();

/** Redacted wherever they appear in an entry's fields (belt and braces: callers never pass them). */
const REDACT = ["password", "*.password", "token", "*.token", "cookie", "*.cookie", "authorization", "*.authorization"];

/**
 * Creates a logger that adds the current request id to every entry.
 *
 * @param destination where JSON lines go (default stdout)
 * @param level lowest level written (default `LOG_LEVEL`, else `info`; `silent` under Vitest so
 *   test output stays readable)
 * @returns a pino logger
 */
export function createLogger(destination?: DestinationStream, level?: string): Logger {
  return pino(
    {
      level: level ?? process.env.LOG_LEVEL ?? (process.env.VITEST ? "silent" : "info"),
      base: undefined,
      redact: { paths: REDACT, censor: "[dold]" },
      mixin: () => {
        const store = context.getStore();
        return store ? { reqId: store.reqId } : {};
      },
    },
    destination,
  );
}

/**
 * Bytes of log lines the asynchronous destination collects before it writes (and the most one
 * write carries, {@link LOG_WRITE_MAX_BYTES}).
 */
export const LOG_BATCH_BYTES = 2048;
/**
 * Largest write of the asynchronous destination in bytes: Linux's `PIPE_BUF`, so a write of
 * whole lines into a pipe is atomic and the lines of several worker processes sharing one
 * stdout never interleave mid-line.
 */
export const LOG_WRITE_MAX_BYTES = 4096;
/** Longest time (ms) a line waits in the batch on a quiet server before it is written. */
export const LOG_FLUSH_INTERVAL_MS = 500;

/**
 * The process's log destination: stdout (fd 1) through pino's SonicBoom.
 *
 * Synchronous by default: every line is written when it is logged, so no line is lost, doubled or
 * reordered when the process exits (CI saw an exit on SIGTERM reorder batched lines under load),
 * and it costs what the batched writes cost (2.5–2.9 µs per request line, docs/performance.md).
 * `LOG_SYNC=0` batches instead: lines are collected until {@link LOG_BATCH_BYTES} (or
 * {@link LOG_FLUSH_INTERVAL_MS} passed) and written in the background in writes of whole lines of
 * at most {@link LOG_WRITE_MAX_BYTES}; pino flushes what is left on the process's `exit`.
 *
 * @param env the environment (`LOG_SYNC`)
 * @param dest file descriptor (default 1, stdout) or file path (tests)
 * @returns the destination stream for {@link createLogger}
 */
export function processDestination(env: NodeJS.ProcessEnv = process.env, dest: number | string = 1): DestinationStream {
  const sync = !(env.LOG_SYNC === "0" || env.LOG_SYNC === "false");
  return sync
    ? pino.destination({ dest, sync: true })
    : pino.destination({ dest, sync: false, minLength: LOG_BATCH_BYTES, maxWrite: LOG_WRITE_MAX_BYTES, periodicFlush: LOG_FLUSH_INTERVAL_MS });
}

/** The process's logger (JSON to stdout, {@link processDestination}). */
export let logger: Logger = createLogger(processDestination());

/**
 * Writes the lines the process's logger still holds (the graceful shutdown may await it before
 * `process.exit`; the exit itself also flushes).
 *
 * @returns resolves when the destination has written them (at once for a synchronous one); never rejects
 */
export function flushLogs(): Promise<void> {
  return new Promise((resolve) => {
    try {
      logger.flush(() => resolve());
    } catch {
      resolve();
    }
  });
}

/** Replaces the process's logger (tests capture entries with their own destination). */
export function setLogger(next: Logger): void {
  logger = next;
}

/**
 * Masks an e-mail address for logs: first character, `***`, the domain (`a***@exempel.se`).
 *
 * @param email any text
 * @returns the masked address, or `***` when it is not an address
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email[0]}***${email.slice(at)}`;
}

/**
 * Logs a named auth or moderation event (e.g. `auth.sign_in_failed`, `moderation.block`).
 *
 * @param event dotted event name
 * @param fields ids, masked e-mail addresses, outcomes — never passwords or tokens
 */
export function logEvent(event: string, fields: Record<string, unknown> = {}): void {
  logger.info({ event, ...fields }, event);
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,100}$/;

/**
 * The `request` entries' logger: a child of the process's logger without redaction. The entry
 * has only the fields the middleware sets (method, path without the query, status, ms, sample),
 * none of them a secret by name, and redaction doubled the cost of a line (4.7 → 2.2 µs of CPU,
 * docs/performance.md).
 */
const requestLoggers = new WeakMap<Logger, Logger>();
function requestLogger(): Logger {
  let child = requestLoggers.get(logger);
  if (!child) {
    child = logger.child({}, { redact: { paths: [] } });
    requestLoggers.set(logger, child);
  }
  return child;
}

/**
 * Reads `LOG_REQUEST_SAMPLE`: the share of successful GET/HEAD request lines to write.
 *
 * @param value the variable's text; unset or empty means 1 (every line)
 * @returns a number from 0 to 1
 * @throws {ConfigError} when the value is not a number from 0 to 1
 */
export function requestSampleRate(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return 1;
  const rate = Number(value);
  if (!Number.isFinite(rate) || rate < 0 || rate > 1) throw new ConfigError("LOG_REQUEST_SAMPLE", cfg.logSample);
  return rate;
}

/**
 * Express middleware: request id, echo header, context for later entries, and one `request`
 * entry per answer.
 *
 * @param options.sample share (0–1) of 2xx GET/HEAD answers that get their `request` entry
 *   (default `LOG_REQUEST_SAMPLE`, else 1); a sampled entry carries `sample: <share>` so counts
 *   can be scaled back; other methods and statuses are always logged
 * @returns the middleware
 * @throws {ConfigError} for an invalid `LOG_REQUEST_SAMPLE`
 */
export function requestLogging(options: { sample?: number } = {}): RequestHandler {
  const sample = options.sample ?? requestSampleRate(process.env.LOG_REQUEST_SAMPLE);
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.headers["x-request-id"];
    const reqId = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader("X-Request-Id", reqId);
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const sampled = sample < 1 && (req.method === "GET" || req.method === "HEAD") && res.statusCode >= 200 && res.statusCode < 300;
      if (sampled && Math.random() >= sample) return;
      const entry = { method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10, ...(sampled ? { sample } : {}) };
      context.run({ reqId }, () => requestLogger().info(entry, "request"));
    });
    context.run({ reqId }, next);
  };
}

let bridged = false;

/**
 * Sends `console.log/info/warn/error/debug` through the logger as JSON (levels info, info,
 * warn, error, debug), so every existing log line of the server is structured and carries the
 * request id. Idempotent.
 */
export function installConsoleBridge(): void {
  if (bridged) return;
  bridged = true;
  const levels = { log: "info", info: "info", warn: "warn", error: "error", debug: "debug" } as const;
  for (const [method, level] of Object.entries(levels)) {
    (console as unknown as Record<string, (...args: unknown[]) => void>)[method] = (...args: unknown[]) => {
      const error = args.find((a): a is Error => a instanceof Error);
      const msg = format(...args.map((a) => (a instanceof Error ? a.message : a)));
      if (error) logger[level]({ err: error }, msg);
      else logger[level](msg);
    };
  }
}
