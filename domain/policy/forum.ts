/**
 * Who may do what with forum content: pure functions, one place (SPEC §6 Roles and permissions;
 * ARCHITECTURE.md "permissions declared in one place per model").
 *
 * @module
 */
import type { Role } from "../roles";

/** The acting member, or `null` for a visitor. */
export type Actor = { id: string; role: Role } | null;

/** Anything with an author (thread or comment); `authorId` is null once the author is deleted. */
export interface Authored {
  authorId: string | null;
}

/** True when `actor` is a moderator or an admin. */
export function isStaff(actor: Actor): boolean {
  return actor !== null && (actor.role === "moderator" || actor.role === "admin");
}

/** True when `actor` wrote `item`. */
export function isOwner(actor: Actor, item: Authored): boolean {
  return actor !== null && item.authorId !== null && item.authorId === actor.id;
}

/** SPEC §6 "Can moderate: moderators, admins, or the owner of the item." */
export function canModerate(actor: Actor, item: Authored): boolean {
  return isOwner(actor, item) || isStaff(actor);
}

/** SPEC §6 Thread deletion: author or moderator/admin. */
export function canDeleteThread(actor: Actor, thread: Authored): boolean {
  return canModerate(actor, thread);
}

/** SPEC §6 Comment deletion: author or moderator/admin. */
export function canDeleteComment(actor: Actor, comment: Authored): boolean {
  return canModerate(actor, comment);
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
