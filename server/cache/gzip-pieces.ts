/**
 * gzip answers built from pieces compressed once: a kept page is cut into pieces, each
 * deflated once with a full flush (byte-aligned, no back-references across it, RFC 1951), so an
 * answer is the kept pieces with the few pieces that differ for this answer (a nonce, a member's
 * reaction) deflated afresh, joined into one valid deflate stream. The gzip trailer's CRC-32 is
 * combined from each piece's CRC (zlib's `crc32_combine`), so an answer never reads the whole page.
 * The anonymous cache did this for its nonce alone; the shared member render
 * (server/cache/member-pages.ts) does it for every personal part.
 *
 * @module
 */
import { constants as zlibConstants, crc32, deflateRawSync } from "node:zlib";

const FULL_FLUSH = zlibConstants.Z_FULL_FLUSH;
/** gzip member header: deflate, no name, no mtime, unknown OS (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** An empty final deflate block: ends the stream after byte-aligned, flushed pieces. */
const FINAL_BLOCK = deflateRawSync(Buffer.alloc(0));

/** CRC-32 polynomial, reflected (RFC 1952). */
const POLY = 0xedb88320;

/** a(x)·b(x) modulo the CRC polynomial (zlib `multmodp`), both reflected 32-bit values. */
function multmodp(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if ((a & m) >>> 0 !== 0) {
      p = (p ^ b) >>> 0;
      if ((a & (m - 1)) >>> 0 === 0) break;
    }
    m = m >>> 1;
    b = b & 1 ? ((b >>> 1) ^ POLY) >>> 0 : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0..31 (zlib `x2n_table`). */
const X2N: number[] = [];
{
  let p = 0x40000000;
  X2N.push(p);
  for (let n = 1; n < 32; n += 1) X2N.push((p = multmodp(p, p)));
}

/** x^(n·2^k) modulo the polynomial (zlib `x2nmodp`). */
function x2nmodp(n: number, k: number): number {
  let p = 0x80000000;
  while (n) {
    if (n & 1) p = multmodp(X2N[k & 31]!, p);
    n = Math.floor(n / 2);
    k += 1;
  }
  return p;
}

/**
 * The CRC-32 of two byte strings one after the other, from their own CRCs (zlib `crc32_combine`).
 *
 * @param crc1 CRC-32 of the first
 * @param crc2 CRC-32 of the second
 * @param length2 length of the second in bytes
 * @returns CRC-32 of the concatenation (unsigned)
 */
export function crc32Combine(crc1: number, crc2: number, length2: number): number {
  return (multmodp(x2nmodp(length2, 3), crc1 >>> 0) ^ (crc2 >>> 0)) >>> 0;
}

/** A piece of a body: its bytes, deflated with a full flush, and its CRC-32. */
export interface DeflatedPiece {
  raw: Buffer;
  deflated: Buffer;
  crc: number;
  /** x^(8·length) modulo the CRC polynomial: what combining a CRC with this piece's takes. */
  shift: number;
}

/** Pieces up to this many bytes are sent as stored deflate blocks (no zlib call per answer). */
const STORED_MAX = 1024;

/**
 * Deflates one piece with a full flush.
 *
 * @param raw the bytes
 * @param level zlib level 1..9 (default 6: pieces kept for many answers; 1 for a piece of one answer)
 * @returns the {@link DeflatedPiece}
 */
export function deflatePiece(raw: Buffer, level = 6): DeflatedPiece {
  return { raw, deflated: deflateRawSync(raw, { finishFlush: FULL_FLUSH, level }), crc: crc32(raw), shift: x2nmodp(raw.length, 3) };
}

/**
 * A small piece made for one answer (a nonce, a nickname): as a stored deflate block (RFC 1951
 * §3.2.4: `BFINAL=0, BTYPE=00`, byte-aligned, `LEN`, `NLEN`, the bytes), which costs no zlib
 * call; larger pieces are deflated at level 1.
 *
 * @param raw the bytes
 * @returns the {@link DeflatedPiece}
 */
export function freshPiece(raw: Buffer): DeflatedPiece {
  if (raw.length > STORED_MAX) return deflatePiece(raw, 1);
  const block = Buffer.alloc(5 + raw.length);
  block[0] = 0;
  block.writeUInt16LE(raw.length, 1);
  block.writeUInt16LE(~raw.length & 0xffff, 3);
  raw.copy(block, 5);
  return { raw, deflated: block, crc: crc32(raw), shift: x2nmodp(raw.length, 3) };
}

/**
 * One gzip body of the pieces in order.
 *
 * @param pieces from {@link deflatePiece}
 * @returns the gzip member (RFC 1952)
 */
export function gzipOfPieces(pieces: readonly DeflatedPiece[]): Buffer {
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  for (const piece of pieces) {
    chunks.push(piece.deflated);
    crc = size === 0 ? piece.crc : (multmodp(piece.shift, crc) ^ piece.crc) >>> 0;
    size += piece.raw.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(FINAL_BLOCK, trailer);
  return Buffer.concat(chunks);
}
