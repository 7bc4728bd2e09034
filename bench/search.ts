/**
 * Search latency benchmark (docs/search.md, docs/performance.md):
 * fills a fresh database with 20 000 members, 100 000 threads and 1 000 000 comments written from
 * the real Swedish sentences and Nasdaq Stockholm tickers in `../shared/data`, then runs 100
 * varied queries (tickers, short words, Swedish inflections, prefixes, misspelt nicknames, corpus
 * words, hostile text) through `searchAll` and reports the median and p95, each query after one
 * warm-up run, plus the plans of two typical queries.
 *
 * ```sh
 * TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/search.ts
 * BENCH_THREADS=10000 BENCH_COMMENTS=100000 npx tsx bench/search.ts   # smaller, PGlite
 * BENCH_KEEP=1 …; BENCH_DATABASE_URL=<printed url> …   # keep the data, then rerun without loading
 * ```
 *
 * @module
 */
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { openDatabase, type Db } from "../server/db/client";
import { createTestDatabaseUrl } from "../server/testing/harness";
import { searchAll } from "../server/search/search";

const THREADS = Number(process.env.BENCH_THREADS ?? 100_000);
const COMMENTS = Number(process.env.BENCH_COMMENTS ?? 1_000_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 20_000);

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Deterministic PRNG (mulberry32) so every run asks the same 100 queries. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function once(label: string, fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  const ms = performance.now() - start;
  console.log(`${label}: ${(ms / 1000).toFixed(1)} s`);
  return ms;
}

const dataDir = new URL("../../shared/data/", import.meta.url);

async function load(db: Db, sentences: string[], tickers: string[]) {
  await db.execute(sql`CREATE TABLE bench_sentences (i int PRIMARY KEY, s text NOT NULL)`);
  await db.execute(sql`CREATE TABLE bench_tickers (i int PRIMARY KEY, t text NOT NULL)`);
  for (let start = 0; start < sentences.length; start += 1000) {
    const chunk = sentences.slice(start, start + 1000);
    const json = JSON.stringify(chunk.map((text, k) => [start + k + 1, text]));
    await db.execute(sql`INSERT INTO bench_sentences (i, s) SELECT (x->>0)::int, x->>1 FROM json_array_elements(${json}::json) x`);
  }
  const tickerJson = JSON.stringify(tickers.map((t, k) => [k + 1, t]));
  await db.execute(sql`INSERT INTO bench_tickers (i, t) SELECT (x->>0)::int, x->>1 FROM json_array_elements(${tickerJson}::json) x`);
  const S = sentences.length;
  const T = tickers.length;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await once("members", async () => {
      await tx.execute(sql`
        INSERT INTO "user" (id, name, email, username, display_username)
        SELECT 'u' || i, 'Medlem' || i, 'medlem' || i || '@exempel.se', 'medlem' || i, 'Medlem' || i
        FROM generate_series(1, ${MEMBERS}) i`);
      // Nicknames like "Aktiesparare_1234", from corpus words.
      await tx.execute(sql`
        INSERT INTO profiles (id, nickname, created_at)
        SELECT 'u' || g.i, initcap(coalesce(nullif(regexp_replace(split_part(s.s, ' ', 2), '[^[:alpha:]]', '', 'g'), ''), 'Medlem')) || '_' || g.i,
               now() - random() * interval '730 days'
        FROM (SELECT i, 1 + (i * 7919) % ${S} AS si FROM generate_series(1, ${MEMBERS}) i) g
        JOIN bench_sentences s ON s.i = g.si`);
    });
    await tx.execute(sql`
      INSERT INTO categories (id, name, description)
      SELECT md5('k' || i)::uuid, 'Bänk ' || i, 'Kategori ' || i FROM generate_series(1, 8) i`);
    // Threads over two years, the last week busy; ~30 % name a $TICKER.
    await once(`threads (${THREADS})`, () =>
      tx.execute(sql`
        INSERT INTO threads (id, category_id, author_id, title, body, body_html, created_at)
        SELECT md5('t' || g.i)::uuid, md5('k' || (1 + g.i % 8))::uuid, 'u' || (1 + floor(${MEMBERS} * random() ^ 3)::int),
               left(CASE WHEN g.tk IS NOT NULL THEN '$' || tk.t || ': ' ELSE '' END || s1.s, 190),
               s2.s || ' ' || s3.s || CASE WHEN g.tk IS NOT NULL THEN ' Vad tror ni om $' || tk.t || '?' ELSE '' END,
               '<p>' || s2.s || '</p>',
               CASE WHEN random() < 0.15 THEN now() - random() * interval '7 days' ELSE now() - random() * interval '730 days' END
        FROM (SELECT i, 1 + floor(random() * ${S})::int AS a, 1 + floor(random() * ${S})::int AS b, 1 + floor(random() * ${S})::int AS c,
                     CASE WHEN random() < 0.3 THEN 1 + floor(${T} * random() ^ 2)::int END AS tk
              FROM generate_series(1, ${THREADS}) i OFFSET 0) g
        JOIN bench_sentences s1 ON s1.i = g.a JOIN bench_sentences s2 ON s2.i = g.b JOIN bench_sentences s3 ON s3.i = g.c
        LEFT JOIN bench_tickers tk ON tk.i = g.tk`),
    );
    // Comments, a power law over threads (a few get most), ~10 % name a $TICKER, a third are replies.
    await once(`comments (${COMMENTS})`, () =>
      tx.execute(sql`
        INSERT INTO comments (id, thread_id, author_id, body, body_html, created_at)
        SELECT md5('c' || g.j)::uuid, t.id, 'u' || (1 + floor(${MEMBERS} * random() ^ 3)::int),
               s1.s || CASE WHEN g.tk IS NOT NULL THEN ' $' || tk.t ELSE '' END,
               '<p>' || s1.s || '</p>',
               t.created_at + random() * LEAST(now() - t.created_at, interval '3 days')
        FROM (SELECT j, 1 + floor(${THREADS} * random() ^ 3)::int AS ti, 1 + floor(random() * ${S})::int AS a,
                     CASE WHEN random() < 0.1 THEN 1 + floor(${T} * random() ^ 2)::int END AS tk
              FROM generate_series(1, ${COMMENTS}) j OFFSET 0) g
        JOIN threads t ON t.id = md5('t' || g.ti)::uuid
        JOIN bench_sentences s1 ON s1.i = g.a
        LEFT JOIN bench_tickers tk ON tk.i = g.tk`),
    );
  });
  await once("vacuum analyze", () => db.execute(sql`VACUUM ANALYZE`));
}

/** 100 varied queries: investor terms, corpus words and pairs, prefixes, nicknames, hostile text. */
function queries(sentences: string[], nicknames: string[]): string[] {
  const fixed = [
    "SEB", "ABB", "SAS", "H&M", "$VOLV-B", "VOLV-B", "ERIC B", "Ericss", "utdelning", "utdelningen",
    "aktierna", "rapport", "kvartalsrapport", "Volvo", "Investor", "riksbanken", "räntan", "inflation",
    "börsen idag", "$ERIC-B", "'; DROP TABLE threads; --", "a:* & !b | (c", "x".repeat(10_240), "🙂📈 SEB",
  ];
  const random = prng(42);
  const words = sentences
    .flatMap((s) => s.split(/[^\p{L}]+/u))
    .filter((w) => w.length >= 4);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const out = [...fixed];
  while (out.length < 60) out.push(pick(words)); // single corpus words (common and rare)
  while (out.length < 75) out.push(`${pick(words)} ${pick(words)}`); // two words
  while (out.length < 88) out.push(pick(words).slice(0, 5)); // typing: a prefix
  while (out.length < 100) {
    // a nickname with one letter dropped
    const n = pick(nicknames);
    const k = 1 + Math.floor(random() * (n.length - 2));
    out.push(n.slice(0, k) + n.slice(k + 1));
  }
  return out;
}

async function main() {
  const sentences = readFileSync(new URL("webbnyheter2012_sentences.txt", dataDir), "utf8")
    .split("\n")
    .map((s) => s.trim())
    .filter((s) => s.length > 20);
  const companies = parse(readFileSync(new URL("se_listed_companies.csv", dataDir)), { columns: true }) as Array<{ ticker: string }>;
  const tickers = companies.map((c) => c.ticker).filter((t) => /^[A-Z0-9-]{2,12}$/.test(t));

  // BENCH_DATABASE_URL reuses a database kept by an earlier run (BENCH_KEEP=1) instead of loading.
  const reuse = process.env.BENCH_DATABASE_URL;
  const fresh = reuse ? null : await createTestDatabaseUrl();
  const url = reuse ?? fresh?.url;
  const database = await openDatabase(url ? { databaseUrl: url, poolSize: 4 } : { pgliteDir: "memory://" });
  const db = database.db;
  const keep = process.env.BENCH_KEEP === "1" && fresh !== null;
  if (keep) console.log(`database kept: ${fresh!.url}`);
  try {
    await database.migrate();
    console.log(`engine: ${database.kind}`);
    if (!reuse) await once("load", () => load(db, sentences, tickers));
    const [counts] = rows<Record<string, number>>(
      await db.execute(sql`SELECT (SELECT count(*)::int FROM profiles) AS members, (SELECT count(*)::int FROM threads) AS threads,
                                  (SELECT count(*)::int FROM comments) AS comments`),
    );
    console.log("dataset:", counts);
    const nicknames = rows<{ nickname: string }>(await db.execute(sql`SELECT nickname FROM profiles ORDER BY id LIMIT 500`)).map((r) => r.nickname);
    const list = queries(sentences, nicknames);
    const timings: Array<{ q: string; ms: number; n: number }> = [];
    for (const q of list) {
      await searchAll(db, q); // warm-up
      const start = performance.now();
      const { results } = await searchAll(db, q);
      timings.push({ q, ms: performance.now() - start, n: results.length });
    }
    const ms = timings.map((t) => t.ms).sort((a, b) => a - b);
    const at = (p: number) => ms[Math.min(ms.length - 1, Math.ceil(p * ms.length) - 1)]!;
    console.log(`\nsearchAll over ${list.length} queries: median ${((ms[49]! + ms[50]!) / 2).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${ms[ms.length - 1]!.toFixed(1)} ms`);
    console.log("slowest:", timings.sort((a, b) => b.ms - a.ms).slice(0, 6).map((t) => `${JSON.stringify(t.q.slice(0, 30))} ${t.ms.toFixed(0)} ms (${t.n})`).join(", "));
    const named = ["SEB", "utdelning", "Ericss", "H&M", "$VOLV-B", "ERIC B", "aktierna"];
    console.log("named:", timings.filter((t) => named.includes(t.q)).map((t) => `${t.q} ${t.ms.toFixed(1)} ms (${t.n})`).join(", "));
    if (database.kind === "postgres") {
      for (const q of ["utdelning", "SEB"]) {
        const plan = rows<Record<string, string>>(
          await db.execute(sql`EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON)
            SELECT c.id FROM comments c WHERE c.search_vector @@ (to_tsquery('swedish', ${`${q.toLowerCase()}:*`}) || to_tsquery('simple', ${`${q.toLowerCase()}:*`}))
            ORDER BY c.created_at DESC LIMIT 21`),
        );
        console.log(`\nplan, comments for '${q}':\n${plan.map((r) => Object.values(r)[0]).join("\n")}`);
      }
    }
  } finally {
    await database.close();
    if (!keep) await fresh?.drop();
  }
}

await main();
