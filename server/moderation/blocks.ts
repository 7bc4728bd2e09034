/**
 * Blocking members (SPEC §3 blocked_users, §4 Block, §6, §8 Permissions and social): moderators
 * and admins block and unblock; a blocked member still reads and logs in but cannot create threads
 * or comments (enforced in `server/forum/commands.ts`). Block and unblock are declared writes of
 * server/writes/pipeline.ts ({@link blockWrite}, {@link unblockWrite}).
 *
 * @module
 */
import { eq, inArray } from "drizzle-orm";
import { moderation as m } from "../../domain/i18n/sv";
import type { Db, Tx } from "../db/client";
import { blockedUsers, profiles } from "../db/schema";
import { ForumError, pgCode } from "../platform/errors";
import { roleOf, type Role } from "../../domain/roles";
import { recordModeration } from "./log";
import { blockPermission, blockRefusalMessage, staffOnlyMessage, type StaffActor } from "../../domain/policy/moderation";
import { actsAsStaff, type Actor } from "../../domain/policy/actor";
import { LIMITS } from "../../domain/validation";
import { defineWrite, runWrite, unwrap, type WriteScope } from "../writes/pipeline";

/** A staff member acting (with the nickname for the log). */
export type Moderator = StaffActor & { nickname: string };

async function targetOf(db: Db | Tx, userId: string): Promise<{ id: string; role: Role; nickname: string } | null> {
  if (typeof userId !== "string" || userId.length === 0 || userId.length > 200) return null;
  const [row] = await db
    .select({ id: profiles.id, nickname: profiles.nickname, roleId: profiles.roleId })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  return row ? { id: row.id, nickname: row.nickname, role: roleOf(row.roleId) } : null;
}

/**
 * Whether a member is blocked (SPEC §7 Reads "blocked_users: is-blocked check"), for the menu.
 *
 * @param actor must be a moderator or admin (the state is staff-only information)
 * @returns `{ blocked, nickname }`
 * @throws {ForumError} 403 'Endast moderatorer och administratörer…', 404 unknown user
 */
export async function getBlockState(db: Db, actor: StaffActor, userId: string): Promise<{ blocked: boolean; nickname: string }> {
  const notStaff = staffOnlyMessage(actor, m.staffOnlyBlock);
  if (notStaff) throw new ForumError(403, notStaff, m.insufficientRights);
  const target = await targetOf(db, userId);
  if (!target) throw new ForumError(404, m.userNotFound, m.blockFailed);
  const rows = await db.select({ id: blockedUsers.userId }).from(blockedUsers).where(eq(blockedUsers.userId, userId)).limit(1);
  return { blocked: rows.length > 0, nickname: target.nickname };
}

/**
 * Which of some members are blocked, for staff reading a page (the thread page's 'Blockerad'
 * beside an author's name). The state is staff-only information: anyone else gets an empty set,
 * so a caller cannot leak it by forgetting the check.
 *
 * @param viewer the reader; only acting staff ({@link actsAsStaff}) are told
 * @param userIds the members to look up (duplicates and deleted authors' nulls are fine)
 * @returns the blocked ones' ids
 */
export async function blockedAmong(db: Db, viewer: Actor | undefined, userIds: Iterable<string | null | undefined>): Promise<Set<string>> {
  const ids = [...new Set(userIds)].filter((id): id is string => typeof id === "string" && id.length > 0);
  if (!actsAsStaff(viewer) || ids.length === 0) return new Set();
  const rows = await db.select({ id: blockedUsers.userId }).from(blockedUsers).where(inArray(blockedUsers.userId, ids));
  return new Set(rows.map((r) => r.id));
}

/** A block target as the policy step loads it. */
type Target = { id: string; role: Role; nickname: string };

/**
 * The policy step of blocking and unblocking: acting staff only (403; blocked staff have no
 * powers), the member exists (404), and `blockPermission` allows it (403 self, an admin target,
 * a moderator on a moderator).
 *
 * @param action `block` or `unblock` (picks the refusal titles)
 * @returns the member acted on
 * @throws {ForumError} as above, with 'Kunde inte blockera användare' or 'Kunde inte avblockera användare' as the title
 */
async function staffMayActOn(db: Db | Tx, actor: StaffActor, userId: string, action: "block" | "unblock"): Promise<Target> {
  const failed = action === "block" ? m.blockFailed : m.unblockFailed;
  const notStaff = staffOnlyMessage(actor, m.staffOnlyBlock);
  if (notStaff) throw new ForumError(403, notStaff, m.insufficientRights);
  const target = await targetOf(db, userId);
  if (!target) throw new ForumError(404, m.userNotFound, failed);
  const refusal = blockRefusalMessage(actor, blockPermission(actor, target), action);
  if (refusal) throw new ForumError(403, refusal, failed);
  return target;
}

/**
 * Blocking a member as a declared write (server/writes/pipeline.ts; SPEC §7 Writes "Block: insert
 * into blocked_users (user_id, blocked_by, reason)"): `{ userId, reason? }` → `{ nickname }`.
 * Steps: login (401 'Du måste vara inloggad') → reason trimmed, empty → null, at most 500
 * characters → acting staff only (403; blocked staff have no powers), the member exists (404),
 * `blockPermission` (403 self / an admin target / a moderator on a moderator) → transaction: the block and its moderation-log row (409 'Användaren är
 * redan blockerad' on a duplicate, 23505).
 */
export const blockWrite = defineWrite({
  name: "block",
  login: { message: m.loginRequired, title: m.notLoggedIn },
  parse: (raw: { userId: string; reason?: string | null }) => ({
    userId: raw.userId,
    why: typeof raw.reason === "string" && raw.reason.trim() ? raw.reason.trim().slice(0, LIMITS.blockReason) : null,
  }),
  policy: async ({ db, actor }: WriteScope, { userId }): Promise<Target> => {
    return staffMayActOn(db, actor, userId, "block");
  },
  transaction: async (tx, { actor }, { userId, why }, target): Promise<{ nickname: string }> => {
    try {
      await tx.insert(blockedUsers).values({ userId, blockedBy: actor.id, reason: why });
    } catch (error) {
      if (pgCode(error) === "23505") throw new ForumError(409, m.alreadyBlocked, m.blockFailed);
      throw error;
    }
    await recordModeration(tx, {
      actor,
      action: "block_user",
      targetType: "user",
      targetId: userId,
      targetLabel: target.nickname,
      reason: why,
    });
    return { nickname: target.nickname };
  },
});

/**
 * Blocks a member ({@link blockWrite}, throwing on failure).
 *
 * @param reason optional; trimmed, empty → null, at most 500 characters
 * @returns the blocked member's nickname (for the toast 'Användare blockerad')
 * @throws {ForumError} 403 not staff / blocked staff / self / an admin target / a moderator on a
 *   moderator (`blockPermission`), 404 unknown user,
 *   409 'Användaren är redan blockerad' (SPEC §3: duplicate gives 23505)
 */
export async function blockUser(
  db: Db | Tx,
  actor: Moderator,
  userId: string,
  reason?: string | null,
): Promise<{ nickname: string }> {
  return unwrap(await runWrite(blockWrite, { db, actor }, { userId, reason })).value;
}

/**
 * Unblocking a member as a declared write (SPEC §7 Writes "unblock: delete by user"):
 * `{ userId }` → `{ nickname }`. Steps: login (401) → acting staff only (403), the member exists
 * (404), `blockPermission` as for blocking (403: nobody unblocks themselves) → transaction: the delete (404 'Användaren är inte
 * blockerad' when there was none) and its moderation-log row.
 */
export const unblockWrite = defineWrite({
  name: "unblock",
  login: { message: m.loginRequired, title: m.notLoggedIn },
  parse: (raw: { userId: string }) => raw.userId,
  policy: async ({ db, actor }: WriteScope, userId: string): Promise<Target> => {
    return staffMayActOn(db, actor, userId, "unblock");
  },
  transaction: async (tx, { actor }, userId, target): Promise<{ nickname: string }> => {
    const removed = await tx.delete(blockedUsers).where(eq(blockedUsers.userId, userId)).returning({ id: blockedUsers.userId });
    if (removed.length === 0) throw new ForumError(404, m.notBlocked, m.unblockFailed);
    await recordModeration(tx, { actor, action: "unblock_user", targetType: "user", targetId: userId, targetLabel: target.nickname });
    return { nickname: target.nickname };
  },
});

/**
 * Unblocks a member ({@link unblockWrite}, throwing on failure).
 *
 * @returns the nickname (for 'Användare avblockerad')
 * @throws {ForumError} 403 not staff / blocked staff / self / an admin target / a moderator on a
 *   moderator (`blockPermission`), 404 unknown or not blocked
 */
export async function unblockUser(db: Db, actor: Moderator, userId: string): Promise<{ nickname: string }> {
  return unwrap(await runWrite(unblockWrite, { db, actor }, { userId })).value;
}
