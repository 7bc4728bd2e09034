import express from "express";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { login } from "../accounts/actions";
import { ConfigError } from "./config";
import {
  createLogger,
  installConsoleBridge,
  logEvent,
  logger,
  maskEmail,
  processDestination,
  requestLogging,
  requestSampleRate,
  setLogger,
} from "./log";
import { createMember, createTestForum, type TestForum } from "../testing/harness";

/** Captures the JSON lines the logger writes. */
const lines: Array<Record<string, unknown>> = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split("\n")) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});
setLogger(createLogger(sink, "info"));
const flush = () => new Promise((resolve) => setImmediate(resolve));

let server: Server;
let base = "";
let forum: TestForum;
beforeAll(async () => {
  installConsoleBridge();
  const app = express();
  app.use(requestLogging());
  app.get("/auth/reset-password", async (_req, res) => {
    await new Promise((r) => setTimeout(r, 5));
    console.error("något gick snett", new Error("databasen svarar inte"));
    res.send("ok");
  });
  server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  forum = await createTestForum();
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await forum.close();
});

describe("structured logs", () => {
  it("masks e-mail addresses", () => {
    expect(maskEmail("anna.svensson@exempel.se")).toBe("a***@exempel.se");
    expect(maskEmail("inte-en-adress")).toBe("***");
  });

  it("gives every entry of a request its id, echoes it, and logs the path without the query", async () => {
    lines.length = 0;
    const res = await fetch(`${base}/auth/reset-password?token=hemlig-token-123`);
    const reqId = res.headers.get("x-request-id");
    expect(reqId).toMatch(/^[0-9a-f-]{36}$/);
    await res.text();
    await flush();
    const forRequest = lines.filter((l) => l.reqId === reqId);
    expect(forRequest.map((l) => l.msg)).toEqual(["något gick snett databasen svarar inte", "request"]);
    expect(forRequest[0]).toMatchObject({ level: 50 });
    expect(forRequest[1]).toMatchObject({ method: "GET", path: "/auth/reset-password", status: 200 });
    expect(JSON.stringify(lines)).not.toContain("hemlig-token-123");
    // A well-formed incoming id is kept (a proxy's id follows the request through).
    const again = await fetch(`${base}/auth/reset-password`, { headers: { "x-request-id": "proxy-id-12345678" } });
    expect(again.headers.get("x-request-id")).toBe("proxy-id-12345678");
  });

  it("logs sign-in events with a masked address and never the password", async () => {
    lines.length = 0;
    const member = await createMember(forum);
    const failed = await login(forum.services, { email: member.email, password: "fel-lösenord-999" }, new Headers(), "192.0.2.7");
    expect(failed.ok).toBe(false);
    const ok = await login(forum.services, { email: member.email, password: member.password }, new Headers(), "192.0.2.7");
    expect(ok.ok).toBe(true);
    await flush();
    const events = lines.filter((l) => typeof l.event === "string").map((l) => ({ event: l.event, email: l.email }));
    expect(events).toEqual([
      { event: "auth.sign_in_failed", email: maskEmail(member.email) },
      { event: "auth.sign_in", email: maskEmail(member.email) },
    ]);
    const all = JSON.stringify(lines);
    expect(all).not.toContain(member.email);
    expect(all).not.toContain("fel-lösenord-999");
    expect(all).not.toContain(member.password);
  });

  it("redacts password and token fields even if a caller passes them", async () => {
    lines.length = 0;
    logEvent("test.event", { password: "x1", token: "y2", nested: { password: "z3" } });
    await flush();
    expect(JSON.stringify(lines)).not.toMatch(/x1|y2|z3/);
  });
});

/** Starts an Express app on a free port; returns its origin and a close function. */
async function listen(app: express.Express): Promise<{ base: string; close: () => Promise<void> }> {
  const srv = app.listen(0);
  await new Promise((resolve) => srv.once("listening", resolve));
  return {
    base: `http://127.0.0.1:${(srv.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => srv.close(() => resolve())),
  };
}

describe("the request log at high request rates", () => {
  it("writes the process's lines in the background and every line arrives complete after a flush", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "log-async-"));
    const file = path.join(dir, "server.log");
    const destination = processDestination({}, file);
    const previous = logger;
    setLogger(createLogger(destination, "info"));
    const app = express();
    app.use(requestLogging());
    app.get("/forum/:n", (req, res) => void res.status(req.params.n === "404" ? 404 : 200).send("ok"));
    const { base, close } = await listen(app);
    try {
      const paths = Array.from({ length: 300 }, (_, i) => `/forum/${i === 7 ? 404 : i}`);
      for (const p of paths) await (await fetch(base + p)).text();
      await new Promise<void>((resolve) => logger.flush(() => resolve()));
      const written = readFileSync(file, "utf8").split("\n").filter(Boolean);
      const entries = written.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(entries.map((e) => e.path)).toEqual(paths);
      expect(entries[7]).toMatchObject({ msg: "request", method: "GET", status: 404 });
      expect(entries.every((e) => typeof e.reqId === "string" && typeof e.ms === "number")).toBe(true);
    } finally {
      await close();
      setLogger(previous);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("loses and reorders no line when the server exits on SIGTERM right after logging 2,500", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "log-exit-"));
    const logModule = fileURLToPath(new URL("./log.ts", import.meta.url));
    const script = path.join(dir, "child.mts");
    // Like server.js: the SIGTERM handler ends with process.exit(0).
    writeFileSync(
      script,
      `const { logger } = await import(${JSON.stringify(logModule)});
process.on("SIGTERM", () => process.exit(0));
for (let i = 1; i <= 2500; i += 1) logger.info({ method: "GET", path: "/forum/kategori/" + i, status: 200, ms: 1.5, n: i }, "request");
process.kill(process.pid, "SIGTERM");
setTimeout(() => {}, 5000);
`,
    );
    const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: "info" };
    delete env.VITEST;
    delete env.LOG_SYNC;
    const child = spawn(process.execPath, ["--import", "tsx", script], { cwd: path.dirname(logModule), env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    const code = await new Promise((resolve) => child.once("close", resolve));
    rmSync(dir, { recursive: true, force: true });
    expect(err).toBe("");
    expect(code).toBe(0);
    const numbers = out
      .split("\n")
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { n: number }).n);
    expect(numbers).toEqual(Array.from({ length: 2500 }, (_, i) => i + 1));
  }, 30_000);

  it("LOG_REQUEST_SAMPLE keeps a share of successful GETs and every other line", async () => {
    expect(requestSampleRate(undefined)).toBe(1);
    expect(requestSampleRate("")).toBe(1);
    expect(requestSampleRate("0.1")).toBe(0.1);
    expect(() => requestSampleRate("2")).toThrow(ConfigError);
    expect(() => requestSampleRate("tio procent")).toThrow(/LOG_REQUEST_SAMPLE/);

    const app = express();
    app.use(requestLogging({ sample: 0 }));
    app.get("/ok", (_req, res) => void res.send("ok"));
    app.get("/saknas", (_req, res) => void res.status(404).send("nej"));
    app.post("/ok", (_req, res) => void res.send("ok"));
    const { base, close } = await listen(app);
    try {
      lines.length = 0;
      for (const [method, p] of [["GET", "/ok"], ["GET", "/saknas"], ["POST", "/ok"], ["GET", "/ok"]] as const) {
        await (await fetch(base + p, { method })).text();
      }
      await flush();
      expect(lines.filter((l) => l.msg === "request").map((l) => `${l.method} ${l.path} ${l.status}`)).toEqual(["GET /saknas 404", "POST /ok 200"]);
    } finally {
      await close();
    }
    // A share between 0 and 1: the kept lines say which share they stand for.
    const half = express();
    half.use(requestLogging({ sample: 0.5 }));
    half.get("/ok", (_req, res) => void res.send("ok"));
    const second = await listen(half);
    try {
      lines.length = 0;
      for (let i = 0; i < 200; i += 1) await (await fetch(`${second.base}/ok`)).text();
      await flush();
      const kept = lines.filter((l) => l.msg === "request");
      expect(kept.length).toBeGreaterThan(40);
      expect(kept.length).toBeLessThan(160);
      expect(kept.every((l) => l.sample === 0.5)).toBe(true);
    } finally {
      await second.close();
    }
  });
});
