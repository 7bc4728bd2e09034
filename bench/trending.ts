/**
 * Trending benchmark (docs/trending.md "Measured", docs/performance.md): fills a fresh database
 * with 100 000 threads, 300 000 comments and about 2 000 000 reactions, then times
 * `forum_refresh_trending()`, the three forum-home lists, the thread-page figures, the spec's
 * views and one reaction write (median of 20 runs each, after 3 warm-up runs).
 *
 * ```sh
 * TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/trending.ts
 * npx tsx bench/trending.ts                      # embedded PGlite instead
 * BENCH_THREADS=10000 BENCH_SCALE=0.1 npx tsx bench/trending.ts   # smaller
 * ```
 *
 * The data is written with triggers off (`session_replication_role = replica`) for speed and the
 * counters are then set in bulk, as the triggers would have; the database is dropped at the end
 * (unless `BENCH_KEEP=1` on PostgreSQL, which prints its URL for a look with psql).
 *
 * @module
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { Db } from "../server/db/client";
import { openDatabase } from "../server/db/client";
import { createTestDatabaseUrl } from "../server/testing/harness";
import { getThreadTrending, listThreads } from "../server/trending/queries";
import { REACTION_TYPES, sqlArray } from "../domain/values";

const THREADS = Number(process.env.BENCH_THREADS ?? 100_000);
/** Scales comments and reactions per thread (1 = 3 comments and about 20 reactions per thread). */
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const RUNS = 20;
const WARMUP = 3;

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Median, p95 and minimum of `RUNS` runs of `fn` after `WARMUP` runs; `setup` runs untimed before each. */
async function time(
  label: string,
  fn: () => Promise<unknown>,
  setup?: () => Promise<unknown>,
): Promise<{ label: string; median: number; p95: number; min: number }> {
  for (let i = 0; i < WARMUP; i += 1) {
    await setup?.();
    await fn();
  }
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    await setup?.();
    const start = performance.now();
    await fn();
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  const pick = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!;
  return { label, median: (ms[(ms.length - 1) >> 1]! + ms[ms.length >> 1]!) / 2, p95: pick(0.95), min: ms[0]! };
}

/** `n` reactions from random members on the 2 000 newest threads (skewed to the newest), never own. */
function newReactions(n: number) {
  return sql`
    INSERT INTO reactions (user_id, target_type, target_id, reaction_type)
    SELECT x.user_id, 'thread', t.id, x.reaction_type
    FROM (SELECT 'u' || (1 + floor(random() * 5000)::int) AS user_id,
                 md5('t' || (1 + floor(2000 * random() ^ 2))::int)::uuid AS thread_id,
                 (${sql.raw(sqlArray(REACTION_TYPES))})[1 + floor(random() * ${REACTION_TYPES.length})::int] AS reaction_type
          FROM generate_series(1, ${n}) OFFSET 0) x
    JOIN threads t ON t.id = x.thread_id AND t.author_id IS DISTINCT FROM x.user_id
    ON CONFLICT DO NOTHING`;
}

async function once(label: string, fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  const ms = performance.now() - start;
  console.log(`${label}: ${(ms / 1000).toFixed(1)} s`);
  return ms;
}

async function load(db: Db) {
  const comments = Math.round(THREADS * 3 * SCALE);
  const members = 5000;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(sql`
      INSERT INTO "user" (id, name, email, username, display_username)
      SELECT 'u' || i, 'Medlem' || i, 'medlem' || i || '@exempel.se', 'medlem' || i, 'Medlem' || i
      FROM generate_series(0, ${members}) i`);
    await tx.execute(sql`
      INSERT INTO profiles (id, nickname) SELECT 'u' || i, 'Medlem' || i FROM generate_series(0, ${members}) i`);
    await tx.execute(sql`
      INSERT INTO categories (id, name, description)
      SELECT md5('k' || i)::uuid, 'Bänk ' || i, 'Kategori ' || i FROM generate_series(1, 8) i`);
    // Thread i was created (i − 1) · 365 days / THREADS ago: one a few minutes over a year.
    await once("threads", () =>
      tx.execute(sql`
        INSERT INTO threads (id, category_id, author_id, title, body, body_html, created_at)
        SELECT md5('t' || i)::uuid, md5('k' || (1 + i % 8))::uuid, 'u' || (1 + (i * 7) % ${members}),
               'Tråd nummer ' || i || ' om börsen', repeat('Lorem ipsum dolor sit amet. ', 18),
               '<p>' || repeat('Lorem ipsum dolor sit amet. ', 18) || '</p>',
               now() - (i - 1) * (interval '365 days' / ${THREADS})
        FROM generate_series(1, ${THREADS}) i`),
    );
    await once("comments", () =>
      tx.execute(sql`
        INSERT INTO comments (id, thread_id, author_id, body, body_html, created_at)
        SELECT md5('c' || g.j)::uuid, t.id, 'u' || (1 + (g.j * 13) % ${members}), 'En kommentar om kursen.',
               '<p>En kommentar om kursen.</p>',
               t.created_at + random() * LEAST(now() - t.created_at, interval '2 days')
        FROM (SELECT j, 1 + floor(${THREADS} * random() ^ 2)::int AS ti
              FROM generate_series(1, ${comments}) j OFFSET 0) g
        JOIN threads t ON t.id = md5('t' || g.ti)::uuid`),
    );
    // Reactions on threads: 0..37 per thread (skewed, about 12.5 on average), on comments 0..5.
    await once("reactions on threads", () =>
      tx.execute(sql`
        INSERT INTO reactions (user_id, target_type, target_id, reaction_type, created_at)
        SELECT 'u' || (1 + floor(random() * ${members})::int), 'thread', s.id,
               (${sql.raw(sqlArray(REACTION_TYPES))})[1 + floor(random() * ${REACTION_TYPES.length})::int],
               s.created_at + random() * random() * LEAST(now() - s.created_at, interval '3 days')
        FROM (SELECT id, created_at, floor(37.5 * ${SCALE} * random() ^ 2)::int AS n FROM threads) s
        CROSS JOIN LATERAL generate_series(1, s.n) g
        ON CONFLICT DO NOTHING`),
    );
    await once("reactions on comments", () =>
      tx.execute(sql`
        INSERT INTO reactions (user_id, target_type, target_id, reaction_type, created_at)
        SELECT 'u' || (1 + floor(random() * ${members})::int), 'comment', s.id,
               (${sql.raw(sqlArray(REACTION_TYPES))})[1 + floor(random() * ${REACTION_TYPES.length})::int],
               s.created_at + random() * LEAST(now() - s.created_at, interval '1 day')
        FROM (SELECT id, created_at, floor(5 * ${SCALE} * random() + 0.5)::int AS n FROM comments) s
        CROSS JOIN LATERAL generate_series(1, s.n) g
        ON CONFLICT DO NOTHING`),
    );
    // A busy last hour: 3 000 reactions on the newest 500 threads.
    await tx.execute(sql`
      INSERT INTO reactions (user_id, target_type, target_id, reaction_type, created_at)
      SELECT 'u' || (1 + floor(random() * ${members})::int), 'thread',
             md5('t' || (1 + floor(500 * random() ^ 2))::int)::uuid,
             (${sql.raw(sqlArray(REACTION_TYPES))})[1 + floor(random() * ${REACTION_TYPES.length})::int],
             now() - random() * interval '1 hour'
      FROM generate_series(1, 3000)
      ON CONFLICT DO NOTHING`);
    await once("counters", async () => {
      await tx.execute(sql`
        UPDATE threads t SET comments_count = x.n
        FROM (SELECT thread_id, count(*)::int AS n FROM comments GROUP BY 1) x WHERE t.id = x.thread_id`);
      await tx.execute(sql`
        UPDATE threads t SET reactions_count = x.n
        FROM (SELECT target_id, count(*)::int AS n FROM reactions WHERE target_type = 'thread' GROUP BY 1) x
        WHERE t.id = x.target_id`);
      await tx.execute(sql`
        UPDATE comments c SET reactions_count = x.n
        FROM (SELECT target_id, count(*)::int AS n FROM reactions WHERE target_type = 'comment' GROUP BY 1) x
        WHERE c.id = x.target_id`);
      await tx.execute(sql`
        UPDATE categories k SET threads_count = x.n
        FROM (SELECT category_id, count(*)::int AS n FROM threads GROUP BY 1) x WHERE k.id = x.category_id`);
    });
  });
  await once("vacuum analyze", () => db.execute(sql`VACUUM ANALYZE`));
}

async function main() {
  const fresh = await createTestDatabaseUrl();
  const database = await openDatabase(fresh ? { databaseUrl: fresh.url, poolSize: 4 } : { pgliteDir: "memory://" });
  const db = database.db;
  const keep = process.env.BENCH_KEEP === "1" && fresh !== null;
  if (keep) console.log(`database kept: ${fresh!.url}`);
  try {
    await database.migrate();
    console.log(`engine: ${database.kind}`);
    await once("load", () => load(db));
    const [counts] = rows<Record<string, number>>(
      await db.execute(sql`
        SELECT (SELECT count(*)::int FROM threads) AS threads, (SELECT count(*)::int FROM comments) AS comments,
               (SELECT count(*)::int FROM reactions) AS reactions,
               (SELECT count(*)::int FROM reactions WHERE created_at > now() - interval '1 hour') AS last_hour`),
    );
    console.log("dataset:", counts);

    const results: Array<{ label: string; median: number; p95: number; min: number }> = [];
    let backfill = 0;
    backfill = await once("first refresh (creates 100 000 rows, the migration's backfill)", () =>
      db.execute(sql`SELECT forum_refresh_trending()`),
    );
    await db.execute(sql`VACUUM ANALYZE thread_trending`);

    results.push(await time("forum_refresh_trending(), nothing changed", () => db.execute(sql`SELECT forum_refresh_trending()`)));
    // A busy minute before each refresh (untimed): 200 new reactions and 20 comments on recent threads.
    let round = 0;
    const busyMinute = async () => {
      round += 1;
      await db.execute(newReactions(200));
      await db.execute(sql`
        INSERT INTO comments (thread_id, author_id, body)
        SELECT md5('t' || (1 + floor(2000 * random()))::int)::uuid, 'u' || (1 + floor(random() * 5000)::int),
               'Ny kommentar ' || ${round}
        FROM generate_series(1, 20)`);
    };
    results.push(
      await time(
        "forum_refresh_trending() after a busy minute (200 reactions, 20 comments)",
        () => db.execute(sql`SELECT forum_refresh_trending()`),
        busyMinute,
      ),
    );

    const categoryId = rows<{ id: string }>(await db.execute(sql`SELECT md5('k1')::uuid AS id`))[0]!.id;
    for (const sort of ["latest", "trending", "popular"] as const) {
      results.push(await time(`listThreads ${sort}, page 1`, () => listThreads(db, { sort, page: 1 })));
    }
    for (const sort of ["latest", "trending", "popular"] as const) {
      results.push(await time(`listThreads ${sort}, page 50`, () => listThreads(db, { sort, page: 50 })));
    }
    for (const sort of ["latest", "trending", "popular"] as const) {
      results.push(await time(`listThreads ${sort}, one category, page 1`, () => listThreads(db, { sort, categoryId, page: 1 })));
    }
    const ids = (await listThreads(db, { sort: "latest", page: 1 })).threads.map((t) => t.id);
    results.push(await time("getThreadTrending (thread page)", () => getThreadTrending(db, ids[3]!)));
    results.push(
      await time("the three spec views for 20 listed ids", () =>
        Promise.all(
          ["thread_hot_score", "thread_velocity", "thread_percentile"].map((v) =>
            db.execute(sql`SELECT * FROM ${sql.identifier(v)} WHERE thread_id IN (${sql.join(ids, sql`, `)})`),
          ),
        ),
      ),
    );
    let n = 0;
    results.push(
      await time("one reaction insert with every trigger (write path)", () => {
        n += 1;
        return db.execute(sql`
          INSERT INTO reactions (user_id, target_type, target_id, reaction_type)
          VALUES ('u0', 'thread', ${ids[n % 20]!}, ${REACTION_TYPES[Math.floor(n / 20) % REACTION_TYPES.length]!})
          ON CONFLICT DO NOTHING`);
      }),
    );

    await db.execute(sql`ALTER TABLE reactions DISABLE TRIGGER reactions_trending`);
    results.push(
      await time("(for comparison) the same reaction insert without the trending trigger", () => {
        n += 1;
        return db.execute(sql`
          INSERT INTO reactions (user_id, target_type, target_id, reaction_type)
          VALUES ('u0', 'thread', ${ids[n % 20]!}, ${REACTION_TYPES[Math.floor(n / 20) % REACTION_TYPES.length]!})
          ON CONFLICT DO NOTHING`);
      }),
    );
    await db.execute(sql`ALTER TABLE reactions ENABLE TRIGGER reactions_trending`);

    // For comparison: the same figures as plain views computed on every read (not used).
    const idList = sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);
    results.push(
      await time("(for comparison) Trendar page 1 as a plain view over the last hour's reactions", () =>
        db.execute(sql`
          SELECT t.id FROM threads t
          LEFT JOIN (
            SELECT x.thread_id, count(*) AS n FROM (
              SELECT r.target_id AS thread_id FROM reactions r
              WHERE r.target_type = 'thread' AND r.created_at > now() - interval '1 hour'
              UNION ALL
              SELECT c.thread_id FROM reactions r JOIN comments c ON c.id = r.target_id
              WHERE r.target_type = 'comment' AND r.created_at > now() - interval '1 hour'
            ) x GROUP BY x.thread_id
          ) v ON v.thread_id = t.id
          ORDER BY COALESCE(v.n, 0) DESC, t.created_at DESC, t.id DESC LIMIT 21`),
      ),
    );
    results.push(
      await time("(for comparison) Populära page 1 ordered by hot_score itself (no key index)", () =>
        db.execute(sql`
          SELECT t.id FROM threads t
          ORDER BY forum_hot_score(t.reactions_count, t.comments_count, t.created_at, now()) DESC, t.created_at DESC, t.id DESC
          LIMIT 21`),
      ),
    );
    results.push(
      await time("(for comparison) pct_rank of 20 ids as a plain view (percent_rank over all threads)", () =>
        db.execute(sql`
          SELECT p.id, p.pct_rank FROM (
            SELECT t.id, percent_rank() OVER (
              ORDER BY forum_hot_key(t.reactions_count, t.comments_count, t.created_at) NULLS FIRST) AS pct_rank
            FROM threads t
          ) p WHERE p.id IN (${idList})`),
      ),
    );

    console.log(`\nfirst refresh: ${backfill.toFixed(0)} ms`);
    console.log("| measurement | median | p95 | min |\n|---|---|---|---|");
    for (const r of results) console.log(`| ${r.label} | ${r.median.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${r.min.toFixed(1)} ms |`);

    for (const [label, query] of [
      ["popular", sql`EXPLAIN ANALYZE SELECT t.id FROM threads t ORDER BY forum_hot_key(t.reactions_count, t.comments_count, t.created_at) DESC NULLS LAST, t.created_at DESC NULLS LAST, t.id DESC NULLS LAST LIMIT 21`],
      ["trending", sql`EXPLAIN ANALYZE SELECT tt.thread_id FROM thread_trending tt ORDER BY tt.reactions_last_1h DESC NULLS LAST, tt.created_at DESC NULLS LAST, tt.thread_id DESC NULLS LAST LIMIT 21`],
      ["refresh", sql`EXPLAIN ANALYZE SELECT forum_refresh_trending()`],
    ] as const) {
      const plan = rows<Record<string, string>>(await db.execute(query)).map((r) => Object.values(r)[0]);
      console.log(`\n${label}:\n${plan.join("\n")}`);
    }
  } finally {
    await database.close();
    if (!keep) await fresh?.drop();
  }
}

await main();
