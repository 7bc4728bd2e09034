/**
 * "The database cannot be reached" as one answer (faults;
 * docs/decisions/016-faults.md): while PostgreSQL restarts or the network to it is down, every
 * loader and action that hits the database answers **503 with `Retry-After`** and a Swedish
 * text, never the 500 error page. The app keeps running; the `pg` pool opens fresh connections
 * once the server is back, so recovery needs no restart.
 *
 * @module
 */
import { data } from "react-router";
import type { ServerBuild } from "react-router";
import { unavailable } from "../../domain/i18n/sv";
import { servicesContext, type Services } from "../platform/services";

/** Seconds a client is asked to wait before retrying (the `Retry-After` header). */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

/** Socket-level error codes of a lost or refused database connection. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * PostgreSQL SQLSTATEs meaning "the server is going away, starting, or the connection broke":
 * class 08 (connection exception), 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03
 * cannot_connect_now, 53300 too_many_connections.
 */
const SQLSTATES = /^(08...|57P0[123]|53300)$/;

/** Messages of `pg` / `pg-pool` for connections that died or could not be made in time. */
const MESSAGES = [
  /Connection terminated/i, // "…unexpectedly", "…due to connection timeout"
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /Client was closed and is not queryable/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /terminating connection due to administrator command/i,
];

/**
 * Whether an error means the database is unreachable (as opposed to a bug or bad data):
 * looks at the error and up to 5 levels of `cause` (Drizzle wraps driver errors in
 * `DrizzleQueryError`), and into `AggregateError`s (Node's `connect` to several addresses).
 *
 * @param error anything thrown
 * @returns true for refused/reset/timed-out connections, PostgreSQL shutdown/startup codes,
 *   `pg`'s "Connection terminated" family and better-auth's `FAILED_TO_GET_SESSION`; false
 *   otherwise (including `undefined`)
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length && seen.size < 12) {
    const e = queue.shift();
    if (!e || typeof e !== "object" || seen.has(e)) continue;
    seen.add(e);
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (NETWORK_CODES.has(code) || SQLSTATES.test(code))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === "string" && MESSAGES.some((m) => m.test(message))) return true;
    // better-auth answers any failure of its session lookup (a database read) with this code
    // and drops the driver's error; a ping right after may already succeed while PostgreSQL is
    // still starting, so the code itself counts.
    if ((e as { body?: { code?: unknown } }).body?.code === "FAILED_TO_GET_SESSION") return true;
    queue.push((e as { cause?: unknown }).cause);
    const inner = (e as { errors?: unknown }).errors;
    if (Array.isArray(inner)) queue.push(...inner);
  }
  return false;
}

/** Headers of every "database unavailable" answer. */
function unavailableHeaders(): Record<string, string> {
  return { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_S), "Cache-Control": "no-store" };
}

/**
 * The 503 JSON answer for API routes: `{ ok: false, error: <Swedish text> }`.
 *
 * @returns a `Response` with status 503, `Retry-After` and `Cache-Control: no-store`
 */
export function unavailableJson(): Response {
  return Response.json({ ok: false, error: unavailable.json }, { status: 503, headers: unavailableHeaders() });
}

/**
 * The 503 route error for pages: thrown from a loader or action it reaches the error boundary
 * (app/root.tsx and the routes' own boundaries), which shows {@link unavailable}.
 *
 * @returns `data({ unavailable: true }, 503)` with `Retry-After`
 */
export function unavailablePage() {
  return data({ unavailable: true as const, message: unavailable.text }, { status: 503, headers: unavailableHeaders() });
}

let lastLogged = 0;
/** One log line per 5 s at most while the database is away (instead of a stack per request). */
function logUnavailable(error: unknown): void {
  const now = Date.now();
  if (now - lastLogged < 5000) return;
  lastLogged = now;
  const e = error as { message?: string; cause?: { message?: string } };
  console.error(`[db] databasen svarar inte, svarar 503: ${e?.cause?.message ?? e?.message ?? String(error)}`);
}

type Handler = (args: unknown) => unknown;

/**
 * Whether the database is away when an error is not recognisable as such: libraries that wrap
 * driver errors without a `cause` (better-auth's "Failed to get session") are caught by a ping.
 */
async function databaseAway(error: unknown, args: unknown): Promise<boolean> {
  if (isDatabaseUnavailable(error)) return true;
  if (error instanceof Response || (error as { type?: unknown })?.type === "DataWithResponseInit") return false;
  try {
    const context = (args as { context?: { get(c: typeof servicesContext): Services } }).context;
    const services = context?.get(servicesContext);
    return services ? !(await services.database.ping(1000)) : false;
  } catch {
    return false;
  }
}

/** Wraps a loader or action: a database-unavailable error becomes the 503 answer. */
function guard(handler: Handler, resource: boolean): Handler {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      if (!(await databaseAway(error, args))) throw error;
      logUnavailable(error);
      // A thrown Response is the answer of a resource route as it is; a page's route error
      // reaches its error boundary.
      throw resource ? unavailableJson() : unavailablePage();
    }
  };
}

/**
 * Returns the server build with every route's `loader` and `action` guarded: a thrown
 * database-unavailable error (see {@link isDatabaseUnavailable}; or any other error while the
 * database does not answer a 1-second ping) becomes a 503 — the JSON
 * answer of {@link unavailableJson} for resource routes (no component: `/api/*`, `/healthz`),
 * the route error of {@link unavailablePage} for pages (documents and `.data` requests alike).
 * Other errors pass unchanged.
 *
 * @param build the build from `virtual:react-router/server-build`
 * @returns a new build object (the original is not modified)
 */
export function guardDatabaseUnavailable(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const module = { ...route.module } as Record<string, unknown>;
    const resource = module.default == null && module.ErrorBoundary == null;
    for (const key of ["loader", "action"] as const) {
      const fn = module[key];
      if (typeof fn === "function") module[key] = guard(fn as Handler, resource);
    }
    routes[id] = { ...route, module: module as unknown as typeof route.module };
  }
  return { ...build, routes };
}
