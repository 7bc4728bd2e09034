/**
 * Deleting a member (issue "GDPR": account deletion; GDPR art. 17). The one deletion path for
 * both a member deleting their own account and, later, an admin deleting a user, so both behave
 * the same (docs/decisions/006-privacy.md).
 *
 * @module
 */
import { eq, sql } from "drizzle-orm";
import { selfDeletionPermission } from "../../domain/policy/moderation";
import type { Db } from "../db/client";
import { comments, notifications, profiles, threads, user, verification } from "../db/schema";
import { deleteUploadedFile, type ProfileImageDeps } from "../uploads/profile-images";
import { isAdminRole, roleOf } from "../../domain/roles";

/** Outcome of {@link deleteMember}. */
export interface DeleteMemberResult {
  /** False when there was no such user, or when {@link lastAdmin} is set (nothing changed). */
  deleted: boolean;
  /**
   * Set when the member is the forum's only admin: nothing was deleted (issue 15 item 7, the
   * rule of /admin: the forum always keeps an administrator).
   */
  lastAdmin?: true;
  /** Threads that stay in the forum, now shown with the author 'Okänd'. */
  keptThreads: number;
  /** Comments and replies that stay, now shown with the author 'Okänd'. */
  keptComments: number;
  /**
   * The member's uploaded avatar and banner URLs: the caller deletes the files after the
   * transaction has committed (`removeMemberFiles`).
   */
  imageUrls: string[];
}

/** Identifier prefix of the mailed deletion links in better-auth's `verification` table. */
export const DELETE_LINK_PREFIX = "delete-account:";

/**
 * Deletes a member's account in one transaction.
 *
 * What goes: the better-auth `user` row and, by `ON DELETE CASCADE`, the profile, sessions,
 * accounts (password hash), reactions the member gave, follows both ways, notifications they
 * received and a block entry, the members they muted and their saved posts (issue 19; also their
 * rows in others' mute lists, so a deleted member is no longer listed there); also their pending one-time tokens (password reset, deletion link)
 * and their nickname copied into other members' notifications (`actor_nickname`).
 *
 * What stays: threads and comments, with `author_id` set to null, so discussions keep their
 * replies and show the author as 'Okänd' (SPEC §2 Thread row fallback). Reports they filed stay
 * without reporter. Counters stay right through the triggers of `0001_forum_triggers.sql`: a
 * thread the member reacted to loses that reaction from `reactions_count`, and its author's
 * `reactions_received` drops.
 *
 * @param db database handle or transaction
 * @param userId the better-auth user id (= profile id)
 * The forum's only admin is not deleted (`lastAdmin: true`, issue 15 item 7).
 *
 * @returns {@link DeleteMemberResult}
 * @throws only on database failure (the transaction is rolled back; nothing is deleted)
 */
export async function deleteMember(db: Db, userId: string): Promise<DeleteMemberResult> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update").limit(1);
    if (!found) return { deleted: false, keptThreads: 0, keptComments: 0, imageUrls: [] };
    const [own] = await tx.select({ roleId: profiles.roleId }).from(profiles).where(eq(profiles.id, userId));
    if (isAdminRole(roleOf(own?.roleId))) {
      // Every admin row locked: two last admins deleting themselves at once leave one.
      const admins = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.roleId, "admin")).for("update");
      if (selfDeletionPermission(roleOf(own?.roleId), admins.length) === "last-admin") {
        return { deleted: false, lastAdmin: true, keptThreads: 0, keptComments: 0, imageUrls: [] };
      }
    }
    const [images] = await tx
      .select({ avatarUrl: profiles.avatarUrl, bannerUrl: profiles.bannerUrl })
      .from(profiles)
      .where(eq(profiles.id, userId));
    const [threadCount] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(threads)
      .where(eq(threads.authorId, userId));
    const [commentCount] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(comments)
      .where(eq(comments.authorId, userId));
    // Other members' notifications keep the event but no longer name the deleted member.
    await tx.update(notifications).set({ actorNickname: null }).where(eq(notifications.actorId, userId));
    // One-time tokens pointing at this user (better-auth password reset, our deletion link).
    await tx.delete(verification).where(eq(verification.value, userId));
    await tx.delete(user).where(eq(user.id, userId));
    return {
      deleted: true,
      keptThreads: threadCount?.n ?? 0,
      keptComments: commentCount?.n ?? 0,
      imageUrls: [images?.avatarUrl, images?.bannerUrl].filter((u): u is string => Boolean(u)),
    };
  });
}

/**
 * Deletes a deleted member's uploaded images from storage; failures are logged, never thrown
 * (the account is already gone).
 *
 * @param deps database, config and storage
 * @param result what {@link deleteMember} returned
 */
export async function removeMemberFiles(deps: ProfileImageDeps, result: DeleteMemberResult): Promise<void> {
  for (const url of result.imageUrls) {
    try {
      await deleteUploadedFile(deps, url);
    } catch (error) {
      console.error("[privacy] kunde inte ta bort uppladdad fil:", (error as Error).message);
    }
  }
}
