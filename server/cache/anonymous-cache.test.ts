import express from "express";
import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAnonymousCache } from "./anonymous-cache";
import { declareChange, trackWrites } from "./page-writes";

let renders = 0;
let clock = 0;
/** Times the cache told its followers (the search cache) to empty themselves. */
let cleared = 0;
const cache = createAnonymousCache({ ttlMs: 1000, now: () => clock, onClear: () => (cleared += 1) });
let server: Server;
let setFlaky: (down: boolean) => void = () => {};
let base = "";

beforeAll(async () => {
  const app = express();
  let n = 0;
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce${String(++n).padStart(6, "0")}`; // one length, as real nonces
    // As server/log.ts `requestLogging` does before the cache: this answer's own request id.
    res.setHeader("X-Request-Id", `request-${n}`);
    next();
  });
  // As server/app.ts: a request that declared a change of pages empties the cache.
  app.use(trackWrites({ onChange: (changes) => changes.has("pages") && cache.clear() }));
  app.use(cache.middleware);
  app.get("/forum", (_req, res) => {
    renders += 1;
    res.type("html").send(`<script nonce="${String(res.locals.cspNonce)}"></script>render ${renders}`);
  });
  // A slow page: a render takes 100 ms (like a big thread under load).
  app.get("/forum/slow", async (_req, res) => {
    renders += 1;
    const n = renders;
    await new Promise((r) => setTimeout(r, 100));
    res.type("html").send(`slow ${n}`);
  });
  // A page whose database goes away after the first render (slow 503, like a pool timeout).
  let flakyDown = false;
  app.get("/forum/flaky", async (_req, res) => {
    renders += 1;
    if (!flakyDown) return void res.type("html").send("ok");
    await new Promise((r) => setTimeout(r, 100));
    res.status(503).type("html").send("nere");
  });
  setFlaky = (down: boolean) => (flakyDown = down);
  // A large page with many nonces, like a thread page (gzip answers are spliced per hit).
  app.get("/forum/big", (_req, res) => {
    renders += 1;
    const nonce = String(res.locals.cspNonce);
    const rows = Array.from({ length: 2000 }, (_, i) => `<li class="row">Rad ${i} – åäö ${"x".repeat(i % 50)}</li>`).join("\n");
    res.type("html").send(`<script nonce="${nonce}">a</script><ul>${rows}</ul><script nonce="${nonce}">b</script>${nonce}`);
  });
  app.get("/forum/with-cookie", (_req, res) => {
    renders += 1;
    res.cookie("x", "1").send(`render ${renders}`);
  });
  // Renders the visitor's colour theme (the root loader reads the `theme` cookie).
  app.get("/forum/themed", (req, res) => {
    renders += 1;
    res.type("html").send(`theme ${/theme=(\w+)/.exec(req.headers.cookie ?? "")?.[1] ?? "system"}`);
  });
  app.get("/api/search", (_req, res) => {
    renders += 1;
    res.json({ renders });
  });
  app.post("/forum", async (_req, res) => {
    // A write, asynchronously after the request arrived (as a route action after its commit).
    await new Promise((r) => setTimeout(r, 5));
    declareChange("pages");
    res.status(200).send("ok");
  });
  app.post("/forum/refused", (_req, res) => {
    declareChange("pages");
    res.status(400).send("no");
  });
  app.post("/api/presence", (_req, res) => res.status(200).json({ ok: true }));
  // A preference: a cookie, no declared change.
  app.post("/api/theme", (_req, res) => res.status(200).cookie("theme", "dark").json({ ok: true }));
  // Only what the caches keep per member.
  app.post("/api/notifications", (_req, res) => {
    declareChange("member");
    res.status(200).json({ ok: true });
  });
  server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers });

/** `/forum/big` with these headers, its body as sent (fetch would decompress it). */
const raw = (headers: Record<string, string>) =>
  new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${base}/forum/big`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });

describe("anonymous page cache", () => {
  it("renders once per TTL for visitors, with this response's nonce in a cached page", async () => {
    const first = renders;
    const a = await get("/forum");
    expect(a.headers.get("x-cache")).toBe("MISS");
    const textA = await a.text();
    const b = await get("/forum");
    expect(b.headers.get("x-cache")).toBe("HIT");
    const textB = await b.text();
    expect(renders).toBe(first + 1);
    // Same page, but the nonce is the second response's own.
    expect(textB.replace(/nonce\d+/, "N")).toBe(textA.replace(/nonce\d+/, "N"));
    expect(textB).not.toBe(textA);
    // And the request id an operator finds in the log line is this answer's, not the render's.
    expect(b.headers.get("x-request-id")).toMatch(/^request-\d+$/);
    expect(b.headers.get("x-request-id")).not.toBe(a.headers.get("x-request-id"));
    clock += 1001;
    await (await get("/forum")).text();
    expect(renders).toBe(first + 2);
  });

  it("is emptied by a declared write, not by a refused one, a preference, the activity log or a member-only change", async () => {
    await (await get("/forum")).text();
    expect((await get("/forum")).headers.get("x-cache")).toBe("HIT");
    const before = cleared;
    await (await fetch(`${base}/forum/refused`, { method: "POST" })).text();
    expect((await get("/forum")).headers.get("x-cache")).toBe("HIT");
    expect(cleared).toBe(before);
    // A member's activity log shows on no cached page (server/cache/page-writes.ts).
    expect((await fetch(`${base}/api/presence`, { method: "POST" })).status).toBe(200);
    expect((await get("/forum")).headers.get("x-cache")).toBe("HIT");
    expect(cleared).toBe(before);
    // A visitor's theme POST between two GETs: still a hit.
    expect((await fetch(`${base}/api/theme`, { method: "POST" })).status).toBe(200);
    expect((await get("/forum")).headers.get("x-cache")).toBe("HIT");
    expect((await fetch(`${base}/api/notifications`, { method: "POST" })).status).toBe(200);
    expect((await get("/forum")).headers.get("x-cache")).toBe("HIT");
    expect(cleared).toBe(before);
    await (await fetch(`${base}/forum`, { method: "POST" })).text();
    expect((await get("/forum")).headers.get("x-cache")).toBe("MISS");
    // The search cache follows (server/app.ts passes its clear() as onClear).
    expect(cleared).toBe(before + 1);
    cache.clear();
    expect(cache.size().entries).toBe(0);
  });

  it("keeps one page per colour theme, so a dark visitor never gets the system page", async () => {
    cache.clear();
    expect(await (await get("/forum/themed")).text()).toBe("theme system");
    const dark = await get("/forum/themed", { cookie: "theme=dark" });
    expect(dark.headers.get("x-cache")).toBe("MISS");
    expect(await dark.text()).toBe("theme dark");
    const again = await get("/forum/themed", { cookie: "theme=dark" });
    expect(again.headers.get("x-cache")).toBe("HIT");
    expect(await again.text()).toBe("theme dark");
    // An unknown value is `system`, like no cookie.
    const unknown = await get("/forum/themed", { cookie: "theme=purple" });
    expect(unknown.headers.get("x-cache")).toBe("HIT");
    expect(await unknown.text()).toBe("theme system");
  });

  it("never serves members, flash messages, APIs or answers that set cookies from the cache", async () => {
    await (await get("/forum")).text();
    const member = await get("/forum", { cookie: "borssnack.session_token=abc" });
    expect(member.headers.get("x-cache")).toBeNull();
    const secure = await get("/forum", { cookie: "a=b; __Secure-borssnack.session_token=abc" });
    expect(secure.headers.get("x-cache")).toBeNull();
    const flash = await get("/forum", { cookie: "borssnack_flash=x" });
    expect(flash.headers.get("x-cache")).toBeNull();
    const before = renders;
    await (await get("/api/search")).text();
    await (await get("/api/search")).text();
    expect(renders).toBe(before + 2);
    await (await get("/forum/with-cookie")).text();
    expect((await get("/forum/with-cookie")).headers.get("x-cache")).toBe("MISS");
  });

  it("answers a gzip client with valid gzip that carries this response's nonce", async () => {
    clock += 5000;
    const miss = await raw({});
    expect(miss.headers["x-cache"]).toBe("MISS");
    const page = miss.body.toString("utf8");
    const missNonce = /nonce="(nonce\d+)"/.exec(page)![1]!;
    const hit = await raw({ "accept-encoding": "gzip, deflate, br" });
    expect(hit.headers["x-cache"]).toBe("HIT");
    expect(hit.headers["content-encoding"]).toBe("gzip");
    expect(Number(hit.headers["content-length"])).toBe(hit.body.length);
    const unzipped = gunzipSync(hit.body).toString("utf8"); // throws on a bad CRC or length
    const hitNonce = /nonce="(nonce\d+)"/.exec(unzipped)![1]!;
    expect(hitNonce).not.toBe(missNonce);
    expect(unzipped).toBe(page.replaceAll(missNonce, hitNonce));
    expect(hit.body.length).toBeLessThan(page.length / 4);
    // A client without gzip gets the plain page, also with its own nonce.
    const plain = await raw({ "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString("utf8")).toContain("Rad 1999");
  });

  it("answers a brotli client with the page compressed once, with this response's nonce in it", async () => {
    clock += 5000;
    const miss = await raw({ "accept-encoding": "identity" });
    const page = miss.body.toString("utf8");
    const missNonce = /nonce="(nonce\d+)"/.exec(page)![1]!;
    // The first brotli hit starts compressing in the background; the hits meanwhile are gzip.
    let hit = await raw({ "accept-encoding": "gzip, deflate, br" });
    for (let i = 0; i < 50 && hit.headers["content-encoding"] !== "br"; i += 1) {
      expect(hit.headers["content-encoding"]).toBe("gzip");
      await new Promise((r) => setTimeout(r, 20));
      hit = await raw({ "accept-encoding": "gzip, deflate, br" });
    }
    expect(hit.headers["x-cache"]).toBe("HIT");
    expect(hit.headers["content-encoding"]).toBe("br");
    expect(Number(hit.headers["content-length"])).toBe(hit.body.length);
    const text = brotliDecompressSync(hit.body).toString("utf8");
    const hitNonce = /nonce="(nonce\d+)"/.exec(text)![1]!;
    expect(hitNonce).not.toBe(missNonce);
    expect(text).toBe(page.replaceAll(missNonce, hitNonce));
    expect(renders).toBeGreaterThan(0);
  });

  it("renders a page once for a burst of visitors, and serves the expired page while one request renders it again", async () => {
    clock += 10_000;
    const before = renders;
    const burst = await Promise.all(Array.from({ length: 20 }, () => get("/forum/slow").then((r) => r.text())));
    expect(renders).toBe(before + 1);
    expect(new Set(burst).size).toBe(1);
    // Expired: the first request renders again, the others meanwhile get the old page at once.
    clock += 1001;
    const refresher = get("/forum/slow").then((r) => r.text());
    await new Promise((r) => setTimeout(r, 20));
    const during = await Promise.all(Array.from({ length: 10 }, () => get("/forum/slow")));
    expect(during.every((r) => r.headers.get("x-cache") === "HIT")).toBe(true);
    expect(new Set(await Promise.all(during.map((r) => r.text())))).toEqual(new Set(burst));
    expect(await refresher).not.toBe(burst[0]);
    expect(renders).toBe(before + 2);
  });

  it("drops the expired page when its re-render fails, so an outage shows its 503", async () => {
    clock += 10_000;
    setFlaky(false);
    expect(await (await get("/forum/flaky")).text()).toBe("ok");
    setFlaky(true);
    clock += 1001;
    const refresher = get("/forum/flaky");
    await new Promise((r) => setTimeout(r, 20));
    // While the failing re-render runs, the old page (at most 2 s old) is still served…
    expect((await get("/forum/flaky")).status).toBe(200);
    expect((await refresher).status).toBe(503);
    // …and not after it failed.
    expect((await get("/forum/flaky")).status).toBe(503);
    // Never older than 2 TTLs, even while a re-render runs.
    setFlaky(false);
    expect(await (await get("/forum/flaky")).text()).toBe("ok");
    setFlaky(true);
    clock += 2001;
    const second = get("/forum/flaky");
    await new Promise((r) => setTimeout(r, 20));
    expect((await get("/forum/flaky")).status).toBe(503);
    await second;
  });
  it("holds no page too old to serve once another is stored, and counts the gzip copy (memory budget)", async () => {
    cache.clear();
    await (await get("/forum/big")).text();
    const plain = cache.size().bytes;
    await (await get("/forum/big", { "accept-encoding": "gzip" })).arrayBuffer();
    expect(cache.size().bytes).toBeGreaterThan(plain);
    // A crawler's pages: each is kept while it may be served (2 TTLs), then dropped at the next store.
    clock += 2001;
    await (await get("/forum/themed")).text();
    expect(cache.size().entries).toBe(1);
    expect(cache.size().bytes).toBeLessThan(plain);
  });
});
