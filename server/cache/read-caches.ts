/**
 * Short-lived caches of database reads, emptied on writes (docs/decisions/017, 038, 043): search
 * results (1 s), page data members share (10 s: a thread page's posts, a page of a list) and
 * members' own reads (10 s: notifications, inbox, conversations). Concurrent misses of a key wait
 * for the one read in flight; a read a clear overtook, or a failure, is not kept. A member who has
 * just written reads the database for {@link FRESH_AFTER_WRITE_S} s ({@link FRESH_COOKIE}).
 *
 * @module
 */
import type { Request, Response } from "express";
import { LRUCache } from "lru-cache";

/** A cache of one server instance. */
export interface ReadCache {
  /** The value kept for `key`, or `compute()`'s (once for concurrent callers; a rejection passed on, not kept). */
  get<T extends object>(key: string, compute: () => Promise<T>): Promise<T>;
  /** Empties the cache (on writes). */
  clear(): void;
  /** Forgets one key (a session that ended); a read under way is answered but not kept. */
  delete(key: string): void;
  /** Forgets the entries `match` picks (walking all: for a few thousand); reads under way are not kept. */
  forget(match: (key: string, value: object) => boolean): void;
  /** Entries held, for tests. */
  size(): number;
}

/**
 * @param options `ttlMs`: an entry's life (ms); `max`: entries (least recently used out first);
 *   `maxBytes` with `sizeOf`: at most this many bytes, an entry counted as `sizeOf(value)` (≥ 1)
 * @returns a {@link ReadCache}
 */
export function createReadCache(options: { ttlMs: number; max: number; maxBytes?: number; sizeOf?: (value: object) => number }): ReadCache {
  let generation = 0;
  const { maxBytes, sizeOf } = options;
  const lru = new LRUCache<string, object, { compute: () => Promise<object>; generation: number }>({
    max: options.max,
    ttl: options.ttlMs,
    ...(maxBytes && sizeOf ? { maxSize: maxBytes, sizeCalculation: (value: object) => Math.max(1, Math.round(sizeOf(value))) } : {}),
    // clear() during a read must not fail the readers waiting for it.
    ignoreFetchAbort: true,
    // A read that started before a write may miss the new post: answer it, but do not keep it.
    fetchMethod: async (_key, _stale, { context, options: fetchOptions }) => {
      const value = await context.compute();
      if (context.generation !== generation) fetchOptions.ttl = 1;
      return value;
    },
  });
  return {
    get: async <T extends object>(key: string, compute: () => Promise<T>) => (await lru.fetch(key, { context: { compute, generation } })) as T,
    clear() {
      generation += 1;
      lru.clear();
    },
    delete(key) {
      generation += 1;
      lru.delete(key);
    },
    forget(match) {
      generation += 1;
      const picked = [...lru.entries()].filter(([key, value]) => match(key, value)).map(([key]) => key);
      for (const key of picked) lru.delete(key);
    },
    size: () => lru.size,
  };
}

/** The search results cache (1 s: a burst becomes one query a second, an outage shows at once). */
export type SearchCache = ReadCache;

/** @returns the search results cache: `ttlMs` default 1 000 ms, `max` default 1 000 searches (a few kB each) */
export function createSearchCache(options: { ttlMs?: number; max?: number } = {}): SearchCache {
  return createReadCache({ ttlMs: options.ttlMs ?? 1_000, max: options.max ?? 1_000 });
}

/** The members' shared page data: 10 s, 200 entries (a 100-comment thread page is about 150 KB). */
export function createSharedPageData(): ReadCache {
  return createReadCache({ ttlMs: 10_000, max: 200 });
}

/**
 * Members' own reads: 10 s, 2 000 members, 8 MiB in all (estimated as 4 × the value's JSON: the
 * objects, and the rendered list and its deflated copy the shared member render keeps beside them).
 */
export function createMemberReads(): ReadCache {
  return createReadCache({ ttlMs: 10_000, max: 2_000, maxBytes: 8 * 1024 * 1024, sizeOf: (value) => 4 * JSON.stringify(value).length });
}

/** Cookie that makes a member's reads skip the caches right after their own write. */
export const FRESH_COOKIE = "borssnack_fresh";
/** How long after a write the writer reads the database itself (s). */
export const FRESH_AFTER_WRITE_S = 5;
const FRESH_PATTERN = new RegExp(`(?:^|;\\s*)${FRESH_COOKIE}=1(?:;|$)`);
const SESSION_PATTERN = /(?:^|;\s*)(?:__Secure-)?borssnack\.session_token=/;

/** @returns the cache key of one thread page (`page` 1-based, each asked number its own key) */
export function threadPageKey(categoryId: string, threadId: string, page: number): string {
  return `thread|${categoryId}/${threadId}/${page}`;
}

/** @returns the key of a member's kept read, `<member id>|<what>|…` ({@link memberOfKey} finds the member) */
export function memberReadKey(userId: string, ...what: Array<string | number | null>): string {
  return [userId, ...what].join("|");
}

/** @returns the member a {@link memberReadKey} belongs to */
export function memberOfKey(key: string): string {
  return key.slice(0, key.indexOf("|"));
}

/** @returns the cache key of a member's notifications page list */
export const notificationListKey = (userId: string): string => memberReadKey(userId, "notifications");

/** @returns whether a `Cookie` header is a member's who wrote in the last {@link FRESH_AFTER_WRITE_S} s */
export function wroteJustNowByCookie(cookie: string | null | undefined): boolean {
  return FRESH_PATTERN.test(cookie ?? "");
}

/**
 * A read shared by members: from `cache` (`services.sharedPageData`, null outside production) for
 * a `member` who did not write just now (`request`'s cookie), else `read()` from the database.
 * Visitors read directly (their page is cached whole; an outage must show them the 503 at once).
 *
 * @param key what identifies the read, e.g. {@link threadPageKey}
 * @returns the value, the same for every member; `read`'s rejection passed on, not cached
 */
export function sharedRead<T extends object>(cache: ReadCache | null, request: globalThis.Request, member: boolean, key: string, read: () => Promise<T>): Promise<T> {
  return cache && member && !wroteJustNowByCookie(request.headers.get("cookie")) ? cache.get(key, read) : read();
}

/**
 * A member's own read: from `cache` (`services.memberReads`, null outside production) when the
 * member did not write just now (`cookie`), else `read()` from the database.
 *
 * @param key what identifies the read, e.g. {@link notificationListKey}
 * @returns the value; `read`'s rejection passed on, not cached
 */
export function memberRead<T extends object>(cache: ReadCache | null, cookie: string | null, key: string, read: () => Promise<T>): Promise<T> {
  return cache && !wroteJustNowByCookie(cookie) ? cache.get(key, read) : read();
}

/**
 * Marks a member's write answer `res` (headers not yet sent) with `borssnack_fresh=1` for
 * {@link FRESH_AFTER_WRITE_S} s (HttpOnly, SameSite=Lax), so their next reads skip the shared
 * caches; a visitor's `req` has no session to mark. Called for a request that declared a change.
 */
export function markWriter(req: Request, res: Response): void {
  if (SESSION_PATTERN.test(req.headers.cookie ?? "")) {
    res.append("Set-Cookie", `${FRESH_COOKIE}=1; Max-Age=${FRESH_AFTER_WRITE_S}; Path=/; HttpOnly; SameSite=Lax`);
  }
}
