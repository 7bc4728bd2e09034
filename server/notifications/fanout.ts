/**
 * The deferred follower fan-out of a popular author's new thread ("fan-out to a member
 * with 10,000 followers must not make the author wait"; docs/decisions/011).
 *
 * `notifyNewThread` records a `notification_fanouts` job in the thread's transaction; here the
 * job is worked off in batches of {@link FANOUT_BATCH} followers, each batch its own
 * transaction that inserts the rows, moves the job's cursor and announces the rows' `seq`
 * range on the live channel. Jobs are claimed with `FOR UPDATE SKIP LOCKED`, so several
 * instances can work at once without doing a batch twice, and a crash resumes at the cursor.
 * Followers are read when the batch runs (someone who follows in between is included).
 *
 * @module
 */
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { notificationFanouts, userFollows } from "../db/schema";
import { insertFanOut } from "./commands";

/** Followers per batch transaction. */
export const FANOUT_BATCH = 2000;

/**
 * Works off every pending fan-out job.
 *
 * @param options.batchSize followers per transaction (default {@link FANOUT_BATCH})
 * @returns how many notifications were created
 * @throws the database error of a failed batch (that batch is rolled back; the job stays)
 */
export async function runPendingFanOuts(db: Db, options: { batchSize?: number } = {}): Promise<number> {
  const batchSize = options.batchSize ?? FANOUT_BATCH;
  let total = 0;
  for (;;) {
    const step = await db.transaction(async (tx) => {
      const [job] = await tx
        .select()
        .from(notificationFanouts)
        .orderBy(asc(notificationFanouts.id))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!job) return null;
      const followers = sql`SELECT ${userFollows.followerId} AS user_id FROM ${userFollows}
        WHERE ${userFollows.followingId} = ${job.actorId} AND ${userFollows.followerId} > ${job.cursor}
        ORDER BY ${userFollows.followerId} LIMIT ${batchSize}`;
      const [last] = (
        (await tx.execute(sql`SELECT max(user_id) AS last, count(*)::int AS n FROM (${followers}) f`)) as unknown as {
          rows: Array<{ last: string | null; n: number }>;
        }
      ).rows;
      const { created } = await insertFanOut(
        tx,
        [sql`SELECT f.user_id, 'new_thread'::text AS type, 1 AS prio, ${job.threadId}::uuid AS reference_id FROM (${followers}) f`],
        { actor: { id: job.actorId, nickname: job.actorNickname }, title: job.title, categoryId: job.categoryId, threadId: job.threadId },
      );
      if (!last?.last || Number(last.n) < batchSize) {
        await tx.delete(notificationFanouts).where(eq(notificationFanouts.id, job.id));
      } else {
        await tx.update(notificationFanouts).set({ cursor: last.last }).where(eq(notificationFanouts.id, job.id));
      }
      return created;
    });
    if (step === null) return total;
    total += step;
  }
}

const running = new WeakMap<Db, Promise<number>>();

/**
 * Starts working off pending jobs in the background (once at a time per database handle) and
 * returns at once; failures are logged and retried by the queue's `fanout-sweep` job every minute (server/jobs/forum-jobs.ts).
 *
 * @returns the run's promise (tests may await it)
 */
export function kickFanOut(db: Db): Promise<number> {
  const current = running.get(db);
  if (current) {
    // A run is going on; run again after it, so a job recorded meanwhile is not left waiting.
    const next = current.then(() => kickFanOut(db));
    return next;
  }
  const run = runPendingFanOuts(db)
    .catch((error: Error) => {
      console.error("[notifieringar] utskicket till följare misslyckades:", error.message);
      return 0;
    })
    .finally(() => running.delete(db));
  running.set(db, run);
  return run;
}
