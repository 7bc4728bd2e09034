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
 *   the thread or one of its comments was edited (issue 16; pages of the thread reload its data).
 */
export type RealtimeEvent =
  | { kind: "notifications"; from: number; to: number }
  | { kind: "comment"; threadId: string; commentId: string; authorId: string }
  | { kind: "reactions"; threadId: string; actorId: string };

/**
 * Queues an event for delivery at commit (`pg_notify` is transactional).
 *
 * @param tx the write's transaction (or a plain handle: then it is sent at once)
 * @param event the {@link RealtimeEvent}
 */
export async function publishEvent(tx: DbOrTx, event: RealtimeEvent): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(event)})`);
}

/** The payload of {@link publishPagesChanged}; {@link parseEvent} ignores it. */
export const PAGES_CHANGED_PAYLOAD = JSON.stringify({ kind: "pages" });

/**
 * Tells every instance (and every worker process, issue 21) that a write went through, so their
 * visitors' page caches and search caches empty at once (server/app.ts). Not a
 * {@link RealtimeEvent}: the caches empty on any message of the channel, the hub ignores it. Sent
 * at once, outside any transaction, after the write's answer.
 *
 * @param db a database handle
 * @throws when the database cannot be reached
 */
export async function publishPagesChanged(db: DbOrTx): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${REALTIME_CHANNEL}, ${PAGES_CHANGED_PAYLOAD})`);
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
  } catch {
    // not JSON: not ours
  }
  return null;
}
