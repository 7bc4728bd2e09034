/**
 * Who may moderate and administer whom: pure functions, one place (SPEC §6 Roles and permissions;
 * the rules on blocking, deleting users and roles; "staff cannot act against staff, and a
 * blocked account moderates nothing").
 *
 * @module
 */
import { moderation as m } from "../i18n/sv";
import { isAdminRole, outranks, type Role } from "../roles";
import { actsAsAdmin, staffRefusal, type Actor, type ActorIdentity } from "./actor";

/** The acting member (role and blocked state; see {@link ActorIdentity}). */
export type StaffActor = ActorIdentity;

/** A member acted upon. */
export interface TargetMember {
  id: string;
  role: Role;
}

/**
 * Block and unblock (SPEC §6): only acting staff; nobody blocks or unblocks themselves;
 * moderators act on members only; admins on members and moderators; nobody on an admin.
 *
 * @param actor the acting member
 * @param target the member to block or unblock
 * @returns `ok`, or why not: `staff-only` (a member), `blocked` (blocked staff), `self`,
 *   `admin-target` (the target is an admin), `staff-target` (a moderator on a moderator)
 */
export function blockPermission(
  actor: StaffActor,
  target: TargetMember,
): "ok" | "staff-only" | "blocked" | "self" | "admin-target" | "staff-target" {
  const refusal = staffRefusal(actor);
  if (refusal) return refusal;
  if (actor.id === target.id) return "self";
  if (isAdminRole(target.role)) return "admin-target";
  if (!outranks(actor.role, target.role)) return "staff-target";
  return "ok";
}

/**
 * The Swedish message for a refused block or unblock (`domain/i18n/sv.ts` moderation).
 *
 * @param actor the acting member (decides the wording of an admin target)
 * @param permission what {@link blockPermission} answered
 * @param intent `block` or `unblock`
 * @returns the message, or `null` for `ok`
 */
export function blockRefusalMessage(
  actor: StaffActor,
  permission: ReturnType<typeof blockPermission>,
  intent: "block" | "unblock",
): string | null {
  switch (permission) {
    case "ok":
      return null;
    case "staff-only":
      return m.staffOnlyBlock;
    case "blocked":
      return m.blockedStaff;
    case "self":
      return intent === "block" ? m.cannotBlockSelf : m.cannotUnblockSelf;
    case "admin-target":
      return isAdminRole(actor.role) ? m.cannotBlockAnAdmin : m.cannotBlockAdmin;
    case "staff-target":
      return m.moderatorsBlockMembersOnly;
  }
}

/**
 * Deleting a member's account as staff: moderators delete members only;
 * admins members and moderators; nobody deletes themselves here (they use Mitt konto); admins
 * are never deleted here (demote first), which also protects the last admin; blocked staff
 * delete nobody.
 *
 * @param actor the acting member
 * @param target the member to delete
 * @returns `ok`, or why not: `staff-only`, `blocked`, `self`, `admin-target`, `members-only`
 */
export function deleteUserPermission(
  actor: StaffActor,
  target: TargetMember,
): "ok" | "staff-only" | "blocked" | "self" | "members-only" | "admin-target" {
  const refusal = staffRefusal(actor);
  if (refusal) return refusal;
  if (actor.id === target.id) return "self";
  if (isAdminRole(target.role)) return "admin-target";
  if (!outranks(actor.role, target.role)) return "members-only";
  return "ok";
}

/** What the viewer may do with a member (profile page, admin users and roles tables). */
export interface MemberCan {
  /** Show the follow toggle: not on one's own profile (a visitor's click asks them to log in; SPEC §5 Follow). */
  follow: boolean;
  /** Block or unblock ({@link blockPermission}). */
  block: boolean;
  /** Delete the account as staff ({@link deleteUserPermission}). */
  deleteUser: boolean;
  /** Change the role (acting admin; the last-admin rule is checked when it happens). */
  changeRole: boolean;
  /** Include in an admin message (acting admin). */
  message: boolean;
  /**
   * Show 'Dölj medlem' / 'Visa medlem igen': a logged-in member on someone else's
   * profile, staff included (the mute write refuses oneself with 400).
   */
  mute: boolean;
  /**
   * Show 'Skicka meddelande' ('Inkorg'): someone else's profile, for a member who is not blocked
   * (a visitor's click asks them to log in). Whether the member takes the viewer's messages is
   * told when they send (docs/decisions/055-private-messages.md).
   */
  privateMessage: boolean;
}

/**
 * The viewer's permissions on one member, computed by the same functions the server enforces.
 *
 * @param actor the viewer, or null for a visitor (only `follow`, which leads to the login; no `mute`)
 * @param target the member shown
 * @returns {@link MemberCan}
 */
export function memberCan(actor: Actor, target: TargetMember): MemberCan {
  if (actor === null) return { follow: true, block: false, deleteUser: false, changeRole: false, message: false, mute: false, privateMessage: true };
  const admin = actsAsAdmin(actor);
  return {
    follow: actor.id !== target.id,
    block: blockPermission(actor, target) === "ok",
    deleteUser: deleteUserPermission(actor, target) === "ok",
    changeRole: admin,
    message: admin,
    mute: actor.id !== target.id,
    privateMessage: actor.id !== target.id && !actor.blocked,
  };
}

/**
 * The refusal of a staff-only action (SPEC §6), for the server's 403.
 *
 * @param actor the acting member or null
 * @param notStaff the message for someone who is not staff (each page has its own wording)
 * @returns `null` when the actor acts as staff; the blocked-staff message
 *   ('Ditt konto är blockerat…') for blocked staff; otherwise `notStaff`
 */
export function staffOnlyMessage(actor: Actor | undefined, notStaff: string): string | null {
  const refusal = staffRefusal(actor);
  if (refusal === null) return null;
  return refusal === "blocked" ? m.blockedStaff : notStaff;
}

/**
 * The refusal of an admin-only action (SPEC §6 adminOnly).
 *
 * @param actor the acting member or null
 * @param notAdmin the message for someone who is not an admin
 * @returns `null` for an acting admin; the blocked-staff message for a blocked admin; otherwise `notAdmin`
 */
export function adminOnlyMessage(actor: Actor | undefined, notAdmin: string): string | null {
  if (actsAsAdmin(actor)) return null;
  return actor != null && isAdminRole(actor.role) ? m.blockedStaff : notAdmin;
}

/**
 * Members report other members' content, never their own.
 *
 * @param actor the reporting member's id
 * @param target the reported thread's or comment's author id (null once the author is deleted)
 * @returns `"own-content"` when the actor wrote the target, else `"ok"`
 */
export function reportPermission(actor: { id: string }, target: { authorId: string | null }): "ok" | "own-content" {
  return target.authorId !== null && target.authorId === actor.id ? "own-content" : "ok";
}

/**
 * An admin may not delete their own account while they are the only admin (the
 * rule `/admin/roles` applies to role changes): the forum always keeps an administrator.
 *
 * @param role the deleting member's role
 * @param adminCount how many admins the forum has, the member included
 * @returns `"last-admin"` when the deletion would leave no admin, else `"ok"`
 */
export function selfDeletionPermission(role: Role, adminCount: number): "ok" | "last-admin" {
  return isAdminRole(role) && adminCount <= 1 ? "last-admin" : "ok";
}
