/**
 * Helpers for the fault tests (tests/e2e/faults.spec.ts): production server processes of their
 * own, members made with the operators' CLI and signed in over HTTP, and a private PostgreSQL
 * server that a test may stop and start at will.
 *
 * @module
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** A production server process (`node server.js`) and how it ended. */
export interface ForumProcess {
  child: ChildProcess;
  base: string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string | null>;
}

/**
 * The environment of a spawned server: the test's own, without `DATABASE_URL` (PGlite in
 * `dataDir`) unless `databaseUrl` is given; action limits ×1000 like the browser tests' server.
 */
export function forumEnv(port: number, dataDir: string, databaseUrl: string, secret: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: `http://localhost:${port}`,
    AUTH_SECRET: secret,
    AUTH_IP_LIMIT_PER_MINUTE: "100000",
    ACTION_LIMIT_MULTIPLIER: "1000",
  };
}

/** A random `AUTH_SECRET`. */
export const newSecret = () => randomBytes(24).toString("hex");

/**
 * Starts `node server.js` (the build named by BUILD_DIR) and waits until /healthz answers 200.
 *
 * @throws when the process exits or is not healthy within 60 s
 */
export async function startForum(env: NodeJS.ProcessEnv): Promise<ForumProcess> {
  const child = spawn(process.execPath, ["server.js"], { env, stdio: ["ignore", "inherit", "inherit"] });
  const exited = new Promise<number | string | null>((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));
  const base = `http://localhost:${env.PORT}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server on ${base} exited while starting`);
    if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) return { child, base, exited };
    if (Date.now() > until) throw new Error(`server on ${base} did not become healthy`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Sends SIGTERM (if still running) and waits for the exit. */
export async function stopForum(forum: ForumProcess | undefined): Promise<void> {
  if (!forum) return;
  if (forum.child.exitCode === null && forum.child.signalCode === null) forum.child.kill("SIGTERM");
  await forum.exited;
}

/**
 * Creates a verified account with the operators' CLI (`forum create-admin`, the same database
 * settings as the server); must run while no server holds a PGlite folder open.
 */
export function createAccountByCli(env: NodeJS.ProcessEnv, email: string, nickname: string, password: string): void {
  const made = spawnSync(process.execPath, ["bin/forum.mjs", "create-admin", email, nickname], {
    env: { ...env, FORUM_ADMIN_PASSWORD: password },
    encoding: "utf8",
  });
  if (made.status !== 0) throw new Error(`forum create-admin failed: ${made.stderr}${made.stdout}`);
}

/** Signs in through the login form and returns the session's `Cookie` header. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/auth/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "login", email, password }),
  });
  if (res.status !== 302) throw new Error(`login answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/**
 * Creates a thread as the signed-in member and returns its path and id.
 *
 * @returns `{ categoryId, threadId, path }` (`path`: `/forum/kategori/…/trad/…`)
 */
export async function createThread(base: string, cookie: string, title: string): Promise<{ categoryId: string; threadId: string; path: string }> {
  const home = await (await fetch(`${base}/forum`)).text();
  const categoryId = home.match(/\/forum\/kategori\/([0-9a-f-]{36})/)![1]!;
  const res = await fetch(`${base}/forum/ny-trad/${categoryId}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ title, body: "Trådens första inlägg." }),
  });
  if (res.status !== 302) throw new Error(`new thread answered ${res.status}`);
  const location = new URL(res.headers.get("location")!, base).pathname;
  const threadId = location.match(/\/trad\/([0-9a-f-]{36})/)![1]!;
  return { categoryId, threadId, path: location };
}

/** A form POST with the session cookie and a same-site Origin. */
export function postForm(base: string, pathname: string, cookie: string, fields: Record<string, string>, timeoutMs = 15_000): Promise<Response> {
  return fetch(`${base}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
    signal: AbortSignal.timeout(timeoutMs),
  });
}

/** A PostgreSQL server of the test's own, in a temp folder. */
export interface PrivatePostgres {
  /** Connection string of its `postgres` database. */
  url: string;
  /** `pg_ctl stop` with the given mode; resolves once it is down. */
  stop(mode: "fast" | "immediate"): Promise<void>;
  /** `pg_ctl start`; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it (if running) and removes its folder. */
  destroy(): void;
}

/** The newest installed PostgreSQL's `bin` folder (Debian layout), or null. */
export function postgresBinDir(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, "bin", "pg_ctl")) && existsSync(path.join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0]!, "bin") : null;
}

/**
 * Creates and starts a private PostgreSQL server on 127.0.0.1:`port` (trust auth). PostgreSQL
 * refuses to run as root, so under root the binaries run as the `postgres` OS user (runuser).
 *
 * @throws when initdb or pg_ctl fails
 */
export function startPrivatePostgres(binDir: string, port: number): PrivatePostgres {
  const dir = mkdtempSync(path.join(tmpdir(), "borssnack-pg-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const pw = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
    const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
    chownSync(dir, Number(pw.stdout.trim()), Number(gid.stdout.trim()));
  }
  const data = path.join(dir, "data");
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? "runuser" : path.join(binDir, tool);
    const argv = asRoot ? ["-u", "postgres", "--", path.join(binDir, tool), ...args] : args;
    const result = spawnSync(command, argv, { encoding: "utf8", cwd: dir });
    if (result.status !== 0) throw new Error(`${tool} ${args.join(" ")} failed: ${result.stderr}${result.stdout}`);
  };
  // Stop and start run asynchronously: the test's load keeps going meanwhile.
  const runAsync = (tool: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const command = asRoot ? "runuser" : path.join(binDir, tool);
      const argv = asRoot ? ["-u", "postgres", "--", path.join(binDir, tool), ...args] : args;
      const child = spawn(command, argv, { cwd: dir, stdio: "ignore" });
      child.once("error", reject);
      child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${tool} ${args.join(" ")} exited ${code}`))));
    });
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const startArgs = ["-D", data, "-l", path.join(dir, "log"), "-w", "-t", "30", "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, "start"];
  const start = () =>
    run("pg_ctl", startArgs);
  let running = false;
  start();
  running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop(mode) {
      await runAsync("pg_ctl", ["-D", data, "-m", mode, "-w", "-t", "30", "stop"]);
      running = false;
    },
    async start() {
      await runAsync("pg_ctl", startArgs);
      running = true;
    },
    destroy() {
      try {
        if (running) run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
