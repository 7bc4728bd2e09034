/**
 * `npx tsx bench/sitemap-sql.ts`: time of the sitemaps on the `bench:data` dataset
 * ("≤ 1 s for a 50,000-URL sitemap, measured"; docs/performance.md "Sitemaps"). Reads
 * `DATABASE_URL` (PostgreSQL) or PGlite in `DATA_DIR/pglite`, then streams each file exactly as
 * the route does (`server/seo/sitemaps.ts`) and reads it to the end: the first run of each file
 * ("cold", right after opening the database) and the median, best and worst of 5 further runs,
 * with the CPU time of this process (the Node side: rows parsed, XML written). Prints
 * milliseconds, URLs and bytes per file, and the index.
 *
 * ```sh
 * DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_full npx tsx bench/sitemap-sql.ts
 * ```
 *
 * @module
 */
import path from "node:path";
import { performance } from "node:perf_hooks";
import { openDatabase } from "../server/db/client";
import { sitemapFiles, sitemapIndexXml, sitemapName, sitemapStream } from "../server/seo/sitemaps";

const PUBLIC_URL = "https://borssnack.se";
const database = await openDatabase(
  process.env.DATABASE_URL
    ? { databaseUrl: process.env.DATABASE_URL, poolSize: 2 }
    : { pgliteDir: path.join(process.env.DATA_DIR ?? "./data", "pglite") },
);
await database.migrate();
const db = database.db;

/** Streams one file to the end; @returns wall ms, this process's CPU ms, URL count and bytes */
async function read(run: () => Promise<ReadableStream<Uint8Array> | null>, count = false) {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const stream = await run();
  let bytes = 0;
  let urls = 0;
  const decoder = new TextDecoder();
  for await (const chunk of stream!) {
    bytes += chunk.byteLength;
    if (count) urls += decoder.decode(chunk).split("<url>").length - 1;
  }
  const cpu = process.cpuUsage(cpu0);
  return { ms: performance.now() - t0, cpuMs: (cpu.user + cpu.system) / 1000, urls, bytes };
}

try {
  const t0 = performance.now();
  const files = await sitemapFiles(db);
  const indexXml = sitemapIndexXml(PUBLIC_URL, files);
  console.log(`index (${files.length} files, ${indexXml.length} bytes)`.padEnd(44), `${(performance.now() - t0).toFixed(1)} ms`);
  for (const file of files) {
    const cold = await read(() => sitemapStream(db, PUBLIC_URL, file));
    const warm: Array<{ ms: number; cpuMs: number }> = [];
    for (let i = 0; i < 5; i++) warm.push(await read(() => sitemapStream(db, PUBLIC_URL, file)));
    warm.sort((a, b) => a.ms - b.ms);
    const { urls } = await read(() => sitemapStream(db, PUBLIC_URL, file), true);
    console.log(
      `${sitemapName(file)} (${urls} URLs, ${(cold.bytes / 1e6).toFixed(2)} MB)`.padEnd(44),
      `first ${cold.ms.toFixed(0).padStart(5)} ms, then median ${warm[2]!.ms.toFixed(0).padStart(5)} ms, best ${warm[0]!.ms.toFixed(0).padStart(5)} ms, worst ${warm[4]!.ms.toFixed(0).padStart(5)} ms; Node CPU median ${warm[2]!.cpuMs.toFixed(0)} ms`,
    );
  }
} finally {
  await database.close();
}
