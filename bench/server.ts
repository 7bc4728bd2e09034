/**
 * The production server as the benchmarks start it: the build in `BUILD_DIR` (built when missing),
 * `server.js` in a process of its own with a fresh `AUTH_SECRET`, no mail server, its output in a
 * log file in the temp folder, ready once `/healthz` answers (and, for a cluster, once every
 * worker listens). Used by bench/run.ts and bench/visitor-cache.ts.
 *
 * @module
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, openSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The project's root folder. */
export const projectDir = fileURLToPath(new URL("..", import.meta.url));

/**
 * Builds into `buildDir` (relative to the project) unless a server build is there.
 *
 * @param buildDir e.g. `build-perf`
 * @param force build even when one is there
 * @throws when the build fails
 */
export function ensureBuild(buildDir: string, force = false): void {
  if (!force && existsSync(path.join(projectDir, buildDir, "server", "index.js"))) return;
  console.log(`building into ${buildDir} …`);
  const result = spawnSync("npx", ["react-router", "build"], { cwd: projectDir, env: { ...process.env, BUILD_DIR: buildDir }, stdio: "inherit" });
  if (result.status !== 0) throw new Error("the build failed");
}

/** Options of {@link startServer}. */
export interface ServerOptions {
  buildDir: string;
  port: number;
  /** Settings on top of this process's environment (e.g. `DATABASE_URL`, `DATA_DIR`); undefined removes one. */
  env?: Record<string, string | undefined>;
  /** Node arguments before `server.js` (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
  /** The project folder whose `server.js` and build run (default this project; another checkout for an A/B). */
  cwd?: string;
  /** The log file's name in the temp folder. */
  logName: string;
  /** CPU cores the server may run on (`taskset -c`, e.g. "1"), or every core. */
  cpus?: string;
}

/**
 * Starts `server.js` and waits until it answers.
 *
 * @param options see {@link ServerOptions}
 * @returns the child process and the path of its log file
 * @throws when the port already answers, the server exits, or it does not answer `/healthz`
 *   within 120 s (it is then killed)
 */
export async function startServer(options: ServerOptions): Promise<{ child: ChildProcess; logFile: string }> {
  const { port } = options;
  // A server left over from an earlier run would answer the health check and every load, while
  // this one's CPU and memory were sampled.
  const taken = await fetch(`http://localhost:${port}/healthz`).then(() => true, () => false);
  if (taken) throw new Error(`port ${port} already answers: stop the process that holds it`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    BUILD_DIR: options.buildDir,
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    AUTH_SECRET: randomBytes(32).toString("hex"),
    MAIL_FROM: "Börssnack <noreply@borssnack.test>",
  };
  delete env.SMTP_URL;
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  // The server's output goes to a log file: autocannon closes its connections when a case ends,
  // and React then logs "The destination stream closed early" for every unfinished response.
  const logFile = path.join(os.tmpdir(), options.logName);
  const out = openSync(logFile, "w");
  const command = [process.execPath, ...(options.nodeArgs ?? []), "server.js"];
  // taskset runs Node in its own process (exec): the child's pid is the server's.
  if (options.cpus) command.unshift("taskset", "-c", options.cpus);
  const child = spawn(command[0]!, command.slice(1), { cwd: options.cwd ?? projectDir, env, stdio: ["ignore", out, out] });
  closeSync(out);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}:\n${readFileSync(logFile, "utf8").slice(-2000)}`);
    try {
      const res = await fetch(`http://localhost:${port}/healthz`);
      // A cluster answers once its first worker listens: wait for all of them (the primary's
      // line 'Börssnack: N arbetsprocesser lyssnar på port P').
      const log = readFileSync(logFile, "utf8");
      if (res.ok && (!/startar \d+ arbetsprocesser/.test(log) || /arbetsprocesser lyssnar på port/.test(log))) return { child, logFile };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  child.kill("SIGTERM");
  throw new Error("the server did not answer /healthz within 120 s");
}
