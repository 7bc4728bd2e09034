/**
 * Bad input is 4xx, never 500 or 503: every route of `app/routes.ts`, on a real
 * running forum, with hostile path parameters and query strings (broken percent-encoding, NUL and
 * other control characters, and odd but well-formed values), GET and — where the route has an
 * action — POST, as a signed-in admin (the role that reaches the most code). Also TRACE and other
 * unknown methods (405), HTTP/1.0 without Host and empty or invalid Host headers (400).
 */
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { errors } from "../../../domain/i18n/sv";
import { startLiveForum, type LiveForum } from "../../../server/testing/live-server";
import { fillPattern, routeTable } from "./route-table";

/** Values the central guard must refuse with 400 (broken encoding, NUL, controls). */
const BROKEN = ["%00", "%ff", "%E0%A4%A", "%0d%0a", "%01", "%7f", "%C2%85", "a%", "%zz", "%09x"];
/** Well-formed but odd values the routes themselves must answer with a 4xx or a page. */
const ODD = [
  "x",
  "%27%22%3E%3Cscript%3E",
  "..%2F..%2Fetc%2Fpasswd",
  "%C3%A5".repeat(300),
  "-1",
  "99999999999999999999",
  "00000000-0000-0000-0000-000000000000",
  "%F0%9F%98%80",
  "%EF%BF%BF",
];
const QUERY_KEYS = ["q", "token", "userId", "redirectTo", "page", "sida", "cursor", "kind", "id"];

let live: LiveForum;
let cookie = "";

/** A raw HTTP request (the path is sent exactly as given). */
function send(method: string, path: string, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: live.port,
        method,
        path,
        headers: {
          cookie,
          ...(body !== undefined ? { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body) } : {}),
        },
      },
      (res) => {
        if (String(res.headers["content-type"]).startsWith("text/event-stream")) {
          // The live stream never ends: its status is the answer.
          resolve({ status: res.statusCode ?? 0, text: "" });
          return req.destroy();
        }
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
      },
    );
    req.on("error", reject);
    // A hang fails the test; 60 s, not less: the live server is Vite's dev server, which compiles
    // a route (and the libraries it loads at first use) on its first request, and in CI
    // two whole suites run side by side (a first /landing took more than 15 s there).
    req.setTimeout(60_000, () => req.destroy(new Error(`no answer in 60 s: ${method} ${path}`)));
    req.end(body);
  });
}

/** Raw bytes over a socket (for requests node's client will not send: HTTP/1.0, bad Host). */
function raw(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(live.port, "127.0.0.1", () => socket.write(text));
    socket.setTimeout(15_000, () => socket.destroy());
    let out = "";
    socket.on("data", (c) => (out += c.toString("latin1")));
    socket.on("end", () => resolve(out));
    socket.on("close", () => resolve(out));
    socket.on("error", reject);
  });
}

/** Runs the jobs with a few in flight at once. */
async function pool<T>(items: T[], worker: (item: T) => Promise<void>, width = 6): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) await worker(items[next++]!);
  }));
}

beforeAll(async () => {
  // One warn line per refusal is the operator's log, not this test's output.
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  live = await startLiveForum();
  const admin = await live.harness.createMember(live.forum, { role: "admin" });
  cookie = await live.routeCall.sessionCookie(live.forum, admin);
}, 120_000);
afterAll(async () => live?.close());

describe("hostile URLs on every route", () => {
  it("broken encoding, NUL and control characters in a path or query: 400 with the Swedish page", async () => {
    const failures: string[] = [];
    const jobs: Array<[string, string]> = [];
    for (const route of routeTable()) {
      const hasParams = /[:*]/.test(route.pattern);
      for (const value of BROKEN) {
        if (hasParams) jobs.push(["GET", fillPattern(route.pattern, value)]);
        jobs.push(["GET", `${fillPattern(route.pattern, "x")}?${QUERY_KEYS.map((k) => `${k}=a${value}_`).join("&")}`]);
        if (route.hasAction) jobs.push(["POST", hasParams ? fillPattern(route.pattern, value) : `${route.pattern}?redirectTo=${value}`]);
      }
    }
    await pool(jobs, async ([method, path]) => {
      const answer = await send(method, path, method === "POST" ? "intent=x" : undefined).catch((e: Error) => ({ status: 0, text: e.message }));
      if (answer.status !== 400 || !answer.text.includes(errors.badAddress)) failures.push(`${method} ${path} → ${answer.status} ${answer.status ? "" : answer.text}`);
    });
    expect(failures).toEqual([]);
  }, 300_000);

  it("the probe's own list answers 400, not 500 or 503 (search with NUL is not a database outage)", async () => {
    for (const path of [
      "/%ff",
      "/forum/%E0%A4%A",
      "/forum/profil/%00",
      "/@%00",
      "/api/profile-card/%00",
      "/api/mentions?q=a%00",
      "/api/tickers?q=V%00",
      "/api/block?userId=%00",
      "/admin/users?q=%00",
      "/auth/reset-password?token=%00",
      "/api/search?q=a%00b",
      "/forum/sok?q=volvo%00",
    ]) {
      expect((await send("GET", path)).status, path).toBe(400);
    }
  });

  it("odd but well-formed values in every path parameter and query: never a 5xx", async () => {
    const failures: string[] = [];
    const jobs: Array<[string, string, string | undefined]> = [];
    for (const route of routeTable()) {
      const hasParams = /[:*]/.test(route.pattern);
      for (const value of ODD) {
        if (hasParams) jobs.push(["GET", fillPattern(route.pattern, value), undefined]);
        jobs.push(["GET", `${fillPattern(route.pattern, "x")}?${QUERY_KEYS.map((k) => `${k}=${value}`).join("&")}`, undefined]);
        if (route.hasAction) {
          const body = ["intent", "userId", "targetId", "body", "title", "q", "token", "role"].map((k) => `${k}=${value}`).join("&");
          jobs.push(["POST", fillPattern(route.pattern, value), body]);
        }
      }
    }
    await pool(jobs, async ([method, path, body]) => {
      const answer = await send(method, path, body);
      if (answer.status >= 500) failures.push(`${method} ${path.slice(0, 120)} → ${answer.status}`);
    });
    expect(failures).toEqual([]);
  }, 300_000);

  it("TRACE and other unknown methods: 405 with Allow", async () => {
    for (const method of ["TRACE", "PROPFIND", "MKCOL"]) {
      const answer = await raw(`${method} /forum HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      expect(answer, method).toMatch(/^HTTP\/1\.1 405 /);
      expect(answer).toMatch(/\r\nallow: GET, HEAD, POST/i);
    }
  });

  it("HTTP/1.0 without Host, an empty Host and an invalid Host: 400", async () => {
    expect(await raw("GET /forum HTTP/1.0\r\n\r\n")).toMatch(/^HTTP\/1\.1 400 /);
    for (const host of ["", "bad host", "exa mple.se:80", "[::1", "example.se:99999", "exempel.se:x", "@evil", "a/b"]) {
      const answer = await raw(`GET /forum HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(answer, JSON.stringify(host)).toMatch(/^HTTP\/1\.1 400 /);
    }
    expect(await raw("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:3000\r\nConnection: close\r\n\r\n")).toMatch(/^HTTP\/1\.1 200 /);
  });
});
