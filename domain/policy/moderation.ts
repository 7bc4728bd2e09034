/**
 * Who may moderate and administer whom: pure functions, one place (SPEC §6 Roles and permissions;
 * issue 7 rules on blocking, deleting users and roles).
 *
 * @module
 */
import type { Role } from "../roles";

/** The acting member. */
export interface StaffActor {
  id: string;
  role: Role;
}

/** SPEC §6: blocking/unblocking is for moderators and admins; moderators cannot block admins. */
export function blockPermission(actor: StaffActor, target: { id: string; role: Role }): "ok" | "staff-only" | "self" | "admin-target" {
  if (actor.role === "member") return "staff-only";
  if (actor.id === target.id) return "self";
  if (actor.role === "moderator" && target.role === "admin") return "admin-target";
  return "ok";
}

/**
 * Issue 7: moderators may delete members only; admins members and moderators; nobody deletes
 * themselves here (they use Mitt konto); admins are never deleted here (demote first), which also
 * protects the last admin.
 */
export function deleteUserPermission(
  actor: StaffActor,
  target: { id: string; role: Role },
): "ok" | "staff-only" | "self" | "members-only" | "admin-target" {
  if (actor.role === "member") return "staff-only";
  if (actor.id === target.id) return "self";
  if (target.role === "admin") return "admin-target";
  if (actor.role === "moderator" && target.role !== "member") return "members-only";
  return "ok";
}

/** SPEC §6: only admins change roles and send messages. */
export function isAdminActor(actor: StaffActor | null): boolean {
  return actor?.role === "admin";
}

/** SPEC §6: moderators and admins use the report queue and the users page. */
export function isStaffActor(actor: StaffActor | null): boolean {
  return actor !== null && actor.role !== "member";
}

/**
 * Issue 15 item 7: members report other members' content, never their own.
 *
 * @param actor the reporting member's id
 * @param target the reported thread's or comment's author id (null once the author is deleted)
 * @returns `"own-content"` when the actor wrote the target, else `"ok"`
 */
export function reportPermission(actor: { id: string }, target: { authorId: string | null }): "ok" | "own-content" {
  return target.authorId !== null && target.authorId === actor.id ? "own-content" : "ok";
}

/**
 * Issue 15 item 7: an admin may not delete their own account while they are the only admin (the
 * rule `/admin/roles` applies to role changes): the forum always keeps an administrator.
 *
 * @param role the deleting member's role
 * @param adminCount how many admins the forum has, the member included
 * @returns `"last-admin"` when the deletion would leave no admin, else `"ok"`
 */
export function selfDeletionPermission(role: Role, adminCount: number): "ok" | "last-admin" {
  return role === "admin" && adminCount <= 1 ? "last-admin" : "ok";
}
