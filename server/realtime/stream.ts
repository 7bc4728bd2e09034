/**
 * The Server-Sent Events stream of one browser tab (SPEC §4 Notification "new ones
 * arrive live"; §7 Live subscription). Authenticated by the session cookie like every page.
 *
 * Wire format (text/event-stream):
 * - `retry: 3000` first: the browser reconnects 3 s after a drop;
 * - `event: ready` with `id: <seq>`: the stream is live; a member's stream carries the highest
 *   notification `seq` the browser now knows, so a reconnect sends it back as `Last-Event-ID`;
 * - `event: notification`, `id: <seq>`, data {@link NotificationItem}: a new notification, and
 *   on reconnect every unread one with a `seq` above `Last-Event-ID` (the replay);
 * - `event: comment` / `event: reactions` / `event: poll` (no id): live thread updates for
 *   `?thread=<id>`;
 * - `event: message` (no id), data `{ conversationId }`: a conversation of the member changed
 *   (the inbox badge and an open conversation reload; no text travels);
 * - `: ping` every {@link HEARTBEAT_MS}: keeps proxies from closing an idle stream and lets the
 *   server notice a vanished client;
 * - the server ends the stream after {@link MAX_STREAM_MS}; the browser comes back with
 *   `Last-Event-ID` and its session is checked again;
 * - a logout of the stream's session ends it at once, on whichever instance it is open
 *   (`session-ended`, server/realtime/events.ts).
 *
 * @module
 */
import { abuseLimits as al } from "../../domain/i18n/sv";
import type { NotificationItem } from "../../domain/notifications";
import { ipLimitKey } from "../http/client-ip";
import { getNotificationsAfter, latestNotificationSeq } from "../notifications/queries";
import type { Services } from "../platform/services";
import { getRealtimeHub, type Subscriber } from "./hub";

/** Heartbeat interval in milliseconds. */
export const HEARTBEAT_MS = 15_000;
/** How long the browser waits before reconnecting, in milliseconds (the `retry:` field). */
export const RETRY_MS = 3_000;
/**
 * A stream is closed after this long, in milliseconds; the browser reconnects with
 * `Last-Event-ID` (nothing is lost) and the session cookie is checked again, so a signed-out or
 * revoked session stops receiving within this time.
 */
export const MAX_STREAM_MS = 5 * 60_000;

/**
 * Most open streams at once from one client address (an IPv6 client by its /64) on one instance:
 * a household or office behind one address with a few tabs each, but not a script holding
 * hundreds of connections.
 */
export const MAX_STREAMS_PER_IP = 20;
/** Most open streams at once for one member on one instance: six tabs, the browser's own cap per host on HTTP/1.1. */
export const MAX_STREAMS_PER_MEMBER = 6;
/** `Retry-After` (s) of a stream refused for too many open ones. */
const STREAMS_RETRY_S = 30;

/** Open streams of this process by `ip:<key>` and `member:<id>`. */
const openStreams = new Map<string, number>();

function countStream(key: string, delta: 1 | -1): void {
  const n = (openStreams.get(key) ?? 0) + delta;
  if (n > 0) openStreams.set(key, n);
  else openStreams.delete(key);
}

/** Who and what a stream is for. */
export interface StreamOptions {
  /** The logged-in member (notifications), or null for a visitor. */
  userId: string | null;
  /** The open thread (comments and reactions), or null. */
  threadId: string | null;
  /**
   * The member's session ({@link import("../accounts/session").sessionKey}), or null: a logout of it
   * anywhere ends this stream within the time the `session-ended` event takes to arrive.
   */
  session?: string | null;
  /** The `seq` the browser last received (`Last-Event-ID`), or null on a first connect. */
  lastEventId: number | null;
  /** The client's address (`clientIp`), for the per-address cap; absent in unit tests (not capped). */
  ip?: string;
  /** Aborts when the client goes away (the request's signal). */
  signal: AbortSignal;
  /** Heartbeat interval override (tests). */
  heartbeatMs?: number;
  /** Lifetime override (tests); default {@link MAX_STREAM_MS}. */
  maxStreamMs?: number;
}

/**
 * Parses a `Last-Event-ID` value.
 *
 * @param value header or query value
 * @returns a non-negative safe integer, or null when absent or malformed
 */
export function parseLastEventId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/** Aborted once when the process shuts down: every open stream ends (SIGTERM drains). */
const shutdown = new AbortController();

/**
 * Ends every open event stream of this process (SIGTERM: the browsers reconnect to another
 * instance, or to this one after its restart, with `Last-Event-ID`, so nothing is lost). New
 * streams opened afterwards end at once.
 */
export function closeAllStreams(): void {
  shutdown.abort();
}

/**
 * Opens the stream: subscribes to this instance's hub, replays what a reconnecting browser
 * missed, then forwards live events until the client disconnects.
 *
 * @param services server services (database)
 * @param options {@link StreamOptions}
 * @returns a `text/event-stream` response; 429 JSON `{ ok: false, error }` with `Retry-After` when
 *   the address already holds {@link MAX_STREAMS_PER_IP} open streams on this instance or the
 *   member {@link MAX_STREAMS_PER_MEMBER} (each times `ACTION_LIMIT_MULTIPLIER`); 503 when the live channel cannot be started
 */
export async function openEventStream(services: Services, options: StreamOptions): Promise<Response> {
  const slots = [options.ip ? `ip:${ipLimitKey(options.ip)}` : null, options.userId ? `member:${options.userId}` : null].filter(
    (k): k is string => k !== null,
  );
  // Scaled like every abuse limit by ACTION_LIMIT_MULTIPLIER (the browser tests run many pages from 127.0.0.1).
  const scale = services.config.actionLimitMultiplier;
  const full = (key: string) =>
    (openStreams.get(key) ?? 0) >= (key.startsWith("ip:") ? MAX_STREAMS_PER_IP : MAX_STREAMS_PER_MEMBER) * scale;
  if (slots.some(full)) {
    return Response.json(
      { ok: false, error: al.tooManyStreams },
      { status: 429, headers: { "Retry-After": String(STREAMS_RETRY_S), "Cache-Control": "no-store" } },
    );
  }
  for (const key of slots) countStream(key, 1);
  let released = false;
  const releaseSlots = () => {
    if (released) return;
    released = true;
    for (const key of slots) countStream(key, -1);
  };
  const encoder = new TextEncoder();
  const hub = getRealtimeHub(services.database);
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  const sent = new Set<string>();
  const write = (text: string) => {
    if (closed) return;
    try {
      controller.enqueue(encoder.encode(text));
    } catch {
      cleanup();
    }
  };
  /** Sends a notification once (the replay and a late live event may both carry it). */
  const deliver = (item: NotificationItem) => {
    if (sent.has(item.id)) return;
    sent.add(item.id);
    if (sent.size > 1000) sent.delete(sent.values().next().value!);
    subscriber.lastSeq = Math.max(subscriber.lastSeq, item.seq);
    write(`id: ${item.seq}\nevent: notification\ndata: ${JSON.stringify(item)}\n\n`);
  };
  // Live notifications that arrive while the replay is read wait for it, so the browser gets
  // everything in `seq` order: a missed notification's own live event, late from `LISTEN`, came
  // before the older ones of the replay (seen in CI on PostgreSQL).
  let held: NotificationItem[] | null = options.userId && options.lastEventId !== null ? [] : null;
  const subscriber: Subscriber = {
    userId: options.userId,
    threadId: options.threadId,
    session: options.userId ? (options.session ?? null) : null,
    end: () => cleanup(),
    lastSeq: options.lastEventId ?? 0,
    notification(item: NotificationItem) {
      if (held) held.push(item);
      else deliver(item);
    },
    message(event) {
      write(`event: message\ndata: ${JSON.stringify({ conversationId: event.conversationId })}\n\n`);
    },
    thread(event) {
      const { kind, ...data } = event;
      write(`event: ${kind}\ndata: ${JSON.stringify(data)}\n\n`);
    },
  };
  let unsubscribe: (() => void) | null = null;
  let heartbeat: NodeJS.Timeout | undefined;
  let lifetime: NodeJS.Timeout | undefined;
  function cleanup() {
    if (closed) return;
    closed = true;
    releaseSlots();
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    unsubscribe?.();
    options.signal.removeEventListener("abort", cleanup);
    shutdown.signal.removeEventListener("abort", cleanup);
    try {
      controller.close();
    } catch {
      // already closed
    }
  }

  try {
    unsubscribe = await hub.subscribe(subscriber);
  } catch (error) {
    releaseSlots();
    console.error("[realtime] LISTEN kunde inte startas:", (error as Error).message);
    return new Response("", { status: 503, headers: { "Retry-After": "3" } });
  }
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel: cleanup,
  });
  options.signal.addEventListener("abort", cleanup);
  shutdown.signal.addEventListener("abort", cleanup);
  if (options.signal.aborted || shutdown.signal.aborted) cleanup();
  write(`retry: ${RETRY_MS}\n\n`);
  heartbeat = setInterval(() => write(`: ping\n\n`), options.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref?.();
  lifetime = setTimeout(cleanup, options.maxStreamMs ?? MAX_STREAM_MS);
  lifetime.unref?.();

  // Replay and the ready marker. Live events arriving meanwhile are not lost: the subscriber is
  // already registered, and `sent` drops the duplicates.
  void (async () => {
    try {
      if (options.userId) {
        if (options.lastEventId !== null) {
          const missed = await getNotificationsAfter(services.db, options.userId, options.lastEventId);
          const waiting = held ?? [];
          held = null;
          [...missed, ...waiting].sort((a, b) => a.seq - b.seq).forEach(deliver);
        }
        const latest = await latestNotificationSeq(services.db, options.userId);
        subscriber.lastSeq = Math.max(subscriber.lastSeq, latest);
        write(`id: ${subscriber.lastSeq}\nevent: ready\ndata: {}\n\n`);
      } else {
        write(`event: ready\ndata: {}\n\n`);
      }
    } catch (error) {
      console.error("[realtime] återuppspelningen misslyckades:", (error as Error).message);
      cleanup();
    }
  })();

  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: the compression middleware leaves the stream alone (it would buffer it).
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
