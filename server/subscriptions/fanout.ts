/**
 * The deferred subscriber batch of a comment on a thread with many subscribers ('Bevaka
 * tråd': "a thread with thousands of subscribers must not make the commenter wait";
 * docs/decisions/026). The same pattern as the follower fan-out of decision 011:
 * `notifySubscribers` records a `subscription_fanouts` job in the comment's transaction; here it
 * is worked off in batches of {@link SUBSCRIPTION_BATCH} subscribers, each batch its own
 * transaction that upserts the rows, moves the job's cursor and announces the rows. Jobs are
 * claimed with `FOR UPDATE SKIP LOCKED` (several instances never do a batch twice; a crash
 * resumes at the cursor); the follower fan-out's sweep (every 10 s) also runs these.
 *
 * @module
 */
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { subscriptionFanouts } from "../db/schema";
import { subscribersOf, upsertBatch } from "./commands";

/** Subscribers per batch transaction. */
export const SUBSCRIPTION_BATCH = 2000;

/**
 * Works off every pending subscriber batch job.
 *
 * @param options.batchSize subscribers per transaction (default {@link SUBSCRIPTION_BATCH})
 * @returns how many notifications were created or bumped
 * @throws the database error of a failed batch (that batch is rolled back; the job stays)
 */
export async function runPendingSubscriptionFanOuts(db: Db, options: { batchSize?: number } = {}): Promise<number> {
  const batchSize = options.batchSize ?? SUBSCRIPTION_BATCH;
  let total = 0;
  for (;;) {
    const step = await db.transaction(async (tx) => {
      const [job] = await tx
        .select()
        .from(subscriptionFanouts)
        .orderBy(asc(subscriptionFanouts.id))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!job) return null;
      const page = subscribersOf(job.threadId, job.toldIds, job.actorId, { cursor: job.cursor, limit: batchSize });
      const [last] = (
        (await tx.execute(sql`SELECT max(user_id) AS last, count(*)::int AS n FROM (${page}) p`)) as unknown as {
          rows: Array<{ last: string | null; n: number }>;
        }
      ).rows;
      const notified = await upsertBatch(tx, page, job);
      if (!last?.last || Number(last.n) < batchSize) {
        await tx.delete(subscriptionFanouts).where(eq(subscriptionFanouts.id, job.id));
      } else {
        await tx.update(subscriptionFanouts).set({ cursor: last.last }).where(eq(subscriptionFanouts.id, job.id));
      }
      return notified;
    });
    if (step === null) return total;
    total += step;
  }
}

const running = new WeakMap<Db, Promise<number>>();

/**
 * Starts working off pending jobs in the background (once at a time per database handle) and
 * returns at once; failures are logged and retried by the sweep.
 *
 * @returns the run's promise (tests may await it)
 */
export function kickSubscriptionFanOut(db: Db): Promise<number> {
  const current = running.get(db);
  if (current) return current.then(() => kickSubscriptionFanOut(db));
  const run = runPendingSubscriptionFanOuts(db)
    .catch((error: Error) => {
      console.error("[notifieringar] utskicket till trådens bevakare misslyckades:", error.message);
      return 0;
    })
    .finally(() => running.delete(db));
  running.set(db, run);
  return run;
}
