/**
 * `npm run dev` (README's development server: Vite with hot reload) answers the forum home with
 * 200. It once answered every page with 500: under Vite the app's modules took React Router's
 * `development` build while Node loaded the production build for `@react-router/express`, so the
 * request context was an instance of the other copy's class. The test starts the exact `dev`
 * script from package.json (as its own process, on a free port, PGlite in a temp folder, or the
 * PostgreSQL server when TEST_DATABASE_URL is set) and fetches pages from it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { app } from "../../domain/i18n/sv";
import { projectRoot } from "../platform/data-dir";
import { createTestDatabaseUrl } from "../testing/harness";

let child: ChildProcess | undefined;
let dataDir: string;
let base = "";
let output = "";
let dropDatabase: (() => Promise<void>) | undefined;

/** A TCP port nobody listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  const script = (JSON.parse(readFileSync(path.join(projectRoot(), "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts.dev!;
  const [command, ...args] = script.split(/\s+/);
  expect(command).toBe("node");
  dataDir = mkdtempSync(path.join(tmpdir(), "borssnack-dev-"));
  const port = await freePort();
  base = `http://localhost:${port}`;
  const env: Record<string, string> = { PATH: process.env.PATH ?? "", PORT: String(port), DATA_DIR: dataDir };
  const database = await createTestDatabaseUrl();
  if (database) {
    env.DATABASE_URL = database.url;
    dropDatabase = database.drop;
  }
  child = spawn(process.execPath, args, { cwd: projectRoot(), env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 100_000;
  while (!/lyssnar på/.test(output)) {
    if (child.exitCode !== null) throw new Error(`npm run dev exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`npm run dev did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once("exit", resolve));
    child.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (child.exitCode === null) child.kill("SIGKILL");
  }
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

it("npm run dev serves the forum home and the login page with 200", { timeout: 120_000 }, async () => {
  const home = await fetch(`${base}/forum`);
  const html = await home.text();
  expect(home.status, output.slice(-2000)).toBe(200);
  expect(html).toContain(`<title>${app.name}`);
  const login = await fetch(`${base}/auth/login`);
  expect(login.status).toBe(200);
});
