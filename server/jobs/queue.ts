/**
 * The forum's background work on a maintained PostgreSQL-backed job queue
 * (docs/decisions/028-job-queue.md): pg-boss, on the forum's own
 * database — the `pg` pool on PostgreSQL, the embedded PGlite instance otherwise — in its own
 * schema `pgboss`, created and migrated by pg-boss itself at start-up.
 *
 * Periodic jobs are pg-boss cron schedules: every instance runs the scheduler, pg-boss files each
 * occurrence once (a singleton per cron slot) and a job is claimed with `FOR UPDATE SKIP LOCKED`,
 * so a schedule fires once across several instances. Failed runs are retried with exponential
 * back-off and stay visible (state `failed`, the error in `output`) for the admin panel 'Jobb'.
 *
 * @module
 */
import { PgBoss, fromPglite, type Db as BossDb, type PGliteLike } from "pg-boss";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";

/** The PostgreSQL schema pg-boss installs into. */
export const JOB_SCHEMA = "pgboss";

/** One periodic job: a queue of its own, filled by a cron schedule. */
export interface JobDefinition {
  /** Queue name, e.g. `trending-refresh` (letters, digits, `-`, `_`). */
  name: string;
  /**
   * Cron expression in UTC: 5 fields (minute precision) or 6 with seconds first (tests).
   * `null`: no schedule, only jobs sent with {@link JobQueue.send}.
   */
  cron: string | null;
  /**
   * The work; a thrown error fails the attempt (retried with back-off, then `failed`). `data` is
   * what {@link JobQueue.send} was given (`null` for a scheduled run).
   */
  run: (data?: unknown) => Promise<unknown>;
  /** Retries after the first failed attempt (default 3). */
  retryLimit?: number;
  /** First retry delay in seconds, doubled each time (default 10; jittered by pg-boss). */
  retryDelaySeconds?: number;
  /** Longest retry delay in seconds (default 300). */
  retryDelayMaxSeconds?: number;
  /** Seconds an attempt may run before it counts as failed (default 900 = 15 min). */
  expireInSeconds?: number;
}

/** Options of {@link startJobQueue}. */
export interface JobQueueOptions {
  /** The jobs to register (queues, schedules and one worker each). */
  jobs: JobDefinition[];
  /** How often a worker looks for work, in seconds (default 5; tests 0.5). */
  pollingIntervalSeconds?: number;
  /**
   * How often the scheduler checks the cron schedules and forwards what is due, in seconds
   * (1–45; default pg-boss's own: a pass every 30 s across all instances, forwarding every 5 s).
   */
  cronIntervalSeconds?: number;
  /** A name for this instance in pg-boss's instance registry (default `forum`). */
  instanceName?: string;
}

/** The running queue of this instance. */
export interface JobQueue {
  /** The pg-boss instance (tests send jobs through it). */
  boss: PgBoss;
  /** The registered jobs, in registration order. */
  jobs: readonly JobDefinition[];
  /**
   * Queues one run of `name` now (outside its schedule).
   *
   * @param options.onceWithinSeconds at most one such run per slot of this many seconds across
   *   every instance (pg-boss's throttling singleton), e.g. the start-up runs of several instances
   * @param options.data the job's data, handed to its `run` (a push `seq` range)
   * @param options.key with `onceWithinSeconds`: the singleton key (default `send`)
   * @returns the job id, or `null` when pg-boss dropped it (that slot already has its run)
   */
  send(name: string, options?: { onceWithinSeconds?: number; data?: object; key?: string }): Promise<string | null>;
  /**
   * Stops the workers and the scheduler; idempotent. A run under way may finish for at most 5 s
   * (the server's graceful shutdown must end within 10 s).
   */
  stop(): Promise<void>;
}

/**
 * The pg-boss database adapter over the forum's own connection: the PGlite instance through
 * pg-boss's `fromPglite`, the `pg` pool through `executeSql` (a multi-statement text without
 * parameters goes down one connection, as pg-boss needs for its `BEGIN … COMMIT` blocks).
 */
function bossDatabase(database: Database): BossDb {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === "pglite") return fromPglite(client as PGliteLike);
  const pool = client as { query(text: string, values?: unknown[]): Promise<unknown> };
  return { executeSql: (text, values) => pool.query(text, values) as never };
}

/**
 * Starts the queue: installs or migrates pg-boss's schema, creates one queue per job with its
 * retry policy, (re)writes the cron schedules (a schedule no longer in `jobs` is removed) and
 * starts one worker per job (one run at a time per instance).
 *
 * @param database the open forum database (PostgreSQL or PGlite)
 * @param options see {@link JobQueueOptions}
 * @returns the running {@link JobQueue}
 * @throws when the database cannot be reached or pg-boss's migration fails
 */
export async function startJobQueue(database: Database, options: JobQueueOptions): Promise<JobQueue> {
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 5;
  const boss = new PgBoss({
    db: bossDatabase(database),
    backend: database.kind === "pglite" ? "pglite" : "postgres",
    schema: JOB_SCHEMA,
    application_name: "forum-jobs",
    ...(options.cronIntervalSeconds
      ? { cronMonitorIntervalSeconds: options.cronIntervalSeconds, cronWorkerIntervalSeconds: options.cronIntervalSeconds }
      : {}),
    instanceName: options.instanceName ?? "forum",
  });
  boss.on("error", (error: Error) => console.error("[jobb] kön:", error.message));
  await boss.start();
  const names = new Set(options.jobs.map((job) => job.name));
  for (const job of options.jobs) {
    const policy = {
      retryLimit: job.retryLimit ?? 3,
      retryDelay: job.retryDelaySeconds ?? 10,
      retryBackoff: true,
      retryDelayMax: job.retryDelayMaxSeconds ?? 300,
      expireInSeconds: job.expireInSeconds ?? 900,
    };
    if (await boss.getQueue(job.name)) await boss.updateQueue(job.name, policy);
    else await boss.createQueue(job.name, policy);
    if (job.cron) await boss.schedule(job.name, job.cron, null, { tz: "UTC" });
    else await boss.unschedule(job.name).catch(() => {});
    await boss.work(job.name, { pollingIntervalSeconds, batchSize: 1 }, async ([received]) => {
      await job.run(received?.data ?? null);
    });
  }
  for (const schedule of await boss.getSchedules()) {
    if (!names.has(schedule.name)) await boss.unschedule(schedule.name, schedule.key);
  }
  let stopping: Promise<void> | undefined;
  return {
    boss,
    jobs: options.jobs,
    send: (name, { onceWithinSeconds, data, key } = {}) =>
      boss.send(name, data ?? null, onceWithinSeconds ? { singletonKey: key ?? "send", singletonSeconds: onceWithinSeconds } : {}),
    stop: () => (stopping ??= boss.stop({ graceful: true, close: false, timeout: 5_000 })),
  };
}

/** What the admin panel 'Jobb' shows of one job. */
export interface JobStatus {
  /** Queue name. */
  name: string;
  /** Cron expression of its schedule (UTC), `null` without one. */
  cron: string | null;
  /** Waiting to run (created or retry). */
  queued: number;
  /** Running now. */
  active: number;
  /** Failed after their last retry (kept for pg-boss's retention). */
  failed: number;
  /** Completed and not yet deleted (pg-boss keeps them 7 days). */
  completed: number;
  /** When the latest run finished (completed or failed), `null` before the first. */
  lastRunAt: Date | null;
  /** State of that run. */
  lastState: "completed" | "failed" | null;
  /** Error message of the latest failed run, `null` without one. */
  lastError: string | null;
  /** When the schedule fires next, `null` without a schedule. */
  nextRunAt: Date | null;
}

/**
 * The status of every registered job, read from pg-boss's tables (counts per state, the latest
 * finished run, the latest error) and its cron schedule.
 *
 * @param database the forum database the queue runs on
 * @param queue the running queue (its job list and pg-boss's schedule preview)
 * @returns one {@link JobStatus} per job, in registration order
 */
export async function jobStatuses(database: Database, queue: JobQueue): Promise<JobStatus[]> {
  const names = queue.jobs.map((job) => job.name);
  const nameList = sql.join(names.map((n) => sql`${n}`), sql`, `);
  const counts = (await database.db.execute(sql`
    SELECT name, state::text AS state, count(*)::int AS n
    FROM pgboss.job WHERE name IN (${nameList}) GROUP BY name, state`)) as unknown as {
    rows: Array<{ name: string; state: string; n: number }>;
  };
  const last = (await database.db.execute(sql`
    SELECT DISTINCT ON (name) name, state::text AS state, completed_on, output
    FROM pgboss.job WHERE name IN (${nameList}) AND state IN ('completed', 'failed') AND completed_on IS NOT NULL
    ORDER BY name, completed_on DESC`)) as unknown as {
    rows: Array<{ name: string; state: "completed" | "failed"; completed_on: Date | string; output: unknown }>;
  };
  const lastFailed = (await database.db.execute(sql`
    SELECT DISTINCT ON (name) name, output
    FROM pgboss.job WHERE name IN (${nameList}) AND state = 'failed'
    ORDER BY name, completed_on DESC NULLS LAST`)) as unknown as { rows: Array<{ name: string; output: unknown }> };
  const schedules = new Map((await queue.boss.getSchedules()).map((s) => [s.name, s]));
  const now = new Date();
  return queue.jobs.map((job) => {
    const n = (states: string[]) =>
      counts.rows.filter((r) => r.name === job.name && states.includes(r.state)).reduce((sum, r) => sum + Number(r.n), 0);
    const latest = last.rows.find((r) => r.name === job.name);
    const failedRow = lastFailed.rows.find((r) => r.name === job.name);
    const schedule = schedules.get(job.name);
    const next = schedule ? queue.boss.previewSchedule(schedule.cron, { tz: schedule.timezone, from: now, count: 1 })[0] : undefined;
    return {
      name: job.name,
      cron: schedule?.cron ?? null,
      queued: n(["created", "retry"]),
      active: n(["active"]),
      failed: n(["failed"]),
      completed: n(["completed"]),
      lastRunAt: latest ? new Date(latest.completed_on) : null,
      lastState: latest?.state ?? null,
      lastError: failedRow ? errorMessage(failedRow.output) : null,
      nextRunAt: next ?? null,
    };
  });
}

/** The message pg-boss stored for a failed attempt (`output` holds the serialized error). */
function errorMessage(output: unknown): string {
  const value = typeof output === "string" ? safeJson(output) : output;
  if (value && typeof value === "object" && "message" in value && typeof value.message === "string") return value.message;
  return value == null ? "" : JSON.stringify(value);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
