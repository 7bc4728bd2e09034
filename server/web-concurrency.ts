/**
 * How many worker processes serve the forum (`WEB_CONCURRENCY`, issue 21 "Use every core";
 * docs/decisions/037-worker-processes.md). Read twice: by `server/config.ts`, which refuses an
 * invalid value with a message naming the variable, and by `server.js` before anything else is
 * loaded, which decides from it whether to start a cluster primary (`server/cluster.ts`). So this
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
 * Default (`WEB_CONCURRENCY` unset or empty): `cores` on PostgreSQL (`DATABASE_URL` set), 1 on the
 * embedded PGlite, whose folder one process owns (`server/db/server-lock.ts`). 1 means today's
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
  if (raw === "") return { workers: postgres ? Math.max(1, Math.min(WEB_CONCURRENCY_MAX, Math.floor(cores))) : 1 };
  if (!/^\d+$/.test(raw)) return { problem: "notANumber" };
  const workers = Number(raw);
  if (workers < 1 || workers > WEB_CONCURRENCY_MAX) return { problem: "notANumber" };
  if (workers > 1 && !postgres) return { problem: "pgliteSingle" };
  return { workers };
}
