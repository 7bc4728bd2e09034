/**
 * gzip answers joined from pieces deflated once, each with a full flush (byte-aligned, no
 * back-references across it, RFC 1951): an answer is the kept pieces with the few that differ for
 * it deflated afresh, one valid deflate stream. The trailer's CRC-32 is combined from the pieces'
 * own (zlib's `crc32_combine`): a kept piece's CRC is computed once, not per answer (over a
 * 367 KB page, 0.1–0.2 ms each). Used for members' pages (./page-cache.ts).
 *
 * @module
 */
import { constants as zlibConstants, crc32, deflateRawSync } from "node:zlib";

const FULL_FLUSH = zlibConstants.Z_FULL_FLUSH;
/** gzip member header: deflate, no name, no mtime, unknown OS (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** An empty final deflate block: ends the stream after byte-aligned, flushed pieces. */
const FINAL_BLOCK = deflateRawSync(Buffer.alloc(0));

/** A piece of a body: its bytes, those deflated with a full flush, their CRC-32 and {@link shiftOf} their length. */
export type DeflatedPiece = { raw: Buffer; deflated: Buffer; crc: number; shift: number };

/** The CRC-32 polynomial, reflected (RFC 1952). */
const POLY = 0xedb88320;
/** a × b modulo {@link POLY}, polynomials over GF(2) with bit 31 the x⁰ term (zlib's `multmodp`). */
function multmodp(a: number, b: number): number {
  let p = 0;
  for (let m = 0x80000000; m; m >>>= 1) {
    if (a & m) p ^= b;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}
/** x^(2^n) modulo {@link POLY}, n = 0..31. */
const X2N = [0x40000000];
for (let n = 1; n < 32; n += 1) X2N.push(multmodp(X2N[n - 1]!, X2N[n - 1]!));
/** x^(8 × `bytes`) modulo {@link POLY}: the factor that carries a CRC past `bytes` bytes (zlib's `x2nmodp(bytes, 3)`). */
function shiftOf(bytes: number): number {
  let p = 0x80000000;
  for (let k = 3; bytes; bytes = Math.floor(bytes / 2), k += 1) if (bytes % 2) p = multmodp(X2N[k & 31]!, p);
  return p;
}

/** Pieces up to this many bytes are sent as stored deflate blocks (no zlib call per answer). */
const STORED_MAX = 1024;

/** @returns `raw` as a {@link DeflatedPiece}: deflated with a full flush at zlib `level` 1..9 (6: kept for many answers) */
export function deflatePiece(raw: Buffer, level = 6): DeflatedPiece {
  return { raw, deflated: deflateRawSync(raw, { finishFlush: FULL_FLUSH, level }), crc: crc32(raw), shift: shiftOf(raw.length) };
}

/**
 * @returns `raw`, a piece made for one answer, as a {@link DeflatedPiece}: up to {@link STORED_MAX}
 *   bytes (a nonce) a stored deflate block (RFC 1951 §3.2.4, no zlib call), larger ones at level 1
 */
export function freshPiece(raw: Buffer): DeflatedPiece {
  if (raw.length > STORED_MAX) return deflatePiece(raw, 1);
  const block = Buffer.alloc(5 + raw.length);
  block[0] = 0;
  block.writeUInt16LE(raw.length, 1);
  block.writeUInt16LE(~raw.length & 0xffff, 3);
  raw.copy(block, 5);
  return { raw, deflated: block, crc: crc32(raw), shift: shiftOf(raw.length) };
}

/** @returns one gzip member (RFC 1952) of `pieces` ({@link deflatePiece}, {@link freshPiece}) in order */
export function gzipOfPieces(pieces: readonly DeflatedPiece[]): Buffer {
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  for (const piece of pieces) {
    chunks.push(piece.deflated);
    crc = (multmodp(piece.shift, crc) ^ piece.crc) >>> 0;
    size += piece.raw.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(FINAL_BLOCK, trailer);
  return Buffer.concat(chunks);
}
