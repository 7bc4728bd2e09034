/**
 * `npm run bench -- --soak <minutes>`: the mixed soak load (members at visitor
 * speed) against the server bench/run.ts started.
 *
 * Closed-loop virtual users (each sends its next request when the previous answer has arrived):
 * - members (`bench_member_3` … `bench_member_8`, signed in through the real `POST /api/login`)
 *   browse the forum home, categories, threads, profiles, search and the notification list, post
 *   comments and toggle reactions through the thread page's real action (intents `comment` and
 *   `react` of app/routes/thread.tsx, posted as the browser's fetcher does, to `<thread>.data`
 *   with the form, its `Origin` and a fresh
 *   `submitKey` per comment, so neither the idempotency key nor the identical-text rule merges
 *   them; the per-action limits are lifted by bench/run.ts's `ACTION_LIMIT_MULTIPLIER`);
 * - visitors read the home, categories, threads, profiles and search.
 *
 * Every minute it reports the server's RSS (sum over its process tree, bench/proc.ts; at the
 * minute's end and the minute's peak), requests, req/s, errors (network errors and 10 s
 * timeouts), non-2xx answers, p50/p99 latency and the server's CPU ms per request. The verdict:
 * **plateau** when the RSS at the last minute is < 5 % above the RSS five minutes earlier
 * (minute 15 vs minute 10 in a 15-minute soak; in a soak of ≤ 5 minutes, the last minute vs the
 * first), and the peak ≤ 400 MiB.
 *
 * @module
 */
import { randomUUID } from "node:crypto";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { REACTION_TYPES } from "../domain/values";
import { serverProcesses, TreeSampler, treeCpuMs } from "./proc";
import { threadIdOf } from "../domain/paths";

/** Pages and threads the soak uses (paths on the server). */
export interface SoakPaths {
  categories: string[];
  /** Threads members and visitors read. */
  threads: string[];
  /** Threads members comment and react in (not the benchmark's special threads). */
  commentThreads: string[];
  profiles: string[];
  /** Search URLs, e.g. `/forum/sok?q=SEB`. */
  searches: string[];
}

/** Options of {@link runSoak}. */
export interface SoakOptions {
  /** The server's origin, e.g. `http://localhost:3610`. */
  base: string;
  /** The spawned server's pid (its process tree is measured). */
  pid: number;
  /** Length of the soak in minutes (≥ 1; fractions allowed for a quick check). */
  minutes: number;
  /** Signs `bench_member_<n>` in; returns the Cookie header. */
  signIn: (member: number) => Promise<string>;
  paths: SoakPaths;
  /** Concurrent member loops (default 30) and visitor loops (default 10). */
  memberLoops?: number;
  visitorLoops?: number;
  /** Progress output (one line per minute). */
  log?: (line: string) => void;
}

/** One minute of the soak. */
export interface SoakMinute {
  minute: number;
  requests: number;
  reqPerSec: number;
  errors: number;
  non2xx: number;
  p50: number;
  p99: number;
  /** RSS sum of the server's tree at the minute's end, and the minute's peak, in MiB. */
  rssMiB: number;
  peakRssMiB: number;
  /** Server CPU (process tree) during the minute ÷ requests, in ms. */
  cpuMsPerReq: number;
  /** Comments posted and reactions toggled (answered 2xx) this minute. */
  comments: number;
  reactions: number;
}

/** The result of {@link runSoak}. */
export interface SoakResult {
  minutes: SoakMinute[];
  errors: number;
  non2xx: number;
  /** Non-2xx answers by `METHOD kind status`, e.g. `{ "POST comment 500": 2 }`. */
  failures: Record<string, number>;
  peakRssMiB: number;
  /** RSS growth (fraction) of the last minute over the reference minute, and which minutes. */
  growth: number;
  compared: [number, number];
  plateau: boolean;
  peakMet: boolean;
  memberLoops: number;
  visitorLoops: number;
  members: number;
  processes: { processes: number; workers: number };
  loadAverage: number[];
  startedAt: string;
}

/** The `bench_member_<n>` the soak signs in (profile ids `u<n>`). */
export const SOAK_MEMBERS: readonly number[] = [3, 4, 5, 6, 7, 8];

/** Kinds of request and their weights, for members and visitors. */
const MEMBER_MIX = [
  ["home", 15],
  ["category", 10],
  ["thread", 25],
  ["profile", 8],
  ["search", 10],
  ["notifications", 10],
  ["comment", 7],
  ["react", 15],
] as const;
const VISITOR_MIX = [
  ["home", 25],
  ["category", 15],
  ["thread", 40],
  ["profile", 10],
  ["search", 10],
] as const;
type Kind = (typeof MEMBER_MIX)[number][0];

function pick<T>(list: readonly T[]): T {
  return list[Math.floor(Math.random() * list.length)]!;
}

function weighted(mix: readonly (readonly [Kind, number])[]): Kind {
  const total = mix.reduce((sum, [, w]) => sum + w, 0);
  let r = Math.random() * total;
  for (const [kind, w] of mix) {
    r -= w;
    if (r < 0) return kind;
  }
  return mix[0]![0];
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}


/**
 * Runs the soak: signs the members in, drives the loops for `minutes`, and measures every minute.
 *
 * @returns per-minute figures, totals and the plateau verdict
 * @throws when a member cannot sign in
 */
export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const log = options.log ?? (() => {});
  const memberLoops = options.memberLoops ?? 30;
  const visitorLoops = options.visitorLoops ?? 10;
  const memberNumbers = SOAK_MEMBERS;
  const cookies: string[] = [];
  for (const n of memberNumbers) cookies.push(await options.signIn(n));
  const { base, paths } = options;
  if (paths.commentThreads.length === 0) throw new Error("no thread to comment in");

  const sampler = new TreeSampler(options.pid);
  sampler.start();
  const startedAt = new Date().toISOString().replace("T", " ").slice(0, 16) + " UTC";
  const totalMs = options.minutes * 60_000;
  const minuteMs = Math.min(60_000, totalMs);
  const t0 = performance.now();
  const end = t0 + totalMs;

  // The current minute's counters; swapped by the minute timer.
  const fresh = () => ({ latencies: [] as number[], errors: 0, non2xx: 0, comments: 0, reactions: 0 });
  let bucket = fresh();
  const failures: Record<string, number> = {};
  const totals = { errors: 0, non2xx: 0 };
  let counter = 0;

  const request = async (kind: Kind, cookie: string | null) => {
    let url: string;
    let init: RequestInit = { redirect: "manual", headers: { "accept-encoding": "gzip, deflate, br", ...(cookie ? { cookie } : {}) } };
    switch (kind) {
      case "home":
        url = "/forum";
        break;
      case "category":
        url = pick(paths.categories);
        break;
      case "thread":
        url = pick(paths.threads);
        break;
      case "profile":
        url = pick(paths.profiles);
        break;
      case "search":
        url = pick(paths.searches);
        break;
      case "notifications":
        url = "/forum/notifications";
        break;
      case "comment":
      case "react": {
        url = pick(paths.commentThreads);
        counter += 1;
        const threadId = threadIdOf(url)!;
        // React Router's single fetch: a fetcher's POST goes to the route's URL + `.data`.
        url += ".data";
        const form: Record<string, string> =
          kind === "comment"
            ? {
                intent: "comment",
                body: `Soak ${counter} ${randomUUID().slice(0, 8)}: hur ser ni på utdelningen i år? SEB och Ericsson ser stabila ut.`,
                submitKey: randomUUID(),
              }
            : { intent: "react", targetType: "thread", targetId: threadId, reactionType: pick(REACTION_TYPES) };
        init = {
          method: "POST",
          redirect: "manual",
          headers: {
            ...(init.headers as Record<string, string>),
            "content-type": "application/x-www-form-urlencoded",
            origin: base,
          },
          body: new URLSearchParams(form).toString(),
        };
        break;
      }
    }
    const started = performance.now();
    const target = bucket;
    try {
      const res = await fetch(base + url, { ...init, signal: AbortSignal.timeout(10_000) });
      await res.arrayBuffer();
      target.latencies.push(performance.now() - started);
      if (res.status < 200 || res.status >= 300) {
        target.non2xx += 1;
        totals.non2xx += 1;
        const key = `${init.method ?? "GET"} ${kind} ${res.status}`;
        failures[key] = (failures[key] ?? 0) + 1;
      } else if (kind === "comment") target.comments += 1;
      else if (kind === "react") target.reactions += 1;
    } catch (error) {
      target.errors += 1;
      totals.errors += 1;
      const key = `${init.method ?? "GET"} ${kind} ${(error as Error).name}`;
      failures[key] = (failures[key] ?? 0) + 1;
    }
  };

  const loop = async (cookie: string | null) => {
    while (performance.now() < end) await request(weighted(cookie ? MEMBER_MIX : VISITOR_MIX), cookie);
  };

  const minutes: SoakMinute[] = [];
  let cpuMark = treeCpuMs(options.pid);
  let markAt = performance.now();
  const closeMinute = () => {
    const now = performance.now();
    const done = bucket;
    bucket = fresh();
    const cpu = treeCpuMs(options.pid);
    const rss = sampler.sample();
    const sorted = done.latencies.sort((a, b) => a - b);
    const row: SoakMinute = {
      minute: minutes.length + 1,
      requests: sorted.length,
      reqPerSec: (sorted.length * 1000) / (now - markAt),
      errors: done.errors,
      non2xx: done.non2xx,
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      rssMiB: rss,
      peakRssMiB: sampler.peak,
      cpuMsPerReq: sorted.length > 0 ? (cpu - cpuMark) / sorted.length : 0,
      comments: done.comments,
      reactions: done.reactions,
    };
    minutes.push(row);
    sampler.reset();
    cpuMark = cpu;
    markAt = now;
    log(
      `soak minute ${row.minute}: ${row.reqPerSec.toFixed(0)} req/s, p50 ${row.p50.toFixed(0)} ms, p99 ${row.p99.toFixed(0)} ms, ` +
        `errors ${row.errors}, non-2xx ${row.non2xx}, ${row.comments} comments, ${row.reactions} reactions, ` +
        `RSS ${row.rssMiB.toFixed(0)} MiB (peak ${row.peakRssMiB.toFixed(0)}), CPU ${row.cpuMsPerReq.toFixed(2)} ms/req`,
    );
  };
  const timer = setInterval(closeMinute, minuteMs);
  const loops = [
    ...Array.from({ length: memberLoops }, (_, i) => loop(cookies[i % cookies.length]!)),
    ...Array.from({ length: visitorLoops }, () => loop(null)),
  ];
  await Promise.all(loops);
  clearInterval(timer);
  // The last partial minute (answers that arrived after the last tick) counts when it is long enough.
  if (performance.now() - markAt > minuteMs / 2 || minutes.length === 0) closeMinute();
  const processes = serverProcesses(options.pid);
  sampler.stop();

  const last = minutes.at(-1)!;
  const refIndex = minutes.length > 5 ? minutes.length - 6 : 0;
  const ref = minutes[refIndex]!;
  const growth = ref.rssMiB > 0 ? last.rssMiB / ref.rssMiB - 1 : 0;
  const peakRssMiB = sampler.runPeak;
  return {
    minutes,
    // Every answer counts, also those after the last full minute.
    errors: totals.errors,
    non2xx: totals.non2xx,
    failures,
    peakRssMiB,
    growth,
    compared: [ref.minute, last.minute],
    plateau: growth < 0.05,
    peakMet: peakRssMiB <= 400,
    memberLoops,
    visitorLoops,
    members: memberNumbers.length,
    processes,
    loadAverage: os.loadavg(),
    startedAt,
  };
}

const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits }).replace(/,/g, " ");

/**
 * The soak's section of docs/performance.md, between `<!-- soak:start -->` and `<!-- soak:end -->`.
 *
 * @param result what {@link runSoak} returned
 * @param context database engine, dataset counts, database description, server processes text
 * @returns Markdown, markers included
 */
export function soakMarkdown(
  result: SoakResult,
  context: { engine: string; counts: Record<string, number>; target: string; processes: string },
): string {
  const cpu = os.cpus();
  const lines: string[] = [];
  const n = result.minutes.length;
  lines.push("<!-- soak:start -->");
  lines.push(`### ${result.startedAt.slice(0, 10)}, soak (\`npm run bench -- --soak ${n}\`)`);
  lines.push("");
  lines.push(
    `Machine: ${cpu.length} × ${cpu[0]?.model ?? "?"}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${context.engine}. ` +
      `Started ${result.startedAt}; load average (1/5/15 min) ${result.loadAverage.map((l) => l.toFixed(1)).join(" / ")} when it ended. ` +
      `Dataset: ${Object.entries(context.counts).map(([k, v]) => `${fmt(v)} ${k}`).join(", ")}; ${context.target}. Server: ${context.processes}.`,
  );
  lines.push("");
  lines.push(
    `Load: ${result.memberLoops} member loops (${result.members} members signed in through \`POST /api/login\`: home, categories, threads, ` +
      `profiles, search, notification list, comments and reactions through the thread page's action) and ${result.visitorLoops} visitor loops ` +
      "(home, categories, threads, profiles, search), each sending its next request when the answer has arrived.",
  );
  lines.push("");
  lines.push("| minute | req/s | p50 ms | p99 ms | errors | non-2xx | comments | reactions | CPU ms/req | RSS MiB (end) | RSS MiB (peak) |");
  lines.push("|---|---|---|---|---|---|---|---|---|---|---|");
  for (const m of result.minutes) {
    lines.push(
      `| ${m.minute} | ${fmt(m.reqPerSec)} | ${fmt(m.p50)} | ${fmt(m.p99)} | ${m.errors} | ${m.non2xx} | ${m.comments} | ${m.reactions} | ` +
        `${fmt(m.cpuMsPerReq, 2)} | ${fmt(m.rssMiB)} | ${fmt(m.peakRssMiB)} |`,
    );
  }
  lines.push("");
  const failures = Object.entries(result.failures);
  const growth =
    result.compared[0] === result.compared[1]
      ? "one minute only, too short for a growth verdict"
      : `RSS at minute ${result.compared[1]} is ${result.growth >= 0 ? "+" : ""}${fmt(100 * result.growth, 1)} % of minute ${result.compared[0]}: ` +
        (result.plateau ? "**plateau** (< 5 %)" : "**still growing** (≥ 5 %)");
  lines.push(
    `Verdict: ${growth}; peak ${fmt(result.peakRssMiB)} MiB: ` +
      `${result.peakMet ? "met" : "**missed**"} (≤ 400 MiB). Errors ${result.errors}, non-2xx ${result.non2xx}` +
      (failures.length > 0 ? ` (${failures.map(([k, v]) => `${v}× ${k}`).join(", ")})` : "") +
      ". RSS is the sum of `VmRSS` over the server's process tree.",
  );
  lines.push("<!-- soak:end -->");
  return lines.join("\n");
}
