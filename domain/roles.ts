/**
 * Roles (SPEC §5 Roles, §6): member, moderator, admin; any other stored role id counts as member.
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

/** True for moderators and admins (SPEC §6 "Moderator-or-admin"). */
export function isModeratorOrAdmin(roleId: string | null | undefined): boolean {
  return roleOf(roleId) !== "member";
}

/** True for admins only. */
export function isAdmin(roleId: string | null | undefined): boolean {
  return roleOf(roleId) === "admin";
}

/** Checks a role name given on the command line or by an admin. */
export function isRole(value: string): value is Role {
  return isOneOf(ROLES, value);
}
