import express from "express";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changesPages } from "./page-writes";
import { FRESH_COOKIE, markWriters } from "./shared-page-data";

let server: Server;
let base = "";

beforeAll(async () => {
  const app = express();
  app.use(markWriters);
  app.all("/{*rest}", (_req, res) => res.status(200).send("ok"));
  server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const session = { cookie: "borssnack.session_token=abc" };
const fresh = (res: Response) => res.headers.getSetCookie().some((c) => c.startsWith(`${FRESH_COOKIE}=1`));

describe("writes that change pages (issue 21)", () => {
  it("counts a member's comment, reaction or theme change, not a read nor the activity log", () => {
    expect(changesPages({ method: "POST", path: "/forum/kategori/k/trad/t" })).toBe(true);
    expect(changesPages({ method: "DELETE", path: "/api/notifications" })).toBe(true);
    expect(changesPages({ method: "POST", path: "/api/theme" })).toBe(true);
    expect(changesPages({ method: "GET", path: "/forum" })).toBe(false);
    expect(changesPages({ method: "HEAD", path: "/forum" })).toBe(false);
    expect(changesPages({ method: "POST", path: "/api/presence" })).toBe(false);
  });

  it("marks a member who wrote as fresh, but not for their activity log (so their next page stays shared)", async () => {
    expect(fresh(await fetch(`${base}/forum/kategori/k/trad/t`, { method: "POST", headers: session }))).toBe(true);
    expect(fresh(await fetch(`${base}/api/presence`, { method: "POST", headers: session }))).toBe(false);
    expect(fresh(await fetch(`${base}/forum`, { headers: session }))).toBe(false);
    // A visitor's write has no session to mark.
    expect(fresh(await fetch(`${base}/forum/kategori/k/trad/t`, { method: "POST" }))).toBe(false);
  });
});
