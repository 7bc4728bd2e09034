/**
 * Brotli answers of a kept page with holes for a per-answer string (the
 * visitor's 100-comment thread). A visitor's cached page differs per answer only in
 * its CSP nonce (about 40 places, 24 bytes each). gzip can be spliced piece by piece
 * (server/cache/gzip-pieces.ts), but its 32 KiB window cannot see that the page's loader data
 * repeats its markup 250 KiB earlier: the 100-comment thread is 49 KB of spliced gzip and 29 KB of
 * brotli. This module compresses the page once with brotli and leaves a hole where each nonce goes:
 *
 * - The page goes to one brotli encoder piece by piece, flushed after each piece
 *   (`BROTLI_OPERATION_FLUSH`: all input out, byte-aligned). In place of each nonce the encoder is
 *   fed a placeholder of the same length and the two page bytes after it, flushed on its own.
 * - The placeholder is made so the encoder keeps it as an *uncompressed* meta-block (RFC 7932 §9.2:
 *   24 different bytes, each pair holding a byte that never occurs in UTF-8, no pair used twice in
 *   the page): brotli stores a meta-block raw when compressing it would not pay, and then restores
 *   its last-distance cache, so the decoder's state after that block depends only on its length
 *   and its last two bytes (the literal context), not on its content.
 * - An answer is the encoder's pieces with each placeholder block replaced by a raw meta-block of
 *   this answer's nonce and the same two bytes: the back-references of the rest of the page keep
 *   their distances (the nonce has the placeholder's length) and never point into a hole (no
 *   later byte pair equals a placeholder pair).
 * - Every build is checked once: decompressed with a random nonce it must give the page with that
 *   nonce. A build that does not is dropped (the caller serves gzip), so an encoder that behaves
 *   differently can cost speed, never a broken page.
 *
 * @module
 */
import { randomBytes } from "node:crypto";
import { brotliDecompress, constants as zlibConstants, createBrotliCompress } from "node:zlib";

/** Brotli quality of kept pages: 29 KB for the 100-comment thread in about 19 ms (11: 26 KB, 280 ms). */
export const BROTLI_HOLES_QUALITY = 6;
/** Page bytes after each hole that go into its raw block, so the next literal's context is fixed. */
const CONTEXT_BYTES = 2;
/** Most holes a page may have (the thread page has about 40); more are not worth the placeholders. */
const MAX_HOLES = 200;
/** Bytes that never occur in UTF-8 (RFC 3629 §1): one in every placeholder pair. */
const NOT_UTF8 = [0xc0, 0xc1, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff];

/** A page compressed once with a hole for each occurrence of its marker. */
export interface BrotliHoles {
  /** The encoder's output between the holes (one more than the holes). */
  segments: Buffer[];
  /** The page bytes after each hole that its raw block carries (up to {@link CONTEXT_BYTES}). */
  context: Buffer[];
  /** Length of the string that fills each hole (bytes). */
  holeLength: number;
  /** Bytes held: segments and context. */
  bytes: number;
}

/**
 * A raw (uncompressed) brotli meta-block, not the last (RFC 7932 §9.2): `ISLAST=0`, `MNIBBLES=4`,
 * `MLEN-1` in 16 bits, `ISUNCOMPRESSED=1`, zero bits to the byte boundary, then the bytes. Starts
 * and ends on a byte boundary.
 *
 * @param bytes 1..65 536 bytes
 * @returns the meta-block
 */
export function rawMetaBlock(bytes: Buffer): Buffer {
  if (bytes.length < 1 || bytes.length > 65_536) throw new RangeError(`raw meta-block of ${bytes.length} bytes`);
  const header = ((bytes.length - 1) << 3) | (1 << 19);
  const block = Buffer.alloc(3 + bytes.length);
  block[0] = header & 0xff;
  block[1] = (header >>> 8) & 0xff;
  block[2] = (header >>> 16) & 0xff;
  bytes.copy(block, 3);
  return block;
}

/**
 * Placeholders for `count` holes of `length` bytes: every byte of one placeholder differs (so the
 * encoder cannot compress it), every other byte is one that UTF-8 never has (so no page text
 * matches two of its bytes) and no byte pair repeats across placeholders (so one cannot be a copy
 * of another).
 */
function placeholders(count: number, length: number): Buffer[] {
  const used = new Set<number>();
  const out: Buffer[] = [];
  while (out.length < count) {
    const notUtf8 = [...NOT_UTF8].sort(() => Math.random() - 0.5);
    const bytes: number[] = [];
    const taken = new Set<number>();
    for (let i = 0; i < length; i += 1) {
      let byte: number;
      if (i % 2 === 0) byte = notUtf8[(i / 2) % notUtf8.length]!;
      else do byte = randomBytes(1)[0]!; while (NOT_UTF8.includes(byte) || taken.has(byte));
      taken.add(byte);
      bytes.push(byte);
    }
    const pairs = bytes.slice(1).map((byte, i) => bytes[i]! * 256 + byte);
    if (taken.size !== length || pairs.some((pair) => used.has(pair))) continue;
    pairs.forEach((pair) => used.add(pair));
    out.push(Buffer.from(bytes));
  }
  return out;
}

/**
 * One answer as the pieces to write in order: the cached segments themselves (shared, not
 * copied) and, between them, a small raw meta-block per hole filled with `fill`. Written to the
 * socket one after the other (`anonymous-cache.ts`), an answer allocates only its meta-blocks
 * (a few hundred bytes) instead of a copy of the whole page: at 3,000 answers/s a 29 KB copy each
 * was ~90 MB/s of buffers outside the V8 heap, which the allocator did not give back (peak
 * RSS; docs/performance.md, ninth session).
 *
 * @param holes from {@link compressWithHoles}
 * @param fill the string for every hole, exactly `holes.holeLength` bytes (a CSP nonce)
 * @returns the pieces of a complete brotli stream (their concatenation); throws a RangeError when
 *   `fill` has another length
 */
export function brotliPartsWithFill(holes: BrotliHoles, fill: Buffer): Buffer[] {
  if (fill.length !== holes.holeLength) throw new RangeError(`fill of ${fill.length} bytes for holes of ${holes.holeLength}`);
  const parts: Buffer[] = [holes.segments[0]!];
  for (let i = 1; i < holes.segments.length; i += 1) {
    parts.push(rawMetaBlock(Buffer.concat([fill, holes.context[i - 1]!])), holes.segments[i]!);
  }
  return parts;
}

/**
 * One answer: the segments with each hole filled by `fill` (in raw meta-blocks), as one buffer.
 *
 * @param holes from {@link compressWithHoles}
 * @param fill the string for every hole, exactly `holes.holeLength` bytes (a CSP nonce)
 * @returns a complete brotli stream ({@link brotliPartsWithFill} concatenated); throws a
 *   RangeError when `fill` has another length
 */
export function brotliWithFill(holes: BrotliHoles, fill: Buffer): Buffer {
  return Buffer.concat(brotliPartsWithFill(holes, fill));
}

/**
 * Compresses `body` once with a hole at every occurrence of `marker` (asynchronously: zlib works
 * on libuv's thread pool, so the event loop keeps answering).
 *
 * @param body the page as kept (with its own nonce at every hole)
 * @param marker the string to leave out (the kept page's nonce); empty for a page without holes
 * @param quality brotli quality 0..11 (default {@link BROTLI_HOLES_QUALITY})
 * @returns the holes, or null when the page has more than 200 holes or the check (decompressing
 *   with a random fill) failed; never rejects
 */
export async function compressWithHoles(body: Buffer, marker: Buffer, quality = BROTLI_HOLES_QUALITY): Promise<BrotliHoles | null> {
  try {
    const pieces: Buffer[] = [];
    let from = 0;
    if (marker.length > 0) {
      for (let at = body.indexOf(marker); at >= 0; at = body.indexOf(marker, from)) {
        pieces.push(body.subarray(from, at));
        from = at + marker.length;
      }
    }
    pieces.push(body.subarray(from));
    if (pieces.length - 1 > MAX_HOLES) return null;
    const fakes = placeholders(pieces.length - 1, marker.length);

    const encoder = createBrotliCompress({
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: quality,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      },
    });
    const out: Buffer[] = [];
    encoder.on("data", (chunk: Buffer) => out.push(chunk));
    const flushed = (bytes: Buffer, kind: number) =>
      new Promise<Buffer>((resolve, reject) => {
        encoder.once("error", reject);
        encoder.write(bytes);
        encoder.flush(kind, () => {
          encoder.off("error", reject);
          resolve(Buffer.concat(out.splice(0)));
        });
      });

    const segments: Buffer[] = [];
    const context: Buffer[] = [];
    for (let i = 0; i < pieces.length; i += 1) {
      let piece = pieces[i]!;
      if (i > 0) {
        const after = piece.subarray(0, Math.min(CONTEXT_BYTES, piece.length));
        context.push(after);
        piece = piece.subarray(after.length);
        await flushed(Buffer.concat([fakes[i - 1]!, after]), zlibConstants.BROTLI_OPERATION_FLUSH);
      }
      const last = i === pieces.length - 1;
      segments.push(await flushed(piece, last ? zlibConstants.BROTLI_OPERATION_FINISH : zlibConstants.BROTLI_OPERATION_FLUSH));
    }
    encoder.destroy();

    const holes: BrotliHoles = {
      segments,
      context,
      holeLength: marker.length,
      bytes: segments.reduce((sum, s) => sum + s.length, 0) + context.reduce((sum, c) => sum + c.length, 0),
    };
    // The check: a random fill must give exactly the page with that fill.
    const probe = marker.length > 0 ? Buffer.from(randomBytes(marker.length).toString("base64").slice(0, marker.length)) : marker;
    const decoded = await new Promise<Buffer>((resolve, reject) =>
      brotliDecompress(brotliWithFill(holes, probe), (error, result) => (error ? reject(error) : resolve(result))),
    );
    const expected: Buffer[] = [pieces[0]!];
    for (let i = 1; i < pieces.length; i += 1) expected.push(probe, pieces[i]!);
    return decoded.equals(Buffer.concat(expected)) ? holes : null;
  } catch {
    return null;
  }
}
