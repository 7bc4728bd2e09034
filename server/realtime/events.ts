/**
 * The realtime events that travel between app instances through PostgreSQL `pg_notify` on one
 * channel (ARCHITECTURE.md "Data and realtime across instances"; docs/decisions/011).
 * Writers call {@link publishEvent} inside their transaction: PostgreSQL delivers the message to
 * every listening instance when, and only if, the transaction commits.
 *
 * @module
 */
import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../content/storage";

/** The one LISTEN/NOTIFY channel of the forum. */
export const REALTIME_CHANNEL = "borssnack_events";

/**
 * A message on {@link REALTIME_CHANNEL}. Kept small (PostgreSQL caps a payload at 8000 bytes):
 * - `notifications`: rows with `seq` in `[from, to]` were created (one message per post,
 *   whatever the fan-out; each instance reads the rows of the members connected to it);
 *   `memberIds`, when the rows are for a few known members (a private message's recipients):
 *   instances forget only their kept reads instead of emptying every cache;
 * - `comment`: a comment or reply `commentId` by `authorId` was added to `threadId`;
 * - `reactions`: reaction counts of `threadId` (the thread or one of its comments) changed, or
 *   the thread or one of its comments was edited (pages of the thread reload its data);
 * - `poll`: `actorId` voted (or changed their vote) in the poll of `threadId`; it carries no counts
 *   (an open poll's counts go only to members who voted: their pages reload their own part);
 * - `message`: a message was sent, edited, deleted or released in `conversationId`; `memberIds` are
 *   the participants whose open pages and inbox badge reload (at most 10; no text travels), and
 *   whose kept reads every instance forgets; `viewers` (default `memberIds`) those whose inbox
 *   count changed, whose session lookups it forgets too;
 * - `session-ended`: the session named `session` ({@link import("../accounts/session").sessionKey}) was
 *   logged out: every instance closes its event streams and forgets its lookup.
 */
export type RealtimeEvent =
  | { kind: "notifications"; from: number; to: number; memberIds?: string[] }
  | { kind: "comment"; threadId: string; commentId: string; authorId: string }
  | { kind: "reactions"; threadId: string; actorId: string }
  | { kind: "poll"; threadId: string; actorId: string }
  | { kind: "message"; conversationId: string; memberIds: string[]; viewers?: string[] }
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
 * SQL calling `pg_notify` on {@link REALTIME_CHANNEL} with a payload the statement computes itself
 * (e.g. `json_build_object('kind', 'message', …)::text`), for a write that is one statement and
 * whose event needs its own results. The payload must parse as a {@link RealtimeEvent}.
 *
 * @param payload SQL giving the event's JSON text
 */
export function notifySql(payload: SQL): SQL {
  return sql`pg_notify(${REALTIME_CHANNEL}, ${payload})`;
}

/**
 * Tells every instance that what the caches keep for some members changed (not a
 * {@link RealtimeEvent}: the hub ignores it): each forgets their kept reads (`reads`) and their
 * session lookups (`viewers`), nothing else. Inside a transaction it is sent at commit.
 *
 * @param db a database handle or the write's transaction
 * @param members member ids: `reads` and `viewers` (default: the same as `reads`)
 */
export async function publishMembersChange(db: DbOrTx, members: { reads: readonly string[]; viewers?: readonly string[] }): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify({ kind: "members", reads: members.reads, viewers: members.viewers ?? members.reads })})`);
}

/** What an instance forgets for some members: their kept reads and their session lookups. */
export interface MembersEffect {
  kind: "members";
  reads: string[];
  viewers: string[];
}

const idList = (value: unknown): string[] | null => (Array.isArray(value) && value.every((id) => typeof id === "string") ? (value as string[]) : null);

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
 * the per-member caches, everyone's), `members` (the kept reads of `reads` and the session lookups
 * of `viewers`: a private message, a conversation read), `session` (forget one session's lookup),
 * or `pages` — every other message, including ones this version does not know, empties
 * everything, as before.
 *
 * @param payload the text sent with `pg_notify`
 * @returns the effect
 */
export function cacheEffect(payload: string): { kind: "pages" } | { kind: "member" } | { kind: "session"; session: string } | MembersEffect {
  try {
    const e = JSON.parse(payload) as Partial<Record<string, unknown>>;
    if (e.kind === "member") return { kind: "member" };
    if (e.kind === "notifications" && e.memberIds !== undefined) {
      const reads = idList(e.memberIds);
      return reads ? { kind: "members", reads, viewers: [] } : { kind: "pages" };
    }
    // A message changes what its participants' own caches keep (their inbox, the conversation,
    // maybe their lookup's inbox count), no page.
    if (e.kind === "message" || e.kind === "members") {
      const reads = idList(e.kind === "message" ? e.memberIds : e.reads);
      const viewers = e.viewers === undefined ? reads : idList(e.viewers);
      return reads && viewers ? { kind: "members", reads, viewers } : { kind: "member" };
    }
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
