/**
 * `safeRedirect` (no open redirect): whatever string comes in, what goes out is a
 * path on the forum's own origin — as a browser would read it, which drops tabs and line breaks
 * and treats `\` like `/`.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirect } from "./session";

const ORIGIN = "https://borssnack.se";

/** How a browser resolves a `Location` value: tabs/CR/LF removed, then parsed on the page's URL. */
function browserTarget(location: string): URL {
  return new URL(location.replace(/[\t\n\r]/g, ""), `${ORIGIN}/auth/login`);
}

/** Asserts the property: a same-origin path, usable as a header value. */
function expectSameOriginPath(result: string): void {
  expect(result.startsWith("/")).toBe(true);
  expect(result.startsWith("//")).toBe(false);
  expect(result).not.toMatch(/[\u0000-\u0020\u007f-\u00a0\\]/);
  expect(browserTarget(result).origin).toBe(ORIGIN);
  expect(() => new Headers({ Location: result })).not.toThrow();
}

/** Pieces attackers combine: slashes, backslashes, controls, schemes, encodings. */
const hostilePiece = fc.constantFrom(
  "/", "//", "\\", "\t", "\n", "\r", "\u0000", " ", "\u00a0", "\u3000", "\u2028", "\ufeff", "%0d%0a", "%09", "%2f",
  "evil.example", "@evil.example", "http:", "https://evil.example", "javascript:alert(1)", ":", "..", ".", "?", "#", "ä", "😀",
);

describe("safeRedirect", () => {
  it("refuses the probe's values: tab, CR, LF, backslash, protocol-relative and dot-segment tricks", () => {
    for (const value of [
      "/\t/evil.example",
      "/\r/evil.example",
      "/\n/evil.example",
      "/\r\n/evil.example/x",
      "/\u000b/evil.example",
      "/ /evil.example",
      "/\\evil.example",
      "/\\/evil.example",
      "//evil.example",
      "/./\t/evil.example",
      "/a/..//evil.example",
      "/%0d%0aSet-Cookie:x=y",
      "https://evil.example/",
      "javascript:alert(1)",
    ]) {
      const result = safeRedirect(value);
      expectSameOriginPath(result);
      expect(browserTarget(result).host, JSON.stringify(value)).toBe("borssnack.se");
    }
    expect(safeRedirect("/\t/evil.example")).toBe("/forum");
    expect(safeRedirect("/a/..//evil.example")).toBe("/forum");
  });

  it("keeps ordinary paths, queries and fragments", () => {
    expect(safeRedirect("/forum/kategori/abc/trad/def?sida=2#kommentar-1")).toBe("/forum/kategori/abc/trad/def?sida=2#kommentar-1");
    expect(safeRedirect("/forum/sok?q=%C3%A5ngest")).toBe("/forum/sok?q=%C3%A5ngest");
    expect(safeRedirect("/forum/aktie/VOLV-B")).toBe("/forum/aktie/VOLV-B");
    expect(safeRedirect(undefined)).toBe("/forum");
    expect(safeRedirect(42)).toBe("/forum");
  });

  it("property: any string gives a same-origin path (fast-check)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 80 }), (value) => expectSameOriginPath(safeRedirect(value))),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(fc.array(hostilePiece, { maxLength: 8 }), fc.string({ maxLength: 10 }), (pieces, tail) =>
        expectSameOriginPath(safeRedirect(`/${pieces.join("")}${tail}`)),
      ),
      { numRuns: 5000 },
    );
  });
});
