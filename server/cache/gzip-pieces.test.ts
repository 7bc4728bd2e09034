import { describe, expect, it } from "vitest";
import { crc32, gunzipSync } from "node:zlib";
import { crc32Combine, deflatePiece, freshPiece, gzipOfPieces } from "./gzip-pieces";

describe("gzip pieces", () => {
  it("combines CRC-32s as zlib computes the whole", () => {
    const samples = ["", "a", "Börssnack", "x".repeat(70_000), "åäö\u2028<script>", "0123456789".repeat(333)];
    for (const a of samples) {
      for (const b of samples) {
        const whole = crc32(Buffer.from(a + b));
        const combined = a === "" ? crc32(Buffer.from(b)) : crc32Combine(crc32(Buffer.from(a)), crc32(Buffer.from(b)), Buffer.byteLength(b));
        expect(combined).toBe(whole);
      }
    }
  });

  it("joins separately deflated pieces into one gzip body a browser can read", () => {
    const texts = ["<!DOCTYPE html><html><head>", "nonce-123", "</head><body>", "å".repeat(20_000), "", "<p>slut</p>"];
    const body = gzipOfPieces(texts.map((t) => deflatePiece(Buffer.from(t))));
    expect(gunzipSync(body).toString("utf8")).toBe(texts.join(""));
    // Pieces made per answer, stored or deflated, mixed with kept ones.
    const mixed = texts.map((t, i) => (i % 2 ? freshPiece(Buffer.from(t)) : deflatePiece(Buffer.from(t))));
    expect(gunzipSync(gzipOfPieces(mixed)).toString("utf8")).toBe(texts.join(""));
    expect(freshPiece(Buffer.from("nonce-123")).deflated.length).toBe(5 + 9);
  });
});
