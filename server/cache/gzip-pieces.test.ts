import { describe, expect, it } from "vitest";
import { crc32, gunzipSync } from "node:zlib";
import { deflatePiece, freshPiece, gzipOfPieces } from "./gzip-pieces";

describe("gzip pieces", () => {
  it("joins separately deflated pieces into one gzip body a browser can read", () => {
    const texts = ["<!DOCTYPE html><html><head>", "nonce-123", "</head><body>", "å".repeat(20_000), "", "<p>slut</p>"];
    const body = gzipOfPieces(texts.map((t) => deflatePiece(Buffer.from(t))));
    expect(gunzipSync(body).toString("utf8")).toBe(texts.join(""));
    // Pieces made per answer, stored or deflated, mixed with kept ones.
    const mixed = texts.map((t, i) => (i % 2 ? freshPiece(Buffer.from(t)) : deflatePiece(Buffer.from(t))));
    expect(gunzipSync(gzipOfPieces(mixed)).toString("utf8")).toBe(texts.join(""));
    expect(freshPiece(Buffer.from("nonce-123")).deflated.length).toBe(5 + 9);
  });

  it("gives the joined body the CRC-32 of all its bytes, whatever the pieces' sizes", () => {
    const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 251));
    // Cuts from 0 bytes to 200 000, so the CRC is carried past lengths of every bit width.
    const cuts = [0, 0, 1, 2, 3, 255, 256, 4_096, 70_000, 270_000, 299_999, 300_000];
    const pieces = cuts.slice(1).map((end, i) => (i % 3 ? deflatePiece : freshPiece)(bytes.subarray(cuts[i], end)));
    const body = gzipOfPieces(pieces);
    expect(body.readUInt32LE(body.length - 8)).toBe(crc32(bytes));
    expect(gunzipSync(body).equals(bytes)).toBe(true);
  });
});
