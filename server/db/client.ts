/**
 * Database handle: embedded PGlite (real PostgreSQL in WASM) when no `DATABASE_URL` is given, a
 * `pg` pool otherwise; the same Drizzle schema, SQL and migrations on both (ARCHITECTURE.md).
 * PGlite and its Drizzle driver are imported only when PGlite is opened, so a process on
 * PostgreSQL never loads them (memory budget, docs/decisions/041-memory-settings.md).
 *
 * @module
 */
import { mkdirSync } from "node:fs";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { migrationsFolder } from "../platform/data-dir";
import * as schema from "./schema";

/** Drizzle database over either driver, typed with the forum schema. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle, usable wherever a {@link Db} is. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** An open database and how to close it. */
export interface Database {
  /** Drizzle handle for queries and transactions. */
  db: Db;
  /** Which engine is behind `db`. */
  kind: "pglite" | "postgres";
  /** Applies every pending migration of `server/db/migrations`; idempotent. */
  migrate(): Promise<void>;
  /** Runs `SELECT 1`; resolves `true` when the database answers within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<boolean>;
  /**
   * Subscribes to a PostgreSQL `LISTEN` channel (realtime, ARCHITECTURE.md "Data and
   * realtime across instances"). On `pg` a dedicated connection outside the pool carries the
   * LISTEN and connects again after a failure — a lost connection and a failed first connect
   * alike (a slow start must not leave the instance deaf for good) — after
   * 0.5 s, then every 2 s at most: back within seconds of a database restart,
   * docs/decisions/016-faults.md. On PGlite the embedded database's own listener is used.
   *
   * @param channel channel name (a plain identifier)
   * @param onPayload called with each `pg_notify` payload (text), in commit order
   * @param onReconnect called once the LISTEN connection is (re-)established after a failure:
   *   notifications sent while it was down are lost, so subscribers should catch up from the
   *   tables
   * @returns a function that stops listening; resolves after the first attempt, whether it
   *   connected or not ({@link Database.listening} tells)
   * @throws only for an invalid channel name
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  /**
   * Whether every subscription of {@link Database.listen} has its LISTEN connection up (always
   * true on PGlite and when nothing listens). `/healthz` reports `degraded` while it is false.
   */
  listening(): boolean;
  /** Closes the pool or the embedded database (and any LISTEN connection). */
  close(): Promise<void>;
}

/** Where to open the database. */
export interface OpenOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data folder (created if missing), or `memory://` for an in-memory database. */
  pgliteDir?: string;
  /**
   * A PGlite data folder as `PGlite.dumpDataDir` wrote it (an uncompressed tar), to start an
   * in-memory database from instead of an empty cluster. Tests start from a migrated snapshot
   * (server/testing/pglite-snapshot.ts): about 1 s instead of 5 s per database. Ignored on
   * PostgreSQL.
   */
  pgliteStart?: Blob;
  /** Maximum pool size for `pg` (default 10). */
  poolSize?: number;
}

/**
 * Opens the database (does not migrate; call {@link Database.migrate}).
 *
 * @param options see {@link OpenOptions}
 * @returns the open {@link Database}
 * @throws when PGlite cannot open its folder or the `pg` pool cannot be created
 */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const folder = migrationsFolder();
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
    });
    // An idle client's error (server restart) must not crash the process; the pool replaces it.
    pool.on("error", (err) => console.error("[db] idle client error:", err.message));
    // A connection the server drops while it is checked out (between a transaction's
    // statements, PostgreSQL restarting) emits 'error' with no listener attached — an uncaught
    // exception that would end the process. The statement under way or the next one fails
    // instead ("not queryable", mapped to 503 by server/db/unavailable.ts) and the pool drops
    // the client when it is released.
    pool.on("connect", (client) => client.on("error", () => {}));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const listeners = new Map<() => Promise<void>, PgListener>();
    return {
      db,
      kind: "postgres",
      listen: async (channel, onPayload, onReconnect) => {
        const listener = listenPg(options.databaseUrl!, channel, onPayload, onReconnect);
        const unlisten = async () => {
          listeners.delete(unlisten);
          await listener.stop();
        };
        listeners.set(unlisten, listener);
        await listener.started;
        return unlisten;
      },
      listening: () => [...listeners.values()].every((l) => l.isListening()),
      migrate: async () => {
        await migratePg(db as never, { migrationsFolder: folder });
      },
      ping: (timeoutMs = 2000) => pingWith(() => pool.query("SELECT 1"), timeoutMs),
      close: async () => {
        await Promise.all([...listeners.keys()].map((stop) => stop()));
        await pool.end();
      },
    };
  }
  const dir = options.pgliteDir ?? "memory://";
  if (!dir.startsWith("memory://")) mkdirSync(dir, { recursive: true });
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  const client = await PGlite.create(dir, {
    extensions: { pg_trgm },
    ...(options.pgliteStart ? { loadDataDir: options.pgliteStart } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder: folder });
    },
    ping: (timeoutMs = 2000) => pingWith(() => client.query("SELECT 1"), timeoutMs),
    listening: () => true,
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: () => client.close(),
  };
}

/** First wait (ms) before a lost LISTEN connection is made again. */
const RETRY_FIRST_MS = 500;
/** Longest wait (ms) between two attempts while the database stays away. */
const RETRY_MAX_MS = 2000;

/** One LISTEN subscription on `pg`. */
interface PgListener {
  /** Settles after the first connection attempt, successful or not. */
  started: Promise<void>;
  /** True while the LISTEN connection is up. */
  isListening(): boolean;
  /** Stops listening and ends the connection. */
  stop(): Promise<void>;
}

/**
 * A LISTEN on its own `pg` connection that comes back after the server or network drops it, and
 * keeps trying when the first connect fails.
 */
function listenPg(
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
): PgListener {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name: ${channel}`);
  let stopped = false;
  let client: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = RETRY_FIRST_MS;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
    c.on("notification", (msg) => {
      if (msg.channel === channel) onPayload(msg.payload ?? "");
    });
    const lost = (why: string) => {
      if (stopped || client !== c) return;
      client = null;
      console.error(`[db] LISTEN ${channel} avbruten (${why}); ansluter igen`);
      c.end().catch(() => {});
      scheduleRetry();
    };
    c.on("error", (err) => lost(err.message));
    c.on("end", () => lost("end"));
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (error) {
      c.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    delay = RETRY_FIRST_MS;
  };
  const scheduleRetry = () => {
    if (stopped) return;
    retryTimer = setTimeout(() => {
      connect()
        .then(() => {
          if (!stopped) onReconnect?.();
        })
        .catch((err: Error) => {
          console.error(`[db] LISTEN ${channel}: ${err.message}`);
          delay = Math.min(delay * 2, RETRY_MAX_MS);
          scheduleRetry();
        });
    }, delay);
  };
  const started = connect().catch((err: Error) => {
    // Not listening yet (a slow or unreachable database at start-up): keep trying, and let the
    // subscriber catch up once connected, as after a lost connection.
    console.error(`[db] LISTEN ${channel}: ${err.message}; försöker igen`);
    scheduleRetry();
  });
  return {
    started,
    isListening: () => client !== null,
    stop: async () => {
      stopped = true;
      clearTimeout(retryTimer);
      const c = client;
      client = null;
      if (c) await c.end().catch(() => {});
    },
  };
}

async function pingWith(query: () => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      query().then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
