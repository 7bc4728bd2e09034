import { CspEvaluator } from "csp_evaluator/dist/evaluator.js";
import { CspParser } from "csp_evaluator/dist/parser.js";
import { Severity } from "csp_evaluator/dist/finding.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { parseConfig } from "../platform/config";
import { cspHeader, cspWithHashes, PERMISSIONS_POLICY, securityHeaders } from "./headers";

describe("Content-Security-Policy headers", () => {
  it("has no high-severity finding in Google's CSP Evaluator", () => {
    const policy = new CspParser(cspHeader("bm9uY2Vub25jZW5vbmNl", { imageOrigins: ["https://bilder.example.se"] })).csp;
    const findings = new CspEvaluator(policy).evaluate();
    const high = findings.filter((f) => f.severity === Severity.HIGH || f.severity === Severity.SYNTAX);
    expect(high.map((f) => `${f.directive}: ${f.description}`)).toEqual([]);
  });

  it("never allows inline scripts without the nonce, plugins, base tags or framing", () => {
    const header = cspHeader("abc");
    const script = header.split("; ").find((d) => d.startsWith("script-src "))!;
    expect(script).toContain("'nonce-abc'");
    expect(script).not.toContain("unsafe-inline");
    expect(script).not.toContain("unsafe-eval");
    expect(header).toContain("object-src 'none'");
    expect(header).toContain("base-uri 'none'");
    expect(header).toContain("frame-ancestors 'none'");
  });
});

describe("the policy of a cached page (hashes instead of a nonce)", () => {
  const hashes = ["'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='", "'sha256-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789+/abcd='"];
  const options = { imageOrigins: ["https://bilder.example.se"] };
  const directives = (policy: string) => policy.split(";").map((d) => d.trim().split(/\s+/));

  it("lists the page's script hashes where the nonce was and keeps every other directive and source", () => {
    const policy = cspWithHashes(cspHeader("bm9uY2Vub25jZW5vbmNl", options), hashes)!;
    expect(policy).not.toContain("nonce-");
    const before = directives(cspHeader("bm9uY2Vub25jZW5vbmNl", options));
    const after = directives(policy);
    expect(after.map((d) => d[0])).toEqual(before.map((d) => d[0]));
    for (const [i, directive] of after.entries()) {
      if (directive[0] === "script-src") expect(directive).toEqual(["script-src", ...hashes, "'self'"]);
      else expect(directive).toEqual(before[i]);
    }
    // No hashes (a page without inline scripts): no inline script may run at all.
    expect(directives(cspWithHashes(cspHeader("abc"), [])!).find((d) => d[0] === "script-src")).toEqual(["script-src", "'self'"]);
    // Nothing to replace: no hash policy.
    expect(cspWithHashes("default-src 'self'", hashes)).toBeNull();
  });

  it("has no high-severity finding in Google's CSP Evaluator either", () => {
    const policy = new CspParser(cspWithHashes(cspHeader("abc", options), hashes)!).csp;
    const high = new CspEvaluator(policy).evaluate().filter((f) => f.severity === Severity.HIGH || f.severity === Severity.SYNTAX);
    expect(high.map((f) => `${f.directive}: ${f.description}`)).toEqual([]);
  });
});

/** An HTTP server with the forum's header middleware in front of one page. */
async function serve(env: Record<string, string>, csp = true): Promise<{ base: string; close(): Promise<void> }> {
  const app = express();
  app.use(securityHeaders(parseConfig({ NODE_ENV: "test", AUTH_SECRET: "x".repeat(40), ...env }), { csp }));
  app.get("/", (_req, res) => res.send(`<script nonce="${String(res.locals.cspNonce)}"></script>`));
  const server: Server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe("headers on real responses", () => {
  let site: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    site = await serve({ PUBLIC_URL: "http://localhost:3000" });
  });
  afterAll(async () => site.close());
  const base = () => site.base;

  it("sets a fresh nonce per response and the other security headers", async () => {
    const a = await fetch(`${base()}/`);
    const b = await fetch(`${base()}/`);
    const nonceOf = (r: Response) => /'nonce-([^']+)'/.exec(r.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonceOf(a)).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceOf(a)).not.toBe(nonceOf(b));
    expect(a.headers.get("x-content-type-options")).toBe("nosniff");
    expect(a.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(a.headers.get("permissions-policy")).toBe(PERMISSIONS_POLICY);
    expect(a.headers.get("x-frame-options")).toBe("DENY");
    // PUBLIC_URL is http:// in tests: no HSTS (it would pin a plain-HTTP dev host to HTTPS).
    expect(a.headers.get("strict-transport-security")).toBeNull();
    // The page's inline script carries the header's nonce.
    expect(await a.text()).toBe(`<script nonce="${nonceOf(a)}"></script>`);
  });

  it("sends HSTS when the forum's public URL is https", async () => {
    const secure = await serve({ PUBLIC_URL: "https://borssnack.se" });
    const response = await fetch(`${secure.base}/`);
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    await secure.close();
  });

  it("leaves the CSP out on the development server (Vite's inline hot-reload scripts)", async () => {
    const dev = await serve({ NODE_ENV: "development", PUBLIC_URL: "http://localhost:3000" }, false);
    const response = await fetch(`${dev.base}/`);
    expect(response.headers.get("content-security-policy")).toBeNull();
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    await dev.close();
  });
});
