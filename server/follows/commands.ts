/**
 * Follow and unfollow (SPEC §4 Follow, §7 user_follows, §8): not following → following (count +1)
 * and back (count −1, never below 0, kept by a trigger); nobody follows themselves; a duplicate
 * answers 'Redan följer' (23505). Visitors cannot follow (SPEC §6).
 *
 * @module
 */
import { and, eq, sql } from "drizzle-orm";
import { profile as p } from "../../domain/i18n/sv";
import type { Db } from "../db/client";
import { profiles, userFollows } from "../db/schema";
import { ForumError, pgCode } from "../errors";

/** The state after a follow or unfollow. */
export interface FollowState {
  following: boolean;
  /** The followed member's follower count after the change. */
  followersCount: number;
}

async function targetExists(db: Db, id: string): Promise<boolean> {
  if (!id || id.length > 100) return false;
  const rows = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, id)).limit(1);
  return rows.length > 0;
}

async function followersOf(db: Db, id: string): Promise<number> {
  const [row] = await db.select({ n: profiles.followersCount }).from(profiles).where(eq(profiles.id, id));
  return row?.n ?? 0;
}

/**
 * Starts following a member.
 *
 * @param actorId the logged-in member, or null for a visitor
 * @param targetId the member to follow
 * @returns {@link FollowState}
 * @throws {ForumError} 401 visitor, 400 self, 404 unknown member, 409 'Redan följer'
 */
export async function follow(db: Db, actorId: string | null, targetId: string): Promise<FollowState> {
  if (!actorId) throw new ForumError(401, p.loginToFollow, p.followFailed);
  if (actorId === targetId) throw new ForumError(400, p.cannotFollowSelf, p.followFailed);
  if (!(await targetExists(db, targetId))) throw new ForumError(404, p.userNotFound, p.followFailed);
  try {
    await db.insert(userFollows).values({ followerId: actorId, followingId: targetId });
  } catch (error) {
    const code = pgCode(error);
    if (code === "23505") throw new ForumError(409, p.alreadyFollowing, p.followFailed);
    if (code === "23514") throw new ForumError(400, p.cannotFollowSelf, p.followFailed);
    if (code === "23503") throw new ForumError(404, p.userNotFound, p.followFailed);
    throw error;
  }
  return { following: true, followersCount: await followersOf(db, targetId) };
}

/**
 * Stops following a member; unfollowing someone not followed is a no-op.
 *
 * @returns {@link FollowState}
 * @throws {ForumError} 401 visitor, 404 unknown member
 */
export async function unfollow(db: Db, actorId: string | null, targetId: string): Promise<FollowState> {
  if (!actorId) throw new ForumError(401, p.loginToFollow, p.unfollowFailed);
  if (!(await targetExists(db, targetId))) throw new ForumError(404, p.userNotFound, p.unfollowFailed);
  await db
    .delete(userFollows)
    .where(and(eq(userFollows.followerId, actorId), eq(userFollows.followingId, targetId)));
  return { following: false, followersCount: await followersOf(db, targetId) };
}

/**
 * Whether `followerId` follows `followingId` (SPEC §7 is-following check).
 *
 * @returns true when the edge exists
 */
export async function isFollowing(db: Db, followerId: string, followingId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(userFollows)
    .where(and(eq(userFollows.followerId, followerId), eq(userFollows.followingId, followingId)))
    .limit(1);
  return rows.length > 0;
}
