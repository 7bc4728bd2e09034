/**
 * A member's own reads that change only through writes (the
 * notification list; docs/decisions/043-member-reads.md): the notifications page's 50 items of one
 * member, kept for a few seconds so that showing the page again (a reload, the back button, the
 * bell's 'Visa alla') reads and renders nothing new.
 *
 * Freshness, as for the shared page data (server/cache/shared-page-data.ts), whose invalidation it
 * follows: every successful write through this process empties it at once (a notification marked
 * read is one), and so does every realtime event and other processes' writes (`LISTEN`): every new
 * notification is published as a `notifications` event in the transaction that writes it
 * (server/notifications/commands.ts, ticker-mentions.ts, subscriptions/commands.ts). A read that
 * started before such a clear is answered but not kept (server/cache/read-cache.ts). A member who
 * has just written reads the database itself (`borssnack_fresh`).
 *
 * @module
 */
import { createReadCache, type ReadCache } from "./read-cache";
import { wroteJustNowByCookie } from "./shared-page-data";

/** How long a member's read is served when no write empties it first (ms). */
export const MEMBER_READS_TTL_MS = 10_000;
/** Members whose reads are kept at most (least recently used out first). */
export const MEMBER_READS_MAX_ENTRIES = 2_000;
/**
 * Upper bound of everything kept (bytes, estimated as 4 × the value's JSON: the objects, and the
 * rendered list and its deflated copy the shared member render keeps beside them).
 */
export const MEMBER_READS_MAX_BYTES = 8 * 1024 * 1024;

/** @returns a new cache with the defaults above */
export function createMemberReads(): ReadCache {
  return createReadCache({
    ttlMs: MEMBER_READS_TTL_MS,
    max: MEMBER_READS_MAX_ENTRIES,
    maxBytes: MEMBER_READS_MAX_BYTES,
    sizeOf: (value) => 4 * JSON.stringify(value).length,
  });
}

/**
 * The cache key of a member's notifications page list.
 *
 * @param userId the member's id
 */
export function notificationListKey(userId: string): string {
  return `notifications|${userId}`;
}

/**
 * A member's own read: from the cache when this process has one and the member did not write in
 * the last seconds, else straight from the database.
 *
 * @param cache `services.memberReads` (null outside the production app: tests, the CLI, the dev server)
 * @param cookie the request's `Cookie` header (for `borssnack_fresh`), or null
 * @param key what identifies the read, e.g. {@link notificationListKey}
 * @param read the database read; its rejection is passed on and not cached
 * @returns the value
 */
export function memberRead<T extends object>(cache: ReadCache | null, cookie: string | null, key: string, read: () => Promise<T>): Promise<T> {
  return cache && !wroteJustNowByCookie(cookie) ? cache.get(key, read) : read();
}
