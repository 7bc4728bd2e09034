/**
 * The realtime hub of one app instance: one `LISTEN` on {@link REALTIME_CHANNEL} shared by every
 * open Server-Sent Events stream of this process, dispatching each event to the streams it
 * concerns (docs/decisions/011-notifications-realtime.md).
 *
 * No state another instance needs lives here: a post handled by instance A reaches a member
 * connected to instance B because both LISTEN on the same PostgreSQL channel; on PGlite (one
 * process) the same code runs over PGlite's own LISTEN/NOTIFY.
 *
 * @module
 */
import type { NotificationItem } from "../../domain/notifications";
import type { Database } from "../db/client";
import { getNotificationsAfter, getNotificationsInRange } from "../notifications/queries";
import { parseEvent, REALTIME_CHANNEL, type RealtimeEvent } from "./events";

/** One open stream, as the hub sees it. */
export interface Subscriber {
  /** The logged-in member whose notifications this stream carries, or null (visitor). */
  userId: string | null;
  /** The thread whose comments and reactions this stream carries, or null. */
  threadId: string | null;
  /** The member's session ({@link import("../accounts/session").sessionKey}), or null (visitor). */
  session: string | null;
  /** Ends the stream (its session was logged out). */
  end(): void;
  /** Sends a notification (the stream writes it with `id: seq`). */
  notification(item: NotificationItem): void;
  /** Sends that a conversation of the member changed (no text: the page reads it). */
  message(event: { conversationId: string }): void;
  /** Sends a thread event. */
  thread(event: Extract<RealtimeEvent, { kind: "comment" | "reactions" | "poll" }>): void;
  /** The highest `seq` sent so far (for catching up after the LISTEN connection came back). */
  lastSeq: number;
}

/** Subscribing and closing. */
export interface RealtimeHub {
  /**
   * Adds a stream. Starts the instance's LISTEN on first use.
   *
   * @returns a function that removes it
   * @throws when the LISTEN cannot be started (the stream answers 503 and the browser retries)
   */
  subscribe(subscriber: Subscriber): Promise<() => void>;
  /** How many streams are open (for tests and logs). */
  size(): number;
}

const hubs = new WeakMap<Database, RealtimeHub>();

/**
 * The hub of a database (one per process and database).
 *
 * @param database the open database of the services
 * @returns the {@link RealtimeHub}
 */
export function getRealtimeHub(database: Database): RealtimeHub {
  let hub = hubs.get(database);
  if (!hub) {
    hub = createHub(database);
    hubs.set(database, hub);
  }
  return hub;
}

function createHub(database: Database): RealtimeHub {
  const byUser = new Map<string, Set<Subscriber>>();
  const byThread = new Map<string, Set<Subscriber>>();
  const bySession = new Map<string, Set<Subscriber>>();
  let listening: Promise<unknown> | null = null;
  // Events are handled one after another so notifications keep their commit order.
  let queue: Promise<void> = Promise.resolve();

  const add = (map: Map<string, Set<Subscriber>>, key: string, s: Subscriber) => {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(s);
  };
  const remove = (map: Map<string, Set<Subscriber>>, key: string, s: Subscriber) => {
    const set = map.get(key);
    if (!set) return;
    set.delete(s);
    if (set.size === 0) map.delete(key);
  };

  async function handle(event: RealtimeEvent): Promise<void> {
    if (event.kind === "notifications") {
      const rows = await getNotificationsInRange(database.db, event, [...byUser.keys()]);
      for (const { userId, item } of rows) {
        for (const s of byUser.get(userId) ?? []) s.notification(item);
      }
      return;
    }
    if (event.kind === "session-ended") {
      for (const s of [...(bySession.get(event.session) ?? [])]) s.end();
      return;
    }
    if (event.kind === "message") {
      for (const id of event.memberIds) for (const s of byUser.get(id) ?? []) s.message({ conversationId: event.conversationId });
      return;
    }
    for (const s of byThread.get(event.threadId) ?? []) s.thread(event);
  }

  async function catchUp(): Promise<void> {
    for (const [userId, subs] of byUser) {
      for (const s of subs) {
        const missed = await getNotificationsAfter(database.db, userId, s.lastSeq);
        missed.forEach((item) => s.notification(item));
      }
    }
  }

  function enqueue(work: () => Promise<void>) {
    queue = queue.then(work).catch((error: Error) => console.error("[realtime] händelsen kunde inte levereras:", error.message));
  }

  function start(): Promise<unknown> {
    listening ??= database
      .listen(
        REALTIME_CHANNEL,
        (payload) => {
          const event = parseEvent(payload);
          if (event) enqueue(() => handle(event));
        },
        () => enqueue(catchUp),
      )
      .catch((error: Error) => {
        listening = null;
        throw error;
      });
    return listening;
  }

  return {
    async subscribe(s) {
      await start();
      if (s.userId) add(byUser, s.userId, s);
      if (s.threadId) add(byThread, s.threadId, s);
      if (s.session) add(bySession, s.session, s);
      return () => {
        if (s.userId) remove(byUser, s.userId, s);
        if (s.threadId) remove(byThread, s.threadId, s);
        if (s.session) remove(bySession, s.session, s);
      };
    },
    size() {
      const all = new Set<Subscriber>();
      for (const set of [...byUser.values(), ...byThread.values()]) set.forEach((s) => all.add(s));
      return all.size;
    },
  };
}
