/**
 * Blocking members (SPEC §3 blocked_users, §4 Block, §6, §8 Permissions and social): moderators
 * and admins block and unblock; a blocked member still reads and logs in but cannot create threads
 * or comments (enforced in `server/forum/commands.ts`).
 *
 * @module
 */
import { eq } from "drizzle-orm";
import { moderation as m } from "../../domain/i18n/sv";
import type { Db, Tx } from "../db/client";
import { blockedUsers, profiles } from "../db/schema";
import { ForumError, pgCode } from "../errors";
import { roleOf, type Role } from "../../domain/roles";
import { recordModeration } from "./log";
import { blockPermission, blockRefusalMessage, staffOnlyMessage, type StaffActor } from "../../domain/policy/moderation";
import { LIMITS } from "../../domain/validation";

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
 * Blocks a member (SPEC §7 Writes "Block: insert into blocked_users (user_id, blocked_by, reason)").
 *
 * @param reason optional; trimmed, empty → null, at most 500 characters
 * @returns the blocked member's nickname (for the toast 'Användare blockerad')
 * @throws {ForumError} 403 not staff / blocked staff / self / an admin target / a moderator on a
 *   moderator (`blockPermission`, issue 15), 404 unknown user,
 *   409 'Användaren är redan blockerad' (SPEC §3: duplicate gives 23505)
 */
export async function blockUser(
  db: Db | Tx,
  actor: Moderator,
  userId: string,
  reason?: string | null,
): Promise<{ nickname: string }> {
  const notStaff = staffOnlyMessage(actor, m.staffOnlyBlock);
  if (notStaff) throw new ForumError(403, notStaff, m.insufficientRights);
  const target = await targetOf(db, userId);
  if (!target) throw new ForumError(404, m.userNotFound, m.blockFailed);
  const refusal = blockRefusalMessage(actor, blockPermission(actor, target), "block");
  if (refusal) throw new ForumError(403, refusal, m.blockFailed);
  const why = typeof reason === "string" && reason.trim() ? reason.trim().slice(0, LIMITS.blockReason) : null;
  try {
    await db.transaction(async (tx) => {
      await tx.insert(blockedUsers).values({ userId, blockedBy: actor.id, reason: why });
      await recordModeration(tx, {
        actor,
        action: "block_user",
        targetType: "user",
        targetId: userId,
        targetLabel: target.nickname,
        reason: why,
      });
    });
  } catch (error) {
    if (pgCode(error) === "23505") throw new ForumError(409, m.alreadyBlocked, m.blockFailed);
    throw error;
  }
  return { nickname: target.nickname };
}

/**
 * Unblocks a member (SPEC §7 Writes "unblock: delete by user").
 *
 * @returns the nickname (for 'Användare avblockerad')
 * @throws {ForumError} 403 not staff / blocked staff / self / an admin target / a moderator on a
 *   moderator (`blockPermission`, issue 15), 404 unknown or not blocked
 */
export async function unblockUser(db: Db, actor: Moderator, userId: string): Promise<{ nickname: string }> {
  const notStaff = staffOnlyMessage(actor, m.staffOnlyBlock);
  if (notStaff) throw new ForumError(403, notStaff, m.insufficientRights);
  const target = await targetOf(db, userId);
  if (!target) throw new ForumError(404, m.userNotFound, m.unblockFailed);
  const refusal = blockRefusalMessage(actor, blockPermission(actor, target), "unblock");
  if (refusal) throw new ForumError(403, refusal, m.unblockFailed);
  await db.transaction(async (tx) => {
    const removed = await tx.delete(blockedUsers).where(eq(blockedUsers.userId, userId)).returning({ id: blockedUsers.userId });
    if (removed.length === 0) throw new ForumError(404, m.notBlocked, m.unblockFailed);
    await recordModeration(tx, { actor, action: "unblock_user", targetType: "user", targetId: userId, targetLabel: target.nickname });
  });
  return { nickname: target.nickname };
}
