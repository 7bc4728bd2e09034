import express from "express";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { login } from "./accounts";
import { createLogger, installConsoleBridge, logEvent, maskEmail, requestLogging, setLogger } from "./log";
import { createMember, createTestForum, type TestForum } from "./testing/harness";

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

describe("structured logs (issue Hardening)", () => {
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
