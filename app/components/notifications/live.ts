/**
 * The browser side of the live channel (issue 5 Live): an `EventSource` on `/api/events`. The
 * browser reconnects by itself after a drop (the server's `retry: 3000`) and sends
 * `Last-Event-ID`, so the server replays what was missed; when the server refused the stream
 * (e.g. 503 while the database is away) the hook opens a new one after {@link RECONNECT_MS}.
 * Failures are only logged (SPEC §8: live and presence failures never stop the UI).
 *
 * @module
 */
import { useEffect, useRef } from "react";

/** Wait before re-opening a stream the server refused, in milliseconds. */
export const RECONNECT_MS = 5_000;

/** Handlers by SSE event name (`ready`, `notification`, `comment`, `reactions`). */
export type StreamHandlers = Partial<Record<string, (data: unknown) => void>>;

/**
 * Keeps an `EventSource` open while the component is mounted.
 *
 * @param url the stream URL, or null to keep none open
 * @param handlers called with each event's parsed JSON data; may change between renders
 */
export function useEventStream(url: string | null, handlers: StreamHandlers): void {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    if (!url || typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const names = ["ready", "notification", "comment", "reactions"];
    const open = () => {
      source = new EventSource(url);
      for (const name of names) {
        source.addEventListener(name, (event) => {
          let data: unknown = null;
          try {
            data = JSON.parse((event as MessageEvent<string>).data);
          } catch (error) {
            console.error("[live] oläsbar händelse:", error);
            return;
          }
          ref.current[name]?.(data);
        });
      }
      source.onerror = () => {
        if (source?.readyState === EventSource.CLOSED && !stopped) {
          console.error("[live] strömmen stängdes; försöker igen");
          timer = setTimeout(open, RECONNECT_MS);
        }
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [url]);
}
