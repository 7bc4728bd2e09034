/**
 * Who is acting, and the powers that follow from the role and the blocked state (SPEC §6 Roles
 * and permissions: "a blocked account loses every moderation power until unblocked",
 * as Discourse treats suspended staff). Every policy in `domain/policy/` takes this actor; the
 * server builds it once per request in `server/accounts/session.ts` (`Viewer` carries `blocked`).
 *
 * @module
 */
import { isAdminRole, isStaffRole, type Role } from "../roles";

/** A logged-in member as the policies see them. */
export interface ActorIdentity {
  /** User and profile id. */
  id: string;
  /** Effective role (`roleOf`). */
  role: Role;
  /**
   * Whether the member is in `blocked_users`. The session always sets it; code that builds an
   * actor by hand (scripts, tests of a single command) may leave it out for "not blocked".
   */
  blocked?: boolean;
}

/** The acting member, or `null` for a visitor. */
export type Actor = ActorIdentity | null;

/**
 * Staff powers now: a moderator or admin who is not blocked (SPEC §6).
 *
 * @param actor the acting member or null
 * @returns true when the actor may use moderator powers
 */
export function actsAsStaff(actor: Actor | undefined): boolean {
  return actor != null && isStaffRole(actor.role) && actor.blocked !== true;
}

/**
 * Admin powers now: an admin who is not blocked (SPEC §6 adminOnly).
 *
 * @param actor the acting member or null
 * @returns true when the actor may use admin powers
 */
export function actsAsAdmin(actor: Actor | undefined): boolean {
  return actor != null && isAdminRole(actor.role) && actor.blocked !== true;
}

/**
 * Why a staff-only action is refused, for the error message.
 *
 * @param actor the acting member or null
 * @returns `null` when {@link actsAsStaff}; `blocked` for blocked staff; `staff-only` otherwise
 */
export function staffRefusal(actor: Actor | undefined): null | "blocked" | "staff-only" {
  if (actsAsStaff(actor)) return null;
  return actor != null && isStaffRole(actor.role) ? "blocked" : "staff-only";
}

/** What the viewer may open in the header and the admin area (SPEC §2 Admin, §6). */
export interface SiteCan {
  /** Administers the site: the header's Admin and Meddelanden links (acting admin). */
  admin: boolean;
  /** The admin area `/admin`, the users page and the report queue (acting moderator or admin). */
  moderate: boolean;
  /** Sends messages to members (`/admin/messages`, acting admin). */
  messages: boolean;
  /** Changes roles (`/admin/roles`, acting admin). */
  roles: boolean;
  /** Reads the moderation log (`/admin/logg`, acting admin). */
  log: boolean;
}

/**
 * The viewer's site-wide permissions, for the header and the admin navigation.
 *
 * @param actor the viewer, or null for a visitor (all false)
 * @returns {@link SiteCan}
 */
export function siteCan(actor: Actor | undefined): SiteCan {
  const admin = actsAsAdmin(actor);
  return { admin, moderate: actsAsStaff(actor), messages: admin, roles: admin, log: admin };
}
