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
