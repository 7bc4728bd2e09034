/**
 * Live thread page (beyond the spec): while a thread is open, comments and replies by
 * others and changed reaction counts arrive without a reload. The page's loader data is
 * revalidated in place — React keeps every existing element, new comments are added where they
 * belong, and the browser's scroll anchoring keeps what the reader looks at where it is.
 * Reaction-triggered refreshes run at most once per second (SPEC §4 Thread refresh).
 *
 * @module
 */
import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { useEventStream } from "./live";

/** SPEC §4 Thread refresh: reaction-triggered refreshes at most once per second. */
export const REFRESH_MIN_INTERVAL_MS = 1_000;

/**
 * Follows a thread's live events and refreshes the page data when others write.
 *
 * @param threadId the open thread
 * @param viewerId the logged-in member (their own writes refresh through their own action)
 */
export function useLiveThread(threadId: string, viewerId: string | null): void {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const last = useRef(0);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pending.current), []);

  const refresh = () => {
    if (pending.current) return;
    const wait = Math.max(0, last.current + REFRESH_MIN_INTERVAL_MS - Date.now());
    pending.current = setTimeout(() => {
      pending.current = undefined;
      last.current = Date.now();
      void revalidate.current();
    }, wait);
  };

  const connections = useRef(0);
  useEventStream({ thread: threadId }, {
    // A reconnect (after a drop or the server's stream lifetime) may have missed thread events.
    ready: () => {
      connections.current += 1;
      if (connections.current > 1) refresh();
    },
    comment: (data) => {
      if ((data as { authorId?: string }).authorId !== viewerId) refresh();
    },
    reactions: (data) => {
      if ((data as { actorId?: string }).actorId !== viewerId) refresh();
    },
  });
}
