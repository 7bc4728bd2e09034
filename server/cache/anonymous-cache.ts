/**
 * A short-lived page cache for visitors (like Discourse's anonymous
 * cache; docs/performance.md): a logged-out GET of a forum page or its `.data` is answered from
 * memory for up to {@link ANONYMOUS_CACHE_TTL_MS}, so a thread shared on a report morning renders
 * once per second instead of once per visitor.
 *
 * - Only requests without the session or flash cookie, only 200 answers without `Set-Cookie`,
 *   never `/api`, `/auth`, `/admin`, `/uploads` or `/healthz`.
 * - Invalidation: a request through this instance that declared a change of pages
 *   (server/cache/page-writes.ts) empties the cache at once (server/app.ts calls `clear`); the
 *   writes of other instances arrive as messages on `LISTEN borssnack_events` and empty it too.
 *   A preference or a refused request empties nothing.
 * - One entry per URL and colour theme preference (the `theme` cookie, domain/theme.ts).
 * - The CSP nonce is per response: a cached page's nonce is replaced by this response's. A
 *   brotli client gets the page compressed once with holes where the nonce goes
 *   (server/cache/brotli-holes.ts, made in the background after the first hit), a gzip client
 *   gets gzip spliced from pieces (server/cache/gzip-pieces.ts).
 * - Bounded memory: at most {@link ANONYMOUS_CACHE_MAX_BYTES} in total, bodies and their gzip
 *   pieces counted, oldest entries first out; an entry too old to be served (2 TTLs) is dropped at
 *   the next store instead of waiting for a write (memory budget: a crawler's many pages
 *   no longer sit in every worker until the cap is reached).
 * - One render per page at a time: while a request renders a page, others for the same URL wait
 *   for it (no entry yet) or get the just-expired entry (stale-while-revalidate, up to 2 TTLs,
 *   dropped when the re-render fails);
 *   without this, every expiry at 50 connections rendered the 100-comment thread 50 times at
 *   once (p97.5 1.5 s).
 *
 * @module
 */
import { brotliPartsWithFill, compressWithHoles, type BrotliHoles } from "./brotli-holes";
import { deflatePiece, freshPiece, gzipOfPieces, type DeflatedPiece } from "./gzip-pieces";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { themeFromCookie } from "../../domain/theme";

/** How long a cached page may be served (ms). */
export const ANONYMOUS_CACHE_TTL_MS = 1_000;
/** Upper bound of all cached bodies and their gzip pieces together (bytes). */
export const ANONYMOUS_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/**
 * An expired entry may still be served while one request renders it again, up to this × TTL
 * (so a visitor's page is at most 2 s old); a re-render that fails drops it, so an outage shows
 * its 503 page instead of an old copy (tests/e2e/faults.spec.ts).
 */
const STALE_FACTOR = 2;
/** Longest a request waits for another request's render of the same page (ms). */
const COALESCE_WAIT_MS = 5_000;
/** Largest single body cached (bytes). */
const MAX_ENTRY_BYTES = 1024 * 1024;

const BYPASS_PATHS = /^\/(api|auth|admin|uploads|healthz)(\/|$|\.)/;
const PERSONAL_COOKIES = /(?:^|;\s*)(?:__Secure-)?(?:borssnack\.session_token|borssnack_flash)=/;
/**
 * Headers not replayed: per-response ones (security headers are set again for every request; the
 * request id is this request's, server/log.ts: a replayed one named the render's request).
 */
const SKIP_HEADERS = new Set([
  "content-security-policy",
  "x-request-id",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
  "set-cookie",
  "x-cache",
]);

interface Entry {
  at: number;
  body: Buffer;
  headers: Array<[string, string | number | string[]]>;
  nonce: string;
  /** The body split at its nonce, each piece deflated once (made on the first gzip hit). */
  gzip?: { pieces: DeflatedPiece[] };
  /**
   * The body compressed once with brotli, a hole at each nonce (server/cache/brotli-holes.ts):
   * started on the first brotli hit, "pending" while it is made, null when it could not be.
   */
  brotli?: BrotliHoles | "pending" | null;
}

/**
 * The entry's body as gzip with `nonce` in place of the cached one, without compressing the page
 * again: each piece between nonces was deflated once with a full flush (server/cache/gzip-pieces.ts),
 * so pieces and the freshly deflated nonce join into one valid deflate stream, and the CRC-32 is
 * combined from the pieces' own (RFC 1952). About 0.14 ms for a 360 kB page instead of 2.5 ms for
 * gzip level 6, which is what kept the cached 100-comment thread far below 2 000 req/s;
 * No pass over the whole page per answer any more (the CRC was one).
 */
function gzipWithNonce(entry: Entry, nonce: string, onDeflated: (bytes: number) => void): Buffer {
  if (!entry.gzip) {
    const pieces: Buffer[] = [];
    let from = 0;
    const marker = Buffer.from(entry.nonce);
    for (let at = entry.body.indexOf(marker); at >= 0; at = entry.body.indexOf(marker, from)) {
      pieces.push(entry.body.subarray(from, at));
      from = at + marker.length;
    }
    pieces.push(entry.body.subarray(from));
    entry.gzip = { pieces: pieces.map((piece) => deflatePiece(piece)) };
    onDeflated(entry.gzip.pieces.reduce((sum, piece) => sum + piece.deflated.length, 0));
  }
  const fresh = freshPiece(Buffer.from(nonce));
  const all: DeflatedPiece[] = [];
  entry.gzip.pieces.forEach((piece, i) => {
    if (i > 0) all.push(fresh);
    all.push(piece);
  });
  return gzipOfPieces(all);
}

/** The cache: its middleware, and a way to empty it. */
export interface AnonymousCache {
  middleware: RequestHandler;
  /** Empties the cache (called on writes and realtime events). */
  clear(): void;
  /** Entries and bytes held, for tests and diagnostics. */
  size(): { entries: number; bytes: number };
}

/**
 * Creates the cache.
 *
 * @param options.ttlMs how long an entry is served (default 1 000 ms)
 * @param options.now clock for tests (default `Date.now`)
 * @param options.onClear called whenever the cache is emptied (a write here or a realtime event),
 *   so other caches of the instance follow the same invalidation
 * @returns {@link AnonymousCache}
 */
export function createAnonymousCache(
  options: { ttlMs?: number; now?: () => number; onClear?: () => void } = {},
): AnonymousCache {
  const ttl = options.ttlMs ?? ANONYMOUS_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  /** Keys being rendered right now, with a promise settled when that answer is done. */
  const refreshing = new Map<string, Promise<void>>();
  let bytes = 0;
  let generation = 0;

  const clear = () => {
    entries.clear();
    bytes = 0;
    generation += 1;
    options.onClear?.();
  };
  /** Bytes an entry holds: its body and, once a gzip client asked, the deflated pieces. */
  const held = (entry: Entry) =>
    entry.body.length +
    (entry.gzip?.pieces.reduce((sum, piece) => sum + piece.deflated.length, 0) ?? 0) +
    (typeof entry.brotli === "object" && entry.brotli ? entry.brotli.bytes : 0);
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= held(entry);
    entries.delete(key);
  };
  /** Drops entries too old to be served (oldest first: the map is in store order), then the oldest until under the cap. */
  const trim = () => {
    const expired = now() - ttl * STALE_FACTOR;
    for (const [key, entry] of entries) {
      if (entry.at > expired && bytes <= ANONYMOUS_CACHE_MAX_BYTES) break;
      remove(key);
    }
  };

  /**
   * The entry's brotli form once it is ready; the first call starts making it (in the background,
   * so this answer and those until it is ready go out as gzip).
   */
  const brotliOf = (key: string, hit: Entry): BrotliHoles | null => {
    if (hit.brotli === undefined) {
      hit.brotli = "pending";
      void compressWithHoles(hit.body, Buffer.from(hit.nonce)).then((holes) => {
        hit.brotli = holes;
        if (!holes || entries.get(key) !== hit) return;
        bytes += holes.bytes;
        trim();
      });
    }
    return typeof hit.brotli === "object" ? hit.brotli : null;
  };

  /**
   * Answers from `hit` with this response's `nonce`: brotli with the nonce in its holes when the
   * client takes brotli and the entry's brotli form is ready, else gzip spliced, else plain.
   */
  const serve = (req: Request, res: Response, key: string, hit: Entry, nonce: string) => {
    for (const [name, value] of hit.headers) res.setHeader(name, value);
    res.setHeader("X-Cache", "HIT");
    const fresh = hit.nonce && nonce ? nonce : hit.nonce;
    const accepts = String(req.headers["accept-encoding"] ?? "");
    const brotli = /\bbr\b/.test(accepts) ? brotliOf(key, hit) : null;
    if (brotli && brotli.holeLength === Buffer.byteLength(fresh)) {
      // Already encoded: the compression middleware leaves it alone.
      // The pieces go out as they are (one corked write), not copied into one buffer per answer.
      const parts = brotliPartsWithFill(brotli, Buffer.from(fresh));
      res.setHeader("Content-Encoding", "br");
      res.setHeader("Vary", "Accept-Encoding");
      res.setHeader("Content-Length", parts.reduce((total, part) => total + part.length, 0));
      res.status(200);
      res.cork();
      for (const part of parts) res.write(part);
      res.end();
      return;
    }
    if (/\bgzip\b/.test(accepts) && hit.nonce) {
      // Already encoded: the compression middleware leaves it alone.
      const gz = gzipWithNonce(hit, fresh, (deflated) => {
        if (entries.get(key) !== hit) return;
        bytes += deflated;
        trim();
      });
      res.setHeader("Content-Encoding", "gzip");
      res.setHeader("Vary", "Accept-Encoding");
      res.setHeader("Content-Length", gz.length);
      res.status(200).end(gz);
      return;
    }
    const body = hit.nonce && nonce ? Buffer.from(hit.body.toString("utf8").replaceAll(hit.nonce, nonce)) : hit.body;
    res.status(200).end(body);
  };

  const middleware = (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" || BYPASS_PATHS.test(req.path) || PERSONAL_COOKIES.test(req.headers.cookie ?? "")) {
      return next();
    }
    // The page differs per colour theme (`<html class="dark">`, the head script).
    const key = `${themeFromCookie(req.headers.cookie)} ${req.originalUrl}`;
    const nonce = String(res.locals.cspNonce ?? "");
    const hit = entries.get(key);
    const age = hit ? now() - hit.at : Infinity;
    if (hit && (age < ttl || (age < ttl * STALE_FACTOR && refreshing.has(key)))) {
      // Fresh; or just expired while one request renders it again (stale-while-revalidate:
      // writes empty the cache, so a stale entry only lacks what invalidation cannot see).
      serve(req, res, key, hit, nonce);
      return;
    }
    if (!hit && refreshing.has(key)) {
      // Another request is rendering this page right now (after a write emptied the cache, or
      // the first visitor): wait for it instead of rendering the same page 50 times at once.
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, COALESCE_WAIT_MS)));
      void Promise.race([refreshing.get(key)!, waited]).then(() => {
        clearTimeout(timer);
        const ready = entries.get(key);
        if (ready && now() - ready.at < ttl && !res.headersSent) serve(req, res, key, ready, nonce);
        else next();
      });
      return;
    }
    let settle: () => void = () => {};
    refreshing.set(key, new Promise<void>((resolve) => (settle = resolve)));
    res.on("close", () => {
      refreshing.delete(key);
      // A failed re-render (database down, 5xx): no stale copy outlives it.
      if (res.statusCode !== 200) remove(key);
      settle();
    });

    // Miss: pass the answer through and keep a copy.
    const startedIn = generation;
    const chunks: Buffer[] = [];
    let size = 0;
    let tooBig = false;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (tooBig || chunk === undefined || chunk === null || typeof chunk === "function") return;
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : Buffer.from(chunk as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
      size += buffer.length;
      if (size > MAX_ENTRY_BYTES) tooBig = true;
      else chunks.push(buffer);
    };
    (res as unknown as { write: unknown }).write = (chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    };
    (res as unknown as { end: unknown }).end = (chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return end(chunk, ...rest);
    };
    res.setHeader("X-Cache", "MISS");
    res.on("finish", () => {
      // A write that happened meanwhile may have made this answer stale: not kept.
      if (tooBig || res.statusCode !== 200 || res.getHeader("set-cookie") || startedIn !== generation) return;
      const headers = Object.entries(res.getHeaders())
        .filter(([name, value]) => !SKIP_HEADERS.has(name) && value !== undefined)
        .map(([name, value]) => [name, value] as [string, string | number | string[]]);
      const body = Buffer.concat(chunks);
      remove(key);
      entries.set(key, { at: now(), body, headers, nonce });
      bytes += body.length;
      trim();
    });
    next();
  };

  return { middleware, clear, size: () => ({ entries: entries.size, bytes }) };
}
