/**
 * The part of a thread page that is the same for every member (issue 21 "Members at visitor
 * speed": render the shared part once): the thread, this page's comments and replies with their
 * reaction counts and stances, and the thread's trending figures. A member's request then reads
 * only what is theirs (own reactions, 'Bevaka', 'Spara'; app/routes/thread.tsx) instead of the
 * nine queries of the whole page.
 *
 * Freshness, as for the visitors' page cache (server/cache/anonymous-cache.ts, whose `onClear`
 * empties this one too): any successful write through this process empties it at once, and so do
 * other processes' writes and realtime events (`LISTEN`, issue 21 worker processes). A member who
 * has just written gets the database itself for {@link FRESH_AFTER_WRITE_S} seconds
 * ({@link FRESH_COOKIE}), so their own new comment is there even when their next request reaches
 * another worker before that worker heard of the write. Anything written outside the web
 * processes (the trending job, the CLI) is at most {@link THREAD_PAGE_CACHE_TTL_MS} old.
 *
 * @module
 */
import type { Request, Response } from "express";
import { createReadCache, type ReadCache } from "./read-cache";

/** How long an entry is served when no write empties it first (ms). */
export const THREAD_PAGE_CACHE_TTL_MS = 10_000;
/** Thread pages kept (least recently used out first); a 100-comment page is about 150 KB in memory. */
export const THREAD_PAGE_CACHE_MAX_ENTRIES = 200;
/** Cookie that makes a member's reads skip the cache right after their own write. */
export const FRESH_COOKIE = "borssnack_fresh";
/** How long after a write the writer reads the database itself (s). */
export const FRESH_AFTER_WRITE_S = 5;

const FRESH_PATTERN = new RegExp(`(?:^|;\\s*)${FRESH_COOKIE}=1(?:;|$)`);
const SESSION_PATTERN = /(?:^|;\s*)(?:__Secure-)?borssnack\.session_token=/;

/** @returns a new cache with the defaults above */
export function createThreadPageCache(): ReadCache {
  return createReadCache({ ttlMs: THREAD_PAGE_CACHE_TTL_MS, max: THREAD_PAGE_CACHE_MAX_ENTRIES });
}

/**
 * The cache key of one thread page.
 *
 * @param categoryId the URL's category id
 * @param threadId the URL's thread id
 * @param page the asked comment page (1-based; clamped by the query, so each asked number is its own key)
 */
export function threadPageKey(categoryId: string, threadId: string, page: number): string {
  return `${categoryId}/${threadId}/${page}`;
}

/**
 * Whether this request comes from a member who wrote in the last {@link FRESH_AFTER_WRITE_S} s.
 *
 * @param request the page request (its `Cookie` header)
 */
export function wroteJustNow(request: globalThis.Request): boolean {
  return FRESH_PATTERN.test(request.headers.get("cookie") ?? "");
}

/**
 * Express middleware for writes: a member's POST (or other non-GET) answer carries
 * `borssnack_fresh=1` for {@link FRESH_AFTER_WRITE_S} s (HttpOnly, SameSite=Lax). Set before the
 * write runs, so it is on the answer whatever the route does; a refused write only costs the
 * member a few uncached reads.
 */
export function markWriters(req: Request, res: Response, next: () => void): void {
  if (req.method !== "GET" && req.method !== "HEAD" && SESSION_PATTERN.test(req.headers.cookie ?? "")) {
    res.append("Set-Cookie", `${FRESH_COOKIE}=1; Max-Age=${FRESH_AFTER_WRITE_S}; Path=/; HttpOnly; SameSite=Lax`);
  }
  next();
}
