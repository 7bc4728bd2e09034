/**
 * Worker processes (docs/decisions/037-worker-processes.md): the
 * production server started with `WEB_CONCURRENCY=2` on PostgreSQL is a primary with two worker
 * processes sharing one port. Shown as an operator would notice it: both workers answer (the
 * `X-Borssnack-Worker` header, and two child processes); a post handled by one worker is on the
 * visitors' page of the other at once (its 1-second page cache was emptied, not left to expire);
 * a worker that dies is replaced; SIGTERM on the primary drains and ends every worker and closes
 * the port. Needs TEST_DATABASE_URL (skipped with that reason otherwise). The server listens on
 * 3315 (override: E2E_CLUSTER_PORT).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "./support/test";
import pg from "pg";
import { smtpPort } from "../../playwright.config";
import { memberByHttp } from "./support/accounts";
import { startMailbox, type Mailbox } from "./support/mailbox";

const adminUrl = process.env.TEST_DATABASE_URL;
const port = Number(process.env.E2E_CLUSTER_PORT ?? 3315);
const base = `http://localhost:${port}`;

/** An answer: status, which worker sent it, whether it came from the visitors' cache, the body. */
interface Answer {
  status: number;
  worker: string;
  cache: string;
  body: string;
}

/** GET on a fresh connection (the primary hands each new connection to the next worker). */
function get(pathname: string, cookie = ""): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${pathname}`, { agent: false, headers: cookie ? { cookie } : {} }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          worker: String(response.headers["x-borssnack-worker"] ?? ""),
          cache: String(response.headers["x-cache"] ?? ""),
          body,
        }),
      );
    });
    request.on("error", reject);
    request.setTimeout(10_000, () => request.destroy(new Error(`GET ${pathname}: no answer within 10 s`)));
  });
}

/** Fetches `pathname` on fresh connections until `want` holds for an answer of every worker in `workers`. */
async function fromEach(pathname: string, workers: string[], want: (a: Answer) => boolean, tries = 40, cookie = ""): Promise<Map<string, Answer>> {
  const got = new Map<string, Answer>();
  for (let i = 0; i < tries && got.size < workers.length; i++) {
    const answer = await get(pathname, cookie);
    if (want(answer) && !got.has(answer.worker)) got.set(answer.worker, answer);
  }
  return got;
}

/** Child process ids of `pid` (Linux /proc). */
function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** A process's state letter and kernel wait channel (Linux /proc), for a failed start's message. */
function processState(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const wchan = readFileSync(`/proc/${pid}/wchan`, "utf8");
    return `${stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0]} ${wchan}`;
  } catch {
    return "gone";
  }
}

/** Whether something accepts connections on the port. */
function portOpen(): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get(`${base}/healthz`, { agent: false }, (response) => {
      response.resume();
      resolve(true);
    });
    request.on("error", () => resolve(false));
  });
}

const SKIP_REASON = "needs TEST_DATABASE_URL: worker processes run only on PostgreSQL";
test.describe(`WEB_CONCURRENCY=2 on PostgreSQL${adminUrl ? "" : ` (skipped: ${SKIP_REASON})`}`, () => {
  test.skip(!adminUrl, SKIP_REASON);
  let mailbox: Mailbox;
  let dbName: string;
  let primary: ChildProcess;
  let exited: Promise<number | null>;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    mailbox = await startMailbox(smtpPort);
    dbName = `bs_e2e_${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${dbName}`;
    const started = Date.now();
    primary = spawn(process.execPath, ["server.js"], {
      env: {
        ...process.env,
        WEB_CONCURRENCY: "2",
        DATABASE_URL: url.toString(),
        PORT: String(port),
        PUBLIC_URL: base,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "borssnack-cluster-")),
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: "Börssnack <noreply@borssnack.test>",
        AUTH_SECRET: randomBytes(24).toString("hex"),
        AUTH_IP_LIMIT_PER_MINUTE: "1000",
        ACTION_LIMIT_MULTIPLIER: "1000",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    // The cluster's output goes to the test's, and its tail into a failed start's message.
    let output = "";
    for (const stream of [primary.stdout!, primary.stderr!]) {
      stream.on("data", (chunk: Buffer) => {
        (stream === primary.stdout ? process.stdout : process.stderr).write(chunk);
        output = (output + chunk.toString("utf8")).slice(-4000);
      });
    }
    exited = new Promise((resolve) => primary.once("exit", (code) => resolve(code)));
    const until = Date.now() + 90_000;
    // Up when both workers listen: the primary has two children and each has answered.
    let state = "";
    for (;;) {
      expect(primary.exitCode, "the primary exited while starting").toBeNull();
      const children = childPids(primary.pid!);
      state = `primary ${primary.pid} (${processState(primary.pid!)}); children ${children.map((pid) => `${pid} (${processState(pid)})`).join(", ") || "none"}`;
      if (children.length === 2 && (await portOpen())) {
        const seen = await fromEach("/healthz", ["1", "2"], () => true, 10);
        state += `; /healthz answers: ${[...seen].map(([w, a]) => `worker ${w} ${a.status} ${a.body}`).join(", ")}`;
        if ([...seen.values()].filter((a) => a.status === 200).length === 2) break;
      }
      expect(Date.now() < until, `the cluster did not start: ${state}\n--- its output ---\n${output}`).toBe(true);
      await new Promise((r) => setTimeout(r, 250));
    }
    console.log(`WEB_CONCURRENCY=2: both workers answer ${Date.now() - started} ms after the start`);
  });

  test.afterAll(async () => {
    if (primary && primary.exitCode === null) {
      primary.kill("SIGKILL");
      for (const pid of childPids(primary.pid!)) process.kill(pid, "SIGKILL");
    }
    await mailbox?.close();
    if (dbName) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  });

  test("two workers answer; a post through one is on the other's visitor page at once; a dead worker is replaced", async () => {
    test.setTimeout(90_000);
    const pids = childPids(primary.pid!);
    expect(pids).toHaveLength(2);

    const author = await memberByHttp(base, mailbox, "Arbetare");
    const categoryPath = (await (await author.api.get("/forum")).text()).match(/\/forum\/kategori\/[0-9a-f-]{36}/)![0]!;

    // Both workers hold the category page in their visitors' cache (answered from it: HIT).
    const warm = await fromEach(categoryPath, ["1", "2"], (a) => a.status === 200 && a.cache === "HIT");
    expect([...warm.keys()].sort()).toEqual(["1", "2"]);
    const title = `Från en arbetsprocess ${randomBytes(3).toString("hex")}`;
    expect(warm.get("1")!.body).not.toContain(title);

    const res = await author.api.post(`${categoryPath.replace("/kategori/", "/ny-trad/")}`, {
      form: { title, body: "Skrivet genom en av två arbetsprocesser." },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(302);
    // The write's realtime event reaches every worker within milliseconds; well inside the cache's
    // lifetime (1 s, stale answers up to 2 s), so a worker that missed it would still show the
    // cached page without the new thread.
    await new Promise((r) => setTimeout(r, 150));
    const after = await fromEach(categoryPath, ["1", "2"], (a) => a.status === 200);
    expect([...after.keys()].sort()).toEqual(["1", "2"]);
    console.log(`after the post: ${[...after].map(([w, a]) => `worker ${w} ${a.cache}, new thread ${a.body.includes(title) ? "shown" : "missing"}`).join("; ")}`);
    for (const [worker, answer] of after) expect(answer.body, `worker ${worker}`).toContain(title);

    // A worker that dies is started again in its slot; the other one serves meanwhile.
    process.kill(pids[0]!, "SIGKILL");
    const until = Date.now() + 30_000;
    let replaced: number[] = [];
    while (Date.now() < until) {
      replaced = childPids(primary.pid!);
      if (replaced.length === 2 && !replaced.includes(pids[0]!)) {
        if ((await fromEach("/healthz", ["1", "2"], (a) => a.status === 200, 10)).size === 2) break;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(replaced).toHaveLength(2);
    expect(replaced).not.toContain(pids[0]);
    expect(replaced).toContain(pids[1]);
  });

  test("members' thread pages: the writer sees their comment from either worker at once, and another member's shared page follows the write", async () => {
    test.setTimeout(90_000);
    const author = await memberByHttp(base, mailbox, "Trådstart");
    const reader = await memberByHttp(base, mailbox, "Trådläsare");
    const cookieOf = async (api: typeof author.api) =>
      (await api.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const categoryId = (await (await author.api.get("/forum")).text()).match(/\/forum\/kategori\/([0-9a-f-]{36})/)![1]!;
    const created = await author.api.post(`/forum/ny-trad/${categoryId}`, {
      form: { title: `Två arbetsprocesser ${randomBytes(3).toString("hex")}`, body: "Läs mig från båda." },
      maxRedirects: 0,
    });
    expect(created.status()).toBe(302);
    const threadPath = created.headers().location!;

    // The reader's page from both workers: each now holds the thread's shared part.
    const readerCookie = await cookieOf(reader.api);
    const warm = await fromEach(threadPath, ["1", "2"], (a) => a.status === 200, 40, readerCookie);
    expect([...warm.keys()].sort()).toEqual(["1", "2"]);
    const text = `Kommentar genom en arbetsprocess ${randomBytes(3).toString("hex")}`;
    for (const [worker, answer] of warm) expect(answer.body, `worker ${worker}`).not.toContain(text);

    // The author comments; the answer tells the browser to read uncached for a few seconds.
    const posted = await author.api.post(threadPath, { form: { intent: "comment", body: text }, maxRedirects: 0 });
    expect(posted.status()).toBeLessThan(400);
    expect(posted.headers()["set-cookie"] ?? "").toContain("borssnack_fresh=1");
    // The author's next page, from either worker at once (no wait for the other worker's event).
    const authorCookie = await cookieOf(author.api);
    expect(authorCookie).toContain("borssnack_fresh=1");
    const own = await fromEach(threadPath, ["1", "2"], (a) => a.status === 200, 40, authorCookie);
    expect([...own.keys()].sort()).toEqual(["1", "2"]);
    for (const [worker, answer] of own) expect(answer.body, `author on worker ${worker}`).toContain(text);
    // The reader's cached pages are emptied by the write's event on every worker.
    await new Promise((r) => setTimeout(r, 150));
    const after = await fromEach(threadPath, ["1", "2"], (a) => a.status === 200, 40, readerCookie);
    expect([...after.keys()].sort()).toEqual(["1", "2"]);
    for (const [worker, answer] of after) expect(answer.body, `reader on worker ${worker}`).toContain(text);
  });

  test("SIGTERM on the primary ends every worker and closes the port", async () => {
    test.setTimeout(60_000);
    const workers = childPids(primary.pid!);
    expect(workers).toHaveLength(2);
    const killedAt = Date.now();
    primary.kill("SIGTERM");
    const code = await exited;
    const tookMs = Date.now() - killedAt;
    expect(code).toBe(0);
    expect(tookMs).toBeLessThan(10_000);
    const alive = workers.filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
    expect(alive, "workers still running after the primary exited").toEqual([]);
    expect(await portOpen()).toBe(false);
    console.log(`SIGTERM: primary and ${workers.length} workers gone after ${tookMs} ms`);
  });
});
