/**
 * The realtime events that travel between app instances through PostgreSQL `pg_notify` on one
 * channel (ARCHITECTURE.md "Data and realtime across instances"; docs/decisions/011).
 * Writers call {@link publishEvent} inside their transaction: PostgreSQL delivers the message to
 * every listening instance when, and only if, the transaction commits.
 *
 * @module
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../content/storage";

/** The one LISTEN/NOTIFY channel of the forum. */
export const REALTIME_CHANNEL = "borssnack_events";

/**
 * A message on {@link REALTIME_CHANNEL}. Kept small (PostgreSQL caps a payload at 8000 bytes):
 * - `notifications`: rows with `seq` in `[from, to]` were created (one message per post,
 *   whatever the fan-out; each instance reads the rows of the members connected to it);
 * - `comment`: a comment or reply `commentId` by `authorId` was added to `threadId`;
 * - `reactions`: reaction counts of `threadId` (the thread or one of its comments) changed, or
 *   the thread or one of its comments was edited (pages of the thread reload its data);
 * - `poll`: `actorId` voted (or changed their vote) in the poll of `threadId`; it carries no counts
 *   (an open poll's counts go only to members who voted: their pages reload their own part);
 * - `message`: a message was sent, edited, deleted or released in `conversationId`; `memberIds` are
 *   the participants whose open pages and inbox badge reload (at most 10; no text travels);
 * - `session-ended`: the session named `session` ({@link import("../accounts/session").sessionKey}) was
 *   logged out: every instance closes its event streams and forgets its lookup.
 */
export type RealtimeEvent =
  | { kind: "notifications"; from: number; to: number }
  | { kind: "comment"; threadId: string; commentId: string; authorId: string }
  | { kind: "reactions"; threadId: string; actorId: string }
  | { kind: "poll"; threadId: string; actorId: string }
  | { kind: "message"; conversationId: string; memberIds: string[] }
  | { kind: "session-ended"; session: string };

/**
 * Queues an event for delivery at commit (`pg_notify` is transactional).
 *
 * @param tx the write's transaction (or a plain handle: then it is sent at once)
 * @param event the {@link RealtimeEvent}
 */
export async function publishEvent(tx: DbOrTx, event: RealtimeEvent): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(event)})`);
}

/**
 * Tells every instance (and every worker process) that a request's writes changed what the
 * caches keep (server/cache/page-writes.ts), so they empty at once: `pages` empties every cache,
 * `member` only the per-member ones (server/http/app.ts). Not a {@link RealtimeEvent}: the hub ignores
 * it. Sent at once, outside any transaction, after the write's answer.
 *
 * @param db a database handle
 * @param change `pages` or `member`
 * @throws when the database cannot be reached
 */
export async function publishCacheChange(db: DbOrTx, change: "pages" | "member"): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify({ kind: change })})`);
}

/**
 * What a message on {@link REALTIME_CHANNEL} means for the caches of an instance: `member` (only
 * the per-member caches), `session` (forget one session's lookup), or `pages` — every other
 * message, including ones this version does not know, empties everything, as before.
 *
 * @param payload the text sent with `pg_notify`
 * @returns `{ kind: "pages" }`, `{ kind: "member" }` or `{ kind: "session", session }`
 */
export function cacheEffect(payload: string): { kind: "pages" } | { kind: "member" } | { kind: "session"; session: string } {
  try {
    const e = JSON.parse(payload) as Partial<Record<string, unknown>>;
    // A message changes what members' own caches keep (their lookup's inbox count), no page.
    if (e.kind === "member" || e.kind === "message") return { kind: "member" };
    if (e.kind === "session-ended" && typeof e.session === "string") return { kind: "session", session: e.session };
  } catch {
    // not JSON: treated as a change of pages
  }
  return { kind: "pages" };
}

/**
 * Parses a payload received on {@link REALTIME_CHANNEL}.
 *
 * @param payload the text sent with `pg_notify`
 * @returns the event, or `null` when the payload is not one (ignored by listeners)
 */
export function parseEvent(payload: string): RealtimeEvent | null {
  try {
    const e = JSON.parse(payload) as Partial<Record<string, unknown>>;
    if (e.kind === "notifications" && Number.isSafeInteger(e.from) && Number.isSafeInteger(e.to)) {
      return { kind: "notifications", from: e.from as number, to: e.to as number };
    }
    if (e.kind === "comment" && typeof e.threadId === "string" && typeof e.commentId === "string" && typeof e.authorId === "string") {
      return { kind: "comment", threadId: e.threadId, commentId: e.commentId, authorId: e.authorId };
    }
    if (e.kind === "reactions" && typeof e.threadId === "string" && typeof e.actorId === "string") {
      return { kind: "reactions", threadId: e.threadId, actorId: e.actorId };
    }
    if (e.kind === "poll" && typeof e.threadId === "string" && typeof e.actorId === "string") {
      return { kind: "poll", threadId: e.threadId, actorId: e.actorId };
    }
    if (
      e.kind === "message" &&
      typeof e.conversationId === "string" &&
      Array.isArray(e.memberIds) &&
      e.memberIds.every((id) => typeof id === "string")
    ) {
      return { kind: "message", conversationId: e.conversationId, memberIds: e.memberIds as string[] };
    }
    if (e.kind === "session-ended" && typeof e.session === "string" && /^[0-9a-f]{32}$/.test(e.session)) {
      return { kind: "session-ended", session: e.session };
    }
  } catch {
    // not JSON: not ours
  }
  return null;
}
