/**
 * Follow and unfollow (SPEC §4 Follow, §7 user_follows, §8): not following → following (count +1)
 * and back (count −1, never below 0, kept by a trigger); nobody follows themselves; a duplicate
 * answers 'Redan följer' (23505). Visitors cannot follow (SPEC §6). Declared as writes of
 * server/writes/pipeline.ts ({@link followWrite}, {@link unfollowWrite}).
 *
 * @module
 */
import { and, eq, sql } from "drizzle-orm";
import { profile as p } from "../../domain/i18n/sv";
import type { Db, Tx } from "../db/client";
import { profiles, userFollows } from "../db/schema";
import { ForumError, pgCode } from "../platform/errors";
import { defineWrite, runWrite, unwrap, type WriteScope } from "../writes/pipeline";

/** The state after a follow or unfollow. */
export interface FollowState {
  following: boolean;
  /** The followed member's follower count after the change. */
  followersCount: number;
}

async function targetExists(db: Db | Tx, id: string): Promise<boolean> {
  if (!id || id.length > 100) return false;
  const rows = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, id)).limit(1);
  return rows.length > 0;
}

async function followersOf(db: Db | Tx, id: string): Promise<number> {
  const [row] = await db.select({ n: profiles.followersCount }).from(profiles).where(eq(profiles.id, id));
  return row?.n ?? 0;
}

/**
 * Following a member as a declared write (server/writes/pipeline.ts): `{ userId }` →
 * {@link FollowState}. Steps: login (401 'Du måste vara inloggad för att följa') → not oneself
 * (400) and the member exists (404) → limit `follow` (429) → insert and the new follower count
 * (409 'Redan följer' on a duplicate, 23505).
 */
export const followWrite = defineWrite({
  name: "follow",
  login: { message: p.loginToFollow, title: p.followFailed },
  parse: (raw: { userId: string }) => raw.userId,
  policy: async ({ db, actor }: WriteScope, targetId: string) => {
    if (actor.id === targetId) throw new ForumError(400, p.cannotFollowSelf, p.followFailed);
    if (!(await targetExists(db, targetId))) throw new ForumError(404, p.userNotFound, p.followFailed);
  },
  limits: "follow",
  transaction: async (tx, { actor }, targetId): Promise<FollowState> => {
    try {
      await tx.insert(userFollows).values({ followerId: actor.id, followingId: targetId });
    } catch (error) {
      const code = pgCode(error);
      if (code === "23505") throw new ForumError(409, p.alreadyFollowing, p.followFailed);
      if (code === "23514") throw new ForumError(400, p.cannotFollowSelf, p.followFailed);
      if (code === "23503") throw new ForumError(404, p.userNotFound, p.followFailed);
      throw error;
    }
    return { following: true, followersCount: await followersOf(tx, targetId) };
  },
});

/**
 * Unfollowing a member as a declared write: `{ userId }` → {@link FollowState}; unfollowing
 * someone not followed is a no-op. Steps: login (401) → the member exists (404) → limit `follow`
 * (429; follow and unfollow clicks share it) → delete and the new follower count.
 */
export const unfollowWrite = defineWrite({
  name: "unfollow",
  login: { message: p.loginToFollow, title: p.unfollowFailed },
  parse: (raw: { userId: string }) => raw.userId,
  policy: async ({ db }: WriteScope, targetId: string) => {
    if (!(await targetExists(db, targetId))) throw new ForumError(404, p.userNotFound, p.unfollowFailed);
  },
  limits: "follow",
  transaction: async (tx, { actor }, targetId): Promise<FollowState> => {
    await tx.delete(userFollows).where(and(eq(userFollows.followerId, actor.id), eq(userFollows.followingId, targetId)));
    return { following: false, followersCount: await followersOf(tx, targetId) };
  },
});

/** A follow command's actor: a member id is all it needs. */
const asActor = (actorId: string | null) => (actorId ? { id: actorId, role: "member" as const, nickname: "" } : null);

/**
 * Starts following a member ({@link followWrite} without abuse limits, throwing on failure).
 *
 * @param actorId the logged-in member, or null for a visitor
 * @param targetId the member to follow
 * @returns {@link FollowState}
 * @throws {ForumError} 401 visitor, 400 self, 404 unknown member, 409 'Redan följer'
 */
export async function follow(db: Db, actorId: string | null, targetId: string): Promise<FollowState> {
  return unwrap(await runWrite(followWrite, { db, actor: asActor(actorId) }, { userId: targetId })).value;
}

/**
 * Stops following a member ({@link unfollowWrite} without abuse limits); a no-op when not
 * following.
 *
 * @returns {@link FollowState}
 * @throws {ForumError} 401 visitor, 404 unknown member
 */
export async function unfollow(db: Db, actorId: string | null, targetId: string): Promise<FollowState> {
  return unwrap(await runWrite(unfollowWrite, { db, actor: asActor(actorId) }, { userId: targetId })).value;
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
