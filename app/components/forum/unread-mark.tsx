/**
 * A thread row's unread mark (docs/decisions/052-unread-and-links.md): 'N nya', a link to the
 * first unread comment, for a thread the member has opened; a dot for a thread started since
 * their previous visit that they never opened; nothing for visitors and for read threads. A
 * personal part of shared lists (app/lib/personal.tsx): plain elements, no router hooks.
 *
 * @module
 */
import { unread as ur } from "../../../domain/i18n/sv";
import { commentPath } from "../../../domain/paths";
import { unreadPart } from "../../../domain/unread";
import type { UnreadState } from "../../../domain/views";
import { Personal } from "../../lib/personal";

/**
 * @param threadId the row's thread
 * @param state the member's state from the loader (null in a shared render and for visitors)
 */
export function UnreadMark({ threadId, state }: { threadId: string; state: UnreadState | null }) {
  return (
    <Personal name={unreadPart(threadId)} value={state}>
      {(shown) => <UnreadMarkView state={shown} />}
    </Personal>
  );
}

/**
 * The mark itself for a known state: in a list that is the member's own as a whole (their
 * 'Olästa' and 'Bevakat' tabs), where the row's state needs no part of its own.
 *
 * @param state the member's state of the row's thread (null: nothing unread)
 */
export function UnreadMarkView({ state }: { state: UnreadState | null }) {
  return (
    <span className="thread-unread contents">
      {state && "newComments" in state ? (
        <a
          href={commentPath(state.firstUnreadId)}
          aria-label={ur.newCommentsLabel(state.newComments)}
          className="relative z-10 inline-flex min-h-6 items-center rounded-full bg-brand-600 px-2 text-xs font-bold text-white hover:bg-brand-700"
        >
          {ur.newComments(state.newComments)}
        </a>
      ) : state ? (
        <span role="img" aria-label={ur.newThread} title={ur.newThread} className="inline-block size-2.5 shrink-0 rounded-full bg-brand-600" />
      ) : null}
    </span>
  );
}
