/**
 * Deleting a member (account deletion; GDPR art. 17). The one deletion path for
 * both a member deleting their own account and, later, an admin deleting a user, so both behave
 * the same (docs/decisions/006-privacy.md).
 *
 * @module
 */
import { and, eq, or, sql } from "drizzle-orm";
import { forum as f } from "../../domain/i18n/sv";
import { selfDeletionPermission } from "../../domain/policy/moderation";
import type { Db, Tx } from "../db/client";
import {
  abuseLimits,
  adminMailRecipients,
  comments,
  moderationLog,
  notifications,
  postRevisions,
  profiles,
  subscriptionFanouts,
  threads,
  user,
  verification,
} from "../db/schema";
import { deleteUploadedFile, type ProfileImageDeps } from "../uploads/profile-images";
import { isAdminRole, roleOf } from "../../domain/roles";
import { declareChange } from "../cache/page-writes";

/** Outcome of {@link deleteMember}. */
export interface DeleteMemberResult {
  /** False when there was no such user, or when {@link lastAdmin} is set (nothing changed). */
  deleted: boolean;
  /**
   * Set when the member is the forum's only admin: nothing was deleted (the
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
 * Deletes a member's account in one transaction, with every copy of their nickname and e-mail
 * (the full list, checked against the database catalogue by `scrub-coverage.test.ts`, is
 * `MEMBER_DATA_COLUMNS` in ./member-data.ts; decision 006).
 *
 * What goes: the better-auth `user` row and, by `ON DELETE CASCADE`, the profile, sessions,
 * accounts (password hash), reactions the member gave, follows both ways, notifications they
 * received (and so their pending pushes and digest contents), their digest cursor, push devices
 * and deliveries, a block entry, mutes both ways, saved posts, watched tickers and threads,
 * settings, activity log and pending follower fan-outs. Deleted here: their pending one-time
 * tokens (password reset, deletion link, magic link carrying the e-mail), abuse-limit counters
 * keyed by their e-mail or id, their rows in bulk-mail recipient lists, and pending subscriber
 * batches of their comments (which would write notifications naming a gone profile).
 *
 * What is scrubbed (the row stays, the member no longer named): `actor_nickname` of other
 * members' notifications (null, shown with the default actor), `editor_nickname` of edit history
 * and `actor_nickname` of the moderation log (the catalogue's 'Okänd'; both columns are NOT
 * NULL), the moderation log's label of entries about the member ('Okänd'), and the member's id in
 * others' pending subscriber batches.
 *
 * What stays: threads and comments, with `author_id` set to null, so discussions keep their
 * replies and show the author as 'Okänd' (SPEC §2 Thread row fallback); their edit history;
 * reports they filed, without reporter; moderation-log entries of their actions, without who.
 * Counters stay right through the triggers of `0001_forum_triggers.sql`.
 *
 * @param db database handle or transaction
 * @param userId the better-auth user id (= profile id)
 * The forum's only admin is not deleted (`lastAdmin: true`).
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
      .select({ avatarUrl: profiles.avatarUrl, bannerUrl: profiles.bannerUrl, email: user.email })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .where(eq(user.id, userId));
    const [threadCount] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(threads)
      .where(eq(threads.authorId, userId));
    const [commentCount] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(comments)
      .where(eq(comments.authorId, userId));
    await scrubMemberCopies(tx, userId, images?.email ?? "");
    await tx.delete(user).where(eq(user.id, userId));
    // The member's posts now say 'Okänd' on every page.
    declareChange("pages");
    return {
      deleted: true,
      keptThreads: threadCount?.n ?? 0,
      keptComments: commentCount?.n ?? 0,
      imageUrls: [images?.avatarUrl, images?.bannerUrl].filter((u): u is string => Boolean(u)),
    };
  });
}

/**
 * Removes or replaces every copy of the member's nickname, e-mail and id that no foreign key
 * takes care of; runs in {@link deleteMember}'s transaction before the `user` row is deleted
 * (while `editor_id`, `actor_id` still point at the member).
 *
 * @param tx the deletion's transaction
 * @param userId the member's id
 * @param email the member's e-mail as stored (compared lower-cased; "" matches nothing)
 */
async function scrubMemberCopies(tx: Tx, userId: string, email: string): Promise<void> {
  const mail = email.toLowerCase();
  // Other members' notifications keep the event but no longer name the deleted member; the
  // digests and pushes still to be sent are built from these rows, so they do not either.
  await tx.update(notifications).set({ actorNickname: null }).where(eq(notifications.actorId, userId));
  // Private messages: the member's texts go; the messages stay in their conversations, shown
  // 'Okänd' (the author reference is set null by the foreign key); a one-to-one conversation no
  // longer names the pair.
  await tx.execute(
    sql`UPDATE messages SET body = '', body_html = '', same_text = '', held = false, deleted_at = coalesce(deleted_at, now()) WHERE author_id = ${userId}`,
  );
  await tx.execute(sql`UPDATE conversations SET pair_key = NULL WHERE pair_key LIKE ${`%${userId}%`}`);
  // Edit history and the moderation log keep the event, shown as 'Okänd'.
  await tx.update(postRevisions).set({ editorNickname: f.unknownAuthor }).where(eq(postRevisions.editorId, userId));
  await tx.update(moderationLog).set({ actorNickname: f.unknownAuthor }).where(eq(moderationLog.actorId, userId));
  await tx
    .update(moderationLog)
    .set({ targetLabel: f.unknownAuthor })
    .where(and(eq(moderationLog.targetType, "user"), eq(moderationLog.targetId, userId)));
  // Pending subscriber batches of the member's comments would insert notifications with an
  // actor id that no longer exists; others' batches forget the member's id.
  await tx.delete(subscriptionFanouts).where(eq(subscriptionFanouts.actorId, userId));
  await tx
    .update(subscriptionFanouts)
    .set({ toldIds: sql`array_remove(${subscriptionFanouts.toldIds}, ${userId})` })
    .where(sql`${userId} = ANY(${subscriptionFanouts.toldIds})`);
  // Bulk mail: nothing more goes to the member, and the lists no longer hold the address.
  await tx
    .delete(adminMailRecipients)
    .where(or(eq(adminMailRecipients.userId, userId), mail ? eq(adminMailRecipients.email, mail) : undefined));
  // One-time tokens: password reset and our deletion link hold the user id; a magic link holds
  // the e-mail in its JSON value (`"email":"…"`, as typed, so compared lower-cased).
  await tx
    .delete(verification)
    .where(
      or(
        eq(verification.value, userId),
        mail ? sql`strpos(lower(${verification.value}), ${JSON.stringify(mail)}) > 0` : undefined,
        mail ? sql`lower(${verification.identifier}) = ${mail}` : undefined,
      ),
    );
  // Abuse-limit counters keyed `<limit>:<key>`, the key being the e-mail, the user id or
  // `<e-mail> <ip>` (server/accounts/sign-in-lockout.ts, server/abuse/action-limits.ts).
  const keyPart = sql`substr(${abuseLimits.key}, strpos(${abuseLimits.key}, ':') + 1)`;
  await tx
    .delete(abuseLimits)
    .where(
      or(
        sql`${keyPart} = ${userId}`,
        mail ? sql`lower(${keyPart}) = ${mail}` : undefined,
        mail ? sql`left(lower(${keyPart}), ${mail.length + 1}) = ${mail + " "}` : undefined,
      ),
    );
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
