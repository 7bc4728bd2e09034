/**
 * Roles (SPEC §5 Roles, §6): member, moderator, admin; any other stored role id counts as member.
 * The only place that compares role names: everything else asks {@link isStaffRole},
 * {@link isAdminRole} or the policies in `domain/policy/`.
 *
 * @module
 */

import { ROLES, isOneOf, type Role } from "./values";

export type { Role };

/**
 * Normalises a stored `profiles.role_id` (SPEC §3: any other role id counts as member).
 *
 * @param roleId the stored value, possibly null or unknown
 * @returns the effective role
 */
export function roleOf(roleId: string | null | undefined): Role {
  return roleId === "admin" || roleId === "moderator" ? roleId : "member";
}

/**
 * The one "is staff" predicate (SPEC §6 "Moderator-or-admin"). It says what the role is, not
 * what its holder may do now: a blocked staff member has no powers (see `domain/policy/actor.ts`).
 *
 * @param role an effective role
 * @returns true for moderators and admins
 */
export function isStaffRole(role: Role): boolean {
  return role === "moderator" || role === "admin";
}

/**
 * The one "is admin" predicate (SPEC §6 adminOnly); like {@link isStaffRole}, about the role only.
 *
 * @param role an effective role
 * @returns true for admins
 */
export function isAdminRole(role: Role): boolean {
  return role === "admin";
}

/**
 * Whether a staff member of role `actor` may act against a member of role `target` — block,
 * unblock, delete their account or remove their content by moderation
 * ("staff cannot act against staff"): moderators act on members only; admins on members and
 * moderators; nobody on an admin.
 *
 * @param actor the acting member's role
 * @param target the affected member's role (a deleted author counts as member)
 * @returns true when `actor` outranks `target` as described
 */
export function outranks(actor: Role, target: Role): boolean {
  if (target === "admin") return false;
  if (actor === "admin") return true;
  return actor === "moderator" && target === "member";
}

/**
 * Checks a role name given on the command line or by an admin.
 *
 * @param value any string
 * @returns true (narrowing to {@link Role}) for member, moderator or admin
 */
export function isRole(value: string): value is Role {
  return isOneOf(ROLES, value);
}
