/**
 * What members' pages share (render the shared part once):
 * a thread page's thread, comments and replies with their reaction counts and stances and its
 * trending figures; the categories; a page of a thread list (forum home tabs, a category). A
 * member's request then reads only what is theirs (own reactions, 'Bevaka', 'Spara', the watched
 * tab) instead of the shared queries each time. Visitors' whole pages have their own cache
 * (server/cache/anonymous-cache.ts).
 *
 * Freshness, as for the visitors' page cache (whose `onClear` empties this one too): any
 * successful write through this process empties it at once, and so do other processes' writes and
 * realtime events (`LISTEN`, worker processes). A member who has just written gets the
 * database itself for {@link FRESH_AFTER_WRITE_S} seconds ({@link FRESH_COOKIE}), so their own
 * new comment is there even when their next request reaches another worker before that worker
 * heard of the write. Anything written outside the web processes (the trending job, the CLI) is at
 * most {@link SHARED_PAGE_DATA_TTL_MS} old. Decision: docs/decisions/038-member-thread-page.md.
 *
 * @module
 */
import type { Request, Response } from "express";
import { createReadCache, type ReadCache } from "./read-cache";

/** How long an entry is served when no write empties it first (ms). */
export const SHARED_PAGE_DATA_TTL_MS = 10_000;
/** Entries kept (least recently used out first); a 100-comment thread page is about 150 KB in memory. */
export const SHARED_PAGE_DATA_MAX_ENTRIES = 200;
/** Cookie that makes a member's reads skip the cache right after their own write. */
export const FRESH_COOKIE = "borssnack_fresh";
/** How long after a write the writer reads the database itself (s). */
export const FRESH_AFTER_WRITE_S = 5;

const FRESH_PATTERN = new RegExp(`(?:^|;\\s*)${FRESH_COOKIE}=1(?:;|$)`);
const SESSION_PATTERN = /(?:^|;\s*)(?:__Secure-)?borssnack\.session_token=/;

/** @returns a new cache with the defaults above */
export function createSharedPageData(): ReadCache {
  return createReadCache({ ttlMs: SHARED_PAGE_DATA_TTL_MS, max: SHARED_PAGE_DATA_MAX_ENTRIES });
}

/**
 * The cache key of one thread page.
 *
 * @param categoryId the URL's category id
 * @param threadId the URL's thread id
 * @param page the asked comment page (1-based; clamped by the query, so each asked number is its own key)
 */
export function threadPageKey(categoryId: string, threadId: string, page: number): string {
  return `thread|${categoryId}/${threadId}/${page}`;
}

/**
 * A read shared by members: from the cache for a member (when this process has one and the member
 * did not write just now), else straight from the database. Visitors always read directly (their
 * whole page is cached instead, and a database outage must show them the 503 page at once).
 *
 * @param cache `services.sharedPageData` (null outside production)
 * @param request the page request
 * @param member whether a member is logged in
 * @param key what identifies the read, e.g. {@link threadPageKey}
 * @param read the database read; its rejection is passed on and not cached
 * @returns the value, the same for every member
 */
export function sharedRead<T extends object>(
  cache: ReadCache | null,
  request: globalThis.Request,
  member: boolean,
  key: string,
  read: () => Promise<T>,
): Promise<T> {
  return cache && member && !wroteJustNow(request) ? cache.get(key, read) : read();
}

/**
 * Whether this request comes from a member who wrote in the last {@link FRESH_AFTER_WRITE_S} s.
 *
 * @param request the page request (its `Cookie` header)
 */
export function wroteJustNow(request: globalThis.Request): boolean {
  return wroteJustNowByCookie(request.headers.get("cookie"));
}

/**
 * {@link wroteJustNow} from a `Cookie` header (the session lookup's cache skips it too).
 *
 * @param cookie the request's `Cookie` header, or null
 */
export function wroteJustNowByCookie(cookie: string | null | undefined): boolean {
  return FRESH_PATTERN.test(cookie ?? "");
}

/**
 * Marks a member's write answer: it carries `borssnack_fresh=1` for {@link FRESH_AFTER_WRITE_S} s
 * (HttpOnly, SameSite=Lax), so the writer's next reads skip the shared caches. Called while the
 * answer's headers are written, only for a request that declared a change
 * (server/cache/page-writes.ts); a visitor's request has no session to mark.
 *
 * @param req the Express request (its `Cookie` header)
 * @param res the answer, headers not yet sent
 */
export function markWriter(req: Request, res: Response): void {
  if (SESSION_PATTERN.test(req.headers.cookie ?? "")) {
    res.append("Set-Cookie", `${FRESH_COOKIE}=1; Max-Age=${FRESH_AFTER_WRITE_S}; Path=/; HttpOnly; SameSite=Lax`);
  }
}
