/**
 * Fan-out benchmark ("fan-out to a member with 10,000 followers must not make the
 * author wait: measure it"). Creates an author with `BENCH_FOLLOWERS` (default 10 000) followers
 * and times, over 20 runs after 3 warm-up runs:
 * - what the author waits for: the whole `createThread` command, by an author without followers
 *   and by the popular one (fan-out deferred to the job, the default);
 * - post → last follower's row: `createThread` plus working off its fan-out job;
 * - the same command with the fan-out forced inline (all 10 000 rows in the thread's transaction).
 * Figures in docs/performance.md.
 *
 * ```sh
 * TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/fan-out.ts
 * npx tsx bench/fan-out.ts          # embedded PGlite
 * ```
 *
 * @module
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { openDatabase } from "../server/db/client";
import { createThread } from "../server/forum/commands";
import { ensureDefaultCategories } from "../server/forum/default-categories";
import { createTestDatabaseUrl } from "../server/testing/harness";
import { setFanOutInlineLimit } from "../server/notifications/commands";
import { FANOUT_BATCH, kickFanOut } from "../server/notifications/fanout";

const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 10_000);
const RUNS = 20;
const WARMUP = 3;

async function main() {
  const fresh = await createTestDatabaseUrl();
  const database = await openDatabase(fresh ? { databaseUrl: fresh.url } : { pgliteDir: "memory://" });
  try {
    await database.migrate();
    await ensureDefaultCategories(database.db);
    const db = database.db;
    // Members 0..FOLLOWERS: 0 is the popular author, FOLLOWERS+1 an author nobody follows.
    await db.execute(sql`
      INSERT INTO "user" (id, name, email, email_verified, username)
      SELECT 'bench' || g, 'bench' || g, 'bench' || g || '@exempel.se', true, 'bench' || g FROM generate_series(0, ${FOLLOWERS + 1}) g`);
    await db.execute(sql`INSERT INTO profiles (id, nickname) SELECT id, name FROM "user" WHERE id LIKE 'bench%' ON CONFLICT DO NOTHING`);
    await db.execute(sql`
      INSERT INTO user_follows (follower_id, following_id)
      SELECT 'bench' || g, 'bench0' FROM generate_series(1, ${FOLLOWERS}) g`);
    const [cat] = (await db.execute(sql`SELECT id FROM categories LIMIT 1`) as unknown as { rows: Array<{ id: string }> }).rows;
    const popular = { id: "bench0", nickname: "bench0", role: "member" as const };
    const lonely = { id: `bench${FOLLOWERS + 1}`, nickname: `bench${FOLLOWERS + 1}`, role: "member" as const };

    const time = async (label: string, who: typeof popular, waitForFanOut = false) => {
      const ms: number[] = [];
      for (let i = 0; i < WARMUP + RUNS; i += 1) {
        const start = performance.now();
        await createThread(db, who, { categoryId: cat!.id, title: `Bänk ${i}`, body: "Text till följarna" });
        if (waitForFanOut) await kickFanOut(db);
        if (i >= WARMUP) ms.push(performance.now() - start);
        if (process.env.BENCH_VERBOSE) console.log(`  run ${i}: ${(performance.now() - start).toFixed(1)} ms`);
        // Untimed: the background fan-out of a run must not overlap the next one.
        await kickFanOut(db);
      }
      ms.sort((a, b) => a - b);
      const median = (ms[(ms.length - 1) >> 1]! + ms[ms.length >> 1]!) / 2;
      console.log(`${label}: median ${median.toFixed(1)} ms, worst ${ms[ms.length - 1]!.toFixed(1)} ms, best ${ms[0]!.toFixed(1)} ms`);
    };
    console.log(`${database.kind}, ${FOLLOWERS} followers, ${RUNS} runs after ${WARMUP} warm-up`);
    await time("author waits (createThread), no followers", lonely);
    await time(`author waits (createThread), ${FOLLOWERS} followers, deferred fan-out`, popular);
    await time(`post -> all ${FOLLOWERS} followers' rows written (deferred, batches of ${FANOUT_BATCH})`, popular, true);
    setFanOutInlineLimit(Number.MAX_SAFE_INTEGER);
    await time(`author waits (createThread), ${FOLLOWERS} followers, inline fan-out`, popular);
    setFanOutInlineLimit(null);
    const [n] = (await db.execute(sql`SELECT count(*)::int AS n FROM notifications`) as unknown as { rows: Array<{ n: number }> }).rows;
    console.log(`notifications written: ${n!.n}`);
  } finally {
    await database.close();
    await fresh?.drop();
  }
}

await main();
