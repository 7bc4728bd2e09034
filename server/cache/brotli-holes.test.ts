import { randomBytes } from "node:crypto";
import { brotliDecompressSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { brotliPartsWithFill, brotliWithFill, compressWithHoles, rawMetaBlock } from "./brotli-holes";

const nonce = () => randomBytes(16).toString("base64");

/** A page like the thread page: nonces in the head and at the end, the data repeating the markup far below. */
function page(marker: string, rows = 600): string {
  const links = Array.from({ length: 30 }, (_, i) => `<link rel="modulepreload" href="/assets/chunk-${i}.js" nonce="${marker}"/>`).join("");
  const comments = Array.from({ length: rows }, (_, i) => `<article id="c-${i}"><p>Kommentar ${i}: $ERIC-B ökar ${"å".repeat(i % 7)} – ${(i * 7919) % 1000}</p></article>`);
  const data = JSON.stringify(comments.map((c, i) => ({ id: i, bodyHtml: c })));
  return `<!DOCTYPE html><html><head>${links}<script nonce="${marker}">a()</script></head><body>${comments.join("")}` +
    `<script nonce="${marker}">window.ctx = ${JSON.stringify({ nonce: marker })}</script><script nonce="${marker}">enqueue(${data})</script></body></html>`;
}

describe("brotli with holes (the visitor's cached page)", () => {
  it("gives the page with each answer's own nonce in every hole, far smaller than spliced gzip would", async () => {
    const kept = nonce();
    const body = Buffer.from(page(kept));
    const holes = await compressWithHoles(body, Buffer.from(kept));
    expect(holes).not.toBeNull();
    expect(holes!.segments).toHaveLength(35); // 34 nonces: 30 links, 3 scripts, the data's copy
    for (let i = 0; i < 20; i += 1) {
      const fresh = nonce();
      const answer = brotliWithFill(holes!, Buffer.from(fresh));
      expect(brotliDecompressSync(answer).toString("utf8")).toBe(page(fresh));
    }
    // The data repeats the markup more than gzip's 32 KiB window back: brotli sees it.
    expect(brotliWithFill(holes!, Buffer.from(nonce())).length).toBeLessThan(gzipSync(body, { level: 9 }).length * 0.75);
  });

  it("hands out an answer as the cached segments themselves plus small filled meta-blocks, not a copy of the page", async () => {
    const kept = nonce();
    const holes = (await compressWithHoles(Buffer.from(page(kept)), Buffer.from(kept)))!;
    const fresh = nonce();
    const parts = brotliPartsWithFill(holes, Buffer.from(fresh));
    expect(parts).toHaveLength(holes.segments.length * 2 - 1);
    // Every second piece is the cached segment object itself (no bytes copied for it) …
    holes.segments.forEach((segment, i) => expect(parts[i * 2]).toBe(segment));
    // … and the pieces between them are only the holes: a 3-byte header, the nonce, its context.
    for (let i = 1; i < parts.length; i += 2) expect(parts[i]!.length).toBeLessThan(200);
    expect(brotliDecompressSync(Buffer.concat(parts)).toString("utf8")).toBe(page(fresh));
    expect(Buffer.concat(parts).equals(brotliWithFill(holes, Buffer.from(fresh)))).toBe(true);
  });

  it("keeps a page without holes whole", async () => {
    const body = Buffer.from(page("x").replaceAll(' nonce="x"', ""));
    const holes = await compressWithHoles(body, Buffer.alloc(0));
    expect(holes!.segments).toHaveLength(1);
    expect(brotliDecompressSync(brotliWithFill(holes!, Buffer.alloc(0))).equals(body)).toBe(true);
  });

  it("refuses a fill of another length instead of making a broken stream", async () => {
    const kept = nonce();
    const holes = await compressWithHoles(Buffer.from(page(kept, 10)), Buffer.from(kept));
    expect(() => brotliWithFill(holes!, Buffer.from("short"))).toThrow(RangeError);
  });

  it("writes raw meta-blocks of 1..65 536 bytes with a 3-byte header", () => {
    const text = Buffer.from("Börssnack – råvaror och aktier");
    const block = rawMetaBlock(text);
    // ISLAST=0, MNIBBLES=4, MLEN-1, ISUNCOMPRESSED=1 (RFC 7932 §9.2), LSB first.
    expect(block.readUIntLE(0, 3)).toBe(((text.length - 1) << 3) | (1 << 19));
    expect(block.subarray(3).equals(text)).toBe(true);
    expect(() => rawMetaBlock(Buffer.alloc(0))).toThrow(RangeError);
    expect(() => rawMetaBlock(Buffer.alloc(65_537))).toThrow(RangeError);
  });
});
