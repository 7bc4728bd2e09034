/**
 * `npm run bench`: the load benchmark (docs/performance.md).
 *
 * Starts the production build (`BUILD_DIR`, default `build-perf`; built first when missing or with
 * `--build`) on `DATABASE_URL` (or PGlite in `DATA_DIR` when unset), signs a bench member in
 * through the real `POST /api/login` for a session cookie, and drives every case with autocannon
 * at 10 and 50 connections (two client threads that count answers without keeping their bodies,
 * bench/client-setup.cjs), logged out and logged in: forum home, a category, the 100- and
 * 1 000-comment threads, a profile, search ('SEB', 'utdelning', 'Ericss'), the notification
 * list, the watchlist page `/forum/bevakning`, the forum home's 'Bevakat' tab, and the member's
 * inbox `/forum/inkorg` (500 conversations), the newest page of a 5,000-message conversation and
 * sending a message (`POST` of the conversation page's form, logged in only). Each row reports req/s, the
 * server's CPU ms per request (CPU time of the server's process tree during the case ÷
 * completed requests, so the cost shows even on a busy machine), p50, p97.5 and p99 latency,
 * errors, non-2xx answers and the server's peak RSS. The server may be a process tree (one
 * worker per core, `WEB_CONCURRENCY`): CPU and RSS are summed over the spawned process and all
 * its descendants (bench/proc.ts; RSS sampled every 100 ms), and the report says how many server
 * processes ran. It also reports the
 * gzip size of the JavaScript and CSS a browser downloads for the thread page (from the client
 * build's route manifest, see {@link threadPageAssets}) and the server render time of the
 * 100-comment thread page (sequential requests, one client), and writes everything into
 * `docs/performance.md` between `<!-- bench:start -->` and `<!-- bench:end -->`.
 *
 * ```sh
 * DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_full npm run bench:data
 * DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_full npm run bench
 * npm run bench -- --smoke          # tiny fresh dataset, 2 s per case, fails only on errors/non-2xx
 * npm run bench -- --soak 15        # 15-minute mixed member/visitor load (bench/soak.ts)
 * ```
 *
 * Options: `--smoke`; `--duration <s>` (default 10, smoke 2); `--connections 10,50`;
 * `--port <n>` (default `BENCH_PORT` or 3610); `--build` (rebuild); `--no-write` (leave the docs
 * alone; smoke never writes them); `--only <case,…>` (case keys, e.g. `thread100,search-SEB`);
 * `--cpu-prof <dir>` (run the server with V8's `--cpu-prof` and print the functions with the most
 * self time afterwards); `--soak <minutes>` (instead of the cases: the mixed load of bench/soak.ts,
 * written between `<!-- soak:start -->` and `<!-- soak:end -->`; with `--smoke` on the smoke dataset,
 * never written); `--soak-loops <members>,<visitors>` (the soak's concurrent loops, default 30,10);
 * `--against <folder>` (an A/B in one run: another checkout of the project, e.g. a `git worktree`
 * of an older commit with its own build in the same `BUILD_DIR`, is started beside this one on
 * port + 1, and every case is loaded A, B, B, A with a 1 s pause between loads, after 3 s of
 * uncounted load on each; each side's
 * faster load of the two is its figure, so a slow minute of the shared machine counts against
 * both; prints the comparison table with each case's change and the cases more than 10 % slower,
 * and never writes the docs); `--pin` (the server, or both servers, on the machine's last core and
 * the load generator on the others, so the two never take each other's core: on the 2-core
 * machine an unpinned A/B of two identical paths differed by up to 19 % at 10 connections).
 *
 * A case whose route does not exist in the build (the notification list in an older build)
 * answers 404 and is reported as "route missing", not as a failure. A page that needs a login
 * redirects a logged-out visitor to /auth/login; it is not loaded logged out, and the report names
 * it in a note under the table. A write case (`send`) posts the same form on every request (its
 * text ending in a random id, a new one each time: autocannon's `[<id>]`), with
 * the session cookie and `Origin` set to the server's origin (the server refuses a cross-origin
 * write); its success is the redirect back to the conversation, so 3xx answers count as success.
 * The bench server's `ACTION_LIMIT_MULTIPLIER` keeps the abuse limits counting (the check runs on
 * every send) without refusing the bench member's thousands of messages an hour.
 *
 * `--smoke` generates the dataset at scale 0.002 into a fresh database (a new `bench_smoke_*`
 * database on `TEST_DATABASE_URL` when set, else a temporary PGlite folder) and exits 1 when any
 * case had errors or non-2xx answers (or a route that exists answered 404). Speed never fails it.
 *
 * @module
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "../server/db/client";
import { BENCH_PASSWORD, BENCH_READER_THREADS, benchEmail, generateDataset, SPECIAL_CONVERSATIONS, SPECIAL_THREADS } from "./data";
import { serverProcesses, TreeSampler, treeCpuMs } from "./proc";
import { runSoak, SOAK_MEMBERS, soakMarkdown } from "./soak";
import { THREAD_PAGE_ROUTES, threadPageChunks, type Chunk } from "../tests/build/thread-page-assets";
import { firstVisitJs, type DownloadedJs } from "./first-visit-js";
import { ensureBuild, projectDir, startServer } from "./server";
import { threadPath as canonicalThreadPath } from "../domain/paths";

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Parsed command line. */
interface Options {
  smoke: boolean;
  duration: number;
  connections: number[];
  port: number;
  build: boolean;
  write: boolean;
  only: string[] | null;
  /** Folder for a V8 CPU profile of the server (`--cpu-prof <dir>`), or null. */
  cpuProf: string | null;
  /** Minutes of the mixed soak load (`--soak <minutes>`), or null for the cases. */
  soak: number | null;
  /** The soak's concurrent member and visitor loops (`--soak-loops 30,10`). */
  soakLoops: [number, number];
  /** Another checkout of the project to compare with (`--against <folder>`), or null. */
  against: string | null;
  /** `--pin`: the servers on the last core, this process (the load generator) on the others. */
  pin: boolean;
}

/** `--soak <minutes>`: a positive number, 15 when the number is left out. */
function soakMinutes(text: string | undefined): number {
  if (text === undefined || text.startsWith("--")) return 15;
  const minutes = Number(text);
  if (!(minutes > 0)) throw new Error(`--soak takes minutes > 0, got ${text}`);
  return minutes;
}

function parseArgs(argv: string[]): Options {
  const value = (name: string) => {
    const at = argv.indexOf(name);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const smoke = argv.includes("--smoke");
  return {
    smoke,
    duration: Number(value("--duration") ?? (smoke ? 2 : 10)),
    connections: (value("--connections") ?? "10,50").split(",").map(Number),
    port: Number(value("--port") ?? process.env.BENCH_PORT ?? 3610),
    build: argv.includes("--build"),
    write: !smoke && !argv.includes("--no-write"),
    only: value("--only")?.split(",") ?? null,
    cpuProf: value("--cpu-prof") ?? null,
    soak: argv.includes("--soak") ? soakMinutes(value("--soak")) : null,
    soakLoops: ((value("--soak-loops") ?? "30,10").split(",").map(Number) as [number, number]),
    against: value("--against") ? path.resolve(value("--against")!) : null,
    pin: argv.includes("--pin"),
  };
}

/** One page the benchmark loads. */
interface Case {
  key: string;
  label: string;
  path: string;
  /**
   * A write: this form body (`application/x-www-form-urlencoded`) is POSTed to `path` on every
   * request, logged in only; a redirect (3xx) is its success.
   */
  form?: string;
}

/** 'Inkorg' (app/routes/inbox.tsx) and one conversation (app/routes/conversation.tsx). */
const INBOX_PATH = "/forum/inkorg";
const conversationPath = (id: string) => `${INBOX_PATH}/${id}`;

/** The cases that need the private message set of bench/data.ts. */
const MESSAGE_CASES = ["inbox", "conversation", "send"];

/** What the `send` case posts: an ordinary message (plain text, no link, no @mention). */
const SEND_BODY = "Hej! Såg att rapporten kommer på tisdag. Tror du att de höjer utdelningen i år, eller behåller de pengarna för förvärv?";

/** One measured row. */
interface Row {
  case: Case;
  loggedIn: boolean;
  connections: number;
  /** `ok` (loaded), or why the page was not loaded. */
  status: "ok" | "route missing" | "login required" | "failed probe";
  probeStatus: number;
  reqPerSec?: number;
  p50?: number;
  p975?: number;
  p99?: number;
  errors?: number;
  non2xx?: number;
  /** Answers by HTTP status, e.g. `{ "200": 812, "500": 3 }`. */
  codes?: Record<string, number>;
  /** Answers that completed (autocannon reports latency 0 when none did). */
  completed?: number;
  rssMiB?: number;
  /** Server CPU time (process tree, user + system) during the case ÷ completed requests, in ms. */
  cpuMsPerReq?: number;
  /** Server processes seen during the case (1 + Node workers). */
  processes?: number;
}

/** A database for the run, and how to remove it afterwards. */
interface Target {
  databaseUrl?: string;
  dataDir: string;
  describe: string;
  cleanup: () => Promise<void>;
}

async function smokeTarget(): Promise<Target> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-smoke-"));
  const admin = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropName: string | undefined;
  if (admin) {
    dropName = `bench_smoke_${Date.now()}_${randomBytes(3).toString("hex")}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE ${dropName}`);
    await client.end();
    const url = new URL(admin);
    url.pathname = `/${dropName}`;
    databaseUrl = url.toString();
  }
  const database = await openDatabase(databaseUrl ? { databaseUrl, poolSize: 2 } : { pgliteDir: path.join(dataDir, "pglite") });
  try {
    await database.migrate();
    const result = await generateDataset(database, { scale: 0.002, log: () => {} });
    console.log(`smoke dataset: ${JSON.stringify(result.counts)} in ${result.totalSeconds.toFixed(1)} s`);
  } finally {
    await database.close();
  }
  return {
    databaseUrl,
    dataDir,
    describe: databaseUrl ? `PostgreSQL (${dropName})` : "PGlite (temporary folder)",
    cleanup: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      if (dropName && admin) {
        const client = new pg.Client({ connectionString: admin });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${dropName} WITH (FORCE)`);
        await client.end();
      }
    },
  };
}

function fullTarget(): Target {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(process.env.DATA_DIR ?? "./data");
  return { databaseUrl, dataDir, describe: databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${dataDir}`, cleanup: async () => {} };
}

/**
 * Ids the cases need, read before the server starts (PGlite allows one process at a time).
 *
 * @param withMessages whether a case needs the private message set (throws when it is missing)
 */
async function readIds(target: Target, withMessages: boolean) {
  const database = await openDatabase(
    target.databaseUrl ? { databaseUrl: target.databaseUrl, poolSize: 1 } : { pgliteDir: path.join(target.dataDir, "pglite") },
  );
  try {
    const threadId = (i: number) => sql`md5(${`t${i}`})::uuid`;
    const found = rows<{ id: string; category_id: string; title: string; comments_count: number }>(
      await database.db.execute(sql`
        SELECT id, category_id, title, comments_count FROM threads
        WHERE id IN (${threadId(SPECIAL_THREADS.hundred.index)}, ${threadId(SPECIAL_THREADS.thousand.index)})
        ORDER BY comments_count`),
    );
    if (found.length !== 2) throw new Error("the special threads are missing: run `npm run bench:data` first");
    const [counts] = rows<Record<string, number>>(
      await database.db.execute(sql`
        SELECT (SELECT count(*)::int FROM profiles) AS members, (SELECT count(*)::int FROM threads) AS threads,
               (SELECT count(*)::int FROM comments) AS comments, (SELECT count(*)::int FROM reactions) AS reactions,
               (SELECT count(*)::int FROM user_follows) AS follows, (SELECT count(*)::int FROM notifications) AS notifications`),
    );
    const [{ version }] = rows<{ version: string }>(await database.db.execute(sql`SELECT version()`)) as [{ version: string }];
    // 'Inkorg': bench_member_2's (u2, the member signIn() uses) conversations, the long one and the
    // one-to-one the send case writes in (bench/data.ts, SPECIAL_CONVERSATIONS).
    const conversationId = (i: number) => sql`md5(${`cv${i}`})::uuid`;
    const [{ has }] = rows<{ has: boolean }>(await database.db.execute(sql`SELECT to_regclass('public.messages') IS NOT NULL AS has`)) as [{ has: boolean }];
    const [inbox] = has
      ? rows<{ conversations: number; long_id: string | null; long_messages: number | null; send_id: string | null; all_conversations: number; messages: number }>(
          await database.db.execute(sql`
            SELECT (SELECT count(*)::int FROM conversation_members WHERE user_id = 'u2' AND left_at IS NULL AND NOT hidden) AS conversations,
                   (SELECT c.id::text FROM conversations c JOIN conversation_members m ON m.conversation_id = c.id AND m.user_id = 'u2'
                     WHERE c.id = ${conversationId(SPECIAL_CONVERSATIONS.long.index)}) AS long_id,
                   (SELECT message_count FROM conversations WHERE id = ${conversationId(SPECIAL_CONVERSATIONS.long.index)}) AS long_messages,
                   (SELECT c.id::text FROM conversations c JOIN conversation_members m ON m.conversation_id = c.id AND m.user_id = 'u2'
                     WHERE c.id = ${conversationId(SPECIAL_CONVERSATIONS.send.index)} AND NOT c.is_group) AS send_id,
                   (SELECT count(*)::int FROM conversations) AS all_conversations, (SELECT count(*)::int FROM messages) AS messages`),
        )
      : [];
    if (withMessages && !(inbox?.long_id && inbox.send_id)) {
      throw new Error("the private message set is missing: run `npm run bench:data` (bench/data.ts) into a fresh database first");
    }
    if (inbox) Object.assign(counts!, { conversations: inbox.all_conversations, messages: inbox.messages });
    // Threads the soak's members comment and react in: never the special ones (whose sizes the
    // cases need), and not written by a soak member (a reaction to one's own post is refused).
    // The generator's ids are md5 hashes; the reaction form accepts only RFC 9562
    // UUIDs (version 1–8, variant 10), which about one id in eight happens to be.
    const otherThreads = rows<{ id: string; category_id: string; title: string }>(
      await database.db.execute(sql`
        SELECT id, category_id, title FROM threads
        WHERE id NOT IN (${threadId(SPECIAL_THREADS.hundred.index)}, ${threadId(SPECIAL_THREADS.thousand.index)})
          AND id::text ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$'
          AND author_id NOT IN (${sql.join(SOAK_MEMBERS.map((m) => sql`${`u${m}`}`), sql`, `)})
        ORDER BY id LIMIT 8`),
    );
    return { thread100: found[0]!, thread1000: found[1]!, otherThreads, counts: counts!, engine: version.split(" on ")[0]!, inbox: inbox ?? null };
  } finally {
    await database.close();
  }
}

/** Starts the server for the bench (./server.ts) on the target's database. */
/**
 * `--pin`: splits the machine's cores between the servers (the last one) and this process, whose
 * autocannon worker threads inherit its affinity (`taskset -a -p`).
 *
 * @returns the servers' core list for `taskset -c`
 * @throws on a machine with one core, or without `taskset` (util-linux)
 */
function pinCores(): string {
  const cores = os.availableParallelism();
  if (cores < 2) throw new Error("--pin needs at least 2 cores");
  const result = spawnSync("taskset", ["-a", "-p", "-c", `0-${cores - 2}`, String(process.pid)], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`taskset failed: ${result.stderr || result.error?.message}`);
  return String(cores - 1);
}

async function startBenchServer(target: Target, buildDir: string, port: number, cpuProf: string | null, cwd?: string, cpus?: string): Promise<ChildProcess> {
  // BENCH_NODE_ARGS: more Node arguments for the server (e.g. `--trace-gc`, which NODE_OPTIONS refuses).
  const extra = (process.env.BENCH_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
  const { child, logFile } = await startServer({
    buildDir,
    port,
    cwd,
    logName: `bench-server-${port}.log`,
    cpus,
    nodeArgs: [...extra, ...(cpuProf ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(cpuProf)}`] : [])],
    env: {
      DATA_DIR: target.dataDir,
      DATABASE_URL: target.databaseUrl,
      AUTH_IP_LIMIT_PER_MINUTE: "100000",
      // One client from one IP makes thousands of searches a second: the per-action limits
      // (server/abuse/action-limits.ts) still count every request, but do not refuse them.
      ACTION_LIMIT_MULTIPLIER: "100000",
    },
  });
  console.log(`server log: ${logFile}`);
  return child;
}

/**
 * Signs a bench member in through the real login endpoint.
 *
 * @param base the server's origin, e.g. `http://localhost:3610`
 * @param member which `bench_member_<n>` (1 … 10; default 2, the member with the big watchlist)
 * @returns the Cookie header of the session
 * @throws when the login fails or the cookie does not sign in
 */
async function signIn(base: string, member = 2): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams({ email: benchEmail(member), password: BENCH_PASSWORD, redirectTo: "/forum" }),
    redirect: "manual",
  });
  const body = await res.text();
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${body.slice(0, 200)}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    // Not the one-shot 'Inloggad' toast (`borssnack_flash`, 60 s): a browser shows it on the first
    // page and drops it, since that answer clears it; sent on every request, it made every bench
    // request a flash-clearing first page view.
    .filter((c) => c.startsWith("borssnack") && !c.startsWith("borssnack_flash="))
    .join("; ");
  // The own-profile shortcut redirects a member to their profile and a visitor to the login.
  const check = await fetch(`${base}/forum/profil`, { headers: { Cookie: cookie }, redirect: "manual" });
  const to = check.headers.get("location") ?? "";
  if (!to.includes("/forum/profil/")) throw new Error(`the session cookie does not sign in (/forum/profil → ${check.status} ${to})`);
  return cookie;
}

/** Seconds of an uncounted load of each side before an A/B case (`--against`). */
const WARM_UP_S = 3;

/** autocannon worker threads per case (see {@link load}). */
const CLIENT_THREADS = 2;
/** autocannon's per-connection setup in its worker threads (a file path in workers mode). */
const CLIENT_SETUP = fileURLToPath(new URL("./client-setup.cjs", import.meta.url));

/**
 * Drives one case with autocannon while sampling the server's process tree.
 *
 * @returns autocannon's result; `peak`: highest RSS sum of the tree in MiB (sampled every
 *   100 ms); `cpuMs`: the tree's CPU time during the load in ms; `processes`: most server
 *   processes seen
 */
async function load(
  base: string,
  pathname: string,
  connections: number,
  duration: number,
  cookie: string | null,
  sampler: TreeSampler,
  pid: number,
  form?: string,
) {
  sampler.reset();
  sampler.start();
  const cpu0 = treeCpuMs(pid);
  try {
    const result = await autocannon({
      url: base + pathname,
      connections,
      // Two client threads (autocannon's worker threads, connections split between them): one
      // thread topped out near 70 MB/s of compressed pages and measured itself instead of the
      // server (the visitor's 100-comment thread at 2 300 answers/s with the server at a third of
      // the machine).
      workers: CLIENT_THREADS,
      // Neither thread keeps answer bodies as strings: decoding them was 77 % of the client's CPU
      // (`--cpu-prof` of autocannon, 2026-11-26), taken from the server on the shared cores
      // (bench/client-setup.cjs). In workers mode autocannon takes the module's path (its
      // README); the types know only the function.
      setupClient: CLIENT_SETUP as unknown as NonNullable<autocannon.Options["setupClient"]>,
      duration,
      // As a browser asks: compressed answers (what members download, and what the server's
      // compression and the anonymous cache's gzip path cost).
      headers: {
        "accept-encoding": "gzip, deflate, br",
        ...(cookie ? { cookie } : {}),
        // A write as the browser's form posts it: same origin, or the server refuses it (403).
        ...(form !== undefined ? { "content-type": "application/x-www-form-urlencoded", origin: base } : {}),
      },
      // A write's `[<id>]` becomes a new random id in every request (autocannon's idReplacement).
      ...(form !== undefined ? { method: "POST" as const, body: form, idReplacement: true } : {}),
    });
    const cpuMs = treeCpuMs(pid) - cpu0;
    sampler.sample();
    return { result, peak: sampler.peak, cpuMs, processes: sampler.maxProcesses };
  } finally {
    sampler.stop();
  }
}

/**
 * Gzip sizes of the JS and CSS of the thread page's first paint. React Router deletes Vite's
 * `.vite/manifest.json` after the build (the project does not set `build.manifest`), so this
 * reads the route manifest it writes instead (`client/assets/manifest-*.js`): the entry, the
 * routes `root`, `routes/forum-layout` and `routes/thread`, each with its already-flattened
 * static imports and CSS (the manifest file is not fetched by the page; tests/build/thread-page-assets.ts).
 * Everything a first visit downloads, lazily loaded chunks included, is {@link firstVisitJs}.
 */
function threadPageAssets(buildDir: string) {
  // The same files the build guard counts (tests/build/thread-page-js.test.ts): one definition.
  const { js, css } = threadPageChunks(path.join(projectDir, buildDir, "client"));
  const size = (chunks: Chunk[]) => ({ files: chunks.length, raw: chunks.reduce((s, c) => s + c.raw, 0), gz: chunks.reduce((s, c) => s + c.gzip, 0) });
  return { roots: ["entry.client", ...THREAD_PAGE_ROUTES], js: size(js), css: size(css) };
}

/** Median and p95 of `n` sequential requests after 5 warm-ups, in ms. */
async function renderTime(url: string, cookie: string | null, n = 50) {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  for (let i = 0; i < 5; i += 1) await (await fetch(url, { headers })).text();
  const ms: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    await res.text();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(n / 2)]!, p95: ms[Math.min(n - 1, Math.ceil(0.95 * n) - 1)]! };
}

/** Whether the build has a route for `/forum/notifications`. */
async function hasNotificationsRoute(buildDir: string): Promise<boolean> {
  const mod = (await import(pathToFileURL(path.join(projectDir, buildDir, "server", "index.js")).href)) as {
    routes?: Record<string, { path?: string }>;
  };
  return Object.values(mod.routes ?? {}).some((r) => r.path === "notifications" || r.path === "forum/notifications");
}

/** Whether so few requests completed that the ones in flight at the end skew CPU ms/req (< 10 per connection). */
function fewCompleted(row: Row): boolean {
  return (row.completed ?? 0) < 10 * row.connections;
}

/** "one Node process" or "N Node processes (1 primary + k workers)". */
function serverDescription(p: { processes: number; workers: number }): string {
  if (p.workers === 0) return "one Node process";
  return `${p.processes} Node processes (1 primary + ${p.workers} worker${p.workers === 1 ? "" : "s"})`;
}

const fmt = (n: number | undefined, digits = 0) => (n === undefined ? "–" : n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits }).replace(/,/g, " "));

/** One server under load: where it answers, its member's cookie, and its process tree's sampler. */
interface Side {
  base: string;
  cookie: string;
  pid: number;
  sampler: TreeSampler;
}

/**
 * The first answer of a page, as the case would get it. Requests queued by the previous case may
 * still hold the pool: a 5xx is retried after a pause (twice).
 *
 * @returns the last answer (body read)
 */
async function probePage(side: Side, c: Case, loggedIn: boolean): Promise<Response> {
  const headers: Record<string, string> = loggedIn ? { cookie: side.cookie } : {};
  const init: RequestInit =
    c.form === undefined
      ? { headers, redirect: "manual" }
      : { method: "POST", headers: { ...headers, "content-type": "application/x-www-form-urlencoded", origin: side.base }, body: c.form, redirect: "manual" };
  let probe = await fetch(side.base + c.path, init);
  await probe.arrayBuffer();
  for (let retry = 0; retry < 2 && probe.status >= 500; retry += 1) {
    await new Promise((r) => setTimeout(r, 10_000));
    probe = await fetch(side.base + c.path, init);
    await probe.arrayBuffer();
  }
  return probe;
}

/** Whether a probe answered as the case should: 200 for a page, a redirect back to the page for a write. */
function answered(c: Case, probe: Response): boolean {
  if (c.form === undefined) return probe.status === 200;
  return probe.status >= 300 && probe.status < 400 && (probe.headers.get("location") ?? "").includes(c.path);
}

/** Loads one case on one server ({@link load}) and returns its row. */
async function loadCase(side: Side, c: Case, loggedIn: boolean, connections: number, duration: number): Promise<Row> {
  const { result, peak, cpuMs, processes } = await load(side.base, c.path, connections, duration, loggedIn ? side.cookie : null, side.sampler, side.pid, c.form);
  return {
    case: c,
    loggedIn,
    connections,
    status: "ok",
    probeStatus: 200,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p975: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    // A write answers with a redirect: its 3xx answers are successes, not failures.
    non2xx: c.form === undefined ? result.non2xx : result.non2xx - result["3xx"],
    codes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([k, v]) => [k, v?.count ?? 0])),
    completed: result.requests.total,
    rssMiB: peak,
    cpuMsPerReq: result.requests.total > 0 ? cpuMs / result.requests.total : undefined,
    processes,
  };
}

/** This build's req/s against the other's, e.g. "+12.5 %". */
function change(a: Row, b: Row): string {
  const ratio = (a.reqPerSec ?? 0) / Math.max(1e-9, b.reqPerSec ?? 0) - 1;
  return `${ratio >= 0 ? "+" : ""}${(100 * ratio).toFixed(1)} %`;
}

/**
 * The `--against` table: every load of both builds, the change, and which cases are more than
 * 10 % slower than the other build (a † row: fewer than 10 answers per connection, CPU skewed).
 */
function comparisonMarkdown(compared: Array<{ a: Row; b: Row | null }>, against: string, otherVisit: string): string {
  const lines = [
    `A/B against ${against} (each side the faster of its two loads, A B B A):`,
    "",
    "| case | login | conn. | this build req/s (CPU ms/req) | other build req/s (CPU ms/req) | change |",
    "|---|---|---|---|---|---|",
  ];
  const slower: string[] = [];
  for (const { a, b } of compared) {
    const name = `${a.case.label} ${a.loggedIn ? "in" : "out"} ${a.connections}`;
    const side = (r: Row) => `${fmt(r.reqPerSec)} (${fmt(r.cpuMsPerReq, 2)}${fewCompleted(r) ? " †" : ""})`;
    if (b && (a.reqPerSec ?? 0) < 0.9 * (b.reqPerSec ?? 0)) slower.push(name);
    lines.push(`| ${a.case.label} | ${a.loggedIn ? "in" : "out"} | ${a.connections} | ${side(a)} | ${b ? side(b) : "not loaded"} | ${b ? change(a, b) : "–"} |`);
  }
  lines.push("", `More than 10 % slower than the other build: ${slower.length ? slower.join("; ") : "none"} (${compared.length} loads compared).`);
  lines.push(`Other build, first visit in Chromium: JS ${otherVisit}.`);
  return lines.join("\n");
}

/**
 * Budgets at 50 connections, by case key and login state: members at visitor speed for the member
 * rows and the visitor's 100-comment thread, and the search budget for visitor search; the
 * members' 'Aktiva' tab at the home budget, their 'Olästa' tab (5,000 read threads) ≥ 300 req/s;
 * 'Inkorg' (500 conversations) and a conversation's newest page (5,000 messages) ≥ 500 req/s,
 * sending a message ≥ 200 req/s, each with p99 ≤ 150 ms.
 */
function budgetFor(row: Row): { text: string; met: boolean } | null {
  if (row.connections !== 50 || row.status !== "ok") return null;
  const rps = row.reqPerSec ?? 0;
  const p99 = row.p99 ?? Infinity;
  const clean = (row.errors ?? 0) === 0 && (row.non2xx ?? 0) === 0;
  const k = row.case.key;
  const budget = (minRps: number, maxP99?: number) => ({
    text: `≥ ${fmt(minRps)} req/s${maxP99 === undefined ? "" : `, p99 ≤ ${maxP99} ms`}`,
    met: clean && rps >= minRps && (maxP99 === undefined || p99 <= maxP99),
  });
  if (!row.loggedIn) {
    if (k === "thread100") return budget(2500);
    if (k.startsWith("search-")) return budget(300, 300);
    return null;
  }
  if (k === "thread100") return budget(400, 250);
  if (k === "thread1000") return budget(300);
  if (k === "home" || k === "category" || k === "home-active") return budget(800, 150);
  if (k === "home-unread") return budget(300);
  if (k === "profile") return budget(800);
  if (k.startsWith("search-")) return budget(500, 200);
  if (k === "notifications") return budget(500);
  if (k === "inbox" || k === "conversation") return budget(500, 150);
  if (k === "send") return budget(200, 150);
  return null;
}

/** Gzip bytes of `files` together. */
const sumGzip = (files: DownloadedJs[]) => files.reduce((sum, f) => sum + f.gzip, 0);

function markdown(report: {
  rows: Row[];
  assets: ReturnType<typeof threadPageAssets>;
  /** The JS Chromium downloaded on a visitor's first visit to the 100-comment thread, or why it was not measured. */
  visit: DownloadedJs[] | string;
  render: { out: { median: number; p95: number }; in: { median: number; p95: number } };
  counts: Record<string, number>;
  engine: string;
  options: Options;
  target: Target;
  peakRss: number;
  processes: { processes: number; workers: number };
}): string {
  const cpu = os.cpus();
  const date = new Date().toISOString().replace("T", " ").slice(0, 16) + " UTC";
  const lines: string[] = [];
  lines.push("<!-- bench:start -->");
  lines.push(`### ${date.slice(0, 10)}, load benchmark (\`npm run bench\`)`);
  lines.push("");
  // Machine and dataset in one paragraph (docs/performance.md stays within its 300 lines).
  lines.push(
    `Machine: ${cpu.length} × ${cpu[0]?.model ?? "?"}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ` +
      `${report.engine}. Measured ${date}; load average (1 min) ${os.loadavg()[0]!.toFixed(1)} when the run ended. ` +
      `autocannon (${CLIENT_THREADS} client threads, answers counted without keeping their bodies: bench/client-setup.cjs), the server and the database share the same ${cpu.length} cores. ` +
      `Dataset (\`npm run bench:data\`): ${Object.entries(report.counts).map(([k, v]) => `${fmt(v)} ${k}`).join(", ")}. ` +
      `Server: the production build (\`BUILD_DIR=${process.env.BUILD_DIR ?? "build-perf"}\`), ${serverDescription(report.processes)}, ${report.target.describe}, ` +
      `${report.target.databaseUrl ? "pg pool of 10 per process" : "embedded in the server process"}. Each case ${report.options.duration} s${report.options.against ? ", loaded twice, the faster load shown (A/B with `--against`: A B B A)" : ""}; "logged in" sends the session cookie of bench_member_2 ` +
      "got from `POST /api/login`.",
  );
  lines.push("");
  lines.push("```sh");
  lines.push("psql -h 127.0.0.1 -U postgres -c 'CREATE DATABASE bench_full'");
  lines.push("DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_full npm run bench:data");
  lines.push("DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_full npm run bench");
  lines.push("```");
  lines.push("");
  lines.push("| case | login | conn. | req/s | CPU ms/req | p50 ms | p97.5 ms | p99 ms | errors (incl. 10 s timeouts) | non-2xx | RSS MiB | budget (50 conn.) |");
  lines.push("|---|---|---|---|---|---|---|---|---|---|---|---|");
  // Pages that send a visitor to the login are named once, under the table, not as rows.
  const loginOnly = [...new Set(report.rows.filter((r) => r.status === "login required").map((r) => r.case.label))];
  const writes = [...new Set(report.rows.filter((r) => r.case.form !== undefined).map((r) => r.case.label))];
  for (const r of report.rows) {
    const b = budgetFor(r);
    const budget = b ? `${b.met ? "met" : "**missed**"}: ${b.text}` : "";
    if (r.status === "login required") continue;
    if (r.status !== "ok") {
      lines.push(`| ${r.case.label} | ${r.loggedIn ? "in" : "out"} | ${r.connections} | ${r.status} (${r.probeStatus}) | | | | | | | | |`);
      continue;
    }
    const none = (r.completed ?? 0) === 0;
    const latency = none ? "none completed | | " : `${fmt(r.p50)} | ${fmt(r.p975)} | ${fmt(r.p99)}`;
    // Not a success: anything but 2xx (and, for a write, its 3xx redirect).
    const other = Object.entries(r.codes ?? {}).filter(([code]) => !code.startsWith("2") && !(r.case.form !== undefined && code.startsWith("3")));
    const non2xx = other.length > 0 ? `${fmt(r.non2xx)} (${other.map(([code, count]) => `${count}× ${code}`).join(", ")})` : fmt(r.non2xx);
    lines.push(
      `| ${r.case.label} | ${r.loggedIn ? "in" : "out"} | ${r.connections} | ${fmt(r.reqPerSec)} | ${fmt(r.cpuMsPerReq, 2)}${fewCompleted(r) ? " †" : ""} | ${latency} | ` +
        `${fmt(r.errors)} | ${non2xx} | ${fmt(r.rssMiB)} | ${budget} |`,
    );
  }
  lines.push("");
  const a = report.assets;
  lines.push("| other measurement | value | budget |");
  lines.push("|---|---|---|");
  const v = report.visit;
  if (typeof v === "string") {
    lines.push(`| JS a first visit to the thread page downloads | not measured: ${v} | ≤ 130 KB: **not measured** |`);
  } else {
    const gz = sumGzip(v) / 1024;
    const later = v.filter((f) => f.afterLoad);
    lines.push(
      `| JS a first visit to the thread page downloads (Chromium, visitor, ${v.length} files, gzip) | ${fmt(gz, 1)} KB ` +
        `(${fmt(v.reduce((sum, f) => sum + f.raw, 0) / 1024, 1)} KB raw; after the load event: ${later.length ? later.map((f) => `${path.basename(f.file)} ${fmt(f.gzip / 1024, 1)} KB`).join(", ") : "none"}) | ` +
        `≤ 130 KB: ${gz <= 130 ? "met" : "**missed**"} (goal ≤ 100 KB) |`,
    );
  }
  lines.push(`| of it, the first paint's modules (route manifest, ${a.js.files} files, gzip) | ${fmt(a.js.gz / 1024, 1)} KB (${fmt(a.js.raw / 1024, 1)} KB raw) | |`);
  lines.push(`| CSS for the thread page (${a.css.files} files, gzip) | ${fmt(a.css.gz / 1024, 1)} KB (${fmt(a.css.raw / 1024, 1)} KB raw) | ≤ 25 KB: ${a.css.gz / 1024 <= 25 ? "met" : "**missed**"} |`);
  lines.push(
    `| server render of the 100-comment thread (median / p95 of 50 sequential requests) | logged out ${fmt(report.render.out.median, 1)} / ${fmt(report.render.out.p95, 1)} ms, ` +
      `logged in ${fmt(report.render.in.median, 1)} / ${fmt(report.render.in.p95, 1)} ms | |`,
  );
  lines.push(`| peak server RSS over all cases (sum over the server's ${report.processes.processes} process${report.processes.processes === 1 ? "" : "es"}) | ${fmt(report.peakRss)} MiB | ≤ 400 MiB: ${report.peakRss <= 400 ? "met" : "**missed**"} |`);
  lines.push("");
  lines.push(
    "CPU ms/req: user + system CPU time of the server's process tree (the spawned process and every descendant, " +
      "`/proc/<pid>/stat`) during the case ÷ the requests that completed; PostgreSQL's own CPU is not in it. " +
      "RSS: the highest sum of `VmRSS` over the tree, sampled every 100 ms (pages the processes share count once per process). " +
      "†: fewer than 10 answers per connection completed, so the CPU spent on the requests still in flight when the case ended " +
      "(up to one per connection) makes the figure too high." +
      (loginOnly.length ? ` Redirect a visitor to the login, so loaded logged in only: ${loginOnly.join("; ")}.` : "") +
      (writes.length ? ` Writes, loaded logged in only, their redirect (3xx) counted as success: ${writes.join("; ")}.` : ""),
  );
  lines.push(
    "First visit: Chromium opens the 100-comment thread with an empty cache and no input; every `.js` file it requests until the network is idle and 2 s more have passed is counted (bench/first-visit-js.ts). " +
      `First paint: the modules and CSS that React Router's route manifest lists for ${a.roots.map((r) => `\`${r}\``).join(", ")} (imports already flattened; ` +
      "the manifest file itself is not fetched: lazy route discovery puts the page's routes in the HTML). Sizes are the bytes the server sends to a client that accepts only gzip (the build's Zopfli copies, scripts/precompress-plugin.ts); Brotli clients (every current browser) get less.",
  );
  lines.push("<!-- bench:end -->");
  return lines.join("\n");
}

/** Replaces the text between `<!-- <marker>:start -->` and `<!-- <marker>:end -->` in docs/performance.md (appends when missing). */
function writeDocs(section: string, marker = "bench") {
  const file = path.join(projectDir, "docs", "performance.md");
  const text = readFileSync(file, "utf8");
  const open = `<!-- ${marker}:start -->`;
  const close = `<!-- ${marker}:end -->`;
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  const next =
    start >= 0 && end > start ? text.slice(0, start) + section + text.slice(end + close.length) : `${text.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next);
  console.log(`wrote ${path.relative(projectDir, file)}`);
}

/** The newest `.cpuprofile` in `dir`: the 20 functions with the most self time. */
function printCpuProfile(dir: string) {
  const file = readdirSync(dir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .map((f) => path.join(dir, f))
    .sort()
    .at(-1);
  if (!file) return console.log(`no .cpuprofile in ${dir}`);
  type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number } };
  const profile = JSON.parse(readFileSync(file, "utf8")) as { nodes: Node[]; samples: number[] };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  for (const id of profile.samples) {
    const f = byId.get(id)!.callFrame;
    const key = `${f.functionName || "(anonymous)"} ${f.url.replace(/^.*node_modules\//, "").replace(projectDir, "")}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + 1);
  }
  const total = profile.samples.length;
  console.log(`CPU profile ${file} (${total} samples), self time:`);
  for (const [key, count] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
    console.log(`${((100 * count) / total).toFixed(1).padStart(5)} %  ${key}`);
  }
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const buildDir = process.env.BUILD_DIR ?? "build-perf";
  ensureBuild(buildDir, options.build);
  const target = options.smoke ? await smokeTarget() : fullTarget();
  let server: ChildProcess | undefined;
  let otherServer: ChildProcess | undefined;
  let failures = 0;
  try {
    const ids = await readIds(target, MESSAGE_CASES.some((k) => !options.only || options.only.includes(k)));
    const threadPath = (t: { id: string; category_id: string; title: string }) => canonicalThreadPath(t.category_id, t.id, t.title);
    const cases: Case[] = [
      { key: "home", label: "forum home", path: "/forum" },
      { key: "category", label: "category page", path: `/forum/kategori/${ids.thread100.category_id}` },
      { key: "thread100", label: `thread, ${ids.thread100.comments_count} comments`, path: threadPath(ids.thread100) },
      { key: "thread1000", label: `thread, ${ids.thread1000.comments_count} comments`, path: threadPath(ids.thread1000) },
      { key: "profile", label: "profile (busiest member)", path: "/forum/profil/u1" },
      { key: "search-SEB", label: "search 'SEB'", path: "/forum/sok?q=SEB" },
      { key: "search-utdelning", label: "search 'utdelning'", path: "/forum/sok?q=utdelning" },
      { key: "search-Ericss", label: "search 'Ericss'", path: "/forum/sok?q=Ericss" },
      { key: "notifications", label: "notification list", path: "/forum/notifications" },
      // bench_member_2 watches 200 tickers and follows 500 members (bench/data.ts).
      { key: "watchlist", label: "watchlist 'Bevakning' (200 tickers)", path: "/forum/bevakning" },
      { key: "home-watched", label: "forum home tab 'Bevakat' (500 follows, 200 tickers)", path: "/forum?sortera=bevakat" },
      { key: "home-active", label: "forum home tab 'Aktiva'", path: "/forum?sortera=aktiva" },
      // bench_member_2 has read 5,000 threads (bench/data.ts); a visitor asking gets 'Senaste'.
      { key: "home-unread", label: `forum home tab 'Olästa' (${BENCH_READER_THREADS.toLocaleString("en")} read threads)`, path: "/forum?sortera=olasta" },
      // bench_member_2's inbox and conversations (bench/data.ts): the send case writes last, in
      // another conversation than the long one, so every run finds the same pages.
      ...(ids.inbox?.long_id && ids.inbox.send_id
        ? [
            { key: "inbox", label: `inbox 'Inkorg' (${ids.inbox.conversations} conversations)`, path: INBOX_PATH },
            { key: "conversation", label: `conversation, ${(ids.inbox.long_messages ?? 0).toLocaleString("en")} messages, newest page`, path: conversationPath(ids.inbox.long_id) },
            // Each message its own text (a random id at its end): a member does not send one text
            // thousands of times an hour (the hourly limit stops them at 60; the same-text rule
            // reads the sender's recent messages with the text).
            { key: "send", label: "send a message (form POST → 302)", path: conversationPath(ids.inbox.send_id), form: `${new URLSearchParams({ intent: "send", body: SEND_BODY }).toString()}+[<id>]` },
          ]
        : []),
    ].filter((c) => !options.only || options.only.includes(c.key));
    const notificationsExist = await hasNotificationsRoute(buildDir);

    const cpus = options.pin ? pinCores() : undefined;
    if (cpus) console.log(`pinned: the server${options.against ? "s" : ""} on core ${cpus}, the load generator on the others`);
    server = await startBenchServer(target, buildDir, options.port, options.cpuProf, undefined, cpus);
    console.log(`server: ${serverDescription(serverProcesses(server.pid!))}`);
    const base = `http://localhost:${options.port}`;
    const cookie = await signIn(base);
    const pid = server.pid!;
    if (options.soak !== null) {
      const soak = await runSoak({
        base,
        pid,
        minutes: options.soak,
        signIn: (member) => signIn(base, member),
        memberLoops: options.soakLoops[0],
        visitorLoops: options.soakLoops[1],
        paths: {
          categories: [...new Set([ids.thread100.category_id, ids.thread1000.category_id])].map((id) => `/forum/kategori/${id}`),
          threads: [threadPath(ids.thread100), threadPath(ids.thread1000), ...ids.otherThreads.map(threadPath)],
          commentThreads: ids.otherThreads.map(threadPath),
          profiles: ["/forum/profil/u1", "/forum/profil/u2", "/forum/profil/u3", "/forum/profil/u11"],
          searches: ["/forum/sok?q=SEB", "/forum/sok?q=utdelning", "/forum/sok?q=Ericss"],
        },
        log: (line) => console.log(line),
      });
      const section = soakMarkdown(soak, { engine: ids.engine, counts: ids.counts, target: target.describe, processes: serverDescription(soak.processes) });
      if (!options.smoke && !process.argv.includes("--no-write")) writeDocs(section, "soak");
      else console.log(section);
      if (soak.errors > 0 || soak.non2xx > 0) process.exitCode = 1;
      return;
    }
    console.log(`signed in as ${benchEmail(2)}; ${target.describe}; ${options.duration} s per case`);
    const sampler = new TreeSampler(pid);
    const here: Side = { base, cookie, pid, sampler };
    // `--against`: the other checkout's server beside this one, with a sign-in of its own.
    let there: Side | undefined;
    if (options.against) {
      if (!target.databaseUrl) throw new Error("--against needs DATABASE_URL: two servers cannot share one PGlite folder");
      otherServer = await startBenchServer(target, buildDir, options.port + 1, null, options.against, cpus);
      const otherBase = `http://localhost:${options.port + 1}`;
      there = { base: otherBase, cookie: await signIn(otherBase), pid: otherServer.pid!, sampler: new TreeSampler(otherServer.pid!) };
      console.log(`A/B against ${options.against} on port ${options.port + 1}: each case loaded A, B, B, A; each side's faster load counts`);
    }

    const results: Row[] = [];
    const compared: Array<{ a: Row; b: Row | null }> = [];
    for (const c of cases) {
      // A write is loaded logged in only (a visitor's post is refused).
      for (const loggedIn of c.form === undefined ? [false, true] : [true]) {
        const probe = await probePage(here, c, loggedIn);
        const location = probe.headers.get("location") ?? "";
        let status: Row["status"] = "ok";
        if (probe.status === 404 && c.key === "notifications" && !notificationsExist) status = "route missing";
        else if (!loggedIn && probe.status >= 300 && probe.status < 400 && location.includes("/auth/login")) status = "login required";
        else if (!answered(c, probe)) status = "failed probe";
        // The other build is compared where it answers the page as this one does.
        const otherAnswers = there !== undefined && status === "ok" && answered(c, await probePage(there, c, loggedIn));
        for (const connections of options.connections) {
          if (status !== "ok") {
            results.push({ case: c, loggedIn, connections, status, probeStatus: probe.status });
            if (status === "failed probe") failures += 1;
            continue;
          }
          const measure = async (side: Side) => {
            const row = await loadCase(side, c, loggedIn, connections, options.duration);
            // Let requests still queued in the server finish before the next load starts.
            await new Promise((r) => setTimeout(r, options.smoke ? 500 : there ? 1000 : 3000));
            return row;
          };
          let row: Row;
          if (!there) row = await measure(here);
          else {
            const loads = { a: [] as Row[], b: [] as Row[] };
            // Both servers warm on this page first (not counted): the first seconds of a page's
            // load pay its compilation and its first renders, which would fall on side A alone.
            await loadCase(here, c, loggedIn, connections, WARM_UP_S);
            if (otherAnswers) await loadCase(there, c, loggedIn, connections, WARM_UP_S);
            for (const side of ["a", "b", "b", "a"] as const) {
              if (side === "a") loads.a.push(await measure(here));
              else if (otherAnswers) loads.b.push(await measure(there));
            }
            const faster = (rows: Row[]) => rows.reduce((x, y) => ((y.reqPerSec ?? 0) > (x.reqPerSec ?? 0) ? y : x));
            row = faster(loads.a);
            compared.push({ a: row, b: loads.b.length ? faster(loads.b) : null });
          }
          if ((row.errors ?? 0) > 0 || (row.non2xx ?? 0) > 0) failures += 1;
          results.push(row);
          const b = compared.at(-1)?.a === row ? compared.at(-1)!.b : null;
          console.log(
            `${c.label.padEnd(28)} ${loggedIn ? "in " : "out"} ${String(connections).padStart(3)} conn: ${fmt(row.reqPerSec).padStart(6)} req/s, ` +
              `CPU ${fmt(row.cpuMsPerReq, 2)} ms/req (${row.processes} process${row.processes === 1 ? "" : "es"}), ` +
              `p50 ${row.p50} ms, p97.5 ${row.p975} ms, p99 ${row.p99} ms, errors ${row.errors}, non-2xx ${row.non2xx} ${JSON.stringify(row.codes)}, ` +
              `${row.completed} answers, RSS ${fmt(row.rssMiB)} MiB` +
              (b ? `; against: ${fmt(b.reqPerSec)} req/s, CPU ${fmt(b.cpuMsPerReq, 2)} ms/req (${change(row, b)})` : ""),
          );
        }
        if (status !== "ok") console.log(`${c.label.padEnd(28)} ${loggedIn ? "in " : "out"}: ${status} (${probe.status} ${location})`);
      }
    }

    const assets = threadPageAssets(buildDir);
    // What Chromium downloads on a visitor's first visit, the lazily loaded chunks included.
    let visit: DownloadedJs[] | string;
    try {
      visit = await firstVisitJs(base + threadPath(ids.thread100), path.join(projectDir, buildDir, "client"));
    } catch (error) {
      visit = error instanceof Error ? error.message : String(error);
    }
    const t100 = base + threadPath(ids.thread100);
    const n = options.smoke ? 5 : 50;
    const render = { out: await renderTime(t100, null, n), in: await renderTime(t100, cookie, n) };
    const peakRss = Math.max(sampler.runPeak, ...results.map((r) => r.rssMiB ?? 0));
    const processes = serverProcesses(pid);
    console.log(
      `thread page, first visit in Chromium: ${typeof visit === "string" ? `not measured (${visit})` : `JS ${(sumGzip(visit) / 1024).toFixed(1)} KB gzip in ${visit.length} files`}; ` +
        `first paint (route manifest): JS ${(assets.js.gz / 1024).toFixed(1)} KB gzip in ${assets.js.files} files, CSS ${(assets.css.gz / 1024).toFixed(1)} KB gzip; ` +
        `render of the 100-comment thread: out ${render.out.median.toFixed(1)} ms (p95 ${render.out.p95.toFixed(1)}), ` +
        `in ${render.in.median.toFixed(1)} ms (p95 ${render.in.p95.toFixed(1)}); peak RSS ${peakRss.toFixed(0)} MiB; ${serverDescription(processes)}`,
    );
    const section = markdown({ rows: results, assets, visit, render, counts: ids.counts, engine: ids.engine, options, target, peakRss, processes });
    if (options.write && !there) writeDocs(section);
    else if (!options.smoke) console.log(section);
    if (there) {
      let otherVisit: string;
      try {
        const files = await firstVisitJs(there.base + threadPath(ids.thread100), path.join(options.against!, buildDir, "client"));
        otherVisit = `${(sumGzip(files) / 1024).toFixed(1)} KB gzip in ${files.length} files`;
      } catch (error) {
        otherVisit = `not measured (${error instanceof Error ? error.message : String(error)})`;
      }
      console.log(comparisonMarkdown(compared, options.against! + (options.pin ? ", both servers pinned to one core" : ""), otherVisit));
    }
  } finally {
    for (const child of [server, otherServer]) {
      if (!child || child.exitCode !== null) continue;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    }
    await target.cleanup();
  }
  if (options.cpuProf) printCpuProfile(options.cpuProf);
  if (options.smoke) {
    console.log(failures === 0 ? "smoke: every case answered 2xx without errors" : `smoke: ${failures} failing case(s)`);
    if (failures > 0) process.exitCode = 1;
  }
}

await main();
