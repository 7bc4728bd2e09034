/**
 * Who may do what with forum content: pure functions, one place (SPEC §6 Roles and permissions;
 * ARCHITECTURE.md "permissions declared in one place per model"; "permissions decided
 * once"; "staff cannot act against staff, and a blocked account moderates nothing").
 * The server enforces these functions and the loaders hand their answers to the page as `can`.
 *
 * @module
 */
import type { Role } from "../roles";
import { outranks } from "../roles";
import { actsAsStaff, type Actor } from "./actor";
import { blockPermission } from "./moderation";

export type { Actor } from "./actor";

/** Anything with an author (thread or comment); `authorId` is null once the author is deleted. */
export interface Authored {
  authorId: string | null;
}

/** A thread or comment with its author's effective role (a deleted author counts as member). */
export interface AuthoredItem extends Authored {
  authorRole: Role;
}

/**
 * True when `actor` wrote `item`.
 *
 * @param actor the acting member or null
 * @param item the thread or comment
 */
export function isOwner(actor: Actor, item: Authored): boolean {
  return actor !== null && item.authorId !== null && item.authorId === actor.id;
}

/**
 * Moderation of someone else's item: an acting moderator on a member's (or a deleted
 * author's) content; an acting admin on a member's or a moderator's; nobody on an admin's.
 *
 * @param actor the acting member or null
 * @param item the thread or comment with its author's role
 * @returns true when `actor` may remove or edit `item` as staff
 */
export function moderatesItem(actor: Actor, item: AuthoredItem): boolean {
  return actor !== null && actsAsStaff(actor) && !isOwner(actor, item) && outranks(actor.role, item.authorRole);
}

/**
 * SPEC §6 "Can moderate: moderators, admins, or the owner of the item", narrowed:
 * staff only over whom they outrank, and never a blocked member (not even on their own item).
 *
 * @param actor the acting member or null
 * @param item the thread or comment with its author's role
 * @returns true when `actor` may edit `item`
 */
export function canEdit(actor: Actor, item: AuthoredItem): boolean {
  if (actor === null || actor.blocked === true) return false;
  return isOwner(actor, item) || moderatesItem(actor, item);
}

/**
 * Whether an edit is kept as a revision: an author's edit of their own item
 * within the grace period (`EDIT_GRACE_PERIOD_S`, domain/limits.ts; Discourse's
 * `editing_grace_period`) leaves no trace; any later edit, and every edit by acting staff (also of
 * their own item), is kept.
 *
 * @param actor the editor (already allowed by {@link canEdit})
 * @param item the thread or comment with its author's role
 * @param withinGrace true when the item was posted less than the grace period ago
 * @returns true when a revision is stored and the item is marked 'redigerad'
 */
export function editLeavesRevision(actor: Actor, item: AuthoredItem, withinGrace: boolean): boolean {
  if (actor === null) return false;
  return !(isOwner(actor, item) && withinGrace && !actsAsStaff(actor));
}

/**
 * SPEC §6 Thread deletion: the author (always, blocked or not) or staff by
 * {@link moderatesItem}.
 *
 * @param actor the acting member or null
 * @param thread the thread with its author's role
 */
export function canDeleteThread(actor: Actor, thread: AuthoredItem): boolean {
  return isOwner(actor, thread) || moderatesItem(actor, thread);
}

/**
 * SPEC §6 Comment deletion: the author (always) or staff by {@link moderatesItem}.
 *
 * @param actor the acting member or null
 * @param comment the comment with its author's role
 */
export function canDeleteComment(actor: Actor, comment: AuthoredItem): boolean {
  return isOwner(actor, comment) || moderatesItem(actor, comment);
}

/**
 * SPEC §5 Reactions: login required; never on one's own content.
 *
 * @returns `ok`, `login` (visitor) or `own` (the actor wrote the target)
 */
export function reactionPermission(actor: Actor, target: Authored): "ok" | "login" | "own" {
  if (actor === null) return "login";
  if (isOwner(actor, target)) return "own";
  return "ok";
}

/** What the viewer may do with one thread or comment (the page reads this, never the role). */
export interface ItemCan {
  /** Edit the item ({@link canEdit}). */
  edit: boolean;
  /** The edit is staff's edit of someone else's item: the form asks for a reason for the moderation log. */
  editReason: boolean;
  /** Delete the item ({@link canDeleteThread} / {@link canDeleteComment}). */
  delete: boolean;
  /** Show 'Anmäl': everyone but the author (a visitor's click asks them to log in; SPEC §4 Report). */
  report: boolean;
  /** React: logged in and not the author (SPEC §5 Reactions). */
  react: boolean;
  /** Block or unblock the author ({@link blockPermission}). */
  block: boolean;
  /** Show the 'Åtgärder' menu: something in it is allowed (SPEC §6 "Everyone else sees no moderation menu"). */
  moderate: boolean;
}

/**
 * The viewer's permissions on one thread or comment, from the same functions the server enforces.
 * In a locked thread ('Lås') only acting staff edit or react (domain/policy/thread-tools.ts);
 * deleting one's own post and reporting stay open.
 *
 * @param actor the viewer, or null for a visitor
 * @param item the thread or comment with its author's role
 * @param thread the thread's state: `locked` when it is locked (default open)
 * @returns {@link ItemCan}
 */
export function itemCan(actor: Actor, item: AuthoredItem, thread: { locked: boolean } = { locked: false }): ItemCan {
  const own = isOwner(actor, item);
  const remove = own || moderatesItem(actor, item);
  const block = actor !== null && item.authorId !== null && blockPermission(actor, { id: item.authorId, role: item.authorRole }) === "ok";
  const open = !thread.locked || actsAsStaff(actor);
  const edit = canEdit(actor, item) && open;
  return {
    edit,
    editReason: edit && moderatesItem(actor, item),
    delete: remove,
    report: !own,
    react: actor !== null && !own && open,
    block,
    moderate: remove || block,
  };
}
