import express from "express";
import { createHash } from "node:crypto";
import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../platform/config";
import { cspWithHashes, securityHeaders } from "../security/headers";
import { createPageCache } from "./page-cache";
import { declareChange, trackWrites } from "./page-writes";

let renders = 0;
let clock = 0;
/** Times the cache told its followers (the search cache) to empty themselves. */
let cleared = 0;
const cache = createPageCache({ ttlMs: 1000, now: () => clock, onClear: () => (cleared += 1) });
let server: Server;
let setFlaky: (down: boolean) => void = () => {};
let base = "";

beforeAll(async () => {
  const app = express();
  let n = 0;
  // As server/http/app.ts: the security headers (a CSP with a fresh nonce per answer) before the cache.
  app.use(securityHeaders(parseConfig({ NODE_ENV: "test", AUTH_SECRET: "x".repeat(40), PUBLIC_URL: "http://localhost:3000" })));
  app.use((_req, res, next) => {
    // As server/platform/log.ts `requestLogging` does before the cache: this answer's own request id.
    res.setHeader("X-Request-Id", `request-${++n}`);
    next();
  });
  // As server/http/app.ts: a request that declared a change of pages empties the cache.
  app.use(trackWrites({ onChange: (changes) => changes.has("pages") && cache.clear() }));
  app.use(cache.visitors);
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
  // A page with markup that got in without the nonce (what stored XSS would look like).
  app.get("/forum/injected", (_req, res) => {
    renders += 1;
    const nonce = String(res.locals.cspNonce);
    res.type("html").send(`<script nonce="${nonce}">own()</script><p>kommentar</p><script>evil()</script><script nonce="${nonce}">own()</script>`);
  });
  // A page a hash policy would break: an external script that only its nonce lets in.
  app.get("/forum/external", (_req, res) => {
    renders += 1;
    res.type("html").send(`<script src="/assets/x.js" nonce="${String(res.locals.cspNonce)}"></script><p>${"x".repeat(2000)}</p>`);
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
/** The nonce-source's value in a CSP header. */
const nonceOf = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? "")![1]!;
/** A CSP hash-source, computed here independently of the code under test. */
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

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
  it("renders once per TTL for visitors and sends every visitor the same page, without the render's nonce", async () => {
    const first = renders;
    const a = await get("/forum");
    expect(a.headers.get("x-cache")).toBe("MISS");
    const textA = await a.text();
    const missNonce = nonceOf(a.headers.get("content-security-policy"));
    // The render itself: the nonce in its policy and on its script.
    expect(textA).toContain(`<script nonce="${missNonce}"></script>`);
    const b = await get("/forum");
    expect(b.headers.get("x-cache")).toBe("HIT");
    const textB = await b.text();
    expect(renders).toBe(first + 1);
    // The same page without the nonce, and the same bytes for the next visitor.
    expect(textB).toBe(textA.replace(` nonce="${missNonce}"`, ""));
    const c = await get("/forum");
    expect(await c.text()).toBe(textB);
    // Its policy: the render's, the page's one script allowed by its hash instead of the nonce.
    expect(b.headers.get("content-security-policy")).toBe(cspWithHashes(a.headers.get("content-security-policy")!, [sha256("")]));
    expect(c.headers.get("content-security-policy")).toBe(b.headers.get("content-security-policy"));
    // And the request id an operator finds in the log line is this answer's, not the render's.
    expect(b.headers.get("x-request-id")).toMatch(/^request-\d+$/);
    expect(b.headers.get("x-request-id")).not.toBe(a.headers.get("x-request-id"));
    clock += 1001;
    await (await get("/forum")).text();
    expect(renders).toBe(first + 2);
  });

  it("lets a cached page run exactly its own inline scripts: one that got in without the nonce gets no hash", async () => {
    const miss = await get("/forum/injected");
    expect(miss.headers.get("x-cache")).toBe("MISS");
    await miss.text();
    const hit = await get("/forum/injected");
    expect(hit.headers.get("x-cache")).toBe("HIT");
    expect(await hit.text()).toBe(`<script>own()</script><p>kommentar</p><script>evil()</script><script>own()</script>`);
    const scriptSrc = hit.headers.get("content-security-policy")!.split(";").find((d) => d.startsWith("script-src"))!;
    // With a hash-source an inline script runs only if its hash is listed; modules come from 'self'.
    expect(scriptSrc).toBe(`script-src ${sha256("own()")} 'self'`);
    expect(scriptSrc).not.toContain(sha256("evil()"));
  });

  it("does not keep a page that a hash policy would break (an external script let in by its nonce)", async () => {
    const before = renders;
    expect((await get("/forum/external")).headers.get("x-cache")).toBe("MISS");
    expect((await get("/forum/external")).headers.get("x-cache")).toBe("MISS");
    expect(renders).toBe(before + 2);
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
    // The search cache follows (server/http/app.ts passes its clear() as onClear).
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

  it("answers gzip, brotli and plain clients with the page compressed once: the same bytes every time, the same page decoded", async () => {
    clock += 5000;
    const miss = await raw({});
    expect(miss.headers["x-cache"]).toBe("MISS");
    const missNonce = nonceOf(miss.headers["content-security-policy"] as string);
    const sent = miss.body.toString("utf8").replaceAll(` nonce="${missNonce}"`, "").replaceAll(missNonce, "");
    const gzip = [await raw({ "accept-encoding": "gzip, deflate" }), await raw({ "accept-encoding": "gzip, deflate" })];
    for (const hit of gzip) {
      expect(hit.headers["x-cache"]).toBe("HIT");
      expect(hit.headers["content-encoding"]).toBe("gzip");
      expect(Number(hit.headers["content-length"])).toBe(hit.body.length);
      expect(gunzipSync(hit.body).toString("utf8")).toBe(sent); // throws on a bad CRC or length
    }
    expect(gzip[1]!.body.equals(gzip[0]!.body)).toBe(true);
    expect(gzip[0]!.body.length).toBeLessThan(sent.length / 4);
    // The first brotli client starts compressing in the background; until it is done, brotli clients get gzip.
    let hit = await raw({ "accept-encoding": "gzip, deflate, br" });
    for (let i = 0; i < 50 && hit.headers["content-encoding"] !== "br"; i += 1) {
      expect(hit.headers["content-encoding"]).toBe("gzip");
      await new Promise((r) => setTimeout(r, 20));
      hit = await raw({ "accept-encoding": "gzip, deflate, br" });
    }
    const again = await raw({ "accept-encoding": "br" });
    for (const br of [hit, again]) {
      expect(br.headers["x-cache"]).toBe("HIT");
      expect(br.headers["content-encoding"]).toBe("br");
      expect(Number(br.headers["content-length"])).toBe(br.body.length);
      expect(brotliDecompressSync(br.body).toString("utf8")).toBe(sent);
      expect(br.headers["content-security-policy"]).toBe(gzip[0]!.headers["content-security-policy"]);
    }
    expect(again.body.equals(hit.body)).toBe(true);
    // A client without either gets the page as it is.
    const plain = await raw({ "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString("utf8")).toBe(sent);
    // Both scripts' hashes ("a" and "b"), nothing else.
    expect(plain.headers["content-security-policy"]).toBe(cspWithHashes(miss.headers["content-security-policy"] as string, [sha256("a"), sha256("b")]));
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
