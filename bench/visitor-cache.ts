/**
 * The visitors' side of the page cache (server/cache/page-cache.ts) on its own, measured in CPU time
 * rather than requests per second, so that a busy 2-core machine moves the figures little.
 *
 * 1. Renders the forum home and the 100-comment thread once each with the production build
 *    (`server.js` on `DATABASE_URL`, or PGlite in `DATA_DIR`; `npm run bench:data` first) and keeps
 *    each page as a visitor's browser got it (status, headers, body, and the nonce of its CSP).
 * 2. Stops that server and puts the cache in front of a stand-in for the renderer in this
 *    process, in server.js's order: `compression` (level 1, as in production), the security
 *    headers (server/security/headers.ts, a fresh nonce per answer), the cache, and a handler that
 *    answers the kept page with this answer's nonce, as a render with that nonce would.
 * 3. Per page and client (`Accept-Encoding: br, gzip, deflate` like a browser, `gzip, deflate`
 *    like an older client), once the cache entry and its compressed copies are ready: a client in
 *    a child process of its own (raw HTTP/1.1 on 8 keep-alive connections, bodies counted and
 *    dropped) sends `--hits` requests; this process's CPU time (user + system,
 *    `process.cpuUsage`) over them ÷ answers is the CPU per answer, in µs. Every case runs once to
 *    warm up, then the cases take turns for `--runs` runs (a busy moment of the machine falls on
 *    all of them alike); the median is printed with the lowest and highest run.
 * 4. Bytes on the wire per answer (status line and headers, body, as the client read them), the
 *    memory an entry holds (the cache's own count once both encodings are made; and the growth of
 *    this process's heap and buffers after a full GC for 20 entries of the page, the same
 *    requests bypassing the cache measured first as the baseline), and the time to prepare an
 *    entry: the CPU spent beyond answering from the page's first (MISS) answer until its gzip and
 *    brotli copies are made (the MISS minus the same render bypassing the cache, the first gzip
 *    answer minus a later one, the CPU while the brotli copy is made minus the answers meanwhile),
 *    and the wall time until a brotli answer comes out; medians of `--runs`.
 *
 * ```sh
 * DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_csp npm run bench:data -- --scale 0.02
 * DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_csp BUILD_DIR=build npx tsx bench/visitor-cache.ts
 * # Another version of the cache against the same pages: its files in a folder of their own under
 * # server/ (untracked), e.g. `mkdir server/cache-old && for f in page-cache gzip-pieces read-caches;
 * # do git show <commit>:server/cache/$f.ts > server/cache-old/$f.ts; done`, then
 * npx tsx bench/visitor-cache.ts --cache server/cache-old/page-cache.ts
 * ```
 *
 * Options: `--hits <n>` (answers per run, default 3,000), `--runs <n>` (default 7), `--port <n>`
 * (the render server's, default `BENCH_PORT` or 3615), `--cache <file>` (a module exporting
 * `createPageCache`, default server/cache/page-cache.ts: to measure another version of
 * the cache against the same pages in the same hour), `--json` (also print the figures as JSON).
 * `BUILD_DIR` is the build to render with (default `build-perf`, built when missing).
 *
 * @module
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, openSync, readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import compression from "compression";
import { sql } from "drizzle-orm";
import express from "express";
import { constants as zlibConstants } from "node:zlib";
import { parseConfig } from "../server/platform/config";
import { openDatabase } from "../server/db/client";
import { securityHeaders } from "../server/security/headers";
import { SPECIAL_THREADS } from "./data";
import { ensureBuild, projectDir, startServer } from "./server";
import { threadPath } from "../domain/paths";


/** One page as the production build rendered it for a visitor. */
interface KeptPage {
  key: string;
  label: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
  /** The CSP nonce of that answer (every occurrence in `body` is replaced per answer). */
  nonce: string;
}

/** The part of the cache module the bench uses. */
interface CacheModule {
  createPageCache(options: { ttlMs?: number }): {
    visitors: express.RequestHandler;
    clear(): void;
    size(): { entries: number; bytes: number };
  };
}

/** What a client run reports. */
interface ClientResult {
  answers: number;
  bytes: number;
  /** The last answer's status line and headers, its body, and its CSP value (bytes). */
  headerBytes: number;
  bodyBytes: number;
  cspBytes: number;
  encodings: Record<string, number>;
  statuses: Record<string, number>;
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2;
};
const cpuUs = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The command line's options (see the module comment). */
function parseArgs(argv: string[]) {
  const value = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  return {
    hits: Number(value("--hits") ?? 3000),
    runs: Number(value("--runs") ?? 7),
    port: Number(value("--port") ?? process.env.BENCH_PORT ?? 3615),
    cache: path.resolve(projectDir, value("--cache") ?? "server/cache/page-cache.ts"),
    json: argv.includes("--json"),
  };
}

// ---------------------------------------------------------------------------------------------
// 1. The pages, rendered once by the production build.

/** The 100-comment thread's path (`/forum/kategori/<category>/trad/<thread>`), read from the bench database. */
async function thread100Path(): Promise<string> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(process.env.DATA_DIR ?? "./data");
  const database = await openDatabase(databaseUrl ? { databaseUrl, poolSize: 1 } : { pgliteDir: path.join(dataDir, "pglite") });
  try {
    const result = await database.db.execute(
      sql`SELECT id, category_id, title FROM threads WHERE id = md5(${`t${SPECIAL_THREADS.hundred.index}`})::uuid`,
    );
    const row = (result as unknown as { rows: Array<{ id: string; category_id: string; title: string }> }).rows[0];
    if (!row) throw new Error("the 100-comment thread is missing: run `npm run bench:data` first");
    return threadPath(row.category_id, row.id, row.title);
  } finally {
    await database.close();
  }
}

/** Headers that the middleware in front of the renderer sets, or that belong to one connection. */
const NOT_REPLAYED = new Set([
  "content-security-policy",
  "x-request-id",
  "x-cache",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
  "vary",
]);

/** The forum home and the 100-comment thread as the production build renders them for a visitor (identity encoding). */
async function renderPages(port: number): Promise<KeptPage[]> {
  const thread = await thread100Path();
  const buildDir = process.env.BUILD_DIR ?? "build-perf";
  ensureBuild(buildDir);
  const { child: server } = await startServer({ buildDir, port, logName: `bench-visitor-cache-${port}.log`, env: { WEB_CONCURRENCY: "1" } });
  try {
    const pages: KeptPage[] = [];
    for (const [key, label, pagePath] of [
      ["home", "forum home", "/forum"],
      ["thread100", "thread, 100 comments", thread],
    ] as const) {
      const res = await fetch(`http://localhost:${port}${pagePath}`, { headers: { "accept-encoding": "identity" } });
      const body = Buffer.from(await res.arrayBuffer());
      const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
      if (res.status !== 200 || !nonce) throw new Error(`${pagePath}: ${res.status}, CSP ${res.headers.get("content-security-policy")}`);
      const headers: Record<string, string> = {};
      res.headers.forEach((value, name) => {
        if (!NOT_REPLAYED.has(name)) headers[name] = value;
      });
      pages.push({ key, label, path: pagePath, headers, body, nonce });
    }
    return pages;
  } finally {
    const exited = new Promise((r) => server.once("exit", r));
    server.kill("SIGTERM");
    await Promise.race([exited, sleep(10_000)]);
  }
}

// ---------------------------------------------------------------------------------------------
// 2. The cache in front of a stand-in renderer, in this process.

/** The Express app under test: compression, security headers, the cache, a stand-in renderer of `pages`. */
function cacheApp(cacheModule: CacheModule, pages: KeptPage[]) {
  const config = parseConfig({
    NODE_ENV: "production",
    PUBLIC_URL: "http://localhost:3000",
    AUTH_SECRET: "x".repeat(40),
    MAIL_FROM: "Börssnack <noreply@borssnack.test>",
    DATABASE_URL: "postgres://unused@127.0.0.1:1/unused",
  });
  // An hour: the entry under test never expires during a run.
  const cache = cacheModule.createPageCache({ ttlMs: 3_600_000 });
  let renders = 0;
  const app = express();
  app.disable("x-powered-by");
  app.use(compression({ level: 1, brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } } }));
  app.use(securityHeaders(config));
  app.use(cache.visitors);
  app.use((req, res) => {
    const page = pages.find((p) => p.path === req.path);
    if (!page) return void res.status(404).end();
    renders += 1;
    // The page as a render with this answer's nonce would write it.
    const nonce = String(res.locals.cspNonce);
    for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value);
    res.status(200).end(Buffer.from(page.body.toString("utf8").replaceAll(page.nonce, nonce)));
  });
  return { app, cache, renders: () => renders };
}

/** One raw HTTP/1.1 GET on a fresh connection: the bytes read, the status and its headers. */
function rawGet(port: number, target: string, headers: Record<string, string>) {
  return new Promise<{ bytes: number; headerBytes: number; status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const lines = Object.entries({ host: "localhost", connection: "close", ...headers }).map(([k, v]) => `${k}: ${v}\r\n`);
    socket.write(`GET ${target} HTTP/1.1\r\n${lines.join("")}\r\n`);
    const chunks: Buffer[] = [];
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("error", reject);
    socket.on("end", () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf("\r\n\r\n");
      const head = all.subarray(0, split).toString("latin1").split("\r\n");
      const parsed: Record<string, string> = {};
      for (const line of head.slice(1)) {
        const i = line.indexOf(":");
        parsed[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({ bytes: all.length, headerBytes: split + 4, status: Number(head[0]!.split(" ")[1]), headers: parsed, body: all.subarray(split + 4) });
    });
  });
}

// ---------------------------------------------------------------------------------------------
// 3. The client, in a child process (so its CPU is not this process's).

/**
 * Client mode (`--client <port> <path> <accept-encoding> <connections>`): waits for a number of
 * answers on its IPC channel, sends that many GETs over keep-alive connections, reading each
 * answer by its Content-Length, and replies with what it got.
 */
async function clientMode(argv: string[]) {
  const [port, target, acceptEncoding, connections] = [Number(argv[0]), argv[1]!, argv[2]!, Number(argv[3])];
  const request = Buffer.from(`GET ${target} HTTP/1.1\r\nhost: localhost\r\naccept-encoding: ${acceptEncoding}\r\n\r\n`);
  const sockets = await Promise.all(
    Array.from({ length: connections }, () => new Promise<net.Socket>((resolve) => {
      const s = net.connect(port, "127.0.0.1", () => resolve(s));
      s.setNoDelay(true);
    })),
  );
  process.on("message", async (message: { answers: number }) => {
    const result: ClientResult = { answers: 0, bytes: 0, headerBytes: 0, bodyBytes: 0, cspBytes: 0, encodings: {}, statuses: {} };
    let left = message.answers;
    await Promise.all(
      sockets.map((socket) => new Promise<void>((done) => {
        let buffer: Buffer = Buffer.alloc(0);
        let need = -1;
        const next = () => {
          if (left <= 0) {
            socket.removeAllListeners("data");
            return done();
          }
          left -= 1;
          socket.write(request);
        };
        socket.on("data", (chunk: Buffer) => {
          buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
          for (;;) {
            if (need < 0) {
              const end = buffer.indexOf("\r\n\r\n");
              if (end < 0) return;
              const head = buffer.subarray(0, end).toString("latin1");
              const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? NaN);
              if (!Number.isFinite(length)) throw new Error(`no Content-Length in ${head}`);
              const encoding = /\r\ncontent-encoding: *(\S+)/i.exec(head)?.[1] ?? "identity";
              const status = head.slice(9, 12);
              result.encodings[encoding] = (result.encodings[encoding] ?? 0) + 1;
              result.statuses[status] = (result.statuses[status] ?? 0) + 1;
              result.headerBytes = end + 4;
              result.bodyBytes = length;
              result.cspBytes = /\r\ncontent-security-policy: *([^\r]*)/i.exec(head)?.[1]?.length ?? 0;
              need = end + 4 + length;
            }
            if (buffer.length < need) return;
            result.bytes += need;
            result.answers += 1;
            buffer = buffer.subarray(need);
            need = -1;
            next();
          }
        });
        next();
      })),
    );
    process.send!(result);
  });
  process.on("disconnect", () => {
    for (const s of sockets) s.destroy();
  });
  process.send!("ready");
}

/** A client process for one page and Accept-Encoding. */
async function startClient(port: number, target: string, acceptEncoding: string) {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), "--client", String(port), target, acceptEncoding, "8"], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  await new Promise<void>((resolve) => child.once("message", () => resolve()));
  return {
    /** Sends `answers` requests; resolves with what came back and this process's CPU time over them (µs). */
    async run(answers: number): Promise<ClientResult & { cpu: number }> {
      const got = new Promise<ClientResult>((resolve) => child.once("message", (m) => resolve(m as ClientResult)));
      const before = cpuUs();
      child.send({ answers });
      const result = await got;
      return { ...result, cpu: cpuUs() - before };
    },
    close() {
      child.disconnect();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// 4. Memory and preparing an entry.

/** A full garbage collection (V8's `gc`, exposed at run time). */
const collect: () => void = (() => {
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
})();
const memory = () => {
  collect();
  collect();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, external: m.external, buffers: m.arrayBuffers, rss: m.rss };
};

/** One request in this process, answered fully; `cpu` is this process's CPU over it (µs, client included). */
async function timed(port: number, target: string, headers: Record<string, string>) {
  const before = cpuUs();
  const answer = await rawGet(port, target, headers);
  return { ...answer, cpu: cpuUs() - before };
}

async function main() {
  const argv = process.argv.slice(2);
  if (argv[0] === "--client") return clientMode(argv.slice(1));
  const options = parseArgs(argv);
  const cacheModule = (await import(pathToFileURL(options.cache).href)) as CacheModule;
  const pages = await renderPages(options.port);
  const { app, cache } = cacheApp(cacheModule, pages);
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const BROWSER = "br, gzip, deflate";
  const GZIP = "gzip, deflate";
  const report: Array<Record<string, string | number>> = [];
  const measured = new Map<string, { prepare: number; brotliWall: number; held: number; heap: number; buffers: number; bypass: string }>();
  /** Makes `target`'s entry and both its compressed copies. */
  const warm = async (target: string) => {
    await rawGet(port, target, { "accept-encoding": "identity" });
    await rawGet(port, target, { "accept-encoding": GZIP });
    const started = performance.now();
    while ((await rawGet(port, target, { "accept-encoding": BROWSER })).headers["content-encoding"] !== "br") {
      if (performance.now() - started > 10_000) throw new Error(`${target}: no brotli answer within 10 s`);
      await sleep(2);
    }
  };

  console.log(`cache module: ${path.relative(projectDir, options.cache)}; ${options.runs} runs × ${options.hits} answers; node ${process.version}; ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}`);

  for (const page of pages) {
    // Preparing an entry: the CPU beyond answering from the first render until gzip and brotli
    // answers are ready, and the wall time until the first brotli answer.
    const prepare: number[] = [];
    const brotliWall: number[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      cache.clear();
      const bypass = await timed(port, page.path, { cookie: "borssnack_flash=x", "accept-encoding": "identity" });
      const miss = await timed(port, page.path, { "accept-encoding": "identity" });
      if (miss.headers["x-cache"] !== "MISS") throw new Error(`${page.path}: expected a MISS, got ${miss.headers["x-cache"]}`);
      const gzipFirst = await timed(port, page.path, { "accept-encoding": GZIP });
      const steady: number[] = [];
      for (let i = 0; i < 3; i += 1) steady.push((await timed(port, page.path, { "accept-encoding": GZIP })).cpu);
      const gzipSteady = median(steady);
      const started = performance.now();
      const before = cpuUs();
      let polls = 0;
      let last = await rawGet(port, page.path, { "accept-encoding": BROWSER });
      while (last.headers["content-encoding"] !== "br") {
        if (performance.now() - started > 10_000) throw new Error(`${page.path}: no brotli answer within 10 s`);
        polls += 1;
        await sleep(2);
        last = await rawGet(port, page.path, { "accept-encoding": BROWSER });
      }
      const windowCpu = cpuUs() - before;
      brotliWall.push(performance.now() - started);
      const brSteady = (await timed(port, page.path, { "accept-encoding": BROWSER })).cpu;
      prepare.push(miss.cpu - bypass.cpu + (gzipFirst.cpu - gzipSteady) + (windowCpu - polls * gzipSteady - brSteady));
    }

    // Memory: 20 entries of this page (distinct URLs), both encodings made.
    // The same requests bypassing the cache (the flash cookie) first: whatever the request path
    // itself leaves behind is not the entries'.
    cache.clear();
    const before = memory();
    for (let i = 0; i < 20; i += 1) {
      for (const accept of ["identity", GZIP, BROWSER]) await rawGet(port, `${page.path}?v=${i}`, { cookie: "borssnack_flash=x", "accept-encoding": accept });
    }
    const base = memory();
    const baseline = { heap: base.heap - before.heap, external: base.external - before.external, buffers: base.buffers - before.buffers, rss: base.rss - before.rss };
    for (let i = 0; i < 20; i += 1) await warm(`${page.path}?v=${i}`);
    const grown = memory();
    const entriesHeld = cache.size().bytes / 20;
    measured.set(page.key, {
      prepare: median(prepare) / 1000,
      brotliWall: median(brotliWall),
      held: Math.round(entriesHeld),
      heap: Math.round((grown.heap - base.heap) / 20),
      buffers: Math.round((grown.buffers - base.buffers) / 20),
      bypass: `${Math.round(baseline.heap / 20)}, ${Math.round(baseline.buffers / 20)}`,
    });
  }

  // CPU per answer and bytes on the wire, per page and client: every entry made first, one
  // client process per case, a warm-up run of every case, then the cases in turn run by run
  // (so a busy moment of the machine falls on all of them alike).
  cache.clear();
  for (const page of pages) await warm(page.path);
  const cases = [];
  for (const page of pages) {
    for (const [client, accept] of [
      ["brotli", BROWSER],
      ["gzip", GZIP],
    ] as const) {
      cases.push({ page, client, client_: await startClient(port, page.path, accept), perAnswer: [] as number[], last: undefined as ClientResult | undefined });
    }
  }
  for (const c of cases) await c.client_.run(options.hits);
  for (let run = 0; run < options.runs; run += 1) {
    for (const c of cases) {
      const r = await c.client_.run(options.hits);
      if (r.answers !== options.hits || r.statuses["200"] !== options.hits) throw new Error(`run: ${JSON.stringify(r)}`);
      c.perAnswer.push(r.cpu / r.answers);
      c.last = r;
    }
  }
  for (const c of cases) {
    c.client_.close();
    const m = measured.get(c.page.key)!;
    const row = {
      page: c.page.label,
      client: c.client,
      encoding: Object.keys(c.last!.encodings).join("+"),
      "CPU µs/answer (median)": Number(median(c.perAnswer).toFixed(1)),
      "min–max": `${Math.min(...c.perAnswer).toFixed(1)}–${Math.max(...c.perAnswer).toFixed(1)}`,
      "body bytes": c.last!.bodyBytes,
      "header bytes": c.last!.headerBytes,
      "CSP header bytes": c.last!.cspBytes,
      "held/entry (cache count)": m.held,
      "held/entry (heap growth)": m.heap,
      "held/entry (buffers growth)": m.buffers,
      "bypass growth/request (heap, buffers)": m.bypass,
      "prepare CPU ms (median)": Number(m.prepare.toFixed(2)),
      "brotli ready ms (median wall)": Number(m.brotliWall.toFixed(1)),
      "page bytes": c.page.body.length,
    };
    report.push(row);
    console.log(Object.entries(row).map(([k, v]) => `${k}: ${v}`).join(" | "));
  }
  if (options.json) console.log(JSON.stringify(report));
  await new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
}

await main();
