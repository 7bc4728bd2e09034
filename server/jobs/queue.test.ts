/**
 * The pg-boss queue on the forum's database —
 * a sent job runs, a throttled send runs once per slot, a failing job is retried with back-off
 * and then shows as failed with its error, and (PostgreSQL) a cron schedule fires once per
 * minute with two instances running the scheduler on the same database.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/client";
import { createTestDatabaseUrl, openTestDatabase } from "../testing/harness";
import { jobStatuses, startJobQueue, type JobQueue } from "./queue";

/** Resolves once `check` holds, polling every 100 ms; fails after `timeoutMs`. */
async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("job queue on the forum database", () => {
  let database: Database;
  let drop: () => Promise<void>;
  let queue: JobQueue;
  const runs: number[] = [];
  const attempts: number[] = [];

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await database.migrate();
    queue = await startJobQueue(database, {
      pollingIntervalSeconds: 0.5,
      jobs: [
        { name: "test-ok", cron: null, run: async () => void runs.push(Date.now()) },
        {
          name: "test-fails",
          cron: null,
          retryLimit: 2,
          retryDelaySeconds: 1,
          run: async () => {
            attempts.push(Date.now());
            throw new Error("Databasen svarade inte");
          },
        },
        { name: "test-scheduled", cron: "0 3 * * *", run: async () => {} },
      ],
    });
  }, 60_000);
  afterAll(async () => {
    await queue?.stop();
    await drop?.();
  });

  it("runs a job sent to it and shows it as completed with its last run", { timeout: 30_000 }, async () => {
    await queue.send("test-ok");
    await until(async () => (await jobStatuses(database, queue)).find((s) => s.name === "test-ok")!.completed === 1);
    expect(runs).toHaveLength(1);
    const status = (await jobStatuses(database, queue)).find((s) => s.name === "test-ok")!;
    expect(status).toMatchObject({ queued: 0, active: 0, failed: 0, completed: 1, lastState: "completed", lastError: null });
    expect(status.lastRunAt!.getTime()).toBeGreaterThan(Date.now() - 30_000);
  });

  it("runs a job sent with onceWithinSeconds once per slot (a day here: no slot boundary mid-test)", { timeout: 30_000 }, async () => {
    const before = runs.length;
    const first = await queue.send("test-ok", { onceWithinSeconds: 86_400 });
    const second = await queue.send("test-ok", { onceWithinSeconds: 86_400 });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    await until(async () => (await jobStatuses(database, queue)).find((s) => s.name === "test-ok")!.completed === 2);
    expect(runs.length - before).toBe(1);
    // Also after the run has finished (another instance starting a minute later).
    expect(await queue.send("test-ok", { onceWithinSeconds: 86_400 })).toBeNull();
  });

  it("retries a failing job with growing delays, then shows it as failed with the error", { timeout: 40_000 }, async () => {
    await queue.send("test-fails");
    await until(async () => (await jobStatuses(database, queue)).find((s) => s.name === "test-fails")!.failed === 1, 35_000);
    // The first attempt and two retries.
    expect(attempts).toHaveLength(3);
    const status = (await jobStatuses(database, queue)).find((s) => s.name === "test-fails")!;
    expect(status).toMatchObject({ queued: 0, failed: 1, lastState: "failed", lastError: "Databasen svarade inte" });
    // Exponential back-off from 1 s: the first retry after 1–2 s, the second after 2–4 s.
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(950);
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(1950);
  });

  it("shows the schedule and its next run", async () => {
    const status = (await jobStatuses(database, queue)).find((s) => s.name === "test-scheduled")!;
    expect(status.cron).toBe("0 3 * * *");
    expect(status.nextRunAt!.getUTCHours()).toBe(3);
    expect(status.nextRunAt!.getTime()).toBeGreaterThan(Date.now());
    expect(status.lastRunAt).toBeNull();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "a schedule with two instances (PostgreSQL only: PGlite is one process's embedded database, there is no second instance)",
  () => {
    it("fires once per minute across two instances running the scheduler", { timeout: 60_000 }, async () => {
      const fresh = (await createTestDatabaseUrl())!;
      const a = await openDatabase({ databaseUrl: fresh.url, poolSize: 4 });
      const b = await openDatabase({ databaseUrl: fresh.url, poolSize: 4 });
      const runsBy: Record<string, number> = { a: 0, b: 0 };
      const start = (database: Database, who: string) =>
        startJobQueue(database, {
          instanceName: who,
          pollingIntervalSeconds: 0.5,
          cronIntervalSeconds: 1,
          jobs: [{ name: "tick", cron: "* * * * *", run: async () => void runsBy[who]!++ }],
        });
      // The 5 s stay inside one minute: pg-boss files the final job without a singleton slot, so
      // two jobs of two minutes cannot be told from two of one (seen 2026-11-26 in CI: created
      // 19:24:58.5 and 19:25:00.5, the first the 19:25 occurrence filed early for clock skew).
      const second = new Date().getUTCSeconds();
      if (second >= 50 || second < 2) await new Promise((r) => setTimeout(r, ((62 - second) % 60) * 1000));
      try {
        const [qa, qb] = await Promise.all([start(a, "a"), start(b, "b")]);
        // Both schedulers make a pass every second: several passes each within the minute's slot.
        await new Promise((r) => setTimeout(r, 5_000));
        await Promise.all([qa.stop(), qb.stop()]);
        const jobs = (
          (await a.db.execute(
            sql`SELECT singleton_on, singleton_key, state::text AS state, created_on FROM pgboss.job WHERE name = 'tick'`,
          )) as unknown as {
            rows: Array<{ singleton_on: string; singleton_key: string | null; state: string; created_on: string }>;
          }
        ).rows;
        const total = runsBy.a! + runsBy.b!;
        // pg-boss files the minute's occurrence once across both instances, and one of them runs it
        // once. The rows are in the message so a failure shows their times.
        expect(jobs.length, JSON.stringify(jobs)).toBe(1);
        expect(jobs[0]!.state).toBe("completed");
        expect(total).toBe(1);
      } finally {
        await a.close();
        await b.close();
        await fresh.drop();
      }
    });
  },
);
