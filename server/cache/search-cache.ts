/**
 * A short-lived cache of search results (search ≥ 300 req/s on 1 000 000
 * comments; docs/decisions/017-performance-caches.md). On a report morning thousands of members type
 * the same ticker: the first search of a text runs the three full-text queries, the rest within
 * {@link SEARCH_CACHE_TTL_MS} share its answer, and concurrent misses of one key wait for the one
 * query in flight instead of each running their own (lru-cache's `fetch`).
 *
 * Results are the same for every reader (search is not personalised), so members and visitors
 * share entries. Freshness: any write through this instance empties the cache (server/app.ts, as
 * for the anonymous page cache), and so do other instances' realtime events; anything else is at
 * most {@link SEARCH_CACHE_TTL_MS} old. Failures are not cached.
 *
 * @module
 */
import { createReadCache, type ReadCache } from "./read-cache";

/**
 * How long a result is served (ms). One second, like the visitors' page cache: enough to turn a
 * burst into one query per second, short enough that a database outage shows its 503 at once
 * (tests/e2e/faults.spec.ts).
 */
export const SEARCH_CACHE_TTL_MS = 1_000;
/** Distinct searches kept (query text × filters × page); each is a few kB. */
export const SEARCH_CACHE_MAX_ENTRIES = 1_000;

/** The cache of one server instance: a {@link ReadCache} (server/cache/read-cache.ts). */
export type SearchCache = ReadCache;

/**
 * Creates a search cache.
 *
 * @param options `ttlMs` (default {@link SEARCH_CACHE_TTL_MS}), `max` entries (default
 *   {@link SEARCH_CACHE_MAX_ENTRIES})
 * @returns the {@link SearchCache}
 */
export function createSearchCache(options: { ttlMs?: number; max?: number } = {}): SearchCache {
  return createReadCache({ ttlMs: options.ttlMs ?? SEARCH_CACHE_TTL_MS, max: options.max ?? SEARCH_CACHE_MAX_ENTRIES });
}
