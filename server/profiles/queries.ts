/**
 * Profile reads (SPEC §2 Profile page, §3 profiles).
 *
 * @module
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { profiles } from "../db/schema";

/** What the profile page shows of a member. */
export interface ProfileView {
  id: string;
  nickname: string;
  bio: string | null;
  avatarUrl: string | null;
  bannerUrl: string | null;
  /** ISO timestamp of joining. */
  createdAt: string;
  /** 0..1 */
  edgeLevel: number;
  roleId: string;
  threadsCount: number;
  commentsCount: number;
  reactionsGiven: number;
  reactionsReceived: number;
}

/**
 * One profile by user id.
 *
 * @param id the user id (any string; unknown ids find nothing)
 * @returns the profile, or null
 */
export async function getProfile(db: Db, id: string): Promise<ProfileView | null> {
  if (!id || id.length > 100) return null;
  const [row] = await db
    .select({
      id: profiles.id,
      nickname: profiles.nickname,
      bio: profiles.bio,
      avatarUrl: profiles.avatarUrl,
      bannerUrl: profiles.bannerUrl,
      createdAt: profiles.createdAt,
      edgeLevel: profiles.edgeLevel,
      roleId: profiles.roleId,
      threadsCount: profiles.threadsCount,
      commentsCount: profiles.commentsCount,
      reactionsGiven: profiles.reactionsGiven,
      reactionsReceived: profiles.reactionsReceived,
    })
    .from(profiles)
    .where(eq(profiles.id, id))
    .limit(1);
  return row ? { ...row, createdAt: row.createdAt.toISOString() } : null;
}
