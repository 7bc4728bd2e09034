import { describe, expect, it } from "vitest";
import { isSameOriginWrite } from "./cross-origin";

const trusted = ["https://borssnack.se"];
const post = (headers: Record<string, string>) => ({ method: "POST", headers: { host: "borssnack.se", ...headers } });

describe("cross-site write check (Go's CrossOriginProtection rule)", () => {
  it("lets reads through whatever their origin", () => {
    expect(isSameOriginWrite({ method: "GET", headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } }, trusted)).toBe(true);
  });
  it("trusts Sec-Fetch-Site: same-origin and none, refuses cross-site and same-site", () => {
    expect(isSameOriginWrite(post({ "sec-fetch-site": "same-origin" }), trusted)).toBe(true);
    expect(isSameOriginWrite(post({ "sec-fetch-site": "none" }), trusted)).toBe(true);
    expect(isSameOriginWrite(post({ "sec-fetch-site": "cross-site", origin: "https://borssnack.se" }), trusted)).toBe(false);
    expect(isSameOriginWrite(post({ "sec-fetch-site": "same-site" }), trusted)).toBe(false);
  });
  it("without fetch metadata, needs Origin to be the public origin or the request's host", () => {
    expect(isSameOriginWrite(post({ origin: "https://borssnack.se" }), trusted)).toBe(true);
    expect(isSameOriginWrite({ method: "POST", headers: { host: "10.0.0.5:3000", origin: "http://10.0.0.5:3000" } }, trusted)).toBe(true);
    expect(isSameOriginWrite(post({ origin: "https://evil.example" }), trusted)).toBe(false);
    expect(isSameOriginWrite(post({ origin: "null" }), trusted)).toBe(false);
    expect(isSameOriginWrite(post({ origin: "https://borssnack.se.evil.example" }), trusted)).toBe(false);
  });
  it("lets non-browser clients (no Origin, no Sec-Fetch-Site) through", () => {
    expect(isSameOriginWrite(post({}), trusted)).toBe(true);
  });
});
