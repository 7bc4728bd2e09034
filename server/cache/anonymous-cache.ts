/**
 * A short-lived page cache for visitors (issue 8 "Performance", like Discourse's anonymous
 * cache; docs/performance.md): a logged-out GET of a forum page or its `.data` is answered from
 * memory for up to {@link ANONYMOUS_CACHE_TTL_MS}, so a thread shared on a report morning renders
 * once per second instead of once per visitor.
 *
 * - Only requests without the session or flash cookie, only 200 answers without `Set-Cookie`,
 *   never `/api`, `/auth`, `/admin`, `/uploads` or `/healthz`.
 * - Invalidation: any successful write through this instance (a non-GET answered below 400)
 *   empties the cache at once; writes on other instances arrive as realtime events
 *   (`LISTEN borssnack_events`: comments, reactions) and empty it too; anything else another
 *   instance writes is at most one TTL (1 s) old for visitors.
 * - The CSP nonce is per response: a cached page's nonce is replaced by this response's.
 * - Bounded memory: at most {@link ANONYMOUS_CACHE_MAX_BYTES} in total, oldest entries first out.
 *
 * @module
 */
import type { NextFunction, Request, RequestHandler, Response } from "express";

/** How long a cached page may be served (ms). */
export const ANONYMOUS_CACHE_TTL_MS = 1_000;
/** Upper bound of all cached bodies together (bytes). */
export const ANONYMOUS_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** Largest single body cached (bytes). */
const MAX_ENTRY_BYTES = 1024 * 1024;

const BYPASS_PATHS = /^\/(api|auth|admin|uploads|healthz)(\/|$|\.)/;
const PERSONAL_COOKIES = /(?:^|;\s*)(?:__Secure-)?(?:borssnack\.session_token|borssnack_flash)=/;
/** Headers not replayed: per-response ones (security headers are set again for every request). */
const SKIP_HEADERS = new Set([
  "content-security-policy",
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
  let bytes = 0;
  let generation = 0;

  const clear = () => {
    entries.clear();
    bytes = 0;
    generation += 1;
    options.onClear?.();
  };
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.body.length;
    entries.delete(key);
  };

  const middleware = (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.on("finish", () => {
        if (res.statusCode < 400) clear();
      });
      return next();
    }
    if (req.method !== "GET" || BYPASS_PATHS.test(req.path) || PERSONAL_COOKIES.test(req.headers.cookie ?? "")) {
      return next();
    }
    const key = req.originalUrl;
    const nonce = String(res.locals.cspNonce ?? "");
    const hit = entries.get(key);
    if (hit && now() - hit.at < ttl) {
      for (const [name, value] of hit.headers) res.setHeader(name, value);
      res.setHeader("X-Cache", "HIT");
      const body = hit.nonce && nonce ? Buffer.from(hit.body.toString("utf8").replaceAll(hit.nonce, nonce)) : hit.body;
      res.status(200).end(body);
      return;
    }
    if (hit) remove(key);

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
      for (const oldest of entries.keys()) {
        if (bytes <= ANONYMOUS_CACHE_MAX_BYTES) break;
        remove(oldest);
      }
    });
    next();
  };

  return { middleware, clear, size: () => ({ entries: entries.size, bytes }) };
}
