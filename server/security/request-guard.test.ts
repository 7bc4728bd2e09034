import { describe, expect, it } from "vitest";
import { isCleanTarget, isValidHost } from "./request-guard";

describe("isCleanTarget", () => {
  it("refuses broken percent-encoding, NUL and control characters in the path or query", () => {
    for (const target of ["/%ff", "/forum/%E0%A4%A", "/forum/profil/%00", "/@%00", "/api/mentions?q=a%00", "/a%", "/%zz", "/x?q=%0d%0a", "/x?q=a%09b", "/x?q=%C2%85", "/x?%00=1", "/x?q=a+%7f"]) {
      expect(isCleanTarget(target), target).toBe(false);
    }
  });
  it("keeps ordinary addresses, Swedish letters and emoji", () => {
    for (const target of ["/", "/forum/sok?q=%C3%A5ngest+AB", "/forum/aktie/VOLV-B", "/@Kalle", "/x?q=%F0%9F%98%80&page=2", "/x?a&b=", "/x?q=100%25"]) {
      expect(isCleanTarget(target), target).toBe(true);
    }
  });
});

describe("isValidHost", () => {
  it("accepts names, addresses and ports; refuses missing, empty and malformed hosts", () => {
    for (const host of ["localhost", "borssnack.se", "127.0.0.1:3000", "[::1]:3000", "app_1:80"]) expect(isValidHost(host), host).toBe(true);
    for (const host of [undefined, "", "bad host", "[::1", "a:99999", "a:x", "@evil", "a/b", "exempel.se:"]) expect(isValidHost(host), String(host)).toBe(false);
  });
});
