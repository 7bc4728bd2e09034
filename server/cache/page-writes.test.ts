/**
 * What a request declared it changed (server/cache/page-writes.ts), through a real Express app:
 * only a declared change below 400 reaches `onChange` and marks the writer's answer; the
 * declaration survives the awaits of an async handler and does not leak into another request
 * handled at the same time.
 */
import express from "express";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { declareChange, trackWrites, type CacheChange } from "./page-writes";
import { FRESH_COOKIE, markWriter } from "./read-caches";

let server: Server;
let base = "";
const seen: CacheChange[][] = [];

beforeAll(async () => {
  const app = express();
  app.use(trackWrites({ onHeaders: markWriter, onChange: (changes) => seen.push([...changes].sort()) }));
  app.post("/write", async (_req, res) => {
    await new Promise((r) => setTimeout(r, 20));
    declareChange("pages");
    res.status(303).setHeader("Location", "/").end();
  });
  app.post("/member", (_req, res) => {
    declareChange("member");
    res.json({ ok: true });
  });
  app.post("/both", (_req, res) => {
    declareChange("member");
    declareChange("pages");
    res.json({ ok: true });
  });
  app.post("/preference", (_req, res) => res.cookie("theme", "dark").json({ ok: true }));
  app.post("/refused", (_req, res) => {
    declareChange("pages");
    res.status(429).json({ ok: false });
  });
  app.get("/read", (_req, res) => {
    declareChange("pages");
    res.send("ok");
  });
  server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const session = { cookie: "borssnack.session_token=abc" };
const fresh = (res: Response) => res.headers.getSetCookie().some((c) => c.startsWith(`${FRESH_COOKIE}=1`));
const post = (path: string, headers: Record<string, string> = session) => fetch(`${base}${path}`, { method: "POST", headers, redirect: "manual" });
/** `finish` fires after the client has the answer: give it a moment. */
const settled = () => new Promise((r) => setTimeout(r, 20));

describe("declared cache changes", () => {
  it("a write that declares pages reaches onChange and marks the member's answer fresh", async () => {
    seen.length = 0;
    const answer = await post("/write");
    expect(answer.status).toBe(303);
    expect(fresh(answer)).toBe(true);
    await settled();
    expect(seen).toEqual([["pages"]]);
  });

  it("a preference, a refused write and a GET change nothing and mark nothing", async () => {
    seen.length = 0;
    const preference = await post("/preference");
    expect(preference.status).toBe(200);
    expect(fresh(preference)).toBe(false);
    const refused = await post("/refused");
    expect(refused.status).toBe(429);
    expect(fresh(refused)).toBe(false);
    const read = await fetch(`${base}/read`, { headers: session });
    expect(fresh(read)).toBe(false);
    await settled();
    expect(seen).toEqual([]);
  });

  it("member-only and combined changes are passed on as declared; a visitor's answer has no session to mark", async () => {
    seen.length = 0;
    expect(fresh(await post("/member"))).toBe(true);
    expect(fresh(await post("/both", {}))).toBe(false);
    await settled();
    expect(seen).toEqual([["member"], ["member", "pages"]]);
  });

  it("a declaration stays with its own request when requests interleave", async () => {
    seen.length = 0;
    const answers = await Promise.all([post("/write"), post("/preference"), post("/write"), post("/preference")]);
    expect(answers.map(fresh)).toEqual([true, false, true, false]);
    await settled();
    expect(seen).toEqual([["pages"], ["pages"]]);
  });

  it("outside a tracked request a declaration is a no-op", () => {
    expect(() => declareChange("pages")).not.toThrow();
  });
});
