/**
 * The browser side of the live channel: **one** `EventSource` per tab on
 * `/api/events`, shared by the bell (the member's notifications) and an open thread page
 * (`?thread=<id>`), so a tab holds one connection, not one per feature (browsers allow only six
 * per host over HTTP/1.1).
 *
 * The browser reconnects by itself after a drop (the server's `retry: 3000`) and sends
 * `Last-Event-ID`, so the server replays what was missed. When the stream's topics change (a
 * thread page opens or closes) the stream is reopened with `?lastEventId=` = the last id seen,
 * with the same effect; when the server refused the stream (e.g. 503 while the database is
 * away) a new one is opened after {@link RECONNECT_MS}. Failures are only logged (SPEC §8).
 *
 * @module
 */
import { useEffect, useRef } from "react";

/** Wait before re-opening a stream the server refused, in milliseconds. */
export const RECONNECT_MS = 5_000;

/** Handlers by SSE event name (`ready`, `notification`, `comment`, `reactions`, `poll`, `message`). */
export type StreamHandlers = Partial<Record<string, (data: unknown) => void>>;

/** What a component wants from the tab's stream. */
export interface StreamTopics {
  /** The logged-in member's notifications. */
  user?: boolean;
  /** The open thread's comments and reactions. */
  thread?: string | null;
}

const EVENT_NAMES = ["ready", "notification", "comment", "reactions", "poll", "message"] as const;

interface Registration {
  topics: StreamTopics;
  handlers: { current: StreamHandlers };
}

const registrations = new Set<Registration>();
let source: EventSource | null = null;
let sourceKey: string | null = null;
let lastEventId: string | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

function wanted(): { key: string | null; thread: string | null } {
  let user = false;
  let thread: string | null = null;
  for (const r of registrations) {
    if (r.topics.user) user = true;
    if (r.topics.thread) thread = r.topics.thread;
  }
  if (!user && !thread) return { key: null, thread: null };
  return { key: `${user ? "u" : ""}|${thread ?? ""}`, thread };
}

function dispatch(name: string, event: MessageEvent<string>): void {
  if (event.lastEventId) lastEventId = event.lastEventId;
  let data: unknown;
  try {
    data = JSON.parse(event.data);
  } catch (error) {
    console.error("[live] oläsbar händelse:", error);
    return;
  }
  for (const r of registrations) r.handlers.current[name]?.(data);
}

function open(thread: string | null): EventSource {
  const params = new URLSearchParams();
  if (thread) params.set("thread", thread);
  if (lastEventId) params.set("lastEventId", lastEventId);
  const query = params.toString();
  const es = new EventSource(`/api/events${query ? `?${query}` : ""}`);
  for (const name of EVENT_NAMES) es.addEventListener(name, (e) => dispatch(name, e as MessageEvent<string>));
  es.onerror = () => {
    if (es.readyState === EventSource.CLOSED && source === es) {
      console.error("[live] strömmen stängdes; försöker igen");
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => {
        if (source !== es) return;
        source = null;
        sourceKey = null;
        sync();
      }, RECONNECT_MS);
    }
  };
  return es;
}

/** Opens, reopens or closes the tab's stream to match what the mounted components want. */
function sync(): void {
  if (typeof EventSource === "undefined") return;
  const { key, thread } = wanted();
  if (key === sourceKey && source) return;
  source?.close();
  clearTimeout(retryTimer);
  source = key ? open(thread) : null;
  sourceKey = key;
}

/**
 * Subscribes a component to the tab's stream while it is mounted.
 *
 * @param topics what it needs (`user`, `thread`); changing them reopens the stream
 * @param handlers called with each event's parsed JSON data; may change between renders
 */
export function useEventStream(topics: StreamTopics, handlers: StreamHandlers): void {
  const ref = useRef(handlers);
  ref.current = handlers;
  const user = Boolean(topics.user);
  const thread = topics.thread ?? null;
  useEffect(() => {
    const registration: Registration = { topics: { user, thread }, handlers: ref };
    registrations.add(registration);
    sync();
    return () => {
      registrations.delete(registration);
      // After the current render settles (a page change unmounts one thread and mounts the next).
      setTimeout(sync, 0);
    };
  }, [user, thread]);
}
