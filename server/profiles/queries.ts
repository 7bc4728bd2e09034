/**
 * Profile reads and the bio write (SPEC §2 Profile page, Profile side panel; §3 profiles; §4 Bio
 * edit; §7 profiles by id and by exact nickname).
 *
 * @module
 */
import { desc, eq, sql } from "drizzle-orm";
import { profile as p } from "../../domain/i18n/sv";
import { isBlankText } from "../../domain/validation";
import type { Db } from "../db/client";
import { comments, profiles, threads } from "../db/schema";
import { ForumError } from "../platform/errors";
import type { ProfileComment, ProfileThread, ProfileView } from "../../domain/views";
import { PREVIEW_CHARS, plainExcerpt } from "../content/excerpt";

/** Bio length cap in characters (docs/decisions/009-profiles.md). */
export const BIO_MAX = 1000;


const columns = {
  id: profiles.id,
  nickname: profiles.nickname,
  bio: profiles.bio,
  bioHtml: profiles.bioHtml,
  avatarUrl: profiles.avatarUrl,
  bannerUrl: profiles.bannerUrl,
  createdAt: profiles.createdAt,
  edgeLevel: profiles.edgeLevel,
  roleId: profiles.roleId,
  threadsCount: profiles.threadsCount,
  commentsCount: profiles.commentsCount,
  reactionsGiven: profiles.reactionsGiven,
  reactionsReceived: profiles.reactionsReceived,
  followersCount: profiles.followersCount,
  followingCount: profiles.followingCount,
};

type Row = { createdAt: Date } & Omit<ProfileView, "createdAt">;
const toView = (row: Row): ProfileView => ({ ...row, createdAt: row.createdAt.toISOString() });

/**
 * One profile by user id.
 *
 * @param id the user id (any string; unknown ids find nothing)
 * @returns the profile, or null
 */
export async function getProfile(db: Db, id: string): Promise<ProfileView | null> {
  if (!id || id.length > 100) return null;
  const [row] = await db.select(columns).from(profiles).where(eq(profiles.id, id)).limit(1);
  return row ? toView(row) : null;
}

/**
 * One profile by nickname, case-insensitively (SPEC §2 "/@nickname"); the stored spelling is
 * returned.
 *
 * @returns the profile, or null
 */
export async function getProfileByNickname(db: Db, nickname: string): Promise<ProfileView | null> {
  if (!nickname || nickname.length > 60) return null;
  const [row] = await db
    .select(columns)
    .from(profiles)
    .where(sql`lower(${profiles.nickname}) = lower(${nickname})`)
    .limit(1);
  return row ? toView(row) : null;
}



/**
 * The member's newest threads and comments (beyond the spec: what a profile visitor expects),
 * each comment with the plain-text excerpt of its body ('Senaste kommentarer'; `plainExcerpt`,
 * {@link PREVIEW_CHARS} characters).
 *
 * @param limit rows of each kind (default 5)
 */
export async function getProfileActivity(
  db: Db,
  userId: string,
  limit = 5,
): Promise<{ threads: ProfileThread[]; comments: ProfileComment[] }> {
  const [t, c] = await Promise.all([
    db
      .select({
        id: threads.id,
        categoryId: threads.categoryId,
        title: threads.title,
        createdAt: threads.createdAt,
        commentsCount: threads.commentsCount,
      })
      .from(threads)
      .where(eq(threads.authorId, userId))
      .orderBy(desc(threads.createdAt))
      .limit(limit),
    db
      .select({
        id: comments.id,
        threadId: comments.threadId,
        categoryId: threads.categoryId,
        threadTitle: threads.title,
        body: comments.body,
        createdAt: comments.createdAt,
      })
      .from(comments)
      .innerJoin(threads, eq(threads.id, comments.threadId))
      .where(eq(comments.authorId, userId))
      .orderBy(desc(comments.createdAt))
      .limit(limit),
  ]);
  return {
    threads: t.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    comments: c.map(({ body, ...r }) => ({ ...r, excerpt: plainExcerpt(body, PREVIEW_CHARS), createdAt: r.createdAt.toISOString() })),
  };
}

