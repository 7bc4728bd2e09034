/**
 * Structured logs (issue "Hardening": "structured JSON logs with request ids; authentication and
 * moderation events logged without passwords, tokens or full e-mail addresses").
 *
 * - One JSON line per entry through pino (`level`, `time`, `msg`, `reqId`, fields).
 * - {@link requestLogging}: a request id per request (a valid incoming `X-Request-Id`, else a
 *   new UUID), echoed as `X-Request-Id`, kept in AsyncLocalStorage so every entry written while
 *   the request is handled carries it, and one `request` entry when the answer is sent (method,
 *   path **without the query string**, where reset and magic-link tokens travel; status; ms).
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

/** The process's logger (JSON to stdout). */
export let logger: Logger = createLogger();

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
 * Express middleware: request id, echo header, context for later entries, and one `request`
 * entry per answer.
 *
 * @returns the middleware
 */
export function requestLogging(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.headers["x-request-id"];
    const reqId = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader("X-Request-Id", reqId);
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      context.run({ reqId }, () =>
        logger.info({ method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, "request"),
      );
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
