/**
 * The thread page's per-item permissions ("permissions decided once"): every thread and
 * comment the page shows carries `can`, computed by `itemCan` in `domain/policy/forum.ts` — the
 * same functions the commands enforce — so the page never compares roles or author ids.
 *
 * @module
 */
import { itemCan, type Actor, type ItemCan } from "../../domain/policy/forum";
import { roleOf } from "../../domain/roles";
import type { AuthorView, CommentView, CommentWithCan, ThreadPage, ThreadPageWithCan } from "../../domain/views";



function canOn(actor: Actor, author: AuthorView | null, locked: boolean): ItemCan {
  return itemCan(actor, { authorId: author?.id ?? null, authorRole: roleOf(author?.roleId) }, { locked });
}

function commentWithCan(actor: Actor, comment: CommentView, locked: boolean): CommentWithCan {
  return { ...comment, can: canOn(actor, comment.author, locked), replies: comment.replies.map((r) => commentWithCan(actor, r, locked)) };
}

/**
 * Adds the viewer's permissions to a thread page.
 *
 * @param page what `getThreadPage` returned (a locked thread's posts take no edits or reactions
 *   but from staff)
 * @param actor the viewer (with `blocked`, see `server/accounts/session.ts`), or null for a visitor
 * @returns the same page with `can` ({@link ItemCan}) on the thread, each comment and each reply
 */
export function withItemCan(page: ThreadPage, actor: Actor): ThreadPageWithCan {
  const locked = page.thread.locked;
  return {
    ...page,
    thread: { ...page.thread, can: canOn(actor, page.thread.author, locked) },
    comments: page.comments.map((c) => commentWithCan(actor, c, locked)),
  };
}
