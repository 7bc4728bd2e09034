/**
 * `npx tsx bench/watchlist-sql.ts`: SQL time of the watchlist page and the 'Bevakat' tab for
 * bench_member_2 (200 watched tickers, 500 follows; bench/data.ts) on `DATABASE_URL`
 * (docs/performance.md "Watchlist feed and 'Bevakat' tab"). For pages 1,
 * 2, 5, 10 and 20 it runs the real query functions (`server/watchlist/queries.ts`) 7 times and
 * prints the median and the worst wall time, which include every statement of the page (id
 * page over the growing windows, and the rows for those ids).
 *
 * ```sh
 * DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_full npx tsx bench/watchlist-sql.ts
 * ```
 *
 * @module
 */
import { performance } from "node:perf_hooks";
import { openDatabase } from "../server/db/client";
import { listWatchedTickers, watchedThreads, watchlistFeed } from "../server/watchlist/queries";

const url = process.env.DATABASE_URL;
if (!url) throw new Error("set DATABASE_URL to a database filled by npm run bench:data");
const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
const db = database.db;
const member = "u2";

async function time(label: string, fn: () => Promise<unknown>, runs = 7) {
  await fn();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  console.log(`${label.padEnd(44)} median ${ms[Math.floor(runs / 2)]!.toFixed(1).padStart(6)} ms, worst ${ms[runs - 1]!.toFixed(1).padStart(6)} ms`);
}

try {
  for (const page of [1, 2, 5, 10, 20]) await time(`watchlist feed, page ${page}`, () => watchlistFeed(db, member, page));
  for (const page of [1, 2, 5, 10, 20]) await time(`'Bevakat' tab, page ${page}`, () => watchedThreads(db, member, page, 10));
  await time("tickers table (posts today, members' view)", () => listWatchedTickers(db, member));
} finally {
  await database.close();
}
