/**
 * The thread page's unread parts for members (docs/decisions/052-unread-and-links.md; loaded with
 * member-parts.ts, never for visitors): the 'Nya kommentarer' divider before the first unread
 * comment (placed in the browser once the member's read state is known: no part of the shared
 * render), and the notice, a personal part, when the first unread comment is on another page.
 *
 * @module
 */
import { use } from "react";
import { unread as ur } from "../../../domain/i18n/sv";
import { commentPath } from "../../../domain/paths";
import { THREAD_UNREAD_PART } from "../../../domain/unread";
import { Personal } from "../../lib/personal";
import { UnreadDividerContext } from "./unread-context";

/** The member's read state of the thread page (`ThreadReadState` of server/unread/queries.ts). */
export interface ThreadUnread {
  readUpTo: string | null;
  newComments: number;
  firstUnreadId: string | null;
}

/** A comment of the page as the unread parts need it: id, creation time (ISO), replies. */
export interface PageComment {
  id: string;
  createdAt: string;
  replies?: ReadonlyArray<{ id: string; createdAt: string }>;
}

/** The page's comments and replies in one list. */
export function pageComments(comments: ReadonlyArray<PageComment>): Array<{ id: string; createdAt: string }> {
  return comments.flatMap((c) => [c, ...(c.replies ?? [])]);
}

/** 'Nya kommentarer' before `commentId` when it is the first unread one. */
export function UnreadDivider({ commentId }: { commentId: string }) {
  if (use(UnreadDividerContext) !== commentId) return null;
  return (
    // No height or margin of its own (the card's spacing is the comment's): it sits in the gap
    // above the comment, so nothing moves when it appears (only in the browser, never in a render).
    <div role="separator" aria-label={ur.divider} className="relative h-0" style={{ margin: 0 }}>
      <span className="absolute inset-x-0 bottom-0.5 flex items-center gap-3 text-[11px] font-bold uppercase leading-none tracking-wide text-brand-700">
        <span className="h-px flex-1 bg-brand-600" aria-hidden />
        {ur.divider}
        <span className="h-px flex-1 bg-brand-600" aria-hidden />
      </span>
    </div>
  );
}

/**
 * The notice above the comments when the member's first unread comment is not on this page:
 * 'N nya kommentarer sedan du läste senast. Gå till första olästa'.
 *
 * @param state the member's state from the loader (null in a shared render and for visitors)
 * @param comments the page's comments, each with its replies
 */
export function ThreadUnreadNotice({ state, comments }: { state: ThreadUnread | null; comments: ReadonlyArray<PageComment> }) {
  const onPage = new Set(pageComments(comments).map((c) => c.id));
  return (
    <Personal name={THREAD_UNREAD_PART} value={state}>
      {(shown) => (
        <div className="thread-unread-notice contents">
          {shown && shown.readUpTo && shown.firstUnreadId && !onPage.has(shown.firstUnreadId) ? (
            <p className="rounded-xl border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900">
              {ur.unreadElsewhere(shown.newComments)}{" "}
              <a href={commentPath(shown.firstUnreadId)} className="font-semibold underline">
                {ur.goToFirstUnread}
              </a>
            </p>
          ) : null}
        </div>
      )}
    </Personal>
  );
}
