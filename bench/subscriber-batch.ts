/**
 * Subscriber batch benchmark ('Bevaka tråd': "a thread with thousands of subscribers
 * must not make the commenter wait"). Creates a thread with `BENCH_SUBSCRIBERS` (default 5 000)
 * subscribers and times `createComment`, 20 runs after 3 warm-up runs each:
 * - on a thread without subscribers (the baseline);
 * - on the big thread with the batch deferred to its job (the default above 500 subscribers);
 * - comment → every subscriber's row written (the job worked off);
 * - with the batch forced inline: while every row is read (N inserts) and unread (N bumps).
 * Figures in docs/decisions/026-thread-subscriptions.md.
 *
 * ```sh
 * TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/subscriber-batch.ts
 * npx tsx bench/subscriber-batch.ts          # embedded PGlite
 * ```
 *
 * @module
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { openDatabase } from "../server/db/client";
import { createComment, createThread } from "../server/forum/commands";
import { ensureDefaultCategories } from "../server/forum/default-categories";
import { createTestDatabaseUrl } from "../server/testing/harness";
import { setSubscribersInlineLimit } from "../server/subscriptions/commands";
import { kickSubscriptionFanOut, SUBSCRIPTION_BATCH } from "../server/subscriptions/fanout";

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 5_000);
const RUNS = 20;
const WARMUP = 3;

async function main() {
  const fresh = await createTestDatabaseUrl();
  const database = await openDatabase(fresh ? { databaseUrl: fresh.url } : { pgliteDir: "memory://" });
  try {
    await database.migrate();
    await ensureDefaultCategories(database.db);
    const db = database.db;
    await db.execute(sql`
      INSERT INTO "user" (id, name, email, email_verified, username)
      SELECT 'sub' || g, 'sub' || g, 'sub' || g || '@exempel.se', true, 'sub' || g FROM generate_series(0, ${SUBSCRIBERS + 1}) g`);
    await db.execute(sql`INSERT INTO profiles (id, nickname) SELECT id, name FROM "user" WHERE id LIKE 'sub%' ON CONFLICT DO NOTHING`);
    const [cat] = (await db.execute(sql`SELECT id FROM categories LIMIT 1`) as unknown as { rows: Array<{ id: string }> }).rows;
    const op = { id: "sub0", nickname: "sub0", role: "member" as const };
    const commenter = { id: `sub${SUBSCRIBERS + 1}`, nickname: `sub${SUBSCRIBERS + 1}`, role: "member" as const };
    const quiet = (await createThread(db, op, { categoryId: cat!.id, title: "Tyst tråd", body: "Text" })).id;
    const big = (await createThread(db, op, { categoryId: cat!.id, title: "Stor tråd", body: "Text" })).id;
    await db.execute(sql`
      INSERT INTO thread_subscriptions (user_id, thread_id)
      SELECT 'sub' || g, ${big}::uuid FROM generate_series(1, ${SUBSCRIBERS}) g ON CONFLICT DO NOTHING`);

    let serial = 0;
    const time = async (label: string, threadId: string, options: { waitForBatch?: boolean; before?: () => Promise<unknown> } = {}) => {
      const ms: number[] = [];
      for (let i = 0; i < WARMUP + RUNS; i += 1) {
        if (options.before) await options.before();
        const start = performance.now();
        const { duplicate } = await createComment(db, commenter, threadId, { body: `Kommentar ${(serial += 1)}` });
        if (duplicate) throw new Error("a duplicate comment would not measure anything");
        if (options.waitForBatch) await kickSubscriptionFanOut(db);
        if (i >= WARMUP) ms.push(performance.now() - start);
        // Untimed: the background batch of a run must not overlap the next one.
        await kickSubscriptionFanOut(db);
      }
      ms.sort((a, b) => a - b);
      const median = (ms[(ms.length - 1) >> 1]! + ms[ms.length >> 1]!) / 2;
      console.log(`${label}: median ${median.toFixed(1)} ms, worst ${ms[ms.length - 1]!.toFixed(1)} ms, best ${ms[0]!.toFixed(1)} ms`);
    };
    const readAll = () => db.execute(sql`UPDATE notifications SET read = true WHERE read = false`);
    console.log(`${database.kind}, ${SUBSCRIBERS} subscribers, ${RUNS} runs after ${WARMUP} warm-up`);
    await time("commenter waits (createComment), no subscribers", quiet);
    await time(`commenter waits, ${SUBSCRIBERS} subscribers, deferred batch (the default)`, big);
    await time(`comment -> all ${SUBSCRIBERS} subscribers' rows bumped (deferred, batches of ${SUBSCRIPTION_BATCH})`, big, { waitForBatch: true });
    setSubscribersInlineLimit(Number.MAX_SAFE_INTEGER);
    await time(`commenter waits, ${SUBSCRIBERS} subscribers inline, rows read (inserts)`, big, { before: readAll });
    await time(`commenter waits, ${SUBSCRIBERS} subscribers inline, rows unread (count + 1)`, big);
    setSubscribersInlineLimit(null);
    const [n] = (await db.execute(sql`SELECT count(*)::int AS n, max(count)::int AS c FROM notifications WHERE type = 'thread_activity' AND NOT read`) as unknown as {
      rows: Array<{ n: number; c: number }>;
    }).rows;
    console.log(`unread thread_activity rows: ${n!.n}, highest count ${n!.c}`);
  } finally {
    await database.close();
    await fresh?.drop();
  }
}

await main();
