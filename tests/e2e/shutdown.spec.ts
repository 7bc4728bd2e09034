/**
 * SIGTERM drains (faults): a production server process is sent SIGTERM during
 * a burst of page requests with a live stream open; every request it had accepted is answered
 * in full (200), the stream is ended by the server, and the process exits 0 within 10 s.
 */
import { spawn } from "node:child_process";
import http from "node:http";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "./support/test";

const port = Number(process.env.E2E_DRAIN_PORT ?? 3313);

/**
 * GET on a fresh connection: status and body length; or, when the socket fails, its error code
 * and whether the answer had started (`cut`: a response broken off half-way).
 */
function getOnce(url: string): Promise<{ status: number; body: number; error?: string; cut?: boolean }> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false }, (response) => {
      let body = 0;
      response.on("data", (chunk: Buffer) => (body += chunk.length));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body, cut: !response.complete }));
      response.on("aborted", () => resolve({ status: response.statusCode ?? 0, body, error: "aborted", cut: true }));
      response.on("error", (error: NodeJS.ErrnoException) => resolve({ status: 0, body, error: error.code ?? error.message, cut: true }));
    });
    request.on("error", (error: NodeJS.ErrnoException) => resolve({ status: 0, body: 0, error: error.code ?? error.message }));
  });
}
const base = `http://localhost:${port}`;

test("SIGTERM: in-flight requests finish, the live stream ends, exit 0 within 10 s", async () => {
  test.setTimeout(90_000);
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "borssnack-drain-")),
      DATABASE_URL: "",
      PUBLIC_URL: base,
      AUTH_SECRET: randomBytes(24).toString("hex"),
      // The burst below is 40 visitor searches from one IP: above the real search limit.
      ACTION_LIMIT_MULTIPLIER: "1000",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const until = Date.now() + 60_000;
  for (;;) {
    expect(child.exitCode, "server exited while starting").toBeNull();
    if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) break;
    expect(Date.now() < until, "server did not start").toBe(true);
    await new Promise((r) => setTimeout(r, 250));
  }

  // A live stream (visitors may follow a thread's events).
  const stream = await fetch(`${base}/api/events?thread=${randomUUID()}`);
  expect(stream.status).toBe(200);
  const reader = stream.body!.getReader();
  await reader.read(); // the `retry:` line: the stream is open
  const streamEnded = (async () => {
    for (;;) if ((await reader.read()).done) return true;
  })().catch(() => true);

  // A burst of page requests, each on its own connection (no keep-alive reuse, so a request is
  // either accepted by the server or refused), SIGTERM in the middle of it.
  const burst = Array.from({ length: 40 }, (_, i) => getOnce(`${base}/forum/sok?q=utdelning${i}`));
  await new Promise((r) => setTimeout(r, 20));
  const killedAt = Date.now();
  child.kill("SIGTERM");
  const answers = await Promise.all(burst);
  const code = await exited;
  const tookMs = Date.now() - killedAt;

  expect(code).toBe(0);
  expect(tookMs).toBeLessThan(10_000);
  expect(await streamEnded).toBe(true);
  // Every request whose answer had started was answered in full (200); the others never got a
  // response (refused, or reset while still queued in the listen backlog when the port closed).
  expect(answers.filter((a) => a.cut), "responses cut off half-way").toEqual([]);
  const accepted = answers.filter((a) => a.status !== 0);
  expect(accepted.length).toBeGreaterThan(0);
  for (const a of accepted) {
    expect(a.status).toBe(200);
    expect(a.body).toBeGreaterThan(1000);
  }
  for (const a of answers.filter((x) => x.status === 0)) expect(["ECONNREFUSED", "ECONNRESET"]).toContain(a.error);
  console.log(`SIGTERM drain: ${accepted.length} of ${answers.length} requests accepted and answered in full, exit after ${tookMs} ms`);
});
