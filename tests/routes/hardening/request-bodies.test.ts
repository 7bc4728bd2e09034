/**
 * Every request body is bounded, chunked or not, on a real running forum: a
 * signed-in member sends a 40 MB chunked body (and a declared one) to every route that has an
 * action; the answer is a refusal — 413 with the Swedish message where the route reads the body,
 * or the route's own refusal (401/403/404/405, a redirect away from admin pages) before it — it
 * arrives before the client has
 * sent 20 MB (the server does not buffer the body), the connection is not reset, and the
 * refusal is logged. The probe's case: a member's chunked 300 MB body to
 * `/api/admin/user-emails` is refused 403 without being read.
 */
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from "vitest";
import { errors } from "../../../domain/i18n/sv";
import { startLiveForum, type LiveForum } from "../../../server/testing/live-server";
import { fillPattern, routeTable } from "./route-table";

const MB = 1024 * 1024;
let live: LiveForum;
let memberCookie = "";
let adminCookie = "";
let warn: MockInstance;

/** What the client saw. */
interface Outcome {
  status: number;
  text: string;
  /** Body bytes written when the answer's headers arrived. */
  sentAtAnswer: number;
}

/**
 * Streams `total` bytes of `a=aaaa…` in 64 kB chunks (chunked, or with a declared length), and
 * stops sending as soon as the answer arrives.
 */
function streamBody(path: string, cookie: string, total: number, options: { declared?: boolean; type?: string; timeoutMs?: number } = {}): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const headers: Record<string, string | number> = { cookie, "content-type": options.type ?? "application/x-www-form-urlencoded" };
    if (options.declared) headers["content-length"] = total;
    const req = httpRequest({ host: "127.0.0.1", port: live.port, method: "POST", path, headers }, (res) => {
      answered = true;
      const sentAtAnswer = sent;
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8"), sentAtAnswer });
        req.destroy();
      });
    });
    req.on("error", (error) => {
      if (!answered) reject(new Error(`${path}: ${error.message} before any answer (reset?)`));
    });
    const timeoutMs = options.timeoutMs ?? 30_000;
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer in ${timeoutMs / 1000} s`)));
    const chunk = Buffer.from(`a=${"a".repeat(64 * 1024 - 2)}`);
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.byteLength;
        if (!req.write(sent === chunk.byteLength ? chunk : chunk.fill(0x61))) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

beforeAll(async () => {
  warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  live = await startLiveForum();
  const member = await live.harness.createMember(live.forum);
  const admin = await live.harness.createMember(live.forum, { role: "admin" });
  memberCookie = await live.routeCall.sessionCookie(live.forum, member);
  adminCookie = await live.routeCall.sessionCookie(live.forum, admin);
  // The server's first answer loads the build and warms its caches (12 s alone here, over 30 s
  // with the two CI suites side by side on 2 cores): done here, so the probes below time the
  // refusal, not the start.
  expect((await streamBody("/api/admin/user-emails", memberCookie, 0, { timeoutMs: 150_000 })).status).toBe(403);
}, 180_000);
afterAll(async () => live?.close());

describe("bounded request bodies", () => {
  it("the probe: a member's chunked 300 MB body to /api/admin/user-emails is refused 403 unread", async () => {
    const outcome = await streamBody("/api/admin/user-emails", memberCookie, 300 * MB);
    expect(outcome.status).toBe(403);
    expect(outcome.sentAtAnswer).toBeLessThan(20 * MB);
  });

  it("an admin's chunked body over the limit: 413 with the Swedish message, before 20 MB were sent, logged", async () => {
    warn.mockClear();
    const outcome = await streamBody("/api/admin/user-emails", adminCookie, 40 * MB);
    expect(outcome.status).toBe(413);
    expect(JSON.parse(outcome.text)).toEqual({ ok: false, error: errors.bodyTooLarge });
    expect(outcome.sentAtAnswer).toBeLessThan(20 * MB);
    expect(warn.mock.calls.flat().join("\n")).toMatch(/body too large: POST \/api\/admin\/user-emails/);
  });

  it("every route with an action: a chunked 40 MB body is refused (413 in Swedish where read), never buffered whole", async () => {
    const failures: string[] = [];
    for (const route of routeTable().filter((r) => r.hasAction)) {
      if (route.pattern === "/auth/logout") continue; // would end the member's session; reads no body
      const path = fillPattern(route.pattern, route.pattern.startsWith("/api/uploads/") ? "avatar" : "x");
      const type = route.pattern.startsWith("/api/uploads/") ? "multipart/form-data; boundary=x" : undefined;
      const outcome = await streamBody(path, memberCookie, 40 * MB, { type });
      const swedish = outcome.status !== 413 || outcome.text.includes(errors.bodyTooLarge) || outcome.text.includes("för stor");
      // A 3xx here is a refusal (admin pages send members to /forum) given before the body.
      if (outcome.status < 300 || outcome.status >= 500 || !swedish || outcome.sentAtAnswer >= 20 * MB) {
        failures.push(`${route.pattern}: ${outcome.status} after ${Math.round(outcome.sentAtAnswer / MB)} MB ${outcome.text.slice(0, 80)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it("pages answer the 413 with the Swedish message in the error page", async () => {
    const outcome = await streamBody("/forum/ny-trad/x", memberCookie, 4 * MB);
    expect(outcome.status).toBe(413);
    expect(outcome.text).toContain(errors.bodyTooLarge);
  });

  it("a declared oversized body is refused 413 before it is read", async () => {
    const outcome = await streamBody("/api/bio", memberCookie, 40 * MB, { declared: true });
    expect(outcome.status).toBe(413);
    expect(outcome.text).toContain(errors.bodyTooLarge);
    expect(outcome.sentAtAnswer).toBeLessThan(20 * MB);
  });

  it("the connection stays usable after a refused body that the client finished sending", async () => {
    const outcome = await streamBody("/api/bio", memberCookie, 2 * MB);
    expect(outcome.status).toBe(413);
    const after = await fetch(`${live.base}/healthz`);
    expect(after.status).toBe(200);
  });
});
