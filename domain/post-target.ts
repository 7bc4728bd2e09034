/**
 * A "post target": a thread or a comment, the two kinds of post that reactions, reports, ticker
 * mentions and moderation act on (SPEC §3: separate tables, one `target_type` column beside the
 * id). Code that treats both alike asks this module for the kind's texts and link instead of
 * branching on `"thread" | "comment"` itself; the server's twin, which picks the table and loads
 * a target, is `server/forum/post-target.ts`.
 *
 * @module
 */
import { forum as f, moderation as m } from "./i18n/sv";
import { commentPath, threadPath } from "./paths";
import type { TargetType } from "./values";

/** Where a post lives: its kind and id, and the thread (and category) it belongs to. */
export interface PostRef {
  type: TargetType;
  /** uuid of the thread or comment */
  id: string;
  /** uuid of the thread's category */
  categoryId: string;
  /** uuid of the thread (for a thread: its own id) */
  threadId: string;
  /** The thread's title when known: a thread's link then carries its slug (no redirect). */
  title?: string | null;
}

/**
 * The link to a post: a thread's page, or the comment's permalink `/forum/kommentar/{id}`, which
 * redirects to the comment's page of the thread at its anchor (comment pages are paginated).
 *
 * @param ref the post
 * @returns a same-origin path
 */
export function postPath(ref: PostRef): string {
  return ref.type === "thread" ? threadPath(ref.categoryId, ref.threadId, ref.title) : commentPath(ref.id);
}

/** The Swedish texts that differ between a thread and a comment. */
export interface PostTexts {
  /** The kind as a label ('Tråd' / 'Kommentar'). */
  kind: string;
  /** Delete button and dialog title ('Ta bort tråd' / 'Ta bort kommentar'). */
  delete: string;
  /** Delete confirmation question. */
  confirmDelete: string;
  /** Report dialog title ('Anmäl tråd' / 'Anmäl kommentar'). */
  report: string;
  /** The moderation action's form intent. */
  deleteIntent: "delete-thread" | "delete-comment";
}

/** Texts per post kind (SPEC §2 thread page, §4 Report, §9). */
export const POST_TEXTS: Record<TargetType, PostTexts> = {
  thread: {
    kind: f.postKinds.thread,
    delete: f.deleteThread,
    confirmDelete: f.confirmDeleteThread,
    report: m.reportThread,
    deleteIntent: "delete-thread",
  },
  comment: {
    kind: f.postKinds.comment,
    delete: f.deleteComment,
    confirmDelete: f.confirmDeleteComment,
    report: m.reportComment,
    deleteIntent: "delete-comment",
  },
};
