/**
 * Who may use the moderators' thread tools and who the thread's own rules hold back: pure
 * functions, one place (SPEC §6 Roles and permissions; docs/decisions/053-thread-tools.md).
 *
 * - 'Fäst' / 'Lossa', 'Lås' / 'Lås upp', 'Flytta', 'Långsamt läge': acting staff (a moderator or
 *   admin who is not blocked), on any thread — they act on the thread as a place, not on its
 *   author's text, so no rank rule applies.
 * - 'Fäst på startsidan', and loosening such a pin: acting admins only.
 * - 'Slå ihop': acting staff who may also delete the merged thread (`canDeleteThread`): the
 *   merge removes it as a thread, so a moderator cannot merge away an admin's thread.
 * - A locked thread takes no comments, replies or reactions and its posts no edits, and slow
 *   mode holds a member back between comments — except acting staff, who still moderate.
 *
 * The server enforces these (server/thread-tools/commands.ts, the comment, reaction and edit
 * writes); the thread page's loader hands their answers to the page as `can`.
 *
 * @module
 */
import { actsAsAdmin, actsAsStaff, type Actor } from "./actor";
import { canDeleteThread, type AuthoredItem } from "./forum";

/** A thread as the tools judge it: its author and its moderation state. */
export interface ToolThread extends AuthoredItem {
  /** Pinned to the forum home ('Fäst på startsidan'). */
  pinnedHome: boolean;
}

/** What the viewer may do with a thread through the tools (the page reads this, never the role). */
export interface ThreadToolsCan {
  /** 'Fäst' (in the category) and 'Lossa' of a category pin. */
  pin: boolean;
  /** 'Fäst på startsidan', and 'Lossa' of a thread pinned there. */
  pinHome: boolean;
  /** 'Lås' and 'Lås upp'. */
  lock: boolean;
  /** 'Flytta' to another category. */
  move: boolean;
  /** 'Slå ihop' this thread into another one. */
  merge: boolean;
  /** 'Långsamt läge'. */
  slowMode: boolean;
  /** Not held back by the thread's lock or slow mode (acting staff). */
  exempt: boolean;
}

/** What the thread page's tools need of the thread (loader data of staff's own render). */
export interface ThreadToolsData {
  /** The viewer's tools ({@link threadToolsCan}). */
  can: ThreadToolsCan;
  threadId: string;
  title: string;
  categoryId: string;
  pinned: boolean;
  pinnedHome: boolean;
  locked: boolean;
  slowModeMinutes: number | null;
  /** Every category, for 'Flytta' (empty when the viewer may not move). */
  categories: Array<{ id: string; name: string }>;
}

/** The tools no viewer may use: a visitor's, a member's and blocked staff's {@link ThreadToolsCan}. */
export const NO_THREAD_TOOLS: ThreadToolsCan = Object.freeze({
  pin: false,
  pinHome: false,
  lock: false,
  move: false,
  merge: false,
  slowMode: false,
  exempt: false,
});

/**
 * Whether the thread's lock and slow mode let the actor through: acting staff only.
 *
 * @param actor the acting member or null
 * @returns true for a moderator or admin who is not blocked
 */
export function exemptFromThreadRules(actor: Actor | undefined): boolean {
  return actsAsStaff(actor);
}

/**
 * May the actor comment, reply, react or edit in the thread as far as its lock goes?
 *
 * @param actor the acting member or null
 * @param thread whether the thread is locked
 * @returns true when the thread is open, or the actor is acting staff
 */
export function passesLock(actor: Actor | undefined, thread: { locked: boolean }): boolean {
  return !thread.locked || exemptFromThreadRules(actor);
}

/**
 * Whether the actor may pin or loosen this thread.
 *
 * @param actor the acting member or null
 * @param home true for a pin to the forum home, or for loosening a thread pinned there
 * @returns `ok`, or why not: `staff-only` (not acting staff), `admin-only` (the forum home, and
 *   the actor is a moderator)
 */
export function pinPermission(actor: Actor | undefined, home: boolean): "ok" | "staff-only" | "admin-only" {
  if (!actsAsStaff(actor)) return "staff-only";
  if (home && !actsAsAdmin(actor)) return "admin-only";
  return "ok";
}

/**
 * Whether the actor may merge `source` into another thread.
 *
 * @param actor the acting member or null
 * @param source the thread that would be merged away, with its author's role
 * @returns `ok`, `staff-only` (not acting staff) or `rank` (staff who may not delete the thread)
 */
export function mergePermission(actor: Actor | undefined, source: AuthoredItem): "ok" | "staff-only" | "rank" {
  if (!actsAsStaff(actor)) return "staff-only";
  return canDeleteThread(actor ?? null, source) ? "ok" : "rank";
}

/**
 * Whether the viewer has any thread tool (the 'Åtgärder' menu shows then).
 *
 * @param can the viewer's tools
 * @returns true when one of them is allowed
 */
export function hasThreadTools(can: ThreadToolsCan): boolean {
  return can.pin || can.pinHome || can.lock || can.move || can.merge || can.slowMode;
}

/**
 * The viewer's thread tools on one thread, from the same functions the server enforces.
 *
 * @param actor the viewer, or null for a visitor
 * @param thread the thread with its author's role and whether it is pinned to the forum home
 * @returns {@link ThreadToolsCan}; {@link NO_THREAD_TOOLS} for anyone but acting staff
 */
export function threadToolsCan(actor: Actor | undefined, thread: ToolThread): ThreadToolsCan {
  if (!actsAsStaff(actor)) return NO_THREAD_TOOLS;
  const home = pinPermission(actor, true) === "ok";
  return {
    // A moderator may not loosen an admin's pin to the forum home, nor re-pin it in the category.
    pin: !thread.pinnedHome || home,
    pinHome: home,
    lock: true,
    move: true,
    merge: mergePermission(actor, thread) === "ok",
    slowMode: true,
    exempt: true,
  };
}
