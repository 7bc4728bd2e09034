/**
 * The browser's side of the shared member render (`domain/personal-overlay.ts`): the
 * overlay the server put in the page, and the thread and profile loader data with it applied.
 * Loader data from a shared render carries `overlay: true`; data a loader sent for this member
 * (a client navigation, a revalidation after a write) does not, and is used as it is.
 *
 * @module
 */
import { useMemo } from "react";
import { OVERLAY_GLOBAL, targetKey, type PersonalOverlay, type ThreadOverlay } from "../../domain/personal-overlay";
import type { ReactionSummary } from "../../domain/views";
import type { TargetType } from "../../domain/values";
import type { ItemCan } from "../../domain/policy/forum";

/**
 * The overlay of this page, in the browser only.
 *
 * @returns the {@link PersonalOverlay} the server put in `window`, or undefined (server render,
 *   a visitor's page, a page rendered for this member alone)
 */
export function readOverlay(): PersonalOverlay | undefined {
  if (typeof window === "undefined") return undefined;
  return (window as unknown as Record<string, PersonalOverlay | undefined>)[OVERLAY_GLOBAL];
}

interface Post {
  id: string;
  reactions: ReactionSummary;
  saved?: boolean;
  can?: ItemCan;
}

function applyToPost<P extends Post>(type: TargetType, post: P, thread: ThreadOverlay): P {
  const key = targetKey(type, post.id);
  const mine = { ...post, reactions: { ...post.reactions, mine: thread.reactions[key] ?? [] }, saved: thread.saved.includes(key) };
  return thread.own.includes(key) ? { ...mine, can: thread.ownCan } : mine;
}

/** Loader data of the thread page, as far as the overlay touches it. */
interface ThreadData<C extends Post & { replies: C[] }> {
  overlay?: boolean;
  thread: Post;
  comments: C[];
  subscribed: boolean;
  submitKey: string;
}

/**
 * A thread page's data with the member's own state applied (pure).
 *
 * @param data loader data made for the generic member
 * @param thread the member's {@link ThreadOverlay}
 * @returns new data: `reactions.mine` and `saved` of every post, `can` of the member's own posts,
 *   `subscribed`, `submitKey`
 */
export function applyThreadOverlay<C extends Post & { replies: C[] }, D extends ThreadData<C>>(data: D, thread: ThreadOverlay): D {
  const comment = (c: C): C => ({ ...applyToPost("comment", c, thread), replies: c.replies.map(comment) });
  return {
    ...data,
    thread: applyToPost("thread", data.thread, thread),
    comments: data.comments.map(comment),
    subscribed: thread.subscribed,
    submitKey: thread.submitKey,
  };
}

/**
 * A thread page's loader data with the member's own reactions, saves, 'Bevaka tråd' and comment
 * key applied, when it came from the shared render; otherwise `data` itself.
 *
 * @param data the thread route's loader data
 * @returns the data as the thread loader would have sent it to this member
 */
export function useThreadOverlay<C extends Post & { replies: C[] }, D extends ThreadData<C>>(data: D): D {
  return useMemo(() => {
    const thread = data.overlay ? readOverlay()?.thread : undefined;
    return thread ? applyThreadOverlay(data, thread) : data;
  }, [data]);
}

/**
 * A profile page's loader data with the member's 'Följ' state applied, when it came from the
 * shared render; otherwise `data` itself.
 *
 * @param data the profile loader data
 * @returns the data as the profile loader would have sent it to this member
 */
export function useProfileOverlay<D extends { overlay?: boolean; following: boolean }>(data: D): D {
  return useMemo(() => {
    const profile = data.overlay ? readOverlay()?.profile : undefined;
    return profile ? { ...data, following: profile.following } : data;
  }, [data]);
}
