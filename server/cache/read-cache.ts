/**
 * A short-lived, invalidated cache of values read from the database that are the same for every
 * reader (search results; the shared part of a thread page). Concurrent misses of
 * one key wait for the one read in flight instead of each running their own (lru-cache's
 * `fetch`); a read that started before a `clear()` (a write) is answered but not kept; failures
 * are not cached.
 *
 * @module
 */
import { LRUCache } from "lru-cache";

/** The cache of one server instance. */
export interface ReadCache {
  /**
   * The cached value for `key`, or the result of `compute()` (run once for concurrent callers).
   *
   * @param key what identifies the read, e.g. `page|utdelning|thread||1`
   * @param compute runs the read; its rejection is passed on and not cached
   * @returns the value
   */
  get<T extends object>(key: string, compute: () => Promise<T>): Promise<T>;
  /** Empties the cache (on writes). */
  clear(): void;
  /**
   * Forgets one key (a session that ended). A read of any key already under way is answered but
   * not kept, as after {@link ReadCache.clear}.
   */
  delete(key: string): void;
  /** Entries held, for tests. */
  size(): number;
}

/**
 * Creates a read cache.
 *
 * @param options `ttlMs`: how long an entry is served (ms); `max`: entries kept (least recently
 *   used out first); `maxBytes` with `sizeOf` (optional): also at most this many bytes in all, an
 *   entry counted as `sizeOf(value)` bytes (≥ 1)
 * @returns the {@link ReadCache}
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
    async get<T extends object>(key: string, compute: () => Promise<T>): Promise<T> {
      const value = await lru.fetch(key, { context: { compute, generation } });
      return value as T;
    },
    clear() {
      generation += 1;
      lru.clear();
    },
    delete(key) {
      generation += 1;
      lru.delete(key);
    },
    size: () => lru.size,
  };
}
