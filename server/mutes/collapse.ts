/**
 * Marking the posts of muted members in loader data ('Dölj medlem': "their threads and
 * comments collapse to one line 'Dolt inlägg från @nick – visa' everywhere"). Loaders pass the
 * viewer's `mutedIds` (read with the viewer, `server/accounts/session.ts`, no extra query) and get the
 * same items back, those by a muted author with `muted: true`; the components render such an
 * item as the collapsed line (`app/components/forum/muted-item.tsx`) and expand it in place.
 * The item's text is sent once, as before: counts and pagination do not change.
 *
 * @module
 */
import type { Viewer } from "../accounts/session";

/** An item that may be by a muted member. */
export type Mutable<T> = T & { muted?: true };

/** The viewer's muted ids, or an empty set for a visitor. */
const mutedOf = (viewer: Pick<Viewer, "mutedIds"> | null | undefined): ReadonlySet<string> => viewer?.mutedIds ?? new Set();

/**
 * Marks the items whose author the viewer mutes.
 *
 * @param items list items (thread rows, ticker posts, search results …)
 * @param viewer the logged-in member, or null (nothing is marked)
 * @param authorOf the item's author id (null for a deleted account: never muted)
 * @returns the items in the same order, each by a muted author with `muted: true`
 */
export function markMuted<T>(items: readonly T[], viewer: Pick<Viewer, "mutedIds"> | null | undefined, authorOf: (item: T) => string | null | undefined): Mutable<T>[] {
  const muted = mutedOf(viewer);
  if (muted.size === 0) return [...items] as Mutable<T>[];
  return items.map((item): Mutable<T> => {
    const id = authorOf(item);
    return id && muted.has(id) ? { ...item, muted: true as const } : (item as Mutable<T>);
  });
}

/** A comment with its replies, as the thread page sends them. */
interface CommentLike {
  author: { id: string } | null;
  replies: CommentLike[];
}

/**
 * Marks the comments and replies (one level) whose author the viewer mutes (thread page).
 *
 * @param comments top-level comments, each with its `replies`
 * @param viewer the logged-in member, or null
 * @returns the comments, each comment and reply by a muted author with `muted: true`
 */
export function markMutedComments<C extends CommentLike>(comments: readonly C[], viewer: Pick<Viewer, "mutedIds"> | null | undefined): Mutable<C>[] {
  const muted = mutedOf(viewer);
  if (muted.size === 0) return [...comments] as Mutable<C>[];
  const mark = <X extends CommentLike>(c: X): Mutable<X> => {
    const replies = c.replies.map((r) => mark(r));
    return c.author && muted.has(c.author.id) ? { ...c, replies, muted: true as const } : { ...c, replies };
  };
  return comments.map((c) => mark(c));
}
