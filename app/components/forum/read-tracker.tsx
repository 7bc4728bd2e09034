/**
 * Reports which comments were on a member's screen (docs/decisions/052-unread-and-links.md):
 * every comment whose end the bottom of the screen has passed (it was on screen, or the member
 * scrolled or jumped past it) is seen; the seen ones go to `POST /api/unread` a moment after the last change and when the page
 * is left. A page load alone reads only what is on screen: a 1,000-comment thread is not read by
 * opening it. On mount it also places the 'Nya kommentarer' divider and, without an anchor in
 * the URL and while the page is still at its top, scrolls to the first unread comment. Member-only (member-parts.ts); renders nothing.
 *
 * @module
 */
import { useEffect } from "react";
import { THREAD_UNREAD_PART } from "../../../domain/unread";
import { usePersonal } from "../../lib/personal";
import { pageComments, type PageComment, type ThreadUnread } from "./unread-divider";

/** How long (ms) after the last newly seen comment the report goes out. */
const REPORT_AFTER_MS = 3_000;

/**
 * @param threadId the thread
 * @param unread the member's read state in the loader data (in a shared render the page's own is
 *   taken, `usePersonal`; null: unknown, nothing tracked)
 * @param comments the page's comments, each with its replies
 * @param onDivider receives the comment the divider goes before
 */
export function ReadTracker({
  threadId,
  unread,
  comments: list,
  onDivider,
}: {
  threadId: string;
  unread: ThreadUnread | null;
  comments: ReadonlyArray<PageComment>;
  onDivider: (commentId: string | null) => void;
}) {
  const state = usePersonal(THREAD_UNREAD_PART, unread);
  const comments = pageComments(list);
  const key = comments.map((c) => c.id).join(",");
  useEffect(() => {
    if (!state) return;
    const since = state.readUpTo ? Date.parse(state.readUpTo) : -Infinity;
    const unread = new Set(comments.filter((c) => Date.parse(c.createdAt) > since).map((c) => c.id));
    const first = state.readUpTo && state.firstUnreadId && unread.has(state.firstUnreadId) ? state.firstUnreadId : null;
    onDivider(first);
    // Lands on the first unread comment, unless the URL names a place or the member (or the
    // browser restoring a position) has already scrolled: a jump made before hydration stays.
    if (first && !window.location.hash && window.scrollY < 1) document.getElementById(`comment-${first}`)?.scrollIntoView({ block: "start" });
    const seen = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let sent = -1;
    const body = () => new URLSearchParams({ intent: "read", threadId, seen: [...seen].join(",") });
    const report = () => {
      timer = undefined;
      if (sent === seen.size) return;
      sent = seen.size;
      // The answer is read to its end, so the request is done (nothing waits on it).
      fetch("/api/unread", { method: "POST", body: body(), credentials: "same-origin" })
        .then((answer) => answer.text())
        .catch(() => undefined);
    };
    // A comment is read once the bottom of the screen has passed its end: it was on screen, or
    // the member scrolled (or jumped, with End or a link) past it. A comment taller than the
    // screen counts when its end comes into view; one half seen does not. A hidden tab reads nothing.
    const sweep = () => {
      if (document.visibilityState === "hidden") return;
      let added = false;
      for (const id of unread) {
        if (seen.has(id)) continue;
        const rect = document.getElementById(`comment-${id}`)?.getBoundingClientRect();
        if (!rect || rect.height === 0 || rect.bottom > window.innerHeight) continue;
        seen.add(id);
        added = true;
      }
      if (added) {
        clearTimeout(timer);
        timer = setTimeout(report, REPORT_AFTER_MS);
      }
    };
    let frame = 0;
    const onScroll = () => {
      if (!frame) {
        frame = requestAnimationFrame(() => {
          frame = 0;
          sweep();
        });
      }
    };
    sweep();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll);
    document.addEventListener("visibilitychange", onScroll);
    // Opening a thread never opened reads its opening post: the thread is no longer new.
    if (!state.readUpTo) report();
    const leave = () => {
      if (sent !== seen.size) navigator.sendBeacon("/api/unread", body());
    };
    window.addEventListener("pagehide", leave);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
      document.removeEventListener("visibilitychange", onScroll);
      window.removeEventListener("pagehide", leave);
      if (timer) report();
      clearTimeout(timer);
    };
    // Once per page of comments and read state.
  }, [threadId, key, state?.readUpTo, state?.firstUnreadId]); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}
