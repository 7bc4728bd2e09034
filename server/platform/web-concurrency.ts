/**
 * How many worker processes serve the forum (`WEB_CONCURRENCY`;
 * docs/decisions/037-worker-processes.md). Read twice: by `server/platform/config.ts`, which refuses an
 * invalid value with a message naming the variable, and by `server.js` before anything else is
 * loaded, which decides from it whether to start a cluster primary (`server/platform/cluster.ts`). So this
 * module imports nothing and uses only syntax Node's type stripping runs as it is.
 *
 * @module
 */

/** The highest `WEB_CONCURRENCY` accepted: each worker holds its own pool of database connections. */
export const WEB_CONCURRENCY_MAX = 64;

/** The variables the worker count depends on. */
export interface WebConcurrencyEnv {
  /** Requested number of worker processes: a whole number 1–{@link WEB_CONCURRENCY_MAX}, or unset/empty. */
  WEB_CONCURRENCY?: string | undefined;
  /** PostgreSQL connection string; unset or empty means the embedded PGlite database. */
  DATABASE_URL?: string | undefined;
}

/** The outcome of {@link webConcurrency}: a worker count, or why the setting cannot be used. */
export type WebConcurrency = { workers: number } | { problem: "notANumber" | "pgliteSingle" };

/**
 * The number of worker processes.
 *
 * Default (`WEB_CONCURRENCY` unset or empty): on PostgreSQL (`DATABASE_URL` set) one per core when
 * the database server is another machine, and one per core but one (at least 1) when it runs on
 * this machine ({@link isLocalDatabase}), which leaves it a core: on the 2-core bench machine one
 * process served every page as fast as two and held half the memory (decision 041). 1
 * on the embedded PGlite, whose folder one process owns (`server/db/server-lock.ts`). 1 means the
 * single process, without a cluster primary.
 *
 * @param env the environment (only `WEB_CONCURRENCY` and `DATABASE_URL` are read)
 * @param cores the machine's usable cores (`os.availableParallelism()`), at least 1
 * @returns `{ workers }` (1–{@link WEB_CONCURRENCY_MAX}), or `{ problem }`: `notANumber` when the
 *   value is not a whole number in range, `pgliteSingle` when more than one process is asked for
 *   on PGlite. Never throws.
 */
export function webConcurrency(env: WebConcurrencyEnv, cores: number): WebConcurrency {
  const postgres = (env.DATABASE_URL ?? "").trim() !== "";
  const raw = (env.WEB_CONCURRENCY ?? "").trim();
  if (raw === "") {
    if (!postgres) return { workers: 1 };
    const usable = Math.floor(cores) - (isLocalDatabase(env.DATABASE_URL ?? "") ? 1 : 0);
    return { workers: Math.max(1, Math.min(WEB_CONCURRENCY_MAX, usable)) };
  }
  if (!/^\d+$/.test(raw)) return { problem: "notANumber" };
  const workers = Number(raw);
  if (workers < 1 || workers > WEB_CONCURRENCY_MAX) return { problem: "notANumber" };
  if (workers > 1 && !postgres) return { problem: "pgliteSingle" };
  return { workers };
}

/**
 * Whether a PostgreSQL connection string names a server on this machine: host `localhost`, a
 * loopback address (127.0.0.0/8, ::1), a Unix socket (a `host` that is a path, or no host), so the
 * database shares this machine's cores with the forum.
 *
 * @param databaseUrl the connection string (`postgres://user@host:port/db?host=…`)
 * @returns true for a local server; false for another host or a string that is not a URL. Never
 *   throws.
 */
export function isLocalDatabase(databaseUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(databaseUrl.trim());
  } catch {
    return false;
  }
  const socket = url.searchParams.get("host");
  if (socket?.startsWith("/")) return true;
  const host = decodeURIComponent(url.hostname).replace(/^\[|\]$/g, "").toLowerCase();
  return host === "" || host === "localhost" || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host) || host.startsWith("/");
}
